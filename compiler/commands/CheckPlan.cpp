//===- CheckPlan.cpp - mscclc check-plan plan.json
//-------------------------===//
//
// Reads any MSCCL++ plan (or compiles a source), runs checkPlan — the plan
// verifier, the executor's limits and its known defects — and, with -o,
// writes the plan back in canonical form. `mscclc plan.json` is the same.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

namespace mscclc::driver {

namespace {

// One line for the plan and one per rank: what the plan declares and how
// many ops of each kind it has (pipeline bodies included). Tests check
// plans' shapes with it, and it is a quick look at any plan.
std::string planStats(const plan::Plan &p) {
  std::ostringstream os;
  os << "plan "
     << (p.name ? "\"" + plan::visibleText(*p.name) + "\""
                : std::string("null"))
     << " collective=" << plan::visibleText(p.collective)
     << " protocol=" << plan::toString(p.protocol)
     << " inplace=" << (p.inplace ? "true" : "false")
     << " double_scratch=" << (p.useDoubleScratchBuffer ? "true" : "false")
     << " gpus=" << p.gpus.size() << "\n";
  for (const plan::Gpu &g : p.gpus) {
    std::map<std::string_view, size_t> ops;
    auto count = [&](const plan::Op &op, auto &self) -> void {
      ++ops[plan::toString(op.kind)];
      for (const plan::Op &inner : op.ops)
        self(inner, self);
    };
    for (const plan::ThreadBlock &tb : g.threadblocks)
      for (const plan::Op &op : tb.ops)
        count(op, count);
    std::map<std::string_view, size_t> channels;
    for (const plan::ChannelDecl &c : g.channels)
      channels[plan::toString(c.type)] +=
          c.type == plan::ChannelType::Switch ? 1 : c.connectedTo.size();
    os << "gpu " << g.id << ": input=" << g.inputChunks
       << " output=" << g.outputChunks << " scratch=" << g.scratchChunks
       << " threadblocks=" << g.threadblocks.size() << " channels:";
    for (const auto &[kind, n] : channels)
      os << " " << kind << "=" << n;
    os << " remote_buffers=" << g.remoteBuffers.size()
       << " semaphores=" << g.semaphores.size() << " ops:";
    for (const auto &[kind, n] : ops)
      os << " " << kind << "=" << n;
    os << "\n";
  }
  return os.str();
}

} // namespace

int checkPlanFile(const std::string &input, const std::string &output,
                  const CompileOptions &options, bool stats) {
  auto files = std::make_shared<SourceFiles>();
  auto printer = makePrinter(input, options, files);
  LoadedPlan loaded = loadPlan(input, options, *printer, files);
  printer->printSummary();
  if (!loaded.plan)
    return Failure;
  // With the plan on stdout, the stats go to stderr: two documents must
  // not share one stream.
  if (stats)
    (output == "-" || output == "/dev/stdout" ? std::cerr : std::cout)
        << planStats(*loaded.plan);
  if (!output.empty() && !writePlanOutput(output, *loaded.plan, input))
    return Failure;
  return Success;
}

namespace {

class CheckPlanCommand : public Command {
public:
  const char *name() const override { return "check-plan"; }
  const char *summary() const override {
    return "check a plan (structure, executor limits, executor defects) and "
           "optionally rewrite it in canonical form";
  }
  void setup(CLI::App &app) override {
    app.add_option("input", input_, "JSON plan (or algorithm source)")
        ->required();
    app.add_option("-o,--output", output_,
                   "write the plan back in canonical form ('-' for stdout)")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty path names no file")
                           : std::string();
        });
    app.add_flag("--stats", stats_,
                 "print what each rank declares and its op counts by kind "
                 "(on stdout; on stderr with -o -)");
    options_.addTo(app, CompileOptions::Uses::PlanTool);
  }
  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    if (!checkInput(input_))
      return Failure;
    options_.frontend.inputFile = input_;
    if (!options_.acceptsInput(input_))
      return UsageError;
    return checkPlanFile(input_, output_, options_, stats_);
  }

private:
  std::string input_;
  std::string output_;
  bool stats_ = false;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeCheckPlanCommand() {
  return std::make_unique<CheckPlanCommand>();
}

} // namespace mscclc::driver
