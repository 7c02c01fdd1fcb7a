// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P which=1 -o %t.json 2>&1 | FileCheck --check-prefix=TRANSFORM %s
// RUN: not mscclc %s -P which=2 -o %t.json 2>&1 | FileCheck --check-prefix=FUNCTION %s
// RUN: not mscclc %s -P which=3 -o %t.json 2>&1 | FileCheck --check-prefix=TUPLE %s
// RUN: not test -e %t.json
// RUN: mscclc %s -P which=4 -o %t.direct.json
// A struct with a converting constructor, given a number where a library
// template would run that constructor (a pair built from the number,
// std::transform's and std::function's results): the error at the first
// member read says what the object holds and how to build it; the direct
// forms (a declaration, a vector's braced list) work.
// TRANSFORM: converting_constructor_in_library.cpp:42:{{[0-9]+}}: error: member 'rank' cannot be read: this 'Peer' holds the value 3
// FUNCTION: converting_constructor_in_library.cpp:45:{{[0-9]+}}: error: member 'rank' cannot be read: this 'Peer' holds the value 1,{{.*}}construct it where the value is stored, as 'Peer(1)'
// TUPLE: converting_constructor_in_library.cpp:48:{{[0-9]+}}: error: member 'rank' cannot be read: this 'Peer' holds the value 1,
#include <algorithm>
#include <functional>
#include <iterator>
#include <tuple>
#include <utility>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  Peer(int r) : rank(r) {}
};

MSCCLPP_ALGORITHM void converting_constructor_in_library(int which = 0) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("converting_constructor_in_library", collective, 2);
  int x = 0;
  if (which == 0) {
    std::pair<Peer, int> p{1, 1};
    x = p.first.rank; // expected-error {{member 'rank' cannot be read: this 'Peer' holds the value 1, which a converting constructor of 'Peer' would have turned into an object}}
  } else if (which == 1) {
    std::vector<int> ranks{3, 0};
    std::vector<Peer> peers;
    std::transform(ranks.begin(), ranks.end(), std::back_inserter(peers),
                   [](int k) { return k; });
    x = peers[0].rank;
  } else if (which == 2) {
    std::function<Peer(int)> make = [](int k) { return k; };
    x = make(1).rank;
  } else if (which == 3) {
    std::tuple<int, Peer> t{0, 1};
    x = std::get<1>(t).rank;
  } else {
    Peer direct = 1;
    std::vector<Peer> listed{1, 0};
    x = direct.rank * listed[1].rank;
  }
  Rank r(x);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
