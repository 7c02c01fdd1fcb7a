// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A member function that destroys its own object (it clears the vector
// holding it) and then uses a member: undefined behaviour, a located error.
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Stage {
  int peers = 0;
  void reset(std::vector<Stage> &all) {
    all.clear(); // expected-note {{clear here}}
    peers = 1; // expected-error {{the object this member function was called on was destroyed or moved during the call (clear); C++ leaves using it undefined}}
  }
};

MSCCLPP_ALGORITHM void member_function_object_destroyed(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Stage> stages(2);
  stages[0].reset(stages); // expected-note {{in call to 'reset({})'}}
}
