//===- main.cpp - Catch2 entry point for the unit tests ------------------===//
//
// Kept alone in its own file so the (slow to compile) Catch2 runner is built
// once and every test file stays a plain list of TEST_CASEs.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
