// Parameter checks written as throws, as a Python DSL program raises: when
// the check passes nothing is thrown and the plan is made; when it fails
// the compile stops at the throw with the exception's message
// (tests/dialect/throw_not_reached.test).
#include <mscclpp/dsl.hpp>
#include <stdexcept>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void throw_not_reached(int num_gpus = 4, int tbs = 1) {
  if ((num_gpus & (num_gpus - 1)) != 0)
    throw std::invalid_argument("num_gpus must be a power of two, not " +
                                std::to_string(num_gpus));
  if (tbs < 1)
    throw std::out_of_range("tbs");
  AllGather collective(num_gpus, 1, true);
  CollectiveProgram program("throw_not_reached", collective, num_gpus);
  for (int r = 0; r < num_gpus; ++r)
    for (int p = 0; p < num_gpus; ++p)
      if (p != r) {
        MemoryChannel ch(p, r);
        ch.put(Rank(p).get_output_buffer().slice(r, r + 1),
               Rank(r).get_output_buffer().slice(r, r + 1),
               {.tb = p % tbs});
      }
}
