// RUN: mscclc --verify %s
// RUN: env MSCCLC_NO_PCH=1 mscclc --verify %s
// RUN: mscclc %s -o %t.json
// expected-no-diagnostics
// std::erase_if over a std::map with a generic lambda: the lambda is called
// with each entry (a std::pair). Clang instantiates it from erase_if's body
// now that the tree containers keep their bodies in the precompiled header;
// mscclc used to refuse it, the lambda having no body for the entry type.
#include <map>
#include <mscclpp/dsl.hpp>
#include <stdexcept>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void erase_if_map_generic_lambda() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> load{{0, 3}, {1, 9}, {2, 4}};
  auto erased =
      std::erase_if(load, [](const auto &entry) { return entry.second > 3; });
  if (erased != 2 || load.size() != 1 || load.at(0) != 3)
    throw std::logic_error("erase_if removed the wrong entries");
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
