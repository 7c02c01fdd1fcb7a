// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc -P mode=1 %s -o %t.json 2>&1 | FileCheck --check-prefix=CLAMP %s
// RUN: not mscclc -P mode=2 %s -o %t.json 2>&1 | FileCheck --check-prefix=USER %s
// RUN: not mscclc -P mode=3 %s -o %t.json 2>&1 | FileCheck --check-prefix=MEMBER %s
// RUN: not mscclc -P mode=4 %s -o %t.json 2>&1 | FileCheck --check-prefix=GET %s
// RUN: not mscclc -P mode=5 %s -o %t.json 2>&1 | FileCheck --check-prefix=MINMAX %s
// RUN: not mscclc -P mode=6 %s -o %t.json 2>&1 | FileCheck --check-prefix=CAPTURE %s
// RUN: not mscclc -P mode=8 %s -o %t.json 2>&1 | FileCheck --check-prefix=DEFAULT %s
// RUN: not mscclc -P mode=9 %s -o %t.json 2>&1 | FileCheck --check-prefix=BRACED %s
// RUN: not test -e %t.json
// RUN: mscclc -P mode=7 %s -o %t.json
// A reference bound to what a function returns by reference, when that is
// a temporary of the declaration's own full-expression (an argument
// `x + 1`, the object of `make().get()`), dangles: C++ extends a
// temporary's life only for a reference bound to it directly. Reading it
// is an error at the read, with a note at the temporary; binding it, or
// picking a variable instead of the temporary, reaching a variable through
// a temporary pair of references (`std::minmax(y, x).first`), or binding
// with braces (`int &w{y};`, mode 7), is fine. A default argument's
// temporary (mode 8) and a braced initialiser (mode 9) end the same way.
// mscclc used to read a copy silently (and `int &w{y};` bound a copy).
// CLAMP: reference_to_ended_temporary.cpp:[[@LINE+46]]:9: error: 'c' refers to a temporary that no longer exists
// CLAMP: reference_to_ended_temporary.cpp:[[@LINE+44]]:34: note: the temporary, made here
// USER: reference_to_ended_temporary.cpp:[[@LINE+47]]:9: error: 'i' refers to a temporary that no longer exists
// USER: reference_to_ended_temporary.cpp:[[@LINE+45]]:25: note: the temporary, made here
// MEMBER: reference_to_ended_temporary.cpp:[[@LINE+48]]:9: error: 'g' refers to a temporary that no longer exists
// GET: reference_to_ended_temporary.cpp:[[@LINE+50]]:9: error: 'p' refers to a temporary that no longer exists
// MINMAX: reference_to_ended_temporary.cpp:[[@LINE+53]]:9: error: 'high' refers to a temporary that no longer exists
// CAPTURE: reference_to_ended_temporary.cpp:[[@LINE+55]]:30: error: 'm' refers to a temporary that no longer exists
// DEFAULT: reference_to_ended_temporary.cpp:[[@LINE+58]]:9: error: 'd' refers to a temporary that no longer exists
// DEFAULT: reference_to_ended_temporary.cpp:[[@LINE+10]]:57: note: the temporary, made here
// BRACED: reference_to_ended_temporary.cpp:[[@LINE+59]]:9: error: 'q' refers to a temporary that no longer exists
// BRACED: reference_to_ended_temporary.cpp:[[@LINE+57]]:30: note: the temporary, made here
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <tuple>
#include <utility>
using namespace mscclpp::dsl;

const int &same(const int &v) { return v; }
const int &atLeastZero(const int &a, const int &floor = 0) {
  return a < floor ? floor : a;
}

struct Holder {
  int tb;
  const int &get() const { return tb; }
};
Holder make(int tb) { return Holder{tb}; }
std::pair<int, int> pairOf(int a) { return {a, a + 1}; }

void use(int tb) {
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}

MSCCLPP_ALGORITHM void reference_to_ended_temporary(int mode = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("t", collective, 1);
  int x = 0;
  const int &unused = std::max(x, x + 1); // bound, never read: fine
  (void)unused;
  if (mode == 0) {
    const int &m = std::max(x, x + 1); // expected-note {{the temporary, made here}}
    use(m); // expected-error {{'m' refers to a temporary that no longer exists: a function returned a reference to it, and C++ extends a temporary's life only for a reference bound to it directly, so it ended with the declaration of 'm' (C++ leaves this use undefined); declare 'm' as a value (`const auto m = ...`), or keep the temporary in a variable first}}
  } else if (mode == 1) {
    const int &c = std::clamp(x, 5, 10);
    use(c);
  } else if (mode == 2) {
    const int &i = same(x + 1);
    use(i);
  } else if (mode == 3) {
    const int &g = make(2).get();
    use(g);
  } else if (mode == 4) {
    const int &p = std::get<0>(pairOf(1));
    use(p);
  } else if (mode == 5) {
    auto [low, high] = std::minmax(x, 3);
    use(low); // x itself: fine
    use(high);
  } else if (mode == 6) {
    const int &m = std::max(x, 4);
    auto read = [&] { return m; };
    use(read());
  } else if (mode == 8) {
    const int &d = atLeastZero(-1);
    use(d);
  } else if (mode == 9) {
    const int &q{std::max(x, x + 1)};
    use(q);
  } else {
    int y = 5;
    const int &m = std::max(y, x + 1); // y is picked: refers to y
    const int &lit = 3;                // extended by the declaration
    const auto &h = make(1).tb;        // the member of an extended temporary
    const int &low = std::minmax(y, x).first; // x, through the pair
    int &w{y};                                // y itself
    w = 6;
    use(m + lit + h + low - 10); // 6 + 3 + 1 + 0 - 10 = 0
  }
}
