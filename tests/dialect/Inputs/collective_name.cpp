// Collective::name() holds Python's `collective.name` for each collective:
// what a builder checks where upstream writes
// isinstance(spec.collective, ReduceScatter). A wrong name throws (an
// error), and the last check picks the copy's source chunk.
#include <mscclpp/dsl.hpp>
#include <stdexcept>
#include <string>
using namespace mscclpp::dsl;

static void expect(const Collective &c, std::string_view name) {
  if (c.name() != name)
    throw std::logic_error("collective name is " + std::string(c.name()) +
                           ", expected " + std::string(name));
}

MSCCLPP_ALGORITHM void collective_name() {
  expect(AllGather(2, 1, false), "allgather");
  expect(AllReduce(2, 1, true), "allreduce");
  expect(ReduceScatter(2, 1, true), "reducescatter");
  expect(AllToAll(2, 1, false), "alltoall");
  expect(SendRecv(2, 1, false), "sendrecv");
  AllGather collective(2, 1, false);
  const AlgoSpec spec{.name = "collective_name",
                      .collective = collective,
                      .nranks_per_node = 2,
                      .world_size = 2,
                      .in_place = false,
                      .instances = 1,
                      .protocol = Protocol::Simple};
  // Sliced into AlgoSpec::collective, the name stays.
  expect(spec.collective, "allgather");
  CollectiveProgram program = CollectiveProgram::from_spec(spec);
  expect(TestCollective(1, 1, 1), "test");
  Rank r(0);
  const bool gather = spec.collective.name() == "allgather";
  r.copy(r.get_output_buffer().slice(0, 1),
         r.get_input_buffer().slice(0, gather ? 1 : 2), {.tb = 0});
}
