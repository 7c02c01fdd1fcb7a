// ThinList: the chunk operand lists of chunk IR ops in one word, behaving
// like std::vector for everything the IR does with them, across the small
// (exact, count in the pointer) and large (header, doubling) forms.
#include "mscclc/ir/ChunkIR.h"

#include <catch2/catch.hpp>

#include <vector>

using mscclc::ThinList;
using mscclc::chunk::Chunk;

namespace {
std::vector<int> contents(const ThinList<int> &l) {
  return std::vector<int>(l.begin(), l.end());
}
std::vector<int> upTo(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}
} // namespace

TEST_CASE("ThinList is one word; a small list holds exactly its size", "[ir]") {
  STATIC_REQUIRE(sizeof(ThinList<Chunk>) == 8);
  STATIC_REQUIRE(sizeof(mscclc::chunk::ChunkList) == 8);
  ThinList<Chunk> chunks;
  CHECK(chunks.empty());
  CHECK(chunks.capacity() == 0);
  CHECK(chunks.begin() == chunks.end());
  chunks.push_back(Chunk{1, mscclc::plan::BufferType::Output, 0, 2, 3});
  CHECK(chunks.capacity() == 1);
  chunks.push_back(chunks[0]); // an element of the list itself
  CHECK(chunks.size() == 2);
  CHECK(chunks.capacity() == 2);
  CHECK(chunks[1].rank == 1);
  CHECK(chunks[1].index == 2);
  CHECK(chunks[1].size == 3);
  chunks.pop_back();
  CHECK(chunks.size() == 1);
  chunks.pop_back();
  CHECK(chunks.empty());
  CHECK(chunks.data() == nullptr);
}

TEST_CASE("ThinList grows from the small form into the large one and back",
          "[ir]") {
  ThinList<int> l;
  for (int i = 0; i < 40; ++i) {
    l.push_back(i);
    REQUIRE(l.size() == size_t(i + 1));
    REQUIRE(l.capacity() >= l.size());
  }
  CHECK(contents(l) == upTo(40));
  CHECK(l.capacity() >= 40);
  // Erasing keeps the large form and its capacity.
  l.erase(l.begin() + 3, l.end());
  CHECK(contents(l) == upTo(3));
  CHECK(l.capacity() >= 15);
  l.insert(l.end(), 3);
  CHECK(contents(l) == upTo(4));
  // A copy of a short large list is small and exact.
  ThinList<int> copy = l;
  CHECK(contents(copy) == upTo(4));
  CHECK(copy.capacity() == 4);
  // Exactly at the boundary: 14 small, 15 large.
  ThinList<int> edge(upTo(14));
  CHECK(edge.capacity() == 14);
  edge.push_back(14);
  CHECK(contents(edge) == upTo(15));
  CHECK(edge.capacity() >= 15);
  // reserve moves a small list to the large form without changing it.
  ThinList<int> reserved{7, 8};
  reserved.reserve(5);
  CHECK(contents(reserved) == std::vector<int>{7, 8});
  CHECK(reserved.capacity() >= 5);
  const int *before = reserved.data();
  reserved.push_back(9);
  reserved.push_back(10);
  CHECK(reserved.data() == before); // no move within the reserved room
  CHECK(contents(reserved) == std::vector<int>{7, 8, 9, 10});
}

