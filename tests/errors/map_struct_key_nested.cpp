// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct inside a map key (here in a std::pair) would be ordered field
// by field, not by its operator<: refused like a struct key.
#include <map>
#include <mscclpp/dsl.hpp>
#include <utility>
using namespace mscclpp::dsl;

struct Key {
  int a;
  int b;
};
bool operator<(const Key &x, const Key &y) { return x.b < y.b; }

MSCCLPP_ALGORITHM void map_struct_key_nested(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, 1, false), n);
  // expected-error@+1 {{map keys of struct type 'Key'}}
  std::map<std::pair<Key, int>, int> m;
  m[{Key{1, 5}, 0}] = 1;
}
