//===- Utf8.h - well-formed UTF-8, byte by byte
//----------------------------===//
//
// Text that reaches a JSON document (a plan's name, a diagnostic's file
// name) must be UTF-8: the readers of the document are Python's json and
// nlohmann::json, which refuse anything else. These say where a byte string
// stops being well-formed UTF-8, so that callers can refuse it or replace
// the bad bytes, as each needs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace mscclc {

// The length (1 to 4) of the well-formed UTF-8 sequence that starts at
// s[i], or 0 when none does: a stray continuation byte, a truncated
// sequence, an overlong form, a surrogate or a code point beyond U+10FFFF.
inline size_t utf8SequenceLength(std::string_view s, size_t i) {
  const auto byte = [&s](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  const size_t n = c < 0x80         ? 1
                   : (c >> 5) == 6  ? 2
                   : (c >> 4) == 14 ? 3
                   : (c >> 3) == 30 ? 4
                                    : 0;
  if (n == 0 || i + n > s.size() || (n == 2 && c < 0xC2))
    return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80)
      return 0;
  const unsigned char c1 = n > 1 ? byte(i + 1) : 0;
  if ((n == 3 && c == 0xE0 && c1 < 0xA0) ||
      (n == 3 && c == 0xED && c1 >= 0xA0) ||
      (n == 4 && c == 0xF0 && c1 < 0x90) || (n == 4 && c > 0xF4) ||
      (n == 4 && c == 0xF4 && c1 >= 0x90))
    return 0; // overlong, surrogate or beyond U+10FFFF
  return n;
}

// The offset of the first byte of `s` that does not begin a well-formed
// UTF-8 sequence, or nullopt when all of `s` is UTF-8.
inline std::optional<size_t> firstInvalidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8SequenceLength(s, i);
    if (n == 0)
      return i;
    i += n;
  }
  return std::nullopt;
}

} // namespace mscclc
