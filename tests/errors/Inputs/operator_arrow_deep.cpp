#include <mscclpp/dsl.hpp>
// Each operator-> returns the next wrapper: 300 of them, more than the 256
// Clang follows.
template <int N> struct Wrapper {
  Wrapper<N + 1> operator->();
};
template <> struct Wrapper<300> {
  int value;
  Wrapper<300> *operator->();
};
int read(Wrapper<0> w) { return w->value; }
MSCCLPP_ALGORITHM void operator_arrow_deep() {}
