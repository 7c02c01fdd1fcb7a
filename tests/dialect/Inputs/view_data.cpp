// A std::string_view's data() where its reader is told the size, or where
// the view runs to the end of the text it views, printed natively
// (libstdc++) and by mscclc: the lines must be the same
// (tests/dialect/view_data.test). Only a C-string reader of the data() of
// a view that ends before its text is refused
// (tests/errors/string_view_data.cpp).
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

static void body() {
  std::string_view full = "hello world";
  std::string_view head = full.substr(0, 5);
  std::string_view tail = full.substr(6);
  printf("view a %.*s|\n", int(head.size()), head.data());
  printf("view b %s|\n", full.data());
  printf("view c %s|\n", tail.data());
  std::string copy(head.data(), head.size());
  printf("view d %s %zu\n", copy.c_str(), copy.size());
  std::string_view four(full.data(), 4);
  printf("view e %.*s %zu\n", int(four.size()), four.data(), four.size());
  std::string whole(tail.data());
  printf("view f %s\n", whole.c_str());
  std::string owned(head);
  std::string_view again = owned;
  printf("view g %s\n", again.data());
  std::cout << "view h " << head << " " << tail.data() << "\n";
  std::string_view rest = full.substr(2).substr(1);
  printf("view i %s\n", rest.data());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(view_data)
