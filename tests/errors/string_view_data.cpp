// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A view's data() read as a C string: C++ reads on past the view's end to
// the NUL of the buffer it views ("he" of "hello world" prints
// "hello world"), which mscclc does not hold; refused, with the fix.
#include <cstdio>
#include <string_view>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_view_data(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  std::string_view text = "hello world";
  printf("%s\n", text.substr(0, 2).data()); // expected-error {{std::string_view::data() is not supported in algorithm code: mscclc holds a view's own characters, not the buffer it views, so a reader that runs on to the terminating NUL (printf's %s, puts, std::string(const char *), <<) would stop at the view's end where C++ reads on; use std::string(view), and its c_str() where a C string is needed}}
}
