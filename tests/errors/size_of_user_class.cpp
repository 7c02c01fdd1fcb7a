// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::size of a struct with a size() method would have to call it; it is
// refused (it gave the struct's member count).
#include <mscclpp/dsl.hpp>
#include <iterator>
using namespace mscclpp::dsl;

struct Grid {
  int width, height;
  int size() const { return width * height; }
};

MSCCLPP_ALGORITHM void size_of_user_class(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  Grid grid{n, 3};
  int cells = grid.size(); // fine
  auto count = std::size(grid); // expected-error {{std::size of an object of the program's own class is not supported in algorithm code; call its size() method}}
  (void)cells;
  (void)count;
}
