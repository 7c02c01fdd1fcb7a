//===- PerThread.h - one call for the threads of a per-thread op -*- C++
//-*-===//
//
// A per-thread op (signal, wait, flush, semaphores, port puts) has thread k
// drive its k-th channel, one call per thread: `if (t == k) call_k;`. When
// the calls differ only in integer literals that each step by a constant
// from one thread to the next, one call with those literals written in
// terms of the thread index does the same with one copy of the code.
//
//===----------------------------------------------------------------------===//
#ifndef MSCCLC_CUDA_PERTHREAD_H
#define MSCCLC_CUDA_PERTHREAD_H

#include <optional>
#include <string>
#include <vector>

namespace mscclc::cuda {

/// `calls[k]` for thread k, as one call of the thread index `t`: every
/// integer literal that varies with k is replaced by `(a + b * int64_t(t))`
/// (or `a - b * ...`). Nothing when there are fewer than two calls, when
/// they differ elsewhere than in such literals, when a varying literal is
/// not an arithmetic progression in k, or when it is not a literal on its
/// own (part of a name, suffixed, negative, floating) or the calls have
/// template arguments.
std::optional<std::string> stridedCall(const std::vector<std::string> &calls);

} // namespace mscclc::cuda

#endif
