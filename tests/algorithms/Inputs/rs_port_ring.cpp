// ReduceScatter out of place on a ring of port channels, double-buffered
// through scratch with credits: at step s rank r sends its partial sum of
// chunk (r-s-1) mod n into slot s%2 of the next rank's scratch
// (put_with_signal), waits for the previous rank's partial sum of chunk
// (r-s-2) mod n, adds it into its input, and returns a credit for the
// slot. A slot is reused only after its credit came back; the credits of
// the last two steps are collected at the end, so every signal is waited
// once per launch. The last put also flushes: the proxy has read every
// source before the kernel ends. Rank r ends with chunk r fully reduced
// and copies it out.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

// (a mod n) in [0, n), as Python's % gives for a negative a.
static int wrap(int a, int n) { return ((a % n) + n) % n; }

// Chunks [index*cf, (index+1)*cf) of a buffer.
static Chunk part(const BaseBuffer &buffer, int index, int cf) {
  return buffer.slice(index * cf, (index + 1) * cf);
}

MSCCLPP_ALGORITHM void rs_port_ring(int num_gpus = 4, int chunk_factor = 1,
                                    int instances = 1) {
  const int n = num_gpus, cf = chunk_factor;
  ReduceScatter collective(n, cf, /*inplace=*/false);
  CollectiveProgram program(
      "rs_port_ring", collective, n,
      {.instances = instances, .protocol = Protocol::Simple});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, 2 * cf);
  // All channels to the next rank first, then all to the previous one: the
  // order the channels are made in is the order of their indices. With two
  // ranks the next rank is the previous one: one channel each way carries
  // both the data signals and the credits (a second channel would pair
  // with the peer's second one, crossing the two).
  std::vector<PortChannel> toNext, ownToPrev;
  for (int r = 0; r < n; ++r)
    toNext.emplace_back(wrap(r + 1, n), r);
  if (n > 2)
    for (int r = 0; r < n; ++r)
      ownToPrev.emplace_back(wrap(r - 1, n), r);
  const std::vector<PortChannel> &toPrev = n > 2 ? ownToPrev : toNext;

  for (int s = 0; s < n - 1; ++s) {
    const int slot = s % 2;
    for (int r = 0; r < n; ++r) {
      BaseBuffer in = Rank(r).get_input_buffer();
      // The credit for this slot, from two steps ago. The put comes after
      // a nop: a wait orders only its own lane's work.
      if (s >= 2)
        toNext[r].wait({.tb = 0, .data_sync = SyncType::after});
      Chunk dst = part(scratch[wrap(r + 1, n)], slot, cf);
      Chunk src = part(in, wrap(r - s - 1, n), cf);
      if (s == n - 2)
        toNext[r].put_with_signal_and_flush(dst, src, {.tb = 0});
      else
        toNext[r].put_with_signal(dst, src, {.tb = 0});
      toPrev[r].wait({.tb = 0, .data_sync = SyncType::after});
      Rank(r).reduce(part(in, wrap(r - s - 2, n), cf),
                     {part(scratch[r], slot, cf)}, {.tb = 0});
      toPrev[r].signal({.tb = 0, .data_sync = SyncType::before});
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int s = std::max(0, n - 3); s < n - 1; ++s)
      toNext[r].wait({.tb = 0, .data_sync = SyncType::after});
    Rank(r).copy(Rank(r).get_output_buffer().slice(0, cf),
                 part(Rank(r).get_input_buffer(), r, cf), {.tb = 0});
  }
}
