// String literals where C++ turns them into `const char *`: a choice
// between literals (`c ? "LL" : "Simple"`, both as one array of equal
// length and as two different lengths), a `const char *` variable, and
// both concatenated onto a std::string. The plan's name shows the result.
#include <cassert>
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

const char *direction(bool backward) { return backward ? "bwd" : "fwd"; }

MSCCLPP_ALGORITHM void string_literals(bool ll = false, bool backward = true) {
  const char *proto = ll ? "LL" : "Simple"; // lengths differ
  std::string name = std::string("ring_") + proto + "_" + direction(backward);
  const char *tag = "_v";
  name += tag;
  name += (ll ? "1" : "2"); // one length: the choice itself decays
  assert(name.size() == std::string(proto).size() + 12);
  assert(std::string(ll ? "ab" : "cd") == (ll ? "ab" : "cd"));
  CollectiveProgram program(name, AllGather(2, 1, false), 2);
  for (int r = 0; r < 2; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
}
