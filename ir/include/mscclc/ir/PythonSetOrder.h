//===- PythonSetOrder.h - the order Python prints a set of channel ids in -===//
//
// The reference DSL keeps a signal's, wait's or flush's channel ids in a
// Python set and writes list(set) into the plan, so the plan lists them in
// CPython's iteration order: the order of the set's hash table slots. That
// order is the ascending one while the ids are below the table's size, and
// another beyond (ids 9 and 1 fused give [9, 1]). It matters beyond bytes:
// thread k of the op signals or waits on the k-th channel, and a program
// may rely on that thread having pushed the transfer on the same channel.
//
// pythonSetOrder replays what the reference does to the set of a fused op
// (dsl-semantics.md §4.6), in CPython 3's set algorithm for small
// non-negative ints (hash(i) == i): each fused op is
// set(ops_set | {next id}), and replication's deepcopy rebuilds every set
// as set(list(s)) before the plan is written.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

namespace mscclc::plan {

// `fused` holds the op's thread-block channel ids in the order fusion
// took them in (the first op's first), each once. Returns them in the
// order the reference writes them.
std::vector<int32_t> pythonSetOrder(const std::vector<int32_t> &fused);

} // namespace mscclc::plan
