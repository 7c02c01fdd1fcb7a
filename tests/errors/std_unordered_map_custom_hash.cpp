// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::unordered_map with its own hash: mscclc tells keys apart by value and never calls it.
#include <cstddef>
#include <mscclpp/dsl.hpp>
#include <unordered_map>
using namespace mscclpp::dsl;
struct PairHash {
  std::size_t operator()(const std::pair<int, int> &p) const { return std::size_t(p.first * 131 + p.second); }
};

MSCCLPP_ALGORITHM void std_unordered_map_custom_hash(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{'std::unordered_map<std::pair<int, int>, int, PairHash>' has a hash or equality other than std::hash and std::equal_to; mscclc tells keys apart by their values and never calls them: use the defaults, or a std::map (whose keys may be pairs, tuples and structs)}}
  std::unordered_map<std::pair<int, int>, int, PairHash> links;
  links[{0, 1}] = 1;
}
