// CompactList: the operand lists of chunk IR ops behave like std::vector
// for everything the IR does with them.
#include "mscclc/ir/ChunkIR.h"

#include <catch2/catch.hpp>

#include <vector>

using mscclc::CompactList;
using mscclc::chunk::ChannelRef;

namespace {
std::vector<int> contents(const CompactList<int> &l) {
  return std::vector<int>(l.begin(), l.end());
}
} // namespace

TEST_CASE("CompactList is 16 bytes and grows from an exact fit", "[ir]") {
  using mscclc::chunk::Chunk;
  STATIC_REQUIRE(sizeof(CompactList<Chunk>) == 16);
  STATIC_REQUIRE(sizeof(CompactList<ChannelRef>) == 16);
  CompactList<Chunk> chunks;
  CHECK(chunks.capacity() == 0); // a chunk does not fit in a pointer
  chunks.push_back(Chunk{1, mscclc::plan::BufferType::Output, 0, 2, 3});
  CHECK(chunks.capacity() == 1); // a one-element list holds one element
  chunks.push_back(chunks[0]);
  CHECK(chunks.size() == 2);
  CHECK(chunks[1].rank == 1);
  CHECK(chunks[1].index == 2);

  // Small elements: one lives in the pointer's place, more move out.
  CompactList<int> l;
  CHECK(l.empty());
  CHECK(l.capacity() == 1);
  l.push_back(7);
  CHECK(l.capacity() == 1);
  CHECK(l.data() == reinterpret_cast<const int *>(&l));
  l.push_back(8);
  l.push_back(9);
  CHECK(contents(l) == std::vector<int>{7, 8, 9});
  CHECK(l.capacity() >= 3);
  CHECK(l.front() == 7);
  CHECK(l.back() == 9);
  l.pop_back();
  CHECK(contents(l) == std::vector<int>{7, 8});
  l.clear();
  CHECK(l.empty());
  // Moving an inline list moves its element.
  CompactList<int> one{5};
  CompactList<int> other = std::move(one);
  CHECK(contents(other) == std::vector<int>{5});
  CHECK(other.data() == reinterpret_cast<const int *>(&other));
  CHECK(one.empty()); // NOLINT: moved-from lists are empty
  one = std::move(other);
  CHECK(contents(one) == std::vector<int>{5});
  one = std::move(l); // a heap list over an inline one
  CHECK(one.empty());
}

TEST_CASE("CompactList inserts, erases and copies like std::vector", "[ir]") {
  CompactList<int> l{1, 2, 3};
  l.insert(l.begin() + 1, 9);
  CHECK(contents(l) == std::vector<int>{1, 9, 2, 3});
  std::vector<int> more{5, 6};
  l.insert(l.end(), more.begin(), more.end());
  CHECK(contents(l) == std::vector<int>{1, 9, 2, 3, 5, 6});
  // A range from the list itself (it may move while growing).
  l.insert(l.begin(), l.begin() + 4, l.end());
  CHECK(contents(l) == std::vector<int>{5, 6, 1, 9, 2, 3, 5, 6});
  l.erase(l.begin() + 2);
  CHECK(contents(l) == std::vector<int>{5, 6, 9, 2, 3, 5, 6});
  l.erase(l.begin(), l.begin() + 3);
  CHECK(contents(l) == std::vector<int>{2, 3, 5, 6});
  l.push_back(l[0]); // an element of the list itself
  CHECK(contents(l) == std::vector<int>{2, 3, 5, 6, 2});

  CompactList<int> copy = l;
  CHECK(copy == l);
  copy[0] = 42;
  CHECK(copy != l);
  CHECK(l[0] == 2);
  CompactList<int> moved = std::move(copy);
  CHECK(moved[0] == 42);
  CHECK(copy.empty()); // NOLINT: moved-from lists are empty
  moved = l;
  CHECK(moved == l);
  moved = {4};
  CHECK(contents(moved) == std::vector<int>{4});
  CompactList<int> fromVector = std::vector<int>{3, 1};
  CHECK(contents(fromVector) == std::vector<int>{3, 1});
  fromVector.resize(4);
  CHECK(contents(fromVector) == std::vector<int>{3, 1, 0, 0});
}

