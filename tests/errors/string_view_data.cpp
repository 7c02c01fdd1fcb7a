// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P which=1 -o %t.1.json 2>&1 | FileCheck --check-prefix=STRING %s
// RUN: not mscclc %s -P which=2 -o %t.2.json 2>&1 | FileCheck --check-prefix=STREAM %s
// RUN: not mscclc %s -P which=3 -o %t.3.json 2>&1 | FileCheck --check-prefix=PUTS %s
// RUN: test ! -e %t.1.json && test ! -e %t.2.json && test ! -e %t.3.json
// STRING: string_view_data.cpp:[[# @LINE + 23]]:{{[0-9]+}}: error: std::string's constructor reads this as a C string
// STREAM: string_view_data.cpp:[[# @LINE + 26]]:{{[0-9]+}}: error: a stream's << reads this as a C string
// PUTS: string_view_data.cpp:[[# @LINE + 27]]:{{[0-9]+}}: error: puts reads this as a C string
// The data() of a view that ends before the text it views, read as a C
// string: C++ reads on past the view's end to the NUL of that text ("he"
// of "hello world" prints "hello world"), which mscclc does not hold;
// refused, with the fix, by each reader of a C string.
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_view_data(int which = 0) {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("c", collective, 2);
  std::string_view text = "hello world";
  std::string_view head = text.substr(0, 2);
  const char *pointer = head.data();
  if (which == 0)
    printf("%s\n", pointer); // expected-error {{printf's %s reads this as a C string, up to its terminating NUL, but it is the data() of a std::string_view that ends before the text it views: C++ reads on past the view's end into that text, which mscclc does not hold; pass the view itself, its size too (printf("%.*s", int(view.size()), view.data()), std::string(view.data(), view.size())), or std::string(view).c_str()}}
  if (which == 1) {
    std::string copy = pointer;
    (void)copy;
  }
  if (which == 2)
    std::cout << head.data() << "\n";
  if (which == 3)
    puts(head.data());
}
