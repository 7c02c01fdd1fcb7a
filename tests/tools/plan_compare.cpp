//===- plan_compare.cpp - compare a compiled plan with a reference plan ---===//
//
//   plan_compare ACTUAL.json EXPECTED.json
//
// Exit 0 when the two documents are equal as parsed JSON (same keys, values
// and array order), 1 otherwise (printing the first differing JSON path).
// Also reports whether the files are byte-identical. Exit 77 (ctest's skip
// code) when EXPECTED does not exist, so conformance tests are skipped, not
// failed, on machines without ../shared.
//
//===----------------------------------------------------------------------===//
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

using nlohmann::json;

static bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// Returns the path of the first difference, or "" when equal.
static std::string firstDifference(const json &a, const json &b,
                                   const std::string &path) {
  if (a.type() != b.type())
    return path + " (type differs)";
  if (a.is_object()) {
    auto ia = a.begin(), ib = b.begin();
    for (; ia != a.end() && ib != b.end(); ++ia, ++ib) {
      if (ia.key() != ib.key())
        return path + " (key \"" + ia.key() + "\" vs \"" + ib.key() + "\")";
      std::string d = firstDifference(*ia, *ib, path + "." + ia.key());
      if (!d.empty())
        return d;
    }
    if (ia != a.end() || ib != b.end())
      return path + " (number of keys differs)";
    return "";
  }
  if (a.is_array()) {
    if (a.size() != b.size())
      return path + " (array length " + std::to_string(a.size()) + " vs " +
             std::to_string(b.size()) + ")";
    for (size_t i = 0; i < a.size(); ++i) {
      std::string d =
          firstDifference(a[i], b[i], path + "[" + std::to_string(i) + "]");
      if (!d.empty())
        return d;
    }
    return "";
  }
  return a == b ? "" : path + " (" + a.dump() + " vs " + b.dump() + ")";
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: plan_compare ACTUAL.json EXPECTED.json\n";
    return 2;
  }
  std::string actualText, expectedText;
  if (!readFile(argv[2], expectedText)) {
    std::cout << "SKIP: reference plan " << argv[2]
              << " not found (../shared absent?)\n";
    return 77;
  }
  if (!readFile(argv[1], actualText)) {
    std::cout << "FAIL: no compiled plan at " << argv[1] << "\n";
    return 1;
  }
  json a, b;
  try {
    a = json::parse(actualText);
    b = json::parse(expectedText);
  } catch (const std::exception &e) {
    std::cout << "FAIL: " << e.what() << "\n";
    return 1;
  }
  std::string diff = firstDifference(a, b, "$");
  if (!diff.empty()) {
    std::cout << "FAIL: plans differ at " << diff << "\n";
    return 1;
  }
  bool bytes = actualText == expectedText;
  std::cout << "PASS: equal as JSON; byte-identical: " << (bytes ? "yes" : "no")
            << "\n";
  return 0;
}
