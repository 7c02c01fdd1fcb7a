//===- layout.hpp - runtime-min: buffer sizes and channel pairing ---------===//
//
// The arithmetic both communicators (host threads, runtime.hpp; GPUs,
// runtime_cuda.hpp) set a plan up with, kept in one place so the host
// run that proves the kernels and a GPU run lay buffers out identically:
//   - a rank's buffers as executor-semantics §2 and the executor's tests
//     allocate them (in place: input and output alias; scratch doubled
//     for LL, doubled again for double buffering, a fixed 128 MiB with
//     reuse_resources), the same arithmetic as the simulator's Layout;
//   - channel pairing (§4.2): the k-th channel of a type from a to b is
//     paired with the k-th from b to a;
//   - switch groups: switch channels of the same buffer type and member
//     list, in declaration order per rank, form one barrier group; each
//     channel addresses its members' buffers at the holder's offset;
//   - NVLS multicast (GPUs): one object per (buffer type, member list)
//     where the members sit on distinct devices, and the sizes of the
//     allocations bound to it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mscclc/rt/device.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace mscclc::rt::layout {

struct RankLayout {
  uint64_t chunk = 0;       // bytes per chunk
  uint64_t inputBytes = 0;  // what the rank's input holds
  uint64_t outputBytes = 0; // ... and its output
  uint64_t sendBytes = 0;   // the allocations (in place: one of the two
  uint64_t recvBytes = 0;   //   holds both)
  uint64_t inputAt = 0;     // the user buffers' offsets in them
  uint64_t outputAt = 0;
  bool sendIsRecv = false, recvIsSend = false; // in place: which aliases
  uint64_t scratchBytes = 0;
  uint64_t scratchChunk = 0;    // reuse_resources: scratch chunk size
  uint64_t slot = ~uint64_t(0); // ... and the slot offsets wrap at
};

// The message sizes the executor takes for a plan (executor-semantics
// §2.6): multiples of buffer_alignment x the chunk count that sets each
// rank's chunk size (the output's for an AllGather or a rank without input
// chunks, else the input's), within [min, max]_message_size. The same
// rule as the simulator's (plan::messageSizes). unit 0: none at all.
struct MessageSizes {
  uint64_t unit = 0, min = 0, max = 0;
};
inline MessageSizes messageSizes(const PlanInfo &plan) {
  const bool allgather = std::string(plan.collective) == "allgather";
  const uint64_t align = uint64_t(std::max<int64_t>(plan.bufferAlignment, 1));
  uint64_t unit = 1;
  for (int r = 0; r < plan.ranks; ++r) {
    const RankInfo &info = plan.rank[r];
    uint64_t ci = uint64_t(std::max<int64_t>(info.inputChunks, 0)),
             co = uint64_t(std::max<int64_t>(info.outputChunks, 0));
    uint64_t count = std::max<uint64_t>((allgather || ci == 0) ? co : ci, 1);
    if (count > UINT64_MAX / align)
      return {};
    uint64_t step = align * count, a = unit, b = step;
    while (b) // gcd(unit, step)
      a = std::exchange(b, a % b);
    if (unit / a > UINT64_MAX / step)
      return {};
    unit = unit / a * step;
  }
  uint64_t lo = std::max(plan.minMessageSize, unit);
  uint64_t first = lo / unit + (lo % unit != 0);
  if (first > plan.maxMessageSize / unit)
    return {};
  return {unit, first * unit, plan.maxMessageSize / unit * unit};
}
inline bool acceptsSize(const PlanInfo &plan, uint64_t size) {
  MessageSizes sizes = messageSizes(plan);
  return sizes.unit && size >= sizes.min && size <= sizes.max &&
         size % sizes.unit == 0;
}
// Why a communicator cannot be set up for `size` bytes ("" when it can):
// the kernels would read and write past the buffers, or drop elements.
inline std::string sizeProblem(const PlanInfo &plan, uint64_t size) {
  if (acceptsSize(plan, size))
    return "";
  MessageSizes sizes = messageSizes(plan);
  std::string what = "runtime-min: plan '" + std::string(plan.name) +
                     "' does not take a message of " + std::to_string(size) +
                     " bytes: ";
  if (!sizes.unit)
    return what + "it takes none (no multiple of buffer_alignment x chunk "
                  "count lies within min/max_message_size)";
  return what + "use a multiple of " + std::to_string(sizes.unit) +
         " bytes from " + std::to_string(sizes.min) + " to " +
         std::to_string(sizes.max) +
         " (buffer_alignment x chunk count, within min/max_message_size)";
}

