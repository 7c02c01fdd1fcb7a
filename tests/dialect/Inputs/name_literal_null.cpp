// __func__ and __PRETTY_FUNCTION__, user-defined literals, and a
// std::function compared with nullptr, printed natively (libstdc++) and by
// mscclc: the lines must be the same (tests/dialect/name_literal_null.test).
// Before, __func__ was refused as an array decaying to a pointer, a
// user-defined literal as an unsupported expression, and `f == nullptr`
// as a pointer.
#include <cstdio>
#include <functional>
#include <string>

constexpr long long operator""_kib(unsigned long long n) { return n * 1024; }
std::string operator""_tag(const char *s, size_t n) {
  return std::string(s, n) + "!";
}
int operator""_next(char c) { return c + 1; }

template <typename T> std::string describe(T) { return __PRETTY_FUNCTION__; }

static int twice(int x) { return 2 * x; }

static void body() {
  printf("spelled %s\n", __func__);
  std::string name = __func__;
  printf("spelled %s %d\n", name.c_str(), int(name.size()));
  printf("spelled %s\n", __PRETTY_FUNCTION__);
  printf("spelled %s\n", describe(3).c_str());
  printf("spelled %lld %lld\n", 4_kib, 1_kib + 2);
  std::string tagged = "ab"_tag;
  printf("spelled %s %d %d\n", tagged.c_str(), int(tagged.size()), 'a'_next);
  std::function<int(int)> f;
  printf("spelled %d %d %d %d\n", f == nullptr, f != nullptr, nullptr == f,
         nullptr != f);
  f = twice;
  printf("spelled %d %d %d\n", f == nullptr, f != nullptr, f(4));
  f = nullptr;
  printf("spelled %d\n", f == nullptr);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(name_literal_null)
