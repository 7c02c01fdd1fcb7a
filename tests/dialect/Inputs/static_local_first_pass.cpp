// A static const local is initialised the first time control passes its
// declaration ([stmt.dcl]/3), with that call's values, not when it is
// first read: first_k(1, false) makes s = 1, so first_k(2, true) reads 1;
// rec(3) makes first = 3 before recursing. The initialiser's side effect
// happens once, at that first pass. Printed natively (libstdc++) and by
// mscclc, the lines must be the same
// (tests/dialect/static_local_first_pass.test).
#include <array>
#include <cstdio>

static int first_k(int k, bool read) {
  static const int s = k;
  return read ? s : -1;
}

static int rec(int n) {
  static const int first = n;
  return n == 0 ? first : rec(n - 1);
}

// A constant initialiser runs before the program in C++: a constexpr
// static used only in constant expressions is never evaluated here.
static int sized(int k) {
  static constexpr const char *tag = nullptr;
  std::array<int, tag == nullptr ? 2 : 3> a{};
  return k + (int)a.size();
}

static int noted(int v) {
  printf("static initialiser runs: %d\n", v);
  return v;
}
static int once(int v, bool read) {
  static const int kept = noted(v);
  return read ? kept : 0;
}

static void body() {
  first_k(1, false);
  printf("static first: %d\n", first_k(2, true));
  printf("static recursive: %d\n", rec(3));
  once(5, false);
  printf("static before read\n");
  int a = once(6, true);
  int b = once(7, true);
  printf("static once: %d %d\n", a, b);
  printf("static constant: %d\n", sized(3));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(static_local_first_pass)
