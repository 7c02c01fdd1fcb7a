//===- Viz.cpp - mscclc viz PLAN|algo.cpp -o plan.html
//---------------------===//
//
// Draws a plan (a JSON plan, or a source compiled with the usual options)
// as one self-contained HTML page: lanes per (rank, thread block), ops as
// boxes, arrows between ranks (viz/Viz.h). --model writes the JSON model
// the page embeds instead, for tools and tests. Plans beyond the
// executor's limits are drawn too (those checks are warnings here).
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/viz/Viz.h"

#include <filesystem>

namespace mscclc::driver {

namespace {

class VizCommand : public Command {
public:
  const char *name() const override { return "viz"; }
  const char *summary() const override {
    return "draw a plan (or a source) as one self-contained HTML page: a "
           "lane per rank and thread block, ops in order, arrows between "
           "ranks";
  }
  void setup(CLI::App &app) override {
    app.add_option("input", input_, "JSON plan or algorithm source")
        ->required();
    app.add_option("-o,--output", output_,
                   "the page ('-' for stdout; default: the plan's name, made "
                   "a plain file name in the working directory, + .html, or "
                   "+ .viz.json with --model)")
        ->check([](const std::string &v) {
          return v.empty() ? std::string("an empty path names no file")
                           : std::string();
        });
    app.add_flag("--model", model_,
                 "write the JSON model the page draws (lanes, ops, edges) "
                 "instead of the page");
    options_.addTo(app, CompileOptions::Uses::PlanTool);
  }
  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    if (!checkInput(input_))
      return Failure;
    if (!options_.acceptsInput(input_))
      return UsageError;
    options_.frontend.inputFile = input_;
    options_.allowLimitViolations = true;
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(input_, options_, files);
    LoadedPlan loaded = loadPlan(input_, options_, *printer, files);
    printer->printSummary();
    if (!loaded.plan)
      return Failure;
    std::string source =
        classifyInput(input_) == InputKind::Plan ? std::string() : input_;
    nlohmann::ordered_json model = viz::buildModel(*loaded.plan, source);
    std::string text =
        model_ ? model.dump(1, ' ', false,
                            nlohmann::ordered_json::error_handler_t::replace) +
                     "\n"
               : viz::renderHtml(model);
    std::string out = output_;
    if (out.empty())
      out =
          defaultOutputName(loaded.plan->name && !loaded.plan->name->empty()
                                ? *loaded.plan->name
                                : std::filesystem::path(input_).stem().string(),
                            model_ ? ".viz.json" : ".html");
    return writeOutput(out, text, input_) ? Success : Failure;
  }

private:
  std::string input_, output_;
  bool model_ = false;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeVizCommand() {
  return std::make_unique<VizCommand>();
}

} // namespace mscclc::driver
