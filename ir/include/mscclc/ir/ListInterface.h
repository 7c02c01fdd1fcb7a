//===- ListInterface.h - the std::vector face of the operand lists --------===//
//
// CompactList (channel lists) and ThinList (chunk lists) store their
// elements differently but offer the IR the same part of std::vector's
// interface. This base supplies that part once, from what each list
// provides: data(), size(), capacity(), insertRange(pos, from, n) (from
// not inside the list) and erase(first, last).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace mscclc {

template <typename List, typename T> class ListInterface {
  static_assert(std::is_trivially_copyable_v<T>,
                "operand lists move elements with memcpy");

public:
  using value_type = T;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;

  bool empty() const { return self().size() == 0; }
  iterator begin() { return self().data(); }
  iterator end() { return self().data() + self().size(); }
  const_iterator begin() const { return self().data(); }
  const_iterator end() const { return self().data() + self().size(); }
  T &operator[](size_t i) { return self().data()[i]; }
  const T &operator[](size_t i) const { return self().data()[i]; }
  T &front() { return self().data()[0]; }
  const T &front() const { return self().data()[0]; }
  T &back() { return self().data()[self().size() - 1]; }
  const T &back() const { return self().data()[self().size() - 1]; }

  template <typename It> void assign(It first, It last) {
    // Built apart, then moved in: the range may lie inside this list.
    List fresh;
    fresh.insert(fresh.end(), first, last);
    self() = std::move(fresh);
  }
  void push_back(const T &value) {
    T copy = value; // `value` may be an element of this list
    self().insertRange(end(), &copy, 1);
  }
  template <typename... Args> T &emplace_back(Args &&...args) {
    T value{std::forward<Args>(args)...};
    self().insertRange(end(), &value, 1);
    return back();
  }
  void pop_back() { self().erase(end() - 1, end()); }
  iterator insert(const_iterator pos, const T &value) {
    T copy = value;
    return self().insertRange(pos, &copy, 1);
  }
  template <typename It,
            typename = typename std::iterator_traits<It>::iterator_category>
  iterator insert(const_iterator pos, It first, It last) {
    // Only a pointer range can lie inside this list (and move when it
    // grows): copy such a range out first, take any other as it is.
    if constexpr (std::is_pointer_v<It>) {
      if (first == last)
        return begin() + (pos - begin());
      const T *f = &*first;
      if (self().capacity() && f >= begin() &&
          f < begin() + self().capacity()) {
        std::vector<T> items(first, last);
        return self().insertRange(pos, items.data(), items.size());
      }
      return self().insertRange(pos, f, size_t(last - first));
    } else {
      std::vector<T> items(first, last);
      return self().insertRange(pos, items.data(), items.size());
    }
  }
  iterator erase(const_iterator pos) { return self().erase(pos, pos + 1); }

  friend bool operator==(const List &a, const List &b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const List &a, const List &b) { return !(a == b); }

protected:
  // The constructors every list shares, for the lists' own to call.
  void initFrom(const T *from, size_t n) { self().insertRange(end(), from, n); }

private:
  List &self() { return static_cast<List &>(*this); }
  const List &self() const { return static_cast<const List &>(*this); }
};

} // namespace mscclc
