// A list of thread blocks or ranks that grows after a barrier or a switch
// channel was made from it (lists_taken_at_call.test).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lists_taken_at_call() {
  AllReduce collective(3, 3, /*inplace=*/true);
  CollectiveProgram program("lists_taken_at_call", collective, 3);
  // A barrier over the thread blocks used so far, after each copy.
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  Buffer s(0, 3);
  std::vector<int> tbs;
  for (int k = 0; k < 3; ++k) {
    tbs.push_back(k);
    r.copy(s.slice(k, k + 1), in.slice(k, k + 1), {.tb = k});
    if (tbs.size() > 1)
      r.barrier(tbs);
  }
  // Switch channels over growing prefixes of the ranks.
  std::vector<int> members = {0, 1};
  SwitchChannel pair(members, BufferType::input);
  members.push_back(2);
  SwitchChannel all(members, BufferType::input);
  for (int rank = 0; rank < 3; ++rank) {
    Chunk c = Rank(rank).get_input_buffer().slice(rank, rank + 1);
    all.at_rank(rank).reduce(rank, 1, c, {.tb = 3});
    all.at_rank(rank).broadcast(c, rank, 1, {.tb = 3});
  }
}
