// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A range-for whose range is a reference into a temporary: C++20 destroys
// the temporary when the range's initialiser ends, before the loop runs
// (undefined behaviour; C++23 extends its life). Ranges that extend the
// temporary, or refer to something else, are fine. (mscclc ran the loop
// over the dead temporary's elements.)
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Peers {
  std::vector<int> ranks{1, 2, 3};
  const std::vector<int> &get() const { return ranks; }
};
static Peers make() { return Peers(); }
static const std::vector<int> &same(const std::vector<int> &v) { return v; }

MSCCLPP_ALGORITHM void range_into_temporary() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("range_into_temporary", collective, 1);
  int sum = 0;
  for (int r : make().ranks) // fine: the temporary lives for the loop
    sum += r;
  Peers named = make();
  for (int r : named.get()) // fine
    sum += r;
  for (int r : same(named.ranks)) // fine: refers to `named`
    sum += r;
  for (int r : make().get()) // expected-error {{this range-for's range refers into a temporary that C++20 destroys at the end of the range's initialiser, before the loop runs (undefined behaviour until C++23); keep the object in a variable first: `auto obj = ...; for (... : obj.get())`}}
    sum += r;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = sum});
}
