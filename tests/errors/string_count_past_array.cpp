// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::string(const char *s, count) with a count past the array s points
// into (its terminating NUL included): C++ leaves it undefined.
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_count_past_array() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string fits("abc", 4); // the NUL too: well defined
  std::string past("abc", 5); // expected-error {{std::string's constructor reads 5 characters from a character array of 4 (its terminating '\0' included); C++ leaves that undefined: read at most 4}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1),
               {.tb = int(fits.size() + past.size())});
}
