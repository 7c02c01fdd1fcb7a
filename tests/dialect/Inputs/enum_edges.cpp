// -P for enums, the edge cases: an exact name wins over the Python
// spelling of another enumerator (x over x_), an unscoped enum's
// enumerators are named through its namespace too, and ChannelType::switch_
// is spelled switch as in Python. The number of ranks shows what was set.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

namespace ns {
enum Unscoped { x_ = 2, x = 4, big = 3 };
}

MSCCLPP_ALGORITHM void enum_edges(ns::Unscoped e = ns::big, ChannelType t = ChannelType::memory) {
  int n = int(e) + (t == ChannelType::switch_ ? 1 : 0);
  AllGather c(n, 1, true);
  CollectiveProgram p("enum_edges", c, n);
}
