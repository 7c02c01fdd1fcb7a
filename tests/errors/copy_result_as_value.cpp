// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The iterator std::copy returns is not a value in algorithm code: it runs
// as a statement.
#include <algorithm>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_result_as_value() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2};
  std::vector<int> order(2);
  auto end = std::copy(peers.begin(), peers.end(), order.begin()); // expected-error {{'std::copy' is not supported in algorithm code; std::copy, std::copy_n, std::copy_if, std::transform, the running sums (std::partial_sum, std::inclusive_scan, std::exclusive_scan) and std::adjacent_difference run as statements over positions of a std::vector or std::array, into such positions or std::back_inserter(v); the iterator they return is not a value in algorithm code}}
  (void)end;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
