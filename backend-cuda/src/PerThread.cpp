//===- PerThread.cpp - one call for the threads of a per-thread op --------===//
//
// See PerThread.h.
//
//===----------------------------------------------------------------------===//
#include "mscclc/cuda/PerThread.h"

#include <cctype>
#include <cstdint>

namespace mscclc::cuda {

std::optional<std::string> stridedCall(const std::vector<std::string> &calls) {
  if (calls.size() < 2)
    return std::nullopt;
  for (const std::string &c : calls)
    if (c.find('<') != std::string::npos) // template arguments stay literal
      return std::nullopt;
  struct Piece {
    std::string text;   // the text before the literal
    uint64_t value = 0; // the literal
    bool standalone = false;
  };
  auto split = [](const std::string &c, std::vector<Piece> &out,
                  std::string &rest) {
    size_t from = 0;
    for (size_t i = 0; i < c.size();) {
      if (!std::isdigit(static_cast<unsigned char>(c[i]))) {
        ++i;
        continue;
      }
      size_t end = i;
      while (end < c.size() && std::isdigit(static_cast<unsigned char>(c[end])))
        ++end;
      auto part = [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' ||
               ch == '.';
      };
      // (A leading 0 would make the literal octal.)
      bool standalone = (i == 0 || (!part(c[i - 1]) && c[i - 1] != '-')) &&
                        (end == c.size() || !part(c[end])) && end - i <= 18 &&
                        (c[i] != '0' || end - i == 1);
      Piece p{c.substr(from, i - from), 0, standalone};
      if (standalone)
        p.value = std::stoull(c.substr(i, end - i));
      else
        p.text = c.substr(from, end - from);
      out.push_back(std::move(p));
      from = i = end;
    }
    rest = c.substr(from);
  };
  std::vector<std::vector<Piece>> parts(calls.size());
  std::vector<std::string> rests(calls.size());
  for (size_t k = 0; k < calls.size(); ++k)
    split(calls[k], parts[k], rests[k]);
  const size_t n = calls.size();
  for (size_t k = 1; k < n; ++k)
    if (parts[k].size() != parts[0].size() || rests[k] != rests[0])
      return std::nullopt;
  bool varies = false;
  std::string one;
  for (size_t j = 0; j < parts[0].size(); ++j) {
    const Piece &first = parts[0][j];
    for (size_t k = 1; k < n; ++k)
      if (parts[k][j].text != first.text ||
          parts[k][j].standalone != first.standalone)
        return std::nullopt;
    one += first.text;
    if (!first.standalone)
      continue;
    // value(k) = first + step * k for every k, step of either sign.
    const int64_t step = int64_t(parts[1][j].value) - int64_t(first.value);
    for (size_t k = 2; k < n; ++k)
      if (int64_t(parts[k][j].value) !=
          int64_t(first.value) + step * int64_t(k))
        return std::nullopt;
    if (step == 0) {
      one += std::to_string(first.value);
      continue;
    }
    varies = true;
    // Signed, as the literal was; wide enough for any literal kept.
    one += "(" + std::to_string(first.value) + (step > 0 ? " + " : " - ") +
           std::to_string(step > 0 ? step : -step) + " * int64_t(t))";
  }
  if (!varies)
    return std::nullopt;
  return one + rests[0];
}

} // namespace mscclc::cuda
