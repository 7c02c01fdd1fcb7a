// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc %s -DMIN=2147483647 -o %t.json
// RUN: %python -c "import json,sys; j=json.load(open(sys.argv[1])); j['min_message_size']=2**32+64; json.dump(j,open(sys.argv[2],'w'))" %t.json %t.min.json
// RUN: not mscclc check-plan %t.min.json 2>&1 | FileCheck %s --check-prefix=MIN
// RUN: %python -c "import json,sys; j=json.load(open(sys.argv[1])); j['buffer_alignment']=2**32; json.dump(j,open(sys.argv[2],'w'))" %t.json %t.align.json
// RUN: not mscclc check-plan %t.align.json 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: %python -c "import json,sys; j=json.load(open(sys.argv[1])); j['buffer_alignment']=2**32-1; json.dump(j,open(sys.argv[2],'w'))" %t.json %t.align32.json
// RUN: mscclc check-plan %t.align32.json
// The baked runtime keeps both in 64 bits: --emit-cuda warns and bakes the
// plan; --allow-limit-violations makes it a warning for the JSON plan too.
// RUN: mscclc %s --emit-cuda -o %t.cu 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: test -s %t.cu
// RUN: mscclc %s --allow-limit-violations -o %t.allowed.json 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: warning: min_message_size is 2147483648, but the 0.9.0 executor reads min_message_size through a 32-bit int and would take it for 18446744071562067968; keep it below 2147483648 [-Wexecutor-limits]
// MIN: min_message_size: error: min_message_size is 4294967360, but the 0.9.0 executor reads min_message_size through a 32-bit int and would take it for 64; keep it below 2147483648
// ALIGN: buffer_alignment: error: buffer_alignment is 4294967296, but the 0.9.0 executor reads buffer_alignment through a 32-bit int and would take it for 0; keep it below 4294967296
// The executor reads min_message_size and buffer_alignment with an int
// default (nlohmann's value(key, 0) returns the default's type) into a
// size_t and a uint32_t, so a "2 GiB and up" plan's min_message_size 2^31
// becomes a negative int, sign-extended to nearly 2^64, and the executor
// refuses the plan at every message size; a buffer_alignment of 2^32
// becomes 0 and its first call divides by zero. Both compiled and checked
// silently. Values that survive the trip (min_message_size 2^64 - 32,
// plan_message_size_extremes.test) stay accepted.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#ifndef MIN
#define MIN 2147483648ull
#endif

MSCCLPP_ALGORITHM void min_message_size_int() {
  AllReduce collective(2, 1, /*inplace=*/true);
  // expected-error@+1 {{min_message_size is 2147483648, but the 0.9.0 executor reads min_message_size through a 32-bit int and would take it for 18446744071562067968; keep it below 2147483648}}
  CollectiveProgram program("min_message_size_int", collective, 2,
                            {.min_message_size = MIN});
  for (int r = 0; r < 2; ++r) {
    MemoryChannel channel(1 - r, r);
    channel.signal({.tb = 0});
    channel.wait({.tb = 0});
  }
}
