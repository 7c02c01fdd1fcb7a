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
#include <string>
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

// `s` double-quoted with JSON's escapes (which C++ string literals share
// for quotes, backslashes and \n \r \t; other control characters as
// \u00XX), a malformed UTF-8 sequence as U+FFFD: for a JSON document
// (file names and parameter text are bytes, not always UTF-8) and for text
// a diagnostic quotes.
inline std::string quotedString(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      size_t n = utf8SequenceLength(s, i);
      if (n == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(s.substr(i, n));
        i += n;
      }
      continue;
    }
    ++i;
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        static const char Hex[] = "0123456789abcdef";
        out += "\\u00";
        out += Hex[c >> 4];
        out += Hex[c & 15];
      } else {
        out += char(c);
      }
    }
  }
  return out + "\"";
}

} // namespace mscclc
