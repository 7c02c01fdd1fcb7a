// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A builder ported from upstream checks the collective's kind, as Python's
// isinstance(spec.collective, ReduceScatter) does, with Collective::name(),
// and throws on the wrong one: the compile stops at the throw with its
// message.
#include <mscclpp/dsl.hpp>
#include <stdexcept>
using namespace mscclpp::dsl;

static void build(const AlgoSpec &spec) {
  if (spec.collective.name() != "reducescatter")
    throw std::invalid_argument("requires a ReduceScatter collective"); // expected-error {{the algorithm throws std::invalid_argument("requires a ReduceScatter collective"), which nothing in algorithm code can catch: the compile stops here}}
  CollectiveProgram program = CollectiveProgram::from_spec(spec);
}

MSCCLPP_ALGORITHM void collective_kind_mismatch() {
  AllGather collective(2, 1, true);
  build({.name = "rs", // expected-note {{in call to 'build(}}
         .collective = collective,
         .nranks_per_node = 2,
         .world_size = 2,
         .in_place = true,
         .instances = 1,
         .protocol = Protocol::LL});
}
