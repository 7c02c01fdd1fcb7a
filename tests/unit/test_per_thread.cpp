// stridedCall: the calls of a per-thread op as one call of the thread
// index, only when that is exactly what the separate calls do.
#include "mscclc/cuda/PerThread.h"

#include <catch2/catch.hpp>

using mscclc::cuda::stridedCall;

TEST_CASE("per-thread calls whose channel steps by a constant become one",
          "[cuda][per-thread]") {
  auto one = stridedCall({"relaxed_signal(a.memory[21])",
                          "relaxed_signal(a.memory[53])",
                          "relaxed_signal(a.memory[85])"});
  REQUIRE(one);
  CHECK(*one == "relaxed_signal(a.memory[(21 + 32 * int64_t(t))])");
}

TEST_CASE("a falling progression is written with a minus",
          "[cuda][per-thread]") {
  auto one = stridedCall({"wait(a.memory[9])", "wait(a.memory[6])",
                          "wait(a.memory[3])", "wait(a.memory[0])"});
  REQUIRE(one);
  CHECK(*one == "wait(a.memory[(9 - 3 * int64_t(t))])");
}

TEST_CASE("several literals may vary, each with its own step; constant ones "
          "stay as written",
          "[cuda][per-thread]") {
  auto one =
      stridedCall({"port_put(a.fifo, a.port[4], a.remote[0] + 5 * l.chunk, "
                   "a.buffer[0] + 21 * l.chunk, l.chunk)",
                   "port_put(a.fifo, a.port[5], a.remote[1] + 5 * l.chunk, "
                   "a.buffer[0] + 23 * l.chunk, l.chunk)"});
  REQUIRE(one);
  CHECK(*one == "port_put(a.fifo, a.port[(4 + 1 * int64_t(t))], "
                "a.remote[(0 + 1 * int64_t(t))] + 5 * l.chunk, a.buffer[0] + "
                "(21 + 2 * int64_t(t)) * l.chunk, l.chunk)");
}

TEST_CASE("calls that are not one progression stay separate",
          "[cuda][per-thread]") {
  // 3, 1, 2: no constant step.
  CHECK_FALSE(stridedCall(
      {"signal(a.memory[3])", "signal(a.memory[1])", "signal(a.memory[2])"}));
  // Different functions.
  CHECK_FALSE(stridedCall({"signal(a.memory[0])", "wait(a.memory[1])"}));
  // Identical calls: nothing varies (a flush per channel is one call per
  // thread already; keep the plain form).
  CHECK_FALSE(stridedCall({"port_flush(a.fifo)", "port_flush(a.fifo)"}));
  // One call: nothing to share.
  CHECK_FALSE(stridedCall({"signal(a.memory[0])"}));
  CHECK_FALSE(stridedCall({}));
  // A different number of literals.
  CHECK_FALSE(stridedCall({"f(a[1])", "f(a[2], 3)"}));
}

TEST_CASE("only literals that stand alone may vary", "[cuda][per-thread]") {
  // Part of a name.
  CHECK_FALSE(stridedCall({"f(x1)", "f(x2)", "f(x3)"}));
  // Suffixed, negative, floating, octal.
  CHECK_FALSE(stridedCall({"f(1u)", "f(2u)"}));
  CHECK_FALSE(stridedCall({"f(-1)", "f(-2)"}));
  CHECK_FALSE(stridedCall({"f(1.5)", "f(2.5)"}));
  CHECK_FALSE(stridedCall({"f(010)", "f(011)"}));
  // Template arguments must stay constants.
  CHECK_FALSE(stridedCall({"put<1>(a[0])", "put<2>(a[1])"}));
  CHECK_FALSE(stridedCall({"put<1>(a[0])", "put<1>(a[1])"}));
  // A name with digits that do not vary is fine around a varying literal.
  auto one = stridedCall({"f<>(LL16, a[0])", "f<>(LL16, a[1])"});
  CHECK_FALSE(one); // (has '<')
  auto two = stridedCall({"f(LL16, a[0])", "f(LL16, a[1])"});
  REQUIRE(two);
  CHECK(*two == "f(LL16, a[(0 + 1 * int64_t(t))])");
}
