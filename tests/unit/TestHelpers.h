// Helpers shared by the unit tests that record programs through
// ProgramBuilder.
#pragma once

#include "mscclc/frontend/ProgramBuilder.h"

#include <utility>
#include <vector>

namespace mscclc::test {

// tb = N, as a Python call would give it.
inline frontend::TbSelection onTb(int64_t tb) {
  frontend::TbSelection s;
  s.tb = tb;
  return s;
}

// tb_group = [tbs...].
inline frontend::TbSelection onGroup(std::vector<int64_t> tbs) {
  frontend::TbSelection s;
  s.group = std::move(tbs);
  return s;
}

} // namespace mscclc::test