// What run() was given null among its kernel table and buffers (null when
// nothing), for the message with which both communicators refuse it.
inline const char *missingRunArgument(const KernelFn *kernels, const void *send,
                                      const void *recv) {
  return !kernels ? "kernel table (kernels_for<> has none for that element "
                    "type and packet format)"
         : !send  ? "send buffer"
         : !recv  ? "receive buffer"
                  : nullptr;
}

// The threads per block of a launch: the count asked for, at least the
// plan's minThreads, lowered to a divisor of the plan's
// num_threads_per_block (the plan's count when asked for as many or
// more). The executor gives 16-byte unit u of an op to thread u mod that
// count, and the simulator decides which ops need a nop between them by
// it: with a divisor, bytes the plan's threads share stay on one thread.
inline uint32_t launchThreads(const PlanInfo &plan, uint32_t requested) {
  const uint32_t least = std::max(plan.minThreads, 1u);
  const uint32_t want = std::max(requested, least);
  const uint32_t count = plan.planThreads;
  if (count == 0 || least > count)
    return want;
  if (want >= count)
    return count;
  for (uint32_t d = want; d >= least; --d)
    if (count % d == 0)
      return d;
  for (uint32_t d = want + 1; d < count; ++d)
    if (count % d == 0)
      return d;
  return count;
}

inline RankLayout rankLayout(const PlanInfo &plan, int r, uint64_t size) {
  const bool allgather = std::string(plan.collective) == "allgather";
  const bool reducescatter = std::string(plan.collective) == "reducescatter";
  const RankInfo &info = plan.rank[r];
  RankLayout k;
  uint64_t ci = uint64_t(std::max<int64_t>(info.inputChunks, 0)),
           co = uint64_t(std::max<int64_t>(info.outputChunks, 0)),
           cs = uint64_t(std::max<int64_t>(info.scratchChunks, 0));
  if (allgather || ci == 0) {
    k.chunk = co ? size / co : 0;
    k.outputBytes = size;
    k.inputBytes = k.chunk * ci;
  } else {
    k.chunk = size / ci;
    k.inputBytes = size;
    k.outputBytes = k.chunk * co;
  }
  uint64_t send = 0, recv = 0;
  if (!plan.inplace) {
    send = k.inputBytes;
    recv = k.outputBytes;
  } else if (allgather) {
    k.inputAt = uint64_t(r) * k.inputBytes;
    recv = std::max<uint64_t>(k.outputBytes, (uint64_t(r) + 1) * k.inputBytes);
  } else if (reducescatter) {
    k.outputAt = uint64_t(r) * k.outputBytes;
    send = std::max<uint64_t>(k.inputBytes, (uint64_t(r) + 1) * k.outputBytes);
  } else {
    send = std::max(k.inputBytes, k.outputBytes);
  }
  uint64_t range = plan.inplace ? std::max(send, recv) : 0;
  uint64_t irng =
      std::min<uint64_t>(plan.inplace ? range : send, plan.maxMessageSize);
  uint64_t orng =
      std::min<uint64_t>(plan.inplace ? range : recv, plan.maxMessageSize);
  uint64_t perChunk = ci ? (irng + ci - 1) / ci : co ? (orng + co - 1) / co : 0;
  uint64_t align = uint64_t(std::max<int64_t>(plan.bufferAlignment, 1));
  k.scratchChunk = k.chunk;
  if (plan.reuseResources && cs > 0) {
    // §2.5: a fixed 128 MiB scratch, streamed through in slots.
    k.scratchBytes = uint64_t(128) << 20;
    uint64_t logical = (uint64_t(64) << 20) / (plan.doubleScratch ? 2 : 1);
    k.slot = ((logical + cs - 1) / cs + align - 1) / align * align;
    if (k.slot < k.chunk)
      k.scratchChunk = k.slot;
  } else {
    uint64_t scratch = perChunk * cs * (plan.protocol == Protocol::LL ? 2 : 1) *
                       (plan.doubleScratch ? 2 : 1);
    k.scratchBytes = (scratch + align - 1) / align * align;
  }
  k.sendBytes = send;
  k.recvBytes = recv;
  k.sendIsRecv = plan.inplace && allgather;
  k.recvIsSend = plan.inplace && !allgather;
  return k;
}

