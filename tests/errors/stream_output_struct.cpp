// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct has no stream output in algorithm code (a user operator<< on
// std::ostream is not evaluated); the error names the program's operator
// and says what to write instead.
#include <iostream>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Hop {
  int peer = 0;
  int tb = 0;
};
std::ostream &operator<<(std::ostream &os, const Hop &h) {
  return os << h.peer << "@" << h.tb;
}

MSCCLPP_ALGORITHM void stream_output_struct(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  Hop hop{1, 0};
  std::cout << "hop " << hop << std::endl; // expected-error {{the program's own operator<< for 'Hop' cannot run on a stream in algorithm code (a stream is not an object the evaluator can pass to a function); write the fields one by one, or give 'Hop' a function that returns a std::string and write that}}
}
