// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %expect-error mscclc %s -P mode=1 2>&1 | FileCheck --check-prefix=MAX --strict-whitespace %s
// RUN: %expect-error mscclc %s -P mode=2 2>&1 | FileCheck --check-prefix=VAR %s
// RUN: %expect-error mscclc %s -P mode=3 2>&1 | FileCheck --check-prefix=TYPED %s
// A thread block the op cannot have is shown where `.tb` is given, with
// the caret under its value, not at the method: the call may span lines.
// Options built apart from the call are shown at the method; options
// named by type in the call (`MemorySyncOptions{.tb = ...}`) at the value.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tb_option_location(int mode = 0) {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("t", collective, 2);
  MemoryChannel ch(1, 0);
  const int tb = mode == 1 ? 1 << 20 : -1;
  if (mode == 2) {
    MemorySyncOptions options{.tb = tb};
    ch.signal(options);
  }
  if (mode == 3)
    ch.signal(MemorySyncOptions{.tb = tb, .relaxed = false});
  ch.signal(
      {.tb = tb, .relaxed = true}); // expected-error {{thread block -1 is negative; thread blocks are numbered from 0}}
}
// CHECK: tb_option_location.cpp:25:14: error: thread block -1 is negative
// CHECK-NEXT: {{^}} 25 |       {.tb = tb, .relaxed = true});
// CHECK-NEXT: {{^}}    |              ^{{$}}
// MAX: tb_option_location.cpp:25:14: error: thread block 1048576 is beyond the supported maximum
// VAR: tb_option_location.cpp:20:8: error: thread block -1 is negative
// TYPED: tb_option_location.cpp:23:39: error: thread block -1 is negative
