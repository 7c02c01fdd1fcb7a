//===- PythonSetOrder.cpp - CPython's set iteration order -----------------===//
//
// A model of CPython's setobject.c (3.x) for keys that are small
// non-negative ints, whose hash is the int itself: an open-addressing
// table of a power-of-two size, probed linearly (up to 9 slots on, when
// they fit before the table's end) and then by i = 5i + 1 + perturb, grown
// when it is 3/5 full. Nothing is ever removed, so there are no dummies.
//
//===----------------------------------------------------------------------===//
#include "mscclc/ir/PythonSetOrder.h"

#include <algorithm>
#include <cstddef>

namespace mscclc::plan {
namespace {

constexpr size_t MinSize = 8;      // PySet_MINSIZE
constexpr size_t LinearProbes = 9; // LINEAR_PROBES
constexpr unsigned PerturbShift = 5;
constexpr int64_t Empty = -1;

// One Python set, changed in place the way the reference's fusion changes
// the op's set from one fusion to the next.
class PySet {
public:
  explicit PySet(int64_t first) : table_(MinSize, Empty) { add(first); }

  // set(list): set_add_key for each item in turn.
  explicit PySet(const std::vector<int64_t> &items) : table_(MinSize, Empty) {
    for (int64_t key : items)
      add(key);
  }

  // What set_merge gives merging this set into an empty one (set(s) and
  // set_copy): the same table when the empty one, sized for the keys,
  // has this one's size; else the keys inserted again, in slot order.
  void copy() {
    size_t size = MinSize;
    if (used_ * 5 >= (MinSize - 1) * 3)
      size = sizeAbove(used_ * 2);
    if (size != table_.size())
      rebuild(size);
  }

  // set_merge(this, {key}) of a set that is not empty.
  void mergeOne(int64_t key) {
    if ((fill_ + 1) * 5 >= mask() * 3)
      rebuild(sizeAbove((used_ + 1) * 2));
    add(key);
  }

  // The keys in iteration order.
  std::vector<int64_t> items() const {
    std::vector<int64_t> out;
    out.reserve(used_);
    for (int64_t key : table_)
      if (key != Empty)
        out.push_back(key);
    return out;
  }

private:
  std::vector<int64_t> table_;
  size_t fill_ = 0, used_ = 0;

  size_t mask() const { return table_.size() - 1; }

  static size_t sizeAbove(size_t minUsed) {
    size_t size = MinSize;
    while (size <= minUsed)
      size <<= 1;
    return size;
  }

  // set_add_entry.
  void add(int64_t key) {
    const size_t mask = this->mask();
    size_t perturb = size_t(key);
    size_t i = size_t(key) & mask;
    while (true) {
      const size_t probes = i + LinearProbes <= mask ? LinearProbes : 0;
      for (size_t at = i; at <= i + probes; ++at) {
        if (table_[at] == key)
          return;
        if (table_[at] == Empty) {
          table_[at] = key;
          ++fill_;
          ++used_;
          if (fill_ * 5 >= mask * 3)
            rebuild(sizeAbove(used_ > 50000 ? used_ * 2 : used_ * 4));
          return;
        }
      }
      perturb >>= PerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  // set_insert_clean: the key is not in the table, and there is room.
  static void insertClean(std::vector<int64_t> &table, int64_t key) {
    const size_t mask = table.size() - 1;
    size_t perturb = size_t(key);
    size_t i = size_t(key) & mask;
    while (true) {
      const size_t probes = i + LinearProbes <= mask ? LinearProbes : 0;
      for (size_t at = i; at <= i + probes; ++at)
        if (table[at] == Empty) {
          table[at] = key;
          return;
        }
      perturb >>= PerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  // set_table_resize to `size` slots: the keys inserted again in the old
  // table's slot order (even at the same size).
  void rebuild(size_t size) {
    std::vector<int64_t> old(size, Empty);
    old.swap(table_);
    for (int64_t key : old)
      if (key != Empty)
        insertClean(table_, key);
    fill_ = used_;
  }
};

} // namespace

std::vector<int32_t> pythonSetOrder(const std::vector<int32_t> &fused) {
  if (fused.size() < 2)
    return fused;
  // While every id is below the smallest table's size, each sits in the
  // slot of its own value: the order is ascending, whatever the fusion
  // order.
  if (std::all_of(fused.begin(), fused.end(),
                  [](int32_t id) { return id >= 0 && size_t(id) < MinSize; })) {
    std::vector<int32_t> order = fused;
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
    return order;
  }
  PySet set(fused[0]);
  for (size_t k = 1; k < fused.size(); ++k) {
    // SignalOperation(channels_ids=self.channel_ids | other.channel_ids):
    // set_or copies the left set and merges the right one into the copy;
    // the constructor's set() copies the union again.
    set.copy();
    set.mergeOne(fused[k]);
    set.copy();
  }
  // copy.deepcopy of the thread block at replication rebuilds the set
  // from its list.
  std::vector<int64_t> order = PySet(set.items()).items();
  return std::vector<int32_t>(order.begin(), order.end());
}

} // namespace mscclc::plan
