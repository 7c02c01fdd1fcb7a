//===- ThinList.h - an 8-byte list for chunk operand lists ---------------===//
//
// Every recorded op carries four chunk operand lists (local and remote
// sources and destinations), most of them empty or of one or two chunks,
// and a program records millions of ops. This list is one word: nothing
// when empty; while it holds at most SmallMax elements, a pointer to
// exactly that many with the count in the pointer's low bits (malloc
// blocks are 16-byte aligned); beyond that, a pointer to a header (size,
// capacity) followed by the elements, grown by doubling. A one-chunk list
// therefore costs the word and a 24-byte block, as a 16-byte CompactList
// did, and an empty one 8 bytes instead of 16. Elements must be trivially
// copyable (chunks): they are moved with memcpy. The std::vector-like
// interface is ListInterface's, shared with CompactList.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "mscclc/ir/ListInterface.h"

namespace mscclc {

template <typename T> class ThinList : public ListInterface<ThinList<T>, T> {
  static_assert(alignof(T) <= 8, "elements follow an 8-byte header");
  using Base = ListInterface<ThinList<T>, T>;
  friend Base;

public:
  using Base::erase;
  using typename Base::const_iterator;
  using typename Base::iterator;

  ThinList() = default;
  ThinList(std::initializer_list<T> items) {
    this->initFrom(items.begin(), items.size());
  }
  template <typename It,
            typename = typename std::iterator_traits<It>::iterator_category>
  ThinList(It first, It last) {
    this->insert(this->end(), first, last);
  }
  // From a std::vector, so lists built with the standard containers can be
  // stored as they are.
  ThinList(const std::vector<T> &items) {
    this->initFrom(items.data(), items.size());
  }
  ThinList(const ThinList &other) {
    this->initFrom(other.data(), other.size());
  }
  ThinList(ThinList &&other) noexcept : word_(other.word_) { other.word_ = 0; }
  ThinList &operator=(const ThinList &other) {
    if (this != &other) {
      ThinList copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  ThinList &operator=(ThinList &&other) noexcept {
    if (this != &other) {
      release();
      word_ = other.word_;
      other.word_ = 0;
    }
    return *this;
  }
  ThinList &operator=(std::initializer_list<T> items) {
    this->assign(items.begin(), items.end());
    return *this;
  }
  ~ThinList() { release(); }

  size_t size() const {
    const uintptr_t tag = word_ & TagMask;
    return tag == LargeTag ? header()->size : tag;
  }
  size_t capacity() const {
    const uintptr_t tag = word_ & TagMask;
    return tag == LargeTag ? header()->capacity : tag;
  }
  T *data() { return elements(); }
  const T *data() const { return elements(); }
  // Room for n elements without moving them.
  void reserve(size_t n) {
    if (n > capacity())
      makeLarge(size(), n);
  }
  // Gives back the room reserve() or doubling left: exact storage again,
  // in the small form when the list fits it.
  void shrinkToFit() {
    const size_t n = size();
    if (!isLarge() || n == capacity())
      return;
    if (n == 0)
      release();
    else if (n <= SmallMax)
      makeSmall(n, n);
    else
      makeLarge(n, n);
  }
  void clear() { release(); }
  void resize(size_t n) {
    const size_t old = size();
    if (n < old) {
      erase(this->begin() + n, this->end());
    } else if (n > old) {
      std::vector<T> added(n - old);
      insertRange(this->end(), added.data(), added.size());
    }
  }
  iterator erase(const_iterator first, const_iterator last) {
    T *d = data();
    const size_t at = size_t(first - d), n = size_t(last - first), old = size();
    if (n == 0)
      return d + at;
    if (at + n < old) // what follows the erased elements, if anything
      std::memmove(static_cast<void *>(d + at), d + at + n,
                   (old - at - n) * sizeof(T));
    if (isLarge()) {
      header()->size = uint32_t(old - n);
      return data() + at;
    }
    if (old == n) {
      release();
      return nullptr;
    }
    makeSmall(old - n, old - n); // a small list stays exact
    return data() + at;
  }

private:
  // Small: the count (1..SmallMax) in the low bits; large: LargeTag.
  static constexpr uintptr_t TagMask = 15, LargeTag = 15;
  static constexpr size_t SmallMax = 14;
  struct Header {
    uint32_t size;
    uint32_t capacity;
  };

  bool isLarge() const { return (word_ & TagMask) == LargeTag; }
  void *block() const { return reinterpret_cast<void *>(word_ & ~TagMask); }
  Header *header() const { return static_cast<Header *>(block()); }
  T *elements() const {
    if (word_ == 0)
      return nullptr;
    return isLarge() ? reinterpret_cast<T *>(header() + 1)
                     : static_cast<T *>(block());
  }
  void release() {
    std::free(block());
    word_ = 0;
  }
  static void *allocate(size_t bytes) {
    void *p = std::malloc(bytes);
    if (!p)
      throw std::bad_alloc();
    if (reinterpret_cast<uintptr_t>(p) & TagMask) { // never with glibc
      std::free(p);
      throw std::bad_alloc();
    }
    return p;
  }
  // Exact storage for `count` (1..SmallMax) elements, the first `keep` of
  // them the current ones; the caller fills the rest.
  void makeSmall(size_t keep, size_t count) {
    void *fresh = allocate(count * sizeof(T));
    if (keep)
      std::memcpy(fresh, data(), keep * sizeof(T));
    std::free(block());
    word_ = reinterpret_cast<uintptr_t>(fresh) | count;
  }
  // Storage for `capacity` elements holding the first `keep` current ones.
  void makeLarge(size_t keep, size_t capacity) {
    if (capacity > std::numeric_limits<uint32_t>::max())
      throw std::length_error("operand list too long");
    void *fresh = allocate(sizeof(Header) + capacity * sizeof(T));
    auto *h = static_cast<Header *>(fresh);
    h->size = uint32_t(keep);
    h->capacity = uint32_t(capacity);
    if (keep)
      std::memcpy(static_cast<void *>(h + 1), data(), keep * sizeof(T));
    std::free(block());
    word_ = reinterpret_cast<uintptr_t>(fresh) | LargeTag;
  }
  // Inserts `n` elements from `from` (not inside this list) at `pos`.
  iterator insertRange(const_iterator pos, const T *from, size_t n) {
    const size_t at = size_t(pos - data()), old = size();
    if (n == 0)
      return data() + at;
    const size_t need = old + n;
    if (need <= SmallMax && !isLarge()) {
      // Small lists are exact: grow to `need`, then open the gap.
      makeSmall(old, need);
    } else if (need > capacity()) {
      makeLarge(old, std::max(need, std::min<size_t>(
                                        2 * std::max(old, SmallMax),
                                        std::numeric_limits<uint32_t>::max())));
    }
    if (isLarge())
      header()->size = uint32_t(need);
    T *d = data();
    std::memmove(static_cast<void *>(d + at + n), d + at,
                 (old - at) * sizeof(T));
    std::memcpy(static_cast<void *>(d + at), from, n * sizeof(T));
    return d + at;
  }

  uintptr_t word_ = 0;
};

} // namespace mscclc
