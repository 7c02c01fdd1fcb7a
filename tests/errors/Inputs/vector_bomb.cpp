#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_bomb() {
  std::vector<std::vector<int>> rows;
  std::vector<int> row(1 << 16, 1);
  for (int i = 0; i < 1000000; ++i)
    rows.push_back(row);
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("v", collective, 1);
}
