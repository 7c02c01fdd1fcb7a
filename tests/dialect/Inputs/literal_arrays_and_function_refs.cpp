// A std::array of characters made from a string literal holds the
// literal's characters then zeros, and a std::function whose result type
// is a reference names the object its target returned: assigning through
// the call writes that object, and a chain of them reaches the innermost.
// Printed natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/literal_arrays_and_function_refs.test).
#include <array>
#include <cstdio>
#include <functional>
#include <map>
#include <vector>

struct Name {
  std::array<char, 6> text;
  int id;
};

static void body() {
  std::array<char, 4> exact = {"abc"};
  printf("ref array-exact %d %d %d %d\n", exact[0], exact[1], exact[2],
         exact[3]);
  std::array<char, 6> padded{"hi"};
  printf("ref array-padded");
  for (char c : padded)
    printf(" %d", c);
  printf(" size %zu\n", padded.size());
  std::array<unsigned char, 3> high = {"\xff\x80"};
  printf("ref array-unsigned %d %d %d\n", high[0], high[1], high[2]);
  std::array<std::array<char, 3>, 2> nested = {{{"ab"}, {"c"}}};
  printf("ref array-nested %d %d %d %d\n", nested[0][1], nested[0][2],
         nested[1][0], nested[1][1]);
  Name n{{"mscc"}, 7};
  printf("ref array-member %c%c%c%c %d %d\n", n.text[0], n.text[1],
         n.text[2], n.text[3], n.text[4], n.id);
  exact[1] = 'x';
  printf("ref array-written %c%c%c\n", exact[0], exact[1], exact[2]);

  int x = 1;
  std::function<int &(int &)> same = [](int &v) -> int & { return v; };
  same(x) = 5;
  printf("ref function-assign %d\n", x);
  same(same(x)) += 2;
  printf("ref function-chain %d\n", x);
  std::vector<int> v{10, 20, 30};
  std::function<int &(std::size_t)> at = [&v](std::size_t i) -> int & {
    return v[i];
  };
  at(1) = 99;
  ++at(2);
  int copy = at(0);
  copy += 1;
  printf("ref function-element %d %d %d %d\n", v[0], v[1], v[2], copy);
  std::map<int, std::function<int &(int &)>> table;
  table[0] = same;
  table[0](x) *= 3;
  printf("ref function-in-map %d\n", x);
  std::function<int(int &)> byValue = [](int &w) -> int & { return w; };
  int got = byValue(x);
  got = 0;
  printf("ref function-value %d %d\n", x, got);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(literal_arrays_and_function_refs)
