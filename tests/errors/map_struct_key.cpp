// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A struct key needs an operator< (or std::less specialisation) that
// mscclc would not call: keys that operator< finds equivalent would stay
// apart. Refused, with std::tuple keys suggested.
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Key {
  int a;
  int b;
};
bool operator<(const Key &x, const Key &y) { return x.b < y.b; }

MSCCLPP_ALGORITHM void map_struct_key(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, 1, false), n);
  // expected-error@+1 {{map keys of struct type 'Key' ('std::map<Key, int>')}}
  std::map<Key, int> m;
  m[Key{1, 5}] = 1;
}
