// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// `target() = rows[0]`: rows[0] is bound first (C++17), then the left
// side's call grows `rows`, which moves rows[0] away before the assignment
// copies it.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Row {
  std::vector<int> peers;
};

MSCCLPP_ALGORITHM void copy_source_invalidated() {
  std::vector<Row> rows(1);
  rows[0].peers = {1, 2};
  Row kept;
  auto target = [&]() -> Row & {
    rows.push_back(Row{}); // expected-note {{push_back here}}
    return kept;
  };
  // expected-error@+1 {{the object this assignment copies was destroyed or moved while its left side was evaluated (push_back); C++ leaves that undefined: copy it into a variable first}}
  target() = rows[0];
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1),
               {.tb = int(kept.peers.size())});
}
