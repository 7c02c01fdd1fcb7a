// RUN: mscclc --verify -P margin=0.5 %s
// RUN: %expect-error mscclc -P margin=0.5 %s
// RUN: %expect-error mscclc -P half=1e10 %s
// RUN: mscclc --list-algos %s | FileCheck --check-prefix=LIST %s
// A long double or _Float16 parameter cannot be given on the command line:
// algorithm code computes in float and double only (either type is an
// error where it is computed with), and -P would otherwise hand it a
// value its type cannot hold (1e10 for a _Float16).
// LIST: long double margin = 0.25L    [-P cannot set this type]
// LIST-NEXT: _Float16 half = 1    [-P cannot set this type]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{parameter 'margin' of type 'long double' cannot be set with -P; only integer, bool, float, double, enum and string parameters can (keep its default or change it in the source)}}
MSCCLPP_ALGORITHM void parameter_long_double_not_settable(long double margin = 0.25L, _Float16 half = 1) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2);
  (void)margin;
  (void)half;
}
