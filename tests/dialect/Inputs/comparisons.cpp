// Comparison operators as C++20 writes them: `a != b` and `a < b` on
// standard types, user types with an operator== of their own, and
// defaulted == and <=>. Clang rewrites `!=` as `!(a == b)` and `<` as
// `(a <=> b) < 0`; each must give what the compiled program would. A wrong
// answer sends a copy past the end of the input (an error at its line).
#include <mscclpp/dsl.hpp>

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  int tb;
  bool operator==(const Peer &) const = default;
  auto operator<=>(const Peer &) const = default;
};
// Equal when the last digits are: a user's operator== is called, not a
// member-by-member comparison.
struct Tag {
  int v;
};
bool operator==(const Tag &a, const Tag &b) { return a.v % 10 == b.v % 10; }

MSCCLPP_ALGORITHM void comparisons() {
  CollectiveProgram program("comparisons", AllGather(2, 1, false), 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer(), out = r.get_output_buffer();
  int tb = 0;
  auto expect = [&](bool holds) {
    r.copy(out.slice(0, 1), in.slice(holds ? 0 : 9, holds ? 1 : 10),
           {.tb = tb++});
  };
  std::pair<int, int> p12{1, 2}, p13{1, 3}, p20{2, 0};
  expect(p12 != p13);
  expect(!(p12 != std::pair<int, int>{1, 2}));
  expect(p12 < p13);
  expect(!(p20 < p13));
  expect(p20 > p13 && p20 >= p20 && p12 <= p12);
  std::tuple<int, int, int> t1{1, 2, 3}, t2{1, 2, 4};
  expect(t1 != t2 && t1 < t2 && !(t2 <= t1));
  std::string ab = "ab", b = "b";
  expect(ab != b && ab < b && !(b < ab) && ab == std::string("ab"));
  std::string_view sv = "xy";
  expect(sv != std::string_view("xz") && sv < std::string_view("xz"));
  expect(!(Tag{3} != Tag{13}) && Tag{3} != Tag{4});
  Peer a{0, 1}, c{0, 2}, d{1, 0};
  expect(a == Peer{0, 1} && a != c && !(a != Peer{0, 1}));
  expect(a < c && c < d && d > a && d >= Peer{0, 9} && c <= c);
  std::optional<int> some = 3, none;
  expect(some != std::nullopt && none == std::nullopt && some != 4 &&
         3 == some && none < some);
}
