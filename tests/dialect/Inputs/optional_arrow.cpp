// std::optional's operator-> reaches the contained value: a field of a
// struct read and written, a DSL method of a channel or buffer, and a
// vector grown through it.
#include <mscclpp/dsl.hpp>

#include <optional>
#include <vector>
using namespace mscclpp::dsl;

struct Route {
  int peer;
  int tb;
};

MSCCLPP_ALGORITHM void optional_arrow() {
  CollectiveProgram program("optional_arrow", AllGather(2, 1, false), 2);
  std::optional<Route> route = Route{0, 0};
  route->peer = 1;
  route->tb = 2;
  std::optional<std::vector<int>> slots = std::vector<int>{};
  slots->push_back(1);
  std::optional<Buffer> staging = Buffer(0, 1 + slots->size());
  std::optional<MemoryChannel> ch = MemoryChannel(route->peer, 0);
  Chunk mine = Rank(0).get_input_buffer().slice(0, 1);
  Rank(0).copy(staging->slice(route->tb - 1, route->tb), mine, {.tb = 0});
  ch->signal({.tb = 0});
  MemoryChannel(0, 1).wait({.tb = 0});
}
