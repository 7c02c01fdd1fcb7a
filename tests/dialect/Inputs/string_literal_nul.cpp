// A string literal with a NUL inside, read through the `const char *` it
// decays to, ends at the NUL, as every C string does: appended, compared,
// searched, made a map key or an element, printed. Given with a count
// (`std::string("ab\0cd", 5)`, `append(s, n)`), the characters after it
// count too. Printed natively (libstdc++) and by mscclc, the lines must be
// the same (tests/dialect/string_literal_nul.test).
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

static void body() {
  std::string a = "xy";
  a += "\0z";
  std::string b = std::string("xy") + "\0z";
  std::string c = "\0z" + b;
  a.append("w\0v");
  printf("nul append %zu %zu %zu\n", a.size(), b.size(), c.size());

  std::string f = "xy";
  printf("nul compare %d %d %d\n", f == "xy\0z", f < "xy\0a", "xy\0q" == f);
  std::string_view view = f;
  printf("nul search %zu %zu %d %d\n", f.find("y\0q"), view.find("y\0"),
         f.starts_with("x\0q"), f.ends_with("y\0q"));

  std::map<std::string, int> m{{"k\0z", 1}};
  m["k"] += 5;
  m.emplace("j\0y", 2);
  printf("nul keys %zu %d %d\n", m.size(), m["k"], int(m.count("j")));

  std::vector<std::string> v;
  v.emplace_back("m\0n");
  std::optional<std::string> o = "o\0p";
  std::pair<std::string, int> p{"q\0r", 1};
  printf("nul held %zu %zu %zu\n", v[0].size(), o->size(), p.first.size());

  const char *text = "pq\0rs";
  std::string e = "e";
  e += text;
  printf("nul pointer %zu %s\n", e.size(), text);

  std::string counted("ab\0cd", 5);
  std::string_view countedView("gh\0ij", 4);
  std::string more;
  more.append("ef\0gh", 4);
  // (str, pos, count) of a literal: the C string it makes, from pos.
  std::string part("ab\0cd", 1, 3);
  printf("nul counted %zu %zu %zu %d %zu\n", counted.size(),
         countedView.size(), more.size(), int(counted[3]), part.size());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(string_literal_nul)
