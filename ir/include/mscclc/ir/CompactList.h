//===- CompactList.h - a 16-byte vector for op operand lists -------------===//
//
// Every recorded op carries a list of the channels it uses, almost always
// empty or of one element, and a program records millions of ops (its
// chunk operand lists are ThinLists, ThinList.h). A std::vector costs 24 bytes
// even when empty; this list is a pointer and two 32-bit counts (16 bytes),
// grows from an exact fit (a one-element list holds one element), and keeps the
// parts of std::vector's interface the IR uses. An element no larger than a
// pointer (a channel reference) is stored in the pointer's place while the list
// holds one, so such a list allocates nothing. Elements must be trivially
// copyable (channel references): they are moved with memcpy.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
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

template <typename T>
class CompactList : public ListInterface<CompactList<T>, T> {
  using Base = ListInterface<CompactList<T>, T>;
  friend Base;

public:
  using Base::erase;
  using typename Base::const_iterator;
  using typename Base::iterator;

  CompactList() = default;
  CompactList(std::initializer_list<T> items) {
    this->initFrom(items.begin(), items.size());
  }
  template <typename It,
            typename = typename std::iterator_traits<It>::iterator_category>
  CompactList(It first, It last) {
    this->insert(this->end(), first, last);
  }
  // From a std::vector, so lists built with the standard containers can be
  // stored as they are.
  CompactList(const std::vector<T> &items) {
    this->initFrom(items.data(), items.size());
  }
  CompactList(const CompactList &other) { copyFrom(other); }
  CompactList(CompactList &&other) noexcept { take(other); }
  CompactList &operator=(const CompactList &other) {
    if (this != &other) {
      clear();
      copyFrom(other);
    }
    return *this;
  }
  CompactList &operator=(CompactList &&other) noexcept {
    if (this != &other) {
      release();
      take(other);
    }
    return *this;
  }
  CompactList &operator=(std::initializer_list<T> items) {
    this->assign(items.begin(), items.end());
    return *this;
  }
  ~CompactList() { release(); }

  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  T *data() {
    return isInline() ? reinterpret_cast<T *>(storage_.inlined) : storage_.heap;
  }
  const T *data() const {
    return isInline() ? reinterpret_cast<const T *>(storage_.inlined)
                      : storage_.heap;
  }
  void reserve(size_t n) {
    if (n <= capacity_)
      return;
    if (n > std::numeric_limits<uint32_t>::max())
      throw std::length_error("operand list too long");
    if (isInline()) {
      void *heap = std::malloc(n * sizeof(T));
      if (!heap)
        throw std::bad_alloc();
      std::memcpy(heap, storage_.inlined, size_ * sizeof(T));
      storage_.heap = static_cast<T *>(heap);
    } else {
      void *grown =
          std::realloc(static_cast<void *>(storage_.heap), n * sizeof(T));
      if (!grown)
        throw std::bad_alloc();
      storage_.heap = static_cast<T *>(grown);
    }
    capacity_ = uint32_t(n);
  }
  // Gives back the room reserve() or doubling left: an exact fit again (in
  // the pointer's place for one small element).
  void shrinkToFit() {
    if (isInline() || capacity_ == size_)
      return;
    if (size_ == 0) {
      release();
      return;
    }
    if constexpr (InlineCapacity == 1) {
      if (size_ == 1) {
        T kept;
        std::memcpy(static_cast<void *>(&kept), storage_.heap, sizeof(T));
        release();
        std::memcpy(storage_.inlined, static_cast<const void *>(&kept),
                    sizeof(T));
        size_ = 1;
        return;
      }
    }
    // Shrinking in place: realloc gives the tail back without moving.
    if (void *fitted = std::realloc(static_cast<void *>(storage_.heap),
                                    size_t(size_) * sizeof(T)))
      storage_.heap = static_cast<T *>(fitted);
    capacity_ = size_;
  }
  void clear() { size_ = 0; }
  void resize(size_t n) {
    reserve(n);
    for (size_t i = size_; i < n; ++i)
      data()[i] = T{};
    size_ = uint32_t(n);
  }
  iterator erase(const_iterator first, const_iterator last) {
    T *d = data();
    size_t at = size_t(first - d), n = size_t(last - first);
    std::memmove(static_cast<void *>(d + at), d + at + n,
                 (size_ - at - n) * sizeof(T));
    size_ -= uint32_t(n);
    return d + at;
  }

private:
  // Inserts `n` elements from `from` (not inside this list) at `pos`.
  iterator insertRange(const_iterator pos, const T *from, size_t n) {
    size_t at = size_t(pos - data());
    if (n == 0)
      return data() + at;
    growFor(n);
    T *d = data();
    std::memmove(static_cast<void *>(d + at + n), d + at,
                 (size_ - at) * sizeof(T));
    std::memcpy(static_cast<void *>(d + at), from, n * sizeof(T));
    size_ += uint32_t(n);
    return d + at;
  }
  // Appends another list's elements (never this list's own).
  void copyFrom(const CompactList &other) {
    reserve(size_t(size_) + other.size_);
    if (other.size_)
      std::memcpy(static_cast<void *>(data() + size_), other.data(),
                  other.size_ * sizeof(T));
    size_ += other.size_;
  }
  // One element in the pointer's place when it fits.
  static constexpr uint32_t InlineCapacity =
      sizeof(T) <= sizeof(T *) && alignof(T) <= alignof(T *) ? 1 : 0;
  bool isInline() const { return InlineCapacity == 1 && capacity_ == 1; }
  void release() {
    if (!isInline())
      std::free(storage_.heap);
    storage_.heap = nullptr;
    size_ = 0;
    capacity_ = InlineCapacity;
  }
  void take(CompactList &other) {
    storage_ = other.storage_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.storage_.heap = nullptr;
    other.size_ = 0;
    other.capacity_ = InlineCapacity;
  }
  // Room for `extra` more: exact for the first elements, then doubling.
  void growFor(size_t extra) {
    size_t need = size_t(size_) + extra;
    if (need <= capacity_)
      return;
    size_t doubled = std::min<size_t>(size_t(capacity_) * 2,
                                      std::numeric_limits<uint32_t>::max());
    reserve(std::max(need, doubled));
  }

  union Storage {
    T *heap;
    alignas(T *) unsigned char inlined[sizeof(T *)];
  } storage_{nullptr};
  uint32_t size_ = 0;
  uint32_t capacity_ = InlineCapacity;
};

} // namespace mscclc
