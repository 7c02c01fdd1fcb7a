//===- InstallDefaults.cpp - mscclc install-defaults
//-----------------------===//
//
// Compiles every row of the bundled DEFAULTS.tsv (in order, sharing one
// barrier-id registry, as the reference installer's single Python process
// does) into a temporary directory, then swaps it in place of the target
// directory the MSCCL++ runtime loads default plans from.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/json/JsonWriter.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace mscclc::driver {

namespace {

namespace fs = std::filesystem;

// Where the bundled default algorithms live: MSCCLC_DEFAULTS_DIR, next to
// the executable (share/mscclc/defaults), or the source tree.
fs::path bundledDefaultsDir() {
  if (const char *env = std::getenv("MSCCLC_DEFAULTS_DIR"))
    return env;
  std::error_code ec;
  auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    auto installed = exe.parent_path() / ".." / "share" / "mscclc" / "defaults";
    if (fs::exists(installed / "DEFAULTS.tsv"))
      return installed;
  }
  return MSCCLC_SOURCE_DIR "/samples/defaults";
}

fs::path runtimeDefaultsDir() {
  if (const char *cache = std::getenv("MSCCLPP_CACHE_DIR"); cache && *cache)
    return fs::path(cache) / "default";
  const char *home = std::getenv("HOME");
  return fs::path(home && *home ? home : "~") / ".cache" / "mscclpp" /
         "default";
}

struct Row {
  std::string file, src, algo, params;
};

std::vector<Row> readTable(std::istream &table) {
  std::vector<Row> rows;
  std::string line;
  while (std::getline(table, line)) {
    if (line.empty() || line.rfind("file\t", 0) == 0 || line[0] == '#')
      continue;
    std::istringstream ls(line);
    Row r;
    std::getline(ls, r.file, '\t');
    std::getline(ls, r.src, '\t');
    std::getline(ls, r.algo, '\t');
    std::getline(ls, r.params, '\t');
    rows.push_back(r);
  }
  return rows;
}

class InstallDefaultsCommand : public Command {
public:
  const char *name() const override { return "install-defaults"; }
  const char *summary() const override {
    return "compile the bundled default algorithms into the directory the "
           "MSCCL++ runtime loads them from ($MSCCLPP_CACHE_DIR/default, else "
           "~/.cache/mscclpp/default)";
  }
  void setup(CLI::App &app) override {
    app.add_option("--dir", dir_,
                   "install into DIR instead (replaced atomically)");
    app.add_flag("--list", list_, "print what would be installed and exit");
    options_.addTo(app);
  }

  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    fs::path source = bundledDefaultsDir();
    fs::path target = dir_.empty() ? runtimeDefaultsDir() : fs::path(dir_);
    std::ifstream table(source / "DEFAULTS.tsv");
    if (!table) {
      usageError(diag::err_install_cannot_read_table,
                 {(source / "DEFAULTS.tsv").string()});
      return Failure;
    }
    std::vector<Row> rows = readTable(table);
    if (list_) {
      for (const auto &r : rows)
        std::cout << (target / r.file).string() << "\t" << r.src << " --algo "
                  << r.algo << " " << r.params << "\n";
      return Success;
    }
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    fs::path staging =
        target.parent_path() /
        ("." + target.filename().string() + ".tmp." + std::to_string(getpid()));
    fs::remove_all(staging, ec);
    fs::create_directories(staging, ec);
    if (ec) {
      usageError(diag::err_install_cannot_create,
                 {staging.string(), ec.message()});
      return Failure;
    }
    options_.frontend.sharedBarriers =
        std::make_shared<frontend::BarrierRegistry>();
    for (const auto &r : rows) {
      if (!installRow(source, staging, target, r)) {
        usageError(diag::err_install_failed, {r.file});
        fs::remove_all(staging, ec);
        return Failure;
      }
    }
    // Swap the new directory in; the old one is removed afterwards.
    fs::path old = target.parent_path() / ("." + target.filename().string() +
                                           ".old." + std::to_string(getpid()));
    if (fs::exists(target))
      fs::rename(target, old, ec);
    fs::rename(staging, target, ec);
    if (ec) {
      usageError(diag::err_install_cannot_install,
                 {target.string(), ec.message()});
      if (fs::exists(old))
        fs::rename(old, target, ec);
      fs::remove_all(staging, ec);
      return Failure;
    }
    fs::remove_all(old, ec);
    return Success;
  }

private:
  bool installRow(const fs::path &source, const fs::path &staging,
                  const fs::path &target, const Row &r) {
    CompileOptions options = options_;
    options.frontend.inputFile = (source / r.src).string();
    options.frontend.algorithm = r.algo;
    options.frontend.params.clear();
    std::istringstream ps(r.params);
    std::string kv;
    while (ps >> kv) {
      auto eq = kv.find('=');
      if (eq != std::string::npos)
        options.frontend.params.emplace_back(kv.substr(0, eq),
                                             kv.substr(eq + 1));
    }
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(options.frontend.inputFile, options, files);
    LoadedPlan loaded =
        loadPlan(options.frontend.inputFile, options, *printer, files);
    if (!loaded.plan)
      return false;
    std::string text = json::writePlanJson(*loaded.plan);
    // The runtime's own installer writes the plan without a newline.
    if (!text.empty() && text.back() == '\n')
      text.pop_back();
    if (!writeOutput((staging / r.file).string(), text))
      return false;
    std::cout << "wrote " << (target / r.file).string() << " ("
              << loaded.plan->gpus.size() << " ranks, "
              << plan::countOps(*loaded.plan) << " ops)\n";
    return true;
  }

  std::string dir_;
  bool list_ = false;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeInstallDefaultsCommand() {
  return std::make_unique<InstallDefaultsCommand>();
}

} // namespace mscclc::driver