TEST_CASE("ThinList inserts, erases and copies like std::vector", "[ir]") {
  ThinList<int> l{1, 2, 3};
  l.insert(l.begin() + 1, 9);
  CHECK(contents(l) == std::vector<int>{1, 9, 2, 3});
  std::vector<int> more{5, 6};
  l.insert(l.end(), more.begin(), more.end());
  CHECK(contents(l) == std::vector<int>{1, 9, 2, 3, 5, 6});
  // A range from the list itself (it moves while growing).
  l.insert(l.begin(), l.begin() + 4, l.end());
  CHECK(contents(l) == std::vector<int>{5, 6, 1, 9, 2, 3, 5, 6});
  l.erase(l.begin() + 2);
  CHECK(contents(l) == std::vector<int>{5, 6, 9, 2, 3, 5, 6});
  l.erase(l.begin(), l.begin() + 3);
  CHECK(contents(l) == std::vector<int>{2, 3, 5, 6});
  l.push_back(l[0]);
  CHECK(contents(l) == std::vector<int>{2, 3, 5, 6, 2});
  l.insert(l.begin() + 2, l[4]); // an element of the list, inserted inside
  CHECK(contents(l) == std::vector<int>{2, 3, 2, 5, 6, 2});

  ThinList<int> copy = l;
  CHECK(copy == l);
  copy[0] = 42;
  CHECK(copy != l);
  CHECK(l[0] == 2);
  ThinList<int> moved = std::move(copy);
  CHECK(moved[0] == 42);
  CHECK(copy.empty()); // NOLINT: moved-from lists are empty
  moved = l;
  CHECK(moved == l);
  moved = {4};
  CHECK(contents(moved) == std::vector<int>{4});
  moved = moved; // NOLINT: self-assignment keeps the list
  CHECK(contents(moved) == std::vector<int>{4});
  ThinList<int> fromVector = std::vector<int>{3, 1};
  CHECK(contents(fromVector) == std::vector<int>{3, 1});
  fromVector.resize(4);
  CHECK(contents(fromVector) == std::vector<int>{3, 1, 0, 0});
  fromVector.resize(20);
  CHECK(fromVector.size() == 20);
  CHECK(fromVector[19] == 0);
  fromVector.resize(1);
  CHECK(contents(fromVector) == std::vector<int>{3});
  fromVector.resize(0);
  CHECK(fromVector.empty());
  ThinList<int> self{5, 6, 7};
  self.assign(self.begin() + 1, self.end());
  CHECK(contents(self) == std::vector<int>{6, 7});
  self.clear();
  CHECK(self.empty());
  CHECK(self.emplace_back(3) == 3);
  CHECK(contents(self) == std::vector<int>{3});
}

TEST_CASE("ThinList keeps chunks through growth and copies", "[ir]") {
  ThinList<Chunk> chunks;
  for (int i = 0; i < 40; ++i)
    chunks.push_back(Chunk{i, mscclc::plan::BufferType::Scratch, 0, i * 2, 1});
  REQUIRE(chunks.size() == 40);
  for (int i = 0; i < 40; ++i) {
    CHECK(chunks[size_t(i)].rank == i);
    CHECK(chunks[size_t(i)].index == i * 2);
  }
  ThinList<Chunk> chunkCopy = chunks;
  CHECK(chunkCopy.size() == 40);
  CHECK(chunkCopy.back().index == 78);
  CHECK(chunkCopy.data() != chunks.data());
}

TEST_CASE("ThinList gives reserved room back with shrinkToFit", "[ir]") {
  // Reserved, then filled part way (a run of fusions that stopped early):
  // the contents stay, the storage is exact again, small when it fits.
  ThinList<int> l{1, 2};
  l.reserve(64);
  CHECK(l.capacity() == 64);
  for (int i = 3; i <= 5; ++i)
    l.push_back(i);
  l.shrinkToFit();
  CHECK(contents(l) == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(l.capacity() == 5);
  l.push_back(6); // the small form grows exactly again
  CHECK(contents(l) == std::vector<int>{1, 2, 3, 4, 5, 6});
  CHECK(l.capacity() == 6);

  // Past the small form's reach it stays large, with exact room.
  ThinList<int> big;
  big.reserve(100);
  for (int i = 0; i < 20; ++i)
    big.push_back(i);
  big.shrinkToFit();
  CHECK(contents(big) == upTo(20));
  CHECK(big.capacity() == 20);

  // Reserved and never used: nothing left behind.
  ThinList<int> unused;
  unused.reserve(10);
  unused.shrinkToFit();
  CHECK(unused.empty());
  CHECK(unused.capacity() == 0);
  CHECK(unused.data() == nullptr);

  // Exact lists are left alone.
  ThinList<int> exact{7, 8};
  const int *before = exact.data();
  exact.shrinkToFit();
  CHECK(exact.data() == before);
  CHECK(contents(exact) == std::vector<int>{7, 8});
}
