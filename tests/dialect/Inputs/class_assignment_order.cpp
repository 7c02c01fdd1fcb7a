// C++17 evaluates the right operand of `a = b` and `a op= b` before the
// left one, also when the operator is a class's (std::pair, std::string,
// std::vector, std::optional, std::tuple, a struct's own operator+=): the
// "next id" idiom `ids[k] = {int(ids.size()), 0}` sizes the map before
// ids[k] makes the entry. A right operand that is an object (not a
// temporary) is read when the assignment runs. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/class_assignment_order.test).
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

struct Acc {
  int v;
  Acc &operator+=(int o) {
    v = v * 10 + o;
    return *this;
  }
  Acc &operator=(int o) {
    v = o;
    return *this;
  }
};

static void body() {
  std::vector<std::pair<int, int>> slot(4);
  int k = 0;
  slot[k++] = {k, 0};
  printf("order pair: %d %d\n", slot[0].first, k);

  std::vector<Acc> a{{0}, {0}};
  k = 0;
  a[k++] += k;
  printf("order user +=: %d %d\n", a[0].v, a[1].v);
  k = 0;
  a[k++] = k + 5;
  printf("order user =: %d %d\n", a[0].v, a[1].v);

  std::map<int, std::pair<int, int>> ids;
  ids[7] = {(int)ids.size(), 0};
  ids[9] = {(int)ids.size(), 1};
  printf("order next id: %d %d\n", ids[7].first, ids[9].first);

  std::map<int, std::string> names;
  names[5] = std::to_string(names.size());
  names[6] += std::to_string(names.size());
  printf("order string: %s %s\n", names[5].c_str(), names[6].c_str());

  std::map<int, std::vector<int>> lists;
  lists[1] = std::vector<int>(lists.size() + 2, 7);
  printf("order vector: %zu\n", lists[1].size());

  std::map<int, std::optional<int>> maybe;
  maybe[3] = int(maybe.size());
  printf("order optional: %d\n", *maybe[3]);

  std::map<int, std::tuple<int, int>> tuples;
  tuples[2] = std::make_tuple(int(tuples.size()), 4);
  printf("order tuple: %d\n", std::get<0>(tuples[2]));

  // An object on the right is read when the assignment runs.
  std::vector<std::string> words = {"a", "b"};
  std::string last = "x";
  words[(last += "y", 0)] = last;
  printf("order object: %s\n", words[0].c_str());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(class_assignment_order)
