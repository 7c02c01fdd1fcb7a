//===- AtomicFile.h - write a file all at once or not at all -------------===//
//
// Every file mscclc writes (plans, CUDA sources, installed defaults) goes
// through here: the content is written to a temporary file in the target's
// directory and renamed over the target, so readers never see a partial file
// and a failure leaves any previous file untouched.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>

namespace mscclc::support {

// Writes `content` to `path` ("-" writes to stdout). On failure returns
// false and sets `error` (which names the path).
bool writeFileAtomically(const std::string &path, std::string_view content,
                         std::string &error);

} // namespace mscclc::support
