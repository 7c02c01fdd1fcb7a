//===- Diff.cpp - mscclc diff A B -----------------------------------------===//
//
// A semantic diff of two plans (diff/PlanDiff.h): each side a JSON plan or
// an algorithm source (compiled with -P/--algo and the other compile
// options, which apply to every source side; --a-param/--a-algo and
// --b-param/--b-algo set one side's, over the common ones, so one source
// can be diffed against itself with other parameters). Prints one line per
// difference, ids resolved to peers and buffers, and a summary line; or,
// with --json, one JSON object. Plans beyond the executor's limits are
// compared too (those checks are warnings here). Exit status: 0 equal, 1
// different, 2 usage or an input that cannot be read, compiled or checked.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/diff/PlanDiff.h"
#include "mscclc/support/ResourceLimits.h"

#include <iostream>

namespace mscclc::driver {

namespace {

class DiffCommand : public Command {
public:
  const char *name() const override { return "diff"; }
  const char *summary() const override {
    return "compare two plans (or sources) by meaning: per rank, thread "
           "block and op, ids resolved; exit 0 equal, 1 different, 2 bad "
           "input";
  }
  void setup(CLI::App &app) override {
    app.add_option("a", a_, "the old plan: JSON plan or algorithm source")
        ->required();
    app.add_option("b", b_, "the new plan: JSON plan or algorithm source")
        ->required();
    app.add_flag("--json", json_,
                 "print one JSON object (equal, summary, differences)");
    app.add_option("--a-param", sideParams_[0],
                   "set a parameter of side A only (a source): name=value, "
                   "over -P")
        ->allow_extra_args(false);
    app.add_option("--b-param", sideParams_[1],
                   "set a parameter of side B only (a source): name=value, "
                   "over -P")
        ->allow_extra_args(false);
    auto nonEmpty = [](const std::string &v) {
      return v.empty() ? std::string("an empty value names no algorithm")
                       : std::string();
    };
    app.add_option("--a-algo", sideAlgo_[0],
                   "the algorithm of side A (a source), over --algo")
        ->check(nonEmpty);
    app.add_option("--b-algo", sideAlgo_[1],
                   "the algorithm of side B (a source), over --algo")
        ->check(nonEmpty);
    options_.addTo(app, CompileOptions::Uses::PlanTool);
  }
  int run() override {
    // A limit hit deep inside Clang, or memory running out, ends the
    // process with the status of an input that cannot be read: 2, since 1
    // says that the plans differ.
    support::setInputErrorExitStatus(UsageError);
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    if (!checkInput(a_) || !checkInput(b_))
      return UsageError;
    // Compile options shape the source sides (the passes, chunk IR too);
    // with no side they apply to, they are refused.
    InputKind kinds[2] = {classifyInput(a_), classifyInput(b_)};
    if (kinds[0] != InputKind::Source && kinds[1] != InputKind::Source) {
      if (kinds[0] == InputKind::Plan && kinds[1] == InputKind::Plan) {
        if (!options_.acceptsPlanInput(a_))
          return UsageError;
      } else if (!options_.acceptsInput(kinds[0] == InputKind::ChunkIR ? a_
                                                                       : b_)) {
        return UsageError;
      }
    }
    for (int side = 0; side < 2; ++side) {
      const std::string &path = side ? b_ : a_;
      bool given = !sideParams_[side].empty() || !sideAlgo_[side].empty();
      const char *sideOptions =
          side ? "--b-param/--b-algo" : "--a-param/--a-algo";
      if (given && kinds[side] == InputKind::Plan) {
        usageError(diag::err_usage_option_for_plan, {sideOptions, path});
        return UsageError;
      }
      if (given && kinds[side] == InputKind::ChunkIR) {
        usageError(diag::err_usage_option_for_chunk_ir, {sideOptions, path});
        return UsageError;
      }
      std::vector<std::pair<std::string, std::string>> own;
      if (!parseParams(sideParams_[side], own,
                       side ? "--b-param" : "--a-param"))
        return UsageError;
      // The side's own values replace the common -P of the same name.
      sideOptions_[side] = options_;
      auto &params = sideOptions_[side].frontend.params;
      for (const auto &[name, value] : own) {
        std::erase_if(params, [&](const auto &p) { return p.first == name; });
        params.emplace_back(name, value);
      }
      if (!sideAlgo_[side].empty())
        sideOptions_[side].frontend.algorithm = sideAlgo_[side];
    }
    std::optional<plan::Plan> a = load(a_, sideOptions_[0]),
                              b = load(b_, sideOptions_[1]);
    if (!a || !b)
      return UsageError;
    diff::PlanDiff d = diff::diffPlans(*a, *b);
    if (json_)
      std::cout << diff::renderJson(d).dump(2) << "\n";
    else
      std::cout << diff::renderText(d);
    return d.equal() ? Success : Failure;
  }

private:
  std::optional<plan::Plan> load(const std::string &path,
                                 CompileOptions options) {
    options.frontend.inputFile = path;
    // A diff is about meaning: a plan beyond the executor's limits is
    // still compared (the limits stay warnings, as with
    // --allow-limit-violations).
    options.allowLimitViolations = true;
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(path, options, files);
    LoadedPlan loaded = loadPlan(path, options, *printer, files);
    printer->printSummary();
    return std::move(loaded.plan);
  }

  std::string a_, b_;
  bool json_ = false;
  CompileOptions options_;
  std::vector<std::string> sideParams_[2];
  std::string sideAlgo_[2];
  CompileOptions sideOptions_[2];
};

} // namespace

std::unique_ptr<Command> makeDiffCommand() {
  return std::make_unique<DiffCommand>();
}

} // namespace mscclc::driver
