// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::for_each's function may change the elements it is given, but a
// push_back into the range being walked is undefined behaviour in C++.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void for_each_resizes(int n = 3) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<int> peers{1, 2};
  std::for_each(peers.begin(), peers.end(), [&](int p) { // expected-error {{the function changed the range it walks (push_back), which is undefined behaviour; it may change the elements but not add or remove any}}
    peers.push_back(p + n); // expected-note {{push_back here}}
  });
}
