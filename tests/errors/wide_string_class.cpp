// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::wstring (and the other strings of wide characters) is not a string
// here: its characters are not bytes, and wide literals are refused. It
// used to be taken for std::string, and a wide character assigned to it
// kept only its low byte. (std::u8string is a string of bytes and works:
// tests/dialect/string_forms.test.)
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void wide_string_class() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::wstring text; // expected-error {{'std::basic_string' is not supported in algorithm code; strings are of char or char8_t (std::string, std::u8string and their string_views): the characters of wide strings are not bytes}}
  text = L'\x263A';
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = int(text.size())});
}
