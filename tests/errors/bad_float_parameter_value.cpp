// RUN: rm -f %t.json
// RUN: mscclc --verify -P ratio=1e999 %s
// RUN: %expect-error mscclc -P ratio=1e999 %s
// RUN: not mscclc -P ratio=inf %s -o %t.json 2>&1 | FileCheck --check-prefix=INF %s
// RUN: not mscclc -P ratio=-inf %s -o %t.json 2>&1 | FileCheck --check-prefix=NEGINF %s
// RUN: not mscclc -P ratio=nan %s -o %t.json 2>&1 | FileCheck --check-prefix=NAN %s
// RUN: not mscclc -P scale=1e39 %s -o %t.json 2>&1 | FileCheck --check-prefix=FLOAT %s
// RUN: not mscclc -P ratio=1e %s -o %t.json 2>&1 | FileCheck --check-prefix=CUT %s
// RUN: not mscclc -P 'ratio= 1' %s -o %t.json 2>&1 | FileCheck --check-prefix=SPACE %s
// RUN: not test -e %t.json
// RUN: mscclc -P scale=1.0000000596046447755 %s -o %t.json 2>&1 | FileCheck --check-prefix=ONCE %s
// RUN: mscclc -P scale=0.1 -P ratio=0x1.8p1 %s -o %t.json 2>&1 | FileCheck --check-prefix=HELD %s
// RUN: mscclc -P scale=-3.4e38 -P ratio=1e-400 %s -o %t.json 2>&1 | FileCheck --check-prefix=EDGE %s
// INF: error: invalid value 'inf' for parameter 'ratio' of type 'double'
// INF: note: 'double' takes a finite number of at most 1.79769e+308 in magnitude{{.*}}(not inf or nan)
// NEGINF: error: invalid value '-inf' for parameter 'ratio' of type 'double'
// NAN: error: invalid value 'nan' for parameter 'ratio' of type 'double'
// FLOAT: error: invalid value '1e39' for parameter 'scale' of type 'float'
// FLOAT: note: 'float' takes a finite number of at most 3.40282e+38 in magnitude
// CUT: error: invalid value '1e' for parameter 'ratio' of type 'double'
// SPACE: error: invalid value ' 1' for parameter 'ratio' of type 'double'
// A float parameter holds the float nearest the value given, rounded once,
// as the literal 0.1f is (1.0000000596046447755 rounds to 1 through a
// double, to 1.00000012 directly); hexadecimal literals are read exactly,
// and a value too small for the type is zero, as in C++ and Python.
// ONCE: scale=1.00000012 ratio=0.5{{$}}
// HELD: scale=0.100000001 ratio=3{{$}}
// EDGE: scale=-3.39999995e+38 ratio=0{{$}}
// -P gives a floating-point parameter infinity, NaN, a value beyond its
// type's range, or text a literal does not make up (`1e`, a leading space):
// refused with what the type takes, instead of handing the algorithm an
// infinity (a float is checked against float's range) or part of the text.
#include <cstdio>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+2 {{invalid value '1e999' for parameter 'ratio' of type 'double'}}
// expected-note@+1 {{'double' takes a finite number of at most 1.79769e+308 in magnitude, written as a decimal or hexadecimal literal with an optional + or - sign: 0.5, -2, 1e-3 or 0x1p-4 (not inf or nan)}}
MSCCLPP_ALGORITHM void bad_float_parameter_value(double ratio = 0.5,
                                                 float scale = 1.0f) {
  std::printf("scale=%.9g ratio=%.9g\n", double(scale), ratio);
  AllGather collective(2, 1, false);
  CollectiveProgram program("bad_float_parameter_value", collective, 2);
  for (int r = 0; r < 2; ++r) {
    Rank rank(r);
    rank.copy(rank.get_output_buffer().slice(r, r + 1),
              rank.get_input_buffer().slice(0, 1), {.tb = 0});
  }
}
