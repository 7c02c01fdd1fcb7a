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

#include "mscclc/json/JsonWriter.h"

#include <filesystem>
#include <iostream>

namespace mscclc::driver {

int checkPlanFile(const std::string &input, const std::string &output,
                  const CompileOptions &options) {
  auto files = std::make_shared<SourceFiles>();
  auto printer = makePrinter(input, options, files);
  LoadedPlan loaded = loadPlan(input, options, *printer, files);
  printer->printSummary();
  if (!loaded.plan)
    return Failure;
  if (!output.empty() &&
      !writeOutput(output, json::writePlanJson(*loaded.plan), *printer))
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
                   "write the plan back in canonical form ('-' for stdout)");
    options_.addTo(app);
  }
  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    if (!std::filesystem::exists(input_)) {
      usageError("no such file: '" + input_ + "'");
      return Failure;
    }
    options_.frontend.inputFile = input_;
    return checkPlanFile(input_, output_, options_);
  }

private:
  std::string input_;
  std::string output_;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeCheckPlanCommand() {
  return std::make_unique<CheckPlanCommand>();
}

} // namespace mscclc::driver
