// Two algorithms for --list-algos: one with parameters of every kind, one
// with none.
#include <mscclpp/dsl.hpp>
#include <string_view>
#include <vector>
using namespace mscclpp::dsl;

enum class Shape { line, star };

MSCCLPP_ALGORITHM void
ring(int required, int num_gpus = 4, Protocol protocol = Protocol::Simple, Shape shape = Shape::line, std::string_view name = "ring", double ratio = 0.5, std::vector<int> peers = {1, 2}) {
  AllGather collective(num_gpus, 1, true);
  CollectiveProgram program(name, collective, num_gpus, {.protocol = protocol});
  (void)shape, (void)ratio, (void)peers, (void)required;
}
MSCCLPP_ALGORITHM void pairs() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("pairs", collective, 2);
}
