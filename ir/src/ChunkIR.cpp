//===- ChunkIR.cpp --------------------------------------------------------===//
#include "mscclc/ir/ChunkIR.h"

namespace mscclc::chunk {

static size_t countList(const std::vector<Op> &ops) {
  size_t n = 0;
  for (const auto &op : ops)
    n += 1 + countList(op.details().body);
  return n;
}

size_t countOps(const Program &program) {
  size_t n = 0;
  for (const auto &r : program.ranks)
    for (const auto &tb : r.tbs)
      n += countList(tb.ops);
  return n;
}

} // namespace mscclc::chunk
