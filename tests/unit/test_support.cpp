//===- test_support.cpp - the support library -----------------------------===//
#include "mscclc/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using mscclc::support::writeFileAtomically;

TEST_CASE("atomic writes", "[support][io]") {
  fs::path dir = fs::temp_directory_path() /
                 ("mscclc-atomic-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  mscclc::support::WriteFailure error;

  SECTION("a missing directory fails and creates nothing") {
    fs::path target = dir / "no" / "such" / "plan.json";
    CHECK_FALSE(writeFileAtomically(target.string(), "{}\n", error));
    CHECK(error.step == mscclc::support::WriteFailure::CreateTemp);
    CHECK(error.path == target.string());
    CHECK(error.error == ENOENT);
    CHECK_FALSE(fs::exists(target));
    CHECK_FALSE(fs::exists(dir));
  }

  SECTION("success replaces the file and leaves no temporary behind") {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    std::ofstream(target) << "old contents that are longer";
    std::string text = "{\n  \"new\": true\n}\n";
    REQUIRE(writeFileAtomically(target.string(), text, error));
    std::ifstream in(target);
    std::ostringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str() == text);
    size_t entries =
        std::distance(fs::directory_iterator(dir), fs::directory_iterator());
    CHECK(entries == 1);
    // The result is an ordinary, readable file, not mkstemp's 0600.
    auto perms = fs::status(target).permissions();
    CHECK((perms & fs::perms::owner_read) != fs::perms::none);
  }
  fs::remove_all(dir);
}