// A rank's buffers placed in its three allocations (send, receive,
// scratch): the allocation bases with the in-place alias applied, the user
// pointers kernels see, and their offsets in the bases.
struct Placement {
  char *space[3] = {nullptr, nullptr, nullptr};
  char *user[3] = {nullptr, nullptr, nullptr};
  uint64_t userOffset[3] = {0, 0, 0};
  // Buffer `type` in packet space, where a peer addresses it: the offset
  // doubles (the simulator's addressing of a remote packet buffer).
  char *packet(int type) const { return space[type] + 2 * userOffset[type]; }
};
inline Placement place(const RankLayout &l, char *send, char *recv,
                       char *scratch) {
  if (l.sendIsRecv)
    send = recv;
  if (l.recvIsSend)
    recv = send;
  Placement p;
  p.space[0] = send;
  p.space[1] = recv;
  p.space[2] = scratch;
  p.userOffset[0] = l.inputAt;
  p.userOffset[1] = l.outputAt;
  p.user[0] = send + l.inputAt;
  p.user[1] = recv + l.outputAt;
  p.user[2] = scratch;
  return p;
}

// The peer's channel paired with rank r's g-th channel of a type (an
// index into the peer's memory or port channels), or -1.
inline int pairedChannel(const PlanInfo &plan, int r, int g, bool port) {
  const RankInfo &mine = plan.rank[r];
  const int *peers = port ? mine.portPeers : mine.memoryPeers;
  int peer = peers[g];
  int occurrence = 0;
  for (int h = 0; h < g; ++h)
    occurrence += peers[h] == peer;
  const RankInfo &theirs = plan.rank[peer];
  const int *back = port ? theirs.portPeers : theirs.memoryPeers;
  int count = port ? theirs.numPort : theirs.numMemory;
  for (int h = 0, seen = 0; h < count; ++h)
    if (back[h] == r && seen++ == occurrence)
      return h;
  return -1;
}

// Per rank, per switch channel: the (rank, channel) ends of its group.
using SwitchEnds = std::vector<std::pair<int, int>>;
inline std::vector<std::vector<SwitchEnds>> switchGroups(const PlanInfo &plan) {
  using Key = std::tuple<int, std::vector<int>, int>;
  std::map<Key, SwitchEnds> groups;
  for (int r = 0; r < plan.ranks; ++r) {
    const RankInfo &info = plan.rank[r];
    std::map<std::pair<int, std::vector<int>>, int> seen;
    for (int g = 0; g < info.numSwitch; ++g) {
      const SwitchInfo &s = info.switches[g];
      std::vector<int> members(s.members, s.members + s.numMembers);
      int occurrence = seen[{s.type, members}]++;
      groups[{s.type, members, occurrence}].push_back({r, g});
    }
  }
  std::vector<std::vector<SwitchEnds>> ends(size_t(plan.ranks));
  for (int r = 0; r < plan.ranks; ++r)
    ends[size_t(r)].assign(size_t(plan.rank[r].numSwitch), {});
  for (const auto &[key, group] : groups)
    for (auto [r, g] : group)
      ends[size_t(r)][size_t(g)] = group;
  return ends;
}

