// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::ranges::size (like std::size) of an object of the program's own class
// would call its size() method: refused, with the call to write instead, not
// read as the number of the class's members.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Ring {
  std::vector<int> order;
  int size() const { return int(order.size()); }
};

MSCCLPP_ALGORITHM void ranges_size_program_class() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Ring ring{{0, 1, 2}};
  int n = int(std::ranges::size(ring)); // expected-error {{std::ranges::size of an object of the program's own class is not supported in algorithm code; call its size() method}}
  (void)n;
}
