// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct with virtual functions: mscclc calls member functions
// directly, so a call through a base would not dispatch as C++ does.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Shape {
  virtual int peers() const { return 1; }
};
struct Ring : Shape {
  int peers() const override { return 2; }
};

MSCCLPP_ALGORITHM void struct_virtual_function() {
  Ring r; // expected-error {{'Ring' has virtual functions or virtual base classes; mscclc calls member functions directly and does not model dynamic dispatch}}
  (void)r;
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