// Rank r's g-th switch channel over the ranks' placements: member m's
// buffer of the group's type at rank r's user offset, in data and in
// packet space (a multicast address adds the same offsets to the group's
// multicast base).
struct SwitchMembers {
  std::vector<char *> data, packet;
};
inline SwitchMembers switchMembers(const PlanInfo &plan, int r, int g,
                                   const std::vector<Placement> &places) {
  const SwitchInfo &s = plan.rank[r].switches[g];
  const Placement &mine = places[size_t(r)];
  SwitchMembers out;
  for (int m = 0; m < s.numMembers; ++m) {
    const Placement &member = places[size_t(s.members[m])];
    out.data.push_back(member.space[s.type] + mine.userOffset[s.type]);
    out.packet.push_back(member.space[s.type] + 2 * mine.userOffset[s.type]);
  }
  return out;
}

// The bytes of a rank's allocation `a` (0 send, 1 receive, 2 scratch):
// +16, so a zero-byte buffer still has an address.
inline uint64_t allocationBytes(const RankLayout &l, int a) {
  return (a == 0 ? l.sendBytes : a == 1 ? l.recvBytes : l.scratchBytes) + 16;
}

// Which of a rank's three allocations (send, receive, scratch) holds
// buffer `type` (in place, input and output share one).
inline int backingAllocation(const RankLayout &l, int type) {
  if (type == 0)
    return l.sendIsRecv ? 1 : 0;
  if (type == 1)
    return l.recvIsSend ? 0 : 1;
  return 2;
}

// NVLS multicast objects for a plan's switch channels, one per (buffer
// type, member list), so channels over the same buffers share one: the
// groups, or none when multicast cannot serve the plan (a rank holds a
// switch channel of a group it is not a member of, or two members of a
// group sit on one device: a multicast object binds one buffer per
// device). `device[r]`: rank r's device.
struct MulticastGroup {
  int type = 0;
  std::vector<int> members; // ranks, in group order
  uint64_t bytes = 0;       // bound from each member's allocation
};
inline std::vector<MulticastGroup>
multicastGroups(const PlanInfo &plan, const std::vector<int> &device) {
  std::map<std::pair<int, std::vector<int>>, MulticastGroup> groups;
  for (int r = 0; r < plan.ranks; ++r)
    for (int g = 0; g < plan.rank[r].numSwitch; ++g) {
      const SwitchInfo &s = plan.rank[r].switches[g];
      std::vector<int> members(s.members, s.members + s.numMembers);
      if (std::find(members.begin(), members.end(), r) == members.end())
        return {};
      std::vector<int> used;
      for (int m : members) {
        int d = device[size_t(m)];
        if (std::find(used.begin(), used.end(), d) != used.end())
          return {};
        used.push_back(d);
      }
      groups[{s.type, members}] = MulticastGroup{s.type, members, 0};
    }
  std::vector<MulticastGroup> out;
  for (auto &[key, group] : groups)
    out.push_back(std::move(group));
  return out;
}

// Sizes the groups' objects and their members' allocations: each member's
// allocation of the group's type (send, receive or scratch, after the
// in-place alias) is bound whole from offset 0, so every allocation of a
// member is a multiple of `granularity` and each bound one at least the
// group's largest. Returns, per rank, the three allocation sizes (0: not a
// member of any group, a plain allocation does).
inline std::vector<std::array<uint64_t, 3>>
sizeMulticast(std::vector<MulticastGroup> &groups,
              const std::vector<RankLayout> &layouts, uint64_t granularity) {
  auto roundUp = [&](uint64_t n) {
    return (n + granularity - 1) / granularity * granularity;
  };
  std::vector<std::array<uint64_t, 3>> physical(layouts.size(), {0, 0, 0});
  for (MulticastGroup &group : groups) {
    group.bytes = 0;
    for (int m : group.members) {
      const RankLayout &l = layouts[size_t(m)];
      group.bytes = std::max(
          group.bytes,
          roundUp(allocationBytes(l, backingAllocation(l, group.type))));
    }
    for (int m : group.members) {
      const RankLayout &l = layouts[size_t(m)];
      std::array<uint64_t, 3> &mine = physical[size_t(m)];
      for (int a = 0; a < 3; ++a)
        mine[size_t(a)] =
            std::max(mine[size_t(a)], roundUp(allocationBytes(l, a)));
      uint64_t &bound = mine[size_t(backingAllocation(l, group.type))];
      bound = std::max(bound, group.bytes);
    }
  }
  return physical;
}

} // namespace mscclc::rt::layout
