// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A derived object copied by the library into a container of its base
// class is sliced only when the base has no constructor C++ might pick
// instead (here a constructor template, which would win): otherwise it is
// refused, not guessed.
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Slot {
  int index = 0;
  Slot() = default;
  template <class T> Slot(const T &from) : index(from.index * 10) {}
};
struct Tagged : Slot {
  int tag = 1;
};

MSCCLPP_ALGORITHM void derived_element_constructor(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Tagged> tagged(n);
  std::vector<Slot> slots(tagged.begin(), tagged.end()); // expected-error {{a 'Tagged' is copied into a 'Slot' here, and 'Slot' has a constructor C++ may choose for it instead of slicing; mscclc copies only through the implicit copy constructor: make the 'Slot' yourself first (Slot(x), or a helper that builds one)}}
  (void)slots;
}
