// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc --list-algos %s 2>&1 | FileCheck %s
// The algorithm is marked and declared but has no body: the error says so
// at the declaration (it said "no algorithm in this file" at 1:1).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

void helper();

// CHECK: algorithm_declared_not_defined.cpp:[[@LINE+2]]:24: error: algorithm 'declared_only' is declared but never defined; give it a body in this file
// expected-error@+1 {{algorithm 'declared_only' is declared but never defined; give it a body in this file}}
MSCCLPP_ALGORITHM void declared_only(int n = 2);
