// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::cout is written to directly; kept in a reference it is a global
// mscclc does not model, and the error says what works.
#include <iostream>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void stream_kept_in_reference(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  std::ostream &log = std::cerr; // expected-error {{only std::cout, std::cerr and std::clog (and stdout and stderr for fprintf) are streams in algorithm code, written to directly: `std::cout << x`, `fprintf(stderr, ...)`; what a program prints goes to mscclc's stderr}}
  log << num_ranks;
}
