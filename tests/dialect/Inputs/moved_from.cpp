// What a move leaves in its source, printed: natively (libstdc++) and by
// mscclc the lines must be the same (tests/dialect/moved_from.test).
#include <array>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Row {
  int id = 7;
  std::vector<int> peers;
};

// A user-declared copy constructor suppresses the implicit move: moving
// copies.
struct Pinned {
  std::vector<int> peers;
  Pinned() = default;
  Pinned(const Pinned &) = default;
  Pinned &operator=(const Pinned &) = default;
};

struct Tree {
  int val = 0;
  std::vector<Tree> kids;
};

struct Counter {
  int next = 0;
  std::vector<int> seen;
};

static int take(Counter &c) {
  c.seen.push_back(c.next);
  return c.next++;
}

static int sizeOf(std::vector<int> v) { return int(v.size()); }

static std::vector<int> made(int n) {
  std::vector<int> local(size_t(n), 1);
  return local; // moved out (or elided): nothing left to see
}

static void body() {
  // The pattern programs use: the frontier moves on, the next one starts
  // empty.
  std::vector<int> next{1, 2, 3};
  int visited = 0;
  for (int round = 0; round < 3; ++round) {
    std::vector<int> cur = std::move(next);
    for (int x : cur)
      if (x < 6)
        next.push_back(x + 3);
    visited += int(cur.size());
    printf("moved frontier %d %d %d\n", round, int(cur.size()),
           int(next.size()));
  }
  printf("moved visited %d\n", visited);

  std::vector<int> a{1, 2}, b;
  b = std::move(a);
  printf("moved vector-assign %d %d\n", int(a.size()), int(b.size()));

  std::string s = "abcdefghijklmnopqrstuvwxyz", t = "xy";
  std::string u = std::move(s);
  printf("moved string %d %d\n", int(s.size()), int(u.size()));
  std::string w = "ab";
  w = std::move(t);
  printf("moved string-assign %d %d\n", int(t.size()), int(w.size()));

  std::map<int, int> m{{1, 2}, {3, 4}};
  std::map<int, int> m2 = std::move(m);
  std::set<int> st{1, 2, 3}, st2;
  st2 = std::move(st);
  printf("moved map-set %d %d %d %d\n", int(m.size()), int(m2.size()),
         int(st.size()), int(st2.size()));

  Row r{3, {1, 2, 3}};
  Row r2 = std::move(r);
  printf("moved struct %d %d %d %d\n", r.id, int(r.peers.size()), r2.id,
         int(r2.peers.size()));
  Row r3;
  r3 = std::move(r2);
  printf("moved struct-assign %d %d %d\n", r2.id, int(r2.peers.size()),
         int(r3.peers.size()));

  Pinned p;
  p.peers = {4, 5};
  Pinned p2 = std::move(p);
  printf("moved pinned %d %d\n", int(p.peers.size()), int(p2.peers.size()));

  std::pair<int, std::vector<int>> pr{5, {1, 2}};
  auto pr2 = std::move(pr);
  printf("moved pair %d %d %d\n", pr.first, int(pr.second.size()),
         int(pr2.second.size()));

  std::optional<std::vector<int>> o = std::vector<int>{1, 2, 3};
  std::optional<std::vector<int>> o2 = std::move(o);
  printf("moved optional %d %d %d\n", int(o.has_value()), int(o->size()),
         int(o2->size()));

  std::array<std::vector<int>, 2> arr{std::vector<int>{1},
                                      std::vector<int>{2, 3}};
  auto arr2 = std::move(arr);
  printf("moved array %d %d %d\n", int(arr[0].size()), int(arr[1].size()),
         int(arr2[1].size()));

  std::vector<std::vector<int>> rows;
  std::vector<int> row{1, 2, 3};
  rows.push_back(std::move(row));
  printf("moved push_back %d %d\n", int(row.size()), int(rows[0].size()));
  row = {4, 5};
  rows.emplace_back(std::move(row));
  printf("moved emplace_back %d %d\n", int(row.size()), int(rows[1].size()));
  row = {6};
  rows.insert(rows.begin(), std::move(row));
  printf("moved insert %d %d\n", int(row.size()), int(rows[0].size()));
  row = {7, 8};
  rows.push_back(row); // an lvalue: copied
  printf("moved copy %d\n", int(row.size()));

  std::queue<std::vector<int>> q;
  std::vector<int> item{1, 2};
  q.push(std::move(item));
  printf("moved queue %d %d\n", int(item.size()), int(q.front().size()));

  // An unordered map builds the entry before it looks for the key.
  std::unordered_map<int, std::vector<int>> byPeer;
  std::vector<int> list{1, 2, 3};
  byPeer.emplace(1, std::move(list));
  printf("moved unordered-emplace %d %d\n", int(list.size()),
         int(byPeer[1].size()));
  list = {4, 4};
  byPeer.emplace(1, std::move(list));
  printf("moved unordered-emplace-again %d %d\n", int(list.size()),
         int(byPeer[1].size()));
  // std::map looks first: with the key there, nothing is moved.
  std::map<int, std::vector<int>> ordered{{1, {5}}};
  list = {6, 6};
  ordered.emplace(1, std::move(list));
  printf("moved map-emplace-present %d %d\n", int(list.size()),
         int(ordered[1].size()));
  list = {4};
  byPeer.insert_or_assign(1, std::move(list));
  printf("moved insert_or_assign %d %d\n", int(list.size()),
         int(byPeer[1].size()));

  const std::vector<int> fixed{1, 2};
  std::vector<int> fromConst = std::move(fixed); // binds to the copy
  printf("moved const %d %d\n", int(fixed.size()), int(fromConst.size()));

  std::vector<int> arg{1, 2, 3, 4};
  int n = sizeOf(std::move(arg));
  printf("moved by-value %d %d\n", n, int(arg.size()));
  printf("moved returned %d\n", int(made(3).size()));

  std::vector<int> part{1, 2, 3};
  std::pair<int, std::vector<int>> built(1, std::move(part));
  printf("moved pair-ctor %d %d\n", int(part.size()), int(built.second.size()));
  part = {4, 5};
  // Moved once every argument is evaluated: the size is read whole.
  std::pair<std::vector<int>, int> both{std::move(part), int(part.size())};
  printf("moved pair-order %d %d %d\n", int(part.size()),
         int(both.first.size()), both.second);
  part = {6, 7, 8};
  auto made2 = std::make_pair(2, std::move(part));
  printf("moved make_pair %d %d\n", int(part.size()), int(made2.second.size()));
  part = {9};
  auto tup = std::make_tuple(std::move(part), 3);
  printf("moved make_tuple %d %d\n", int(part.size()),
         int(std::get<0>(tup).size()));
  part = {1, 1};
  std::optional<std::vector<int>> held(std::move(part));
  printf("moved optional-ctor %d %d\n", int(part.size()), int(held->size()));
  part = {2, 2, 2};
  auto opt = std::make_optional(std::move(part));
  printf("moved make_optional %d %d\n", int(part.size()), int(opt->size()));
  std::pair<long, std::vector<int>> widened = std::move(built);
  printf("moved pair-convert %d %d %d\n", built.first, int(built.second.size()),
         int(widened.second.size()));
  part = {3, 3, 3};
  // Members are built in order: the second move finds the first's leftover.
  auto twice = std::make_pair(std::move(part), std::move(part));
  printf("moved twice %d %d %d\n", int(part.size()), int(twice.first.size()),
         int(twice.second.size()));
  std::vector<int> kept{1, 2};
  auto copiedPair = std::make_pair(kept, 1); // an lvalue: copied
  printf("moved make_pair-copy %d %d\n", int(kept.size()),
         int(copiedPair.first.size()));

  // The object assigned inside the source: assigned, then destroyed by
  // the move (the node keeps its number, its list goes).
  Tree node{1, {Tree{}}};
  node.kids[0] = std::move(node);
  printf("moved into-itself %d %d\n", node.val, int(node.kids.size()));
  // The source inside the object assigned: it goes with root's old
  // members.
  Tree root{2, {Tree{3, {Tree{}, Tree{}}}}};
  root = std::move(root.kids[0]);
  printf("moved out-of-itself %d %d\n", root.val, int(root.kids.size()));

  // The right side is read by the assignment, after the left side.
  Counter counted, counted2;
  std::vector<Counter> snap(3), snap2(3);
  snap[take(counted)] = std::move(counted);
  snap2[take(counted2)] = counted2;
  printf("moved read-late %d %d %d %d %d\n", snap[0].next,
         int(snap[0].seen.size()), int(counted.seen.size()), snap2[0].next,
         int(snap2[0].seen.size()));

  std::function<int()> f = [] { return 4; };
  std::function<int()> g = std::move(f);
  std::function<int()> h;
  h = std::move(g);
  printf("moved function %d %d %d\n", int(bool(f)), int(bool(g)), h());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(moved_from)
