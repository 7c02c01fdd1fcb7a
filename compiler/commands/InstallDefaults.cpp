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
#include "mscclc/support/AtomicFile.h"

#include <cstring>
#include <sys/stat.h>

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

// Where the MSCCL++ runtime loads default plans from; nothing when neither
// MSCCLPP_CACHE_DIR nor HOME says (a literal "~" would be a directory named
// "~" here).
std::optional<fs::path> runtimeDefaultsDir() {
  if (const char *cache = std::getenv("MSCCLPP_CACHE_DIR"); cache && *cache)
    return fs::path(cache) / "default";
  const char *home = std::getenv("HOME");
  if (!home || !*home)
    return std::nullopt;
  return fs::path(home) / ".cache" / "mscclpp" / "default";
}

// A plan's file name in the table: a plain name ending in .json, so no row
// can write outside the target directory or over the marker.
bool plainPlanName(const std::string &name) {
  return name.size() > 5 && name.find('/') == std::string::npos &&
         name.find('\0') == std::string::npos && name[0] != '.' &&
         name.compare(name.size() - 5, 5, ".json") == 0;
}

struct Row {
  std::string file, src, algo, params;
};

std::vector<Row> readTable(std::istringstream &table) {
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
                   "one mscclc installed into before)")
        ->each([this](const std::string &) { dirGiven_ = true; });
    app.add_flag("--list", list_, "print what would be installed and exit");
    options_.addTo(app, CompileOptions::Uses::InstallDefaults);
  }

  int run() override {
    options_.warningFlags = warningFlags;
    if (!options_.finish())
      return UsageError;
    // The bundled table says what each plan is compiled from: options that
    // shape one compile would be silently ignored, so they are refused.
    if (std::string option = options_.sourceOnlyOption(); !option.empty()) {
      usageError(diag::err_usage_option_for_install, {option});
      return UsageError;
    }
    if (dirGiven_ && dir_.empty()) {
      usageError(diag::err_usage_empty_option, {"--dir"});
      return UsageError;
    }
    fs::path source = bundledDefaultsDir();
    std::optional<fs::path> runtimeDir = runtimeDefaultsDir();
    if (dir_.empty() && !runtimeDir) {
      usageError(diag::err_install_no_home);
      return UsageError;
    }
    fs::path target = dir_.empty() ? *runtimeDir : fs::path(dir_);
    std::string tablePath = (source / "DEFAULTS.tsv").string(), tableText;
    int error = 0;
    if (!support::readRegularFile(tablePath, uint64_t(1) << 20, tableText,
                                  error)) {
      usageError(diag::err_install_cannot_read_table,
                 {tablePath, std::strerror(error)});
      return Failure;
    }
    std::istringstream table(tableText);
    std::vector<Row> rows = readTable(table);
    for (size_t i = 0; i < rows.size(); ++i) {
      bool duplicate = false;
      for (size_t j = 0; j < i; ++j)
        duplicate |= rows[j].file == rows[i].file;
      if (!plainPlanName(rows[i].file) || duplicate) {
        usageError(diag::err_install_bad_row, {tablePath, rows[i].file});
        return Failure;
      }
    }
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
      std::string input = (source / r.src).string();
      if (!checkInput(input))
        return Failure;
      std::optional<Compiled> c = compileRow(source, r);
      if (!c) {
        usageError(diag::err_install_failed, {r.file});
        return Failure;
      }
      plans.push_back(std::move(*c));
    }

    std::error_code ec;
    bool hadMarker = fs::exists(target / Marker, ec);
    // The directories this install creates, deepest first.
    std::vector<std::string> created = missingDirectories(target.string());
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
    // A first install that fails part way (a full disk) takes back what it
    // wrote: the directory would otherwise hold plans without the marker,
    // and every retry would refuse it as holding foreign files. Over an
    // earlier install the old marker stays, and a retry finishes the job.
    auto undoFirstInstall = [&] {
      if (hadMarker)
        return;
      std::error_code ignored;
      for (const std::string &n : names)
        fs::remove(target / n, ignored);
      for (const std::string &d : created)
        fs::remove(d, ignored); // only if empty
    };
    for (const Compiled &c : plans) {
      if (!writeOutput((target / c.file).string(), c.text)) {
        undoFirstInstall();
        return Failure;
      }
      names.push_back(c.file);
    }
    std::string record;
    for (const std::string &n : names)
      record += n + "\n";
    if (!writeOutput((target / Marker).string(), record)) {
      undoFirstInstall();
      return Failure;
    }
    // Only what looks like an earlier install's plan: a regular file with a
    // plan's name (a forged marker cannot make it delete anything else).
    for (const std::string &old : previous) {
      struct stat st;
      if (std::find(names.begin(), names.end(), old) == names.end() &&
          plainPlanName(old) && ::lstat((target / old).c_str(), &st) == 0 &&
          S_ISREG(st.st_mode))
        fs::remove(target / old, ec);
    }
    for (const Compiled &c : plans)
      std::cout << "wrote " << (target / c.file).string() << " (" << c.ranks
                << " ranks, " << c.ops << " ops)\n";
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
    // The marker must be mscclc's own: a regular file, not a link (which
    // the rewrite would follow), a directory or a FIFO (which would block).
    fs::path markerPath = target / Marker;
    fs::file_status ms = fs::symlink_status(markerPath, ec);
    if (!ec && ms.type() != fs::file_type::not_found) {
      std::string text;
      int error = 0;
      if (ms.type() != fs::file_type::regular ||
          !support::readRegularFile(markerPath.string(), uint64_t(1) << 20,
                                    text, error)) {
        usageError(diag::err_install_bad_marker, {markerPath.string()});
        return false;
      }
      std::istringstream marker(text);
      std::string line;
      while (std::getline(marker, line))
        if (plainPlanName(line))
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
  bool dirGiven_ = false;
  bool list_ = false;
  CompileOptions options_;
};

} // namespace

std::unique_ptr<Command> makeInstallDefaultsCommand() {
  return std::make_unique<InstallDefaultsCommand>();
}

} // namespace mscclc::driver
