// std::string's forms that take characters, positions and counts.
// Before, assigning a character or a list of characters (`s = 'y'`,
// `s = {'a', 'b'}`, `s = {}`) left something that was no string (size 0,
// equal to nothing), std::string(str, pos[, count]) ignored pos and count
// (and took pos for a count when given two), and `s + 'c'`, the
// std::string(count, c) and initializer-list constructors and append's
// longer forms were refused. Printed natively (libstdc++) and by mscclc,
// the lines must be the same (tests/dialect/string_forms.test).
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

struct Named {
  std::string name = "n";
};

static void rename(std::string &s) { s = 'k'; }

static void show(const char *what, const std::string &s) {
  printf("strings %s %zu [%s]\n", what, s.size(), s.c_str());
}

static void body() {
  // Assignments from a character and from lists of them, through every
  // kind of reference to a string.
  std::string s = "x";
  s = 'y';
  show("char", s);
  printf("strings equal %d %d\n", s == "y", s == std::string("y"));
  char c = 'q';
  s = c;
  show("variable", s);
  std::string word = "abc";
  s = word[1];
  show("element", s);
  s = 65;
  show("number", s);
  s = {'a', 'b'};
  show("list", s);
  s = {c, c, c};
  show("variables", s);
  s = {};
  show("empty", s);
  printf("strings empty %d %d\n", s == "", int(s.empty()));
  s += "c";
  show("grown", s);
  std::string &ref = s;
  ref = 'r';
  show("reference", s);
  Named named;
  named.name = 'm';
  show("member", named.name);
  std::vector<std::string> names{"one", "two"};
  names[0] = 'v';
  show("vector", names[0]);
  std::map<int, std::string> byId{{1, "x"}};
  byId[1] = 'w';
  show("map", byId[1]);
  std::pair<std::string, int> p{"pp", 1};
  p.first = 'p';
  show("pair", p.first);
  std::tuple<std::string, int> t{"tt", 2};
  std::get<0>(t) = 't';
  show("tuple", std::get<0>(t));
  std::optional<std::string> o = "oo";
  *o = 'o';
  show("optional", *o);
  std::string passed = "before";
  rename(passed);
  show("passed", passed);
  std::map<std::string, int> keyed;
  std::string key = "x";
  key = 'y';
  keyed[key] = 1;
  keyed["y"] = 2;
  printf("strings keyed %zu %d\n", keyed.size(), keyed["y"]);

  // Constructors: (str, pos[, count]), (const char *, count), (count, c),
  // a list of characters.
  std::string q = "hello";
  std::string_view sv = "world";
  std::string a(q, 1, 2), b(q, 3), whole(q, 0), past(q, 1, 100);
  show("ctor-pos-count", a);
  show("ctor-pos", b);
  show("ctor-zero", whole);
  show("ctor-long-count", past);
  show("ctor-literal", std::string("hello", 1, 2));
  show("ctor-view", std::string(sv, 1, 3));
  std::string braced{q, 2};
  show("ctor-braced", braced);
  show("ctor-pointer-count", std::string("hello", 3));
  // A count reaching the literal's terminating NUL takes it too.
  std::string withNul("abc", 4);
  printf("strings with-nul %zu %d\n", withNul.size(), int(withNul == "abc"));
  show("ctor-fill", std::string(3, 'x'));
  std::string chars{'a', 'b'};
  show("ctor-chars", chars);
  std::string codes = {65, 66};
  show("ctor-codes", codes);

  // Concatenation with a character, and append's forms.
  std::string plus = q + '!';
  show("plus-char", plus);
  show("char-plus", '<' + q);
  show("chain", q + 'd' + "e");
  std::string grown = "ab";
  grown += {'c', 'd'};
  show("append-list", grown);
  grown.append(q, 1);
  show("append-pos", grown);
  grown.append(3, 'x');
  show("append-fill", grown);
  grown.append("xyz", 1);
  show("append-pointer-count", grown);
  grown.append(q, 1, 2);
  show("append-pos-count", grown);
  grown.append(sv, 2, 2);
  show("append-view", grown);
  std::string nul;
  nul.append("ab", 3);
  printf("strings append-nul %zu\n", nul.size());

  // Strings of char8_t are strings of bytes too.
  std::u8string u = u8"h\u00e9llo";
  printf("strings u8 %zu %d %d\n", u.size(), int(u[1]), int(u[2]));
  std::u8string longer = u;
  longer += u8"x";
  longer = u8'y';
  std::u8string_view view = u8"ab";
  printf("strings u8-more %zu %d %zu\n", longer.size(), int(longer < u),
         view.size());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(string_forms)
