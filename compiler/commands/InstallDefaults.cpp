//===- InstallDefaults.cpp - mscclc install-defaults
//-----------------------===//
//
// Compiles every row of the bundled DEFAULTS.tsv (in order, sharing one
// barrier-id registry, as the reference installer's single Python process
// does) and writes the plans into the directory the MSCCL++ runtime loads
// default plans from. It writes only into a directory that is new, empty
// or marked as its own (.mscclc-defaults lists the plans it installed), it
// writes nothing unless every plan compiled, each file atomically, and it
// never deletes anything but its own earlier plans.
//
//===----------------------------------------------------------------------===//
#include "../Driver.h"
#include "Commands.h"

#include "mscclc/json/JsonWriter.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

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
                   "install into DIR instead (a new or empty directory, or "
                   "one mscclc installed into before)");
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
    std::vector<std::string> previous;
    if (!checkTarget(target, previous))
      return Failure;

    // Compile everything first: nothing is written unless every plan
    // compiles.
    options_.frontend.sharedBarriers =
        std::make_shared<frontend::BarrierRegistry>();
    std::vector<Compiled> plans;
    for (const auto &r : rows) {
      std::optional<Compiled> c = compileRow(source, r);
      if (!c) {
        usageError(diag::err_install_failed, {r.file});
        return Failure;
      }
      plans.push_back(std::move(*c));
    }

    std::error_code ec;
    fs::create_directories(target, ec);
    if (ec) {
      usageError(diag::err_install_cannot_create,
                 {target.string(), ec.message()});
      return Failure;
    }
    // Each plan is written atomically; then the record of what mscclc owns
    // here; then the plans of an earlier install that are no longer
    // bundled. Nothing else in the directory is touched.
    std::vector<std::string> names;
    for (const Compiled &c : plans) {
      if (!writeOutput((target / c.file).string(), c.text))
        return Failure;
      names.push_back(c.file);
      std::cout << "wrote " << (target / c.file).string() << " (" << c.ranks
                << " ranks, " << c.ops << " ops)\n";
    }
    std::string record;
    for (const std::string &n : names)
      record += n + "\n";
    if (!writeOutput((target / Marker).string(), record))
      return Failure;
    for (const std::string &old : previous)
      if (std::find(names.begin(), names.end(), old) == names.end())
        fs::remove(target / old, ec);
    std::cout << "installed " << plans.size() << " default plans in "
              << target.string() << "\n";
    return Success;
  }

private:
  // Names the plans mscclc installed in a directory, one per line.
  static constexpr const char *Marker = ".mscclc-defaults";

  struct Compiled {
    std::string file;
    std::string text;
    size_t ranks = 0, ops = 0;
  };

  // The target must be a directory that is new, empty, or one mscclc
  // installed into before (it holds the marker). `previous` gets the
  // plans that install wrote.
  bool checkTarget(const fs::path &target, std::vector<std::string> &previous) {
    std::error_code ec;
    fs::file_status st = fs::symlink_status(target, ec);
    if (ec || st.type() == fs::file_type::not_found)
      return true;
    if (st.type() == fs::file_type::symlink)
      st = fs::status(target, ec);
    if (st.type() != fs::file_type::directory) {
      usageError(diag::err_install_not_directory, {target.string()});
      return false;
    }
    std::ifstream marker(target / Marker);
    if (marker) {
      std::string line;
      while (std::getline(marker, line))
        if (!line.empty() && line.find('/') == std::string::npos &&
            line != "." && line != "..")
          previous.push_back(line);
      return true;
    }
    if (!fs::is_empty(target, ec) || ec) {
      usageError(diag::err_install_foreign_directory, {target.string()});
      return false;
    }
    return true;
  }

  std::optional<Compiled> compileRow(const fs::path &source, const Row &r) {
    CompileOptions options = options_;
    options.frontend.inputFile = (source / r.src).string();
    options.frontend.algorithm = r.algo;
    options.frontend.params.clear();
    std::vector<std::string> given;
    std::istringstream ps(r.params);
    for (std::string kv; ps >> kv;)
      given.push_back(kv);
    if (!parseParams(given, options.frontend.params))
      return std::nullopt;
    auto files = std::make_shared<SourceFiles>();
    auto printer = makePrinter(options.frontend.inputFile, options, files);
    LoadedPlan loaded =
        loadPlan(options.frontend.inputFile, options, *printer, files);
    if (!loaded.plan)
      return std::nullopt;
    Compiled c;
    c.file = r.file;
    c.text = json::writePlanJson(*loaded.plan);
    // The runtime's own installer writes the plan without a newline.
    if (!c.text.empty() && c.text.back() == '\n')
      c.text.pop_back();
    c.ranks = loaded.plan->gpus.size();
    c.ops = plan::countOps(*loaded.plan);
    return c;
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
