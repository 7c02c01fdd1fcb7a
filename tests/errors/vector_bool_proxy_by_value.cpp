// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::vector<bool> element proxy passed by value: in C++ the copy still
// writes the vector, which mscclc does not model; refused with what to
// write instead (the proxy's own uses — v[i] = x, if (v[i]), auto x = v[i]
// — work).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_bool_proxy_by_value(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<bool> done(n, false);
  done[1] = true;
  auto mark = [](std::vector<bool>::reference slot) { slot = true; };
  mark(done[0]); // expected-error {{this std::vector<bool> element proxy is passed or returned by value, which mscclc does not model (the copy would still write the vector); take a bool (`bool x = v[i];`), or pass the vector and the index}}
}
