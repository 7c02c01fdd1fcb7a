// RUN: mscclc --verify %s
// RUN: env MSCCLC_NO_PCH=1 mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::erase_if over a std::map with a generic lambda: Clang leaves the
// lambda uninstantiated for the map's entry type, so there is no body to
// run; the message gives the parameter type to write. The same without the
// precompiled header (its cache unwritable, MSCCLC_NO_PCH): the compile then
// skips the header's function bodies as the PCH does (it used to compile
// this file without the PCH and refuse it with one).
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void erase_if_map_generic_lambda() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> load{{0, 3}, {1, 9}};
  std::erase_if(load, [](const auto &entry) { return entry.second > 4; }); // expected-error {{mscclc cannot call this generic lambda from std::erase_if: Clang did not instantiate it for 'std::pair<const int, int>'; write the parameter's type (const std::pair<const int, int> &)}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
