//===- KeepUntilExit.cpp - large structures left for the process's exit --===//
#include "mscclc/support/KeepUntilExit.h"

#include <mutex>
#include <vector>

namespace mscclc::support {

void keepUntilExit(std::shared_ptr<const void> object) {
  // Never destroyed: neither the list nor what it holds is freed at exit.
  static auto *mutex = new std::mutex;
  static auto *kept = new std::vector<std::shared_ptr<const void>>;
  std::lock_guard<std::mutex> lock(*mutex);
  kept->push_back(std::move(object));
}

} // namespace mscclc::support
