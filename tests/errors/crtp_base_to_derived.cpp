// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A cast from a base class to a derived one (CRTP's static_cast of *this)
// is not run; the message says so in C++ terms (it used to name Clang's
// cast kind, 'BaseToDerived').
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

template <typename Derived> struct Step {
  int tb() const { return static_cast<const Derived &>(*this).lane() + 1; } // expected-error {{a cast from a base class to a class derived from it (such as `static_cast<const D &>(*this)` in CRTP) is not supported in algorithm code}}
};
struct Lane : Step<Lane> {
  int lane() const { return 0; }
};

MSCCLPP_ALGORITHM void crtp_base_to_derived() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Lane lane;
  // expected-note@+1 {{in call to 'tb()'}}
  int tb = lane.tb();
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
