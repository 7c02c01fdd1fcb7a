// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc -P which=1 %s -o %t.json 2>&1 | FileCheck --check-prefix=MEMBER %s
// RUN: not mscclc -P which=2 %s -o %t.json 2>&1 | FileCheck --check-prefix=EMPTY %s
// RUN: not test -e %t.json
// C++ keeps a reference to a vector's element across a swap: it follows
// the element into the other container. mscclc cannot follow it there (the
// other container may end with no container operation to see it, as the
// temporary of `std::vector<int>().swap(v)` does), so a use is an error
// that says so, at the use, with a note at the swap; so is a use after a
// swap of a struct with such a member. An optional's value swapped with an
// empty optional has ended (C++ leaves that read undefined).
// MEMBER: error: 'first' refers into a container that was swapped since
// MEMBER: note: swap here
// EMPTY: error: this reads a std::optional's value through a reference bound before the optional was emptied
#include <mscclpp/dsl.hpp>
#include <optional>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

struct Schedule {
  int rounds;
  std::vector<int> peers;
};

MSCCLPP_ALGORITHM void reference_after_swap(int which = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("s", collective, 1);
  int tb = 0;
  if (which == 0) {
    std::vector<int> v{0, 1};
    int &x = v[0];
    std::vector<int>().swap(v); // expected-note {{swap here}}
    tb = x; // expected-error {{'x' refers into a container that was swapped since; C++ keeps a reference to a vector's, map's or set's element, which follows the element into the other container (and dangles once that container ends), but mscclc cannot follow it there: take the reference again after the swap}}
  } else if (which == 1) {
    Schedule a{1, {0}}, b{2, {3}};
    int &rounds = a.rounds; // a member of the struct: stays valid
    int &first = a.peers[0];
    std::swap(a, b);
    tb = rounds + first;
  } else {
    std::optional<int> o = 0, none;
    int &held = *o;
    std::swap(o, none);
    tb = held;
  }
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
