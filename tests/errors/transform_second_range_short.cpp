// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::transform over two ranges reads as many elements of the second as
// the first holds; a shorter second range is read past its end (undefined
// in C++).
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void transform_second_range_short() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes{1, 2, 3};
  std::vector<int> weights{4, 5};
  std::vector<int> scaled(3);
  std::transform(sizes.begin(), sizes.end(), weights.begin(), scaled.begin(), // expected-error {{std::transform reads 3 element(s) of its second range from position 0 of a container of 2: past its end, which C++ leaves undefined; make the second range at least as long as the first}}
                 [](int s, int w) { return s * w; });
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