TEST_CASE("CompactList holds channel references", "[ir]") {
  CompactList<ChannelRef> l;
  l.emplace_back(ChannelRef{mscclc::plan::ChannelType::Port, 3});
  l.push_back(ChannelRef{mscclc::plan::ChannelType::Memory, 1});
  REQUIRE(l.size() == 2);
  CHECK(l[0].kind == mscclc::plan::ChannelType::Port);
  CHECK(l[0].globalId == 3);
  CHECK(l[1].globalId == 1);
}

TEST_CASE("CompactList copies, grows and shrinks across its two forms",
          "[ir]") {
  using mscclc::chunk::Chunk;
  // An inline one-element list copied and copy-assigned both ways.
  CompactList<int> one{4};
  CompactList<int> copy = one;
  CHECK(contents(copy) == std::vector<int>{4});
  CHECK(copy.data() == reinterpret_cast<const int *>(&copy));
  CompactList<int> many{1, 2, 3};
  copy = many; // heap over inline
  CHECK(contents(copy) == std::vector<int>{1, 2, 3});
  copy = one; // inline content into a heap list
  CHECK(contents(copy) == std::vector<int>{4});
  many.erase(many.begin() + 1, many.end()); // down to one, still on the heap
  CompactList<int> fromShrunk = many;
  CHECK(contents(fromShrunk) == std::vector<int>{1});
  // Assigning a list's own range to it.
  CompactList<int> self{5, 6, 7};
  self.assign(self.begin() + 1, self.end());
  CHECK(contents(self) == std::vector<int>{6, 7});

  // Chunks always live on the heap: growing reallocates and keeps them.
  CompactList<Chunk> chunks;
  for (int i = 0; i < 40; ++i)
    chunks.push_back(Chunk{i, mscclc::plan::BufferType::Scratch, 0, i * 2, 1});
  REQUIRE(chunks.size() == 40);
  for (int i = 0; i < 40; ++i) {
    CHECK(chunks[size_t(i)].rank == i);
    CHECK(chunks[size_t(i)].index == i * 2);
  }
  CompactList<Chunk> chunkCopy = chunks;
  CHECK(chunkCopy.size() == 40);
  CHECK(chunkCopy.back().index == 78);
  CHECK(chunkCopy.data() != chunks.data());
}

TEST_CASE("CompactList gives reserved room back with shrinkToFit", "[ir]") {
  // Channels: one element goes back into the pointer's place.
  CompactList<ChannelRef> one{{mscclc::plan::ChannelType::Port, 9}};
  one.reserve(32);
  CHECK(one.capacity() == 32);
  one.shrinkToFit();
  CHECK(one.capacity() == 1);
  CHECK(one.data() == reinterpret_cast<const ChannelRef *>(&one));
  CHECK(one[0].kind == mscclc::plan::ChannelType::Port);
  CHECK(one[0].globalId == 9);

  // Several: an exact heap block with the same contents.
  CompactList<int> some{1, 2, 3};
  some.reserve(100);
  some.push_back(4);
  some.shrinkToFit();
  CHECK(contents(some) == std::vector<int>{1, 2, 3, 4});
  CHECK(some.capacity() == 4);
  some.push_back(5); // and it grows again from there
  CHECK(contents(some) == std::vector<int>{1, 2, 3, 4, 5});

  // Emptied after a reservation: back to the empty inline form.
  CompactList<int> emptied{1, 2};
  emptied.reserve(8);
  emptied.clear();
  emptied.shrinkToFit();
  CHECK(emptied.empty());
  CHECK(emptied.capacity() == 1);

  // Chunks have no inline form: one stays on the heap, exact.
  using mscclc::chunk::Chunk;
  CompactList<Chunk> chunks;
  chunks.reserve(16);
  chunks.push_back(Chunk{2, mscclc::plan::BufferType::Input, 0, 5, 1});
  chunks.shrinkToFit();
  CHECK(chunks.capacity() == 1);
  CHECK(chunks[0].index == 5);
}
