// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A semaphore with initial value 0 that is acquired but never released.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void semaphore_acquire_without_release() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("semaphore_acquire_without_release", collective,
                            1);
  Semaphore sem(0, 0);
  // expected-error@+1 {{semaphore 0 of rank 0 is acquired 1 time(s) but has initial value 0 and 0 release(s): this acquire can never succeed; add a matching release on another thread block}}
  sem.acquire({.tb = 0});
}
