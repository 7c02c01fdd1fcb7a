// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P which=1 -o %t.json 2>&1 | FileCheck --check-prefix=FUNCTION %s
// RUN: not mscclc %s -P which=2 -o %t.json 2>&1 | FileCheck --check-prefix=TRANSFORM %s
// RUN: not test -e %t.json
// RUN: mscclc %s -P which=3 -o %t.direct.json
// A struct with two constructors taking one number, given a number where
// the standard library makes the object (a pair built from the number,
// std::function's and std::transform's results): mscclc cannot tell which
// constructor C++ chose there, so the object holds the number, and the
// error at the first member read says so and how to build it. With one
// such constructor these work (tests/dialect/library_made_objects.test);
// the direct forms (a declaration, a vector's braced list) always do.
// FUNCTION: converting_constructor_in_library.cpp:39:{{[0-9]+}}: error: member 'rank' cannot be read: this 'Peer' holds the value 1,{{.*}}only when it is Peer's single constructor with exactly one parameter, a number: construct it where the value is stored, as 'Peer(1)'
// TRANSFORM: converting_constructor_in_library.cpp:45:{{[0-9]+}}: error: member 'rank' cannot be read: this 'Peer' holds the value 3
#include <algorithm>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  Peer(int r) : rank(r) {}
  Peer(double r) : rank(int(r) + 1) {}
};

MSCCLPP_ALGORITHM void converting_constructor_in_library(int which = 0) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("converting_constructor_in_library", collective, 2);
  int x = 0;
  if (which == 0) {
    std::pair<Peer, int> p{1, 1};
    x = p.first.rank; // expected-error {{member 'rank' cannot be read: this 'Peer' holds the value 1, which a converting constructor of 'Peer' would have turned into an object; where the standard library makes a 'Peer' from a value (a std::pair's member, a std::function's result, an algorithm's output), mscclc runs that constructor only when it is Peer's single constructor with exactly one parameter, a number: construct it where the value is stored, as 'Peer(1)'}}
  } else if (which == 1) {
    std::function<Peer(int)> make = [](int k) { return k; };
    x = make(1).rank;
  } else if (which == 2) {
    std::vector<int> ranks{3, 0};
    std::vector<Peer> peers;
    std::transform(ranks.begin(), ranks.end(), std::back_inserter(peers),
                   [](int k) { return k; });
    x = peers[0].rank;
  } else {
    Peer direct = 1;
    std::vector<Peer> listed{1, 0};
    x = direct.rank * listed[1].rank;
  }
  Rank r(x);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
