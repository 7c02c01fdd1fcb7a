// Double binary tree all-reduce, in place: the input is cut into one part
// per tree; tree t (built by recursive bisection of the ranks, shifted by
// t * shift) reduces part t up to its root, then broadcasts it down, on
// thread block t. Children put their partial sums into slots of the
// parent's scratch; the parent reduces the slots into its input. Written
// with a std::function recursion, a class template over the channel type
// and `if constexpr` (port channels use put_with_signal forms). Twin of
// ar_double_binary_tree.py.
#include <algorithm>
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
#include <tuple>
#include <type_traits>
#include <vector>
using namespace mscclpp::dsl;

struct Trees {
  int n;
  std::vector<std::vector<int>> parent;
  std::vector<std::vector<std::vector<int>>> children;
  Trees(int n_, int ntrees, int shift) : n(n_) {
    std::vector<std::vector<int>> par_(ntrees, std::vector<int>(n_, -1));
    std::vector<std::vector<std::vector<int>>> ch_(
        ntrees, std::vector<std::vector<int>>(n_));
    std::function<void(int, int, int, int)> build = [&](int t, int lo, int hi,
                                                        int par) {
      if (lo > hi)
        return;
      const int mid = (lo + hi) / 2;
      const int node = (mid + t * shift) % n_;
      par_[t][node] = par;
      if (par >= 0)
        ch_[t][par].push_back(node);
      build(t, lo, mid - 1, node);
      build(t, mid + 1, hi, node);
    };
    for (int t = 0; t < ntrees; ++t)
      build(t, 0, n_ - 1, -1);
    parent = par_;
    children = ch_;
  }
  int index_of(int t, int p, int c) const {
    const auto &v = children[t][p];
    return std::find(v.begin(), v.end(), c) - v.begin();
  }
};

template <class Chan>
void run(int n, int cf, int ntrees, const Trees &tr, bool port) {
  const int total = n * cf, part = total / ntrees;
  std::map<std::tuple<int, int>, Chan> up, down;
  for (int t = 0; t < ntrees; ++t)
    for (int c = 0; c < n; ++c) {
      const int p = tr.parent[t][c];
      if (p >= 0) {
        up.emplace(std::make_tuple(t, c), Chan(p, c));
        down.emplace(std::make_tuple(t, c), Chan(c, p));
      }
    }
  std::vector<int> nslots(n);
  for (int r = 0; r < n; ++r) {
    std::size_t m = 0;
    for (int t = 0; t < ntrees; ++t)
      m = std::max(m, tr.children[t][r].size());
    nslots[r] = std::max<int>(1, m);
  }
  std::vector<Buffer> scr;
  for (int r = 0; r < n; ++r)
    scr.emplace_back(r, nslots[r] * part * ntrees);
  auto slot = [&](int r, int t, int k) {
    const int o = (t * nslots[r] + k) * part;
    return scr[r].slice(o, o + part);
  };
  auto mine = [&](int r, int t) {
    return Rank(r).get_input_buffer().slice(t * part, (t + 1) * part);
  };
  for (int t = 0; t < ntrees; ++t) {
    for (int r = 0; r < n; ++r) {
      int k = 0;
      for (int c : tr.children[t][r]) {
        down.at({t, c}).wait({.tb = t, .data_sync = SyncType::after});
        Rank(r).reduce(mine(r, t), {slot(r, t, k)}, {.tb = t});
        ++k;
      }
      const int p = tr.parent[t][r];
      if (p >= 0) {
        const int kk = tr.index_of(t, p, r);
        if constexpr (std::is_same_v<Chan, PortChannel>) {
          up.at({t, r}).put_with_signal(slot(p, t, kk), mine(r, t), {.tb = t});
        } else {
          up.at({t, r}).put(slot(p, t, kk), mine(r, t), {.tb = t});
          up.at({t, r}).signal({.tb = t, .data_sync = SyncType::before});
        }
      }
    }
    for (int r = 0; r < n; ++r) {
      if (tr.parent[t][r] >= 0)
        up.at({t, r}).wait({.tb = t, .data_sync = SyncType::after});
      for (int c : tr.children[t][r]) {
        if constexpr (std::is_same_v<Chan, PortChannel>) {
          down.at({t, c}).put_with_signal_and_flush(mine(c, t), mine(r, t),
                                                    {.tb = t});
        } else {
          down.at({t, c}).put(mine(c, t), mine(r, t), {.tb = t});
          down.at({t, c}).signal({.tb = t, .data_sync = SyncType::before});
        }
      }
    }
  }
}

MSCCLPP_ALGORITHM void ar_double_binary_tree(int n = 8, int cf = 1,
                                             int instances = 1, int shift = 1,
                                             int ntrees = 2,
                                             bool port = false) {
  AllReduce coll(n, cf, true);
  CollectiveProgram program(
      "ar_double_binary_tree", coll, n,
      {.instances = instances, .protocol = Protocol::Simple});
  const Trees tr(n, ntrees, shift);
  if (port)
    run<PortChannel>(n, cf, ntrees, tr, port);
  else
    run<MemoryChannel>(n, cf, ntrees, tr, port);
}
