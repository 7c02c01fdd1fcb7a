// What a reached throw shows, one form per CASE (-D CASE=n;
// tests/dialect/throw_forms.test): a standard exception without a string
// first argument by its type alone, a standard value that is not an
// exception by its type and value, a message with quotes and a line break
// as a string literal writes it, and an exception class of the program's
// own derived from std::runtime_error by its message.
#include <mscclpp/dsl.hpp>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
using namespace mscclpp::dsl;

struct PlanError : std::runtime_error {
  explicit PlanError(const std::string &what) : std::runtime_error(what) {}
};

MSCCLPP_ALGORITHM void throw_forms(int num_gpus = 2) {
  AllGather collective(num_gpus, 1, true);
  CollectiveProgram program("throw_forms", collective, num_gpus);
#if CASE == 1
  throw std::system_error(5, std::generic_category());
#elif CASE == 2
  throw std::make_pair(num_gpus, 7);
#elif CASE == 3
  throw std::runtime_error("quote \" and\nnew line");
#elif CASE == 4
  throw PlanError("rank " + std::to_string(num_gpus - 1) + " has no peer");
#elif CASE == 5
  throw std::string("plain");
#elif CASE == 6
  throw std::to_string(num_gpus);
#endif
}
