// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: mscclc %s -o %t.quiet.json -Wno-shared-channel-wait 2>&1 | count 0
// RUN: cmp %t.json %t.quiet.json
// RUN: %expect-error mscclc %s -Werror=shared-channel-wait
// RUN: not mscclc sim %t.json --runs 1 > %t.sim
// RUN: FileCheck --check-prefix=SIM %s < %t.sim
// RUN: mscclc %s -P own_channels=true -Werror -o %t.own.json
// RUN: mscclc sim %t.own.json --runs 2 | FileCheck --check-prefix=PASS %s
// RUN: mscclc %s -P join=true -Werror -o %t.join.json
// RUN: mscclc sim %t.join.json --runs 2 | FileCheck --check-prefix=PASS %s
//
// An AllGather through scratch with two thread blocks per rank: thread
// block t puts chunk t of the input into the peer's scratch and signals;
// the peer's thread block t waits and copies it out. With one channel per
// rank, both of the peer's thread blocks wait on the same channel, and a
// wait takes whichever signal comes first: thread block 1 can pass on
// thread block 0's signal and copy chunk 1 before it has landed. With a
// channel per thread block (own_channels) each wait has its own signals;
// with a barrier of both thread blocks after each round of waits (join),
// one channel is enough: neither goes on before both signals are in.
// Each round of puts first waits for the peer to be ready (its copy of the
// last launch's chunks done), so that the right plans are right over
// launches.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void shared_channel_wait(bool own_channels = false,
                                           bool join = false) {
  AllGather collective(2, 2, /*inplace=*/false);
  CollectiveProgram program("shared_channel_wait", collective, 2);
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r)
    scratch.emplace_back(r, 2);
  // channel[r][t]: rank r's channel to its peer used by thread block t.
  std::vector<std::vector<MemoryChannel>> channel(2);
  for (int r = 0; r < 2; ++r)
    for (int t = 0; t < (own_channels ? 2 : 1); ++t)
      channel[r].emplace_back(1 - r, r);
  for (int r = 0; r < 2; ++r) {
    const int p = 1 - r;
    Rank rank(r);
    auto ch = [&](int t) -> MemoryChannel & {
      return channel[r][own_channels ? t : 0];
    };
    for (int t = 0; t < 2; ++t) {
      rank.copy(rank.get_output_buffer().slice(2 * r + t, 2 * r + t + 1),
                rank.get_input_buffer().slice(t, t + 1), {.tb = t});
      ch(t).signal({.tb = t, .relaxed = true});
    }
    // CHECK: shared_channel_wait.cpp:[[@LINE+5]]:{{[0-9]+}}: warning: thread blocks 0 and 1 of rank 0 both wait on the 1st memory channel from rank 0 to rank 1, whose signals come from several thread blocks of rank 1: waits on one channel take its signals in whatever order they come, so either thread block may pass on a signal meant for the other and go on before its data has landed; give each thread block its own channel to the peer (a channel object per thread block, on both sides), or join the waiting thread blocks with a barrier right after their waits [-Wshared-channel-wait]
    // CHECK: shared_channel_wait.cpp:[[@LINE+4]]:{{[0-9]+}}: note: thread block 0's wait issued here (rank 0 -> rank 1)
    // CHECK: shared_channel_wait.cpp:{{[0-9]+}}:{{[0-9]+}}: note: channel from rank 0 to rank 1 created here
    // CHECK-NOT: warning:
    for (int t = 0; t < 2; ++t)
      ch(t).wait({.tb = t, .data_sync = SyncType::after, .relaxed = true});
    if (join)
      rank.barrier({0, 1});
    for (int t = 0; t < 2; ++t) {
      ch(t).put(scratch[p].slice(t, t + 1),
                rank.get_input_buffer().slice(t, t + 1), {.tb = t});
      ch(t).signal({.tb = t, .data_sync = SyncType::before});
    }
    for (int t = 0; t < 2; ++t)
      ch(t).wait({.tb = t, .data_sync = SyncType::after});
    if (join)
      rank.barrier({0, 1});
    for (int t = 0; t < 2; ++t)
      rank.copy(rank.get_output_buffer().slice(2 * p + t, 2 * p + t + 1),
                scratch[r].slice(t, t + 1), {.tb = t});
  }
}
// SIM: race: rank {{[01]}} tb {{[01]}} op {{[0-9]+}} (copy): reads rank {{[01]}} scratch bytes {{.*}} (run 1), unordered with rank {{[01]}} tb {{[01]}} op {{[0-9]+}} (put), which writes them
// PASS: verdict: pass
