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

  // Content made piece by piece (a streamed plan).
  auto readBack = [](const fs::path &p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  auto entries = [&] {
    return std::distance(fs::directory_iterator(dir), fs::directory_iterator());
  };
  SECTION("pieces land in order in one file") {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    REQUIRE(writeFileAtomically(
        target.string(),
        [](const mscclc::support::ContentSink &sink) {
          return sink("{\n") && sink("  \"a\": 1\n") && sink("}\n");
        },
        error));
    CHECK(readBack(target) == "{\n  \"a\": 1\n}\n");
    CHECK(entries() == 1);
  }

  // A target holding "old", for the failures below.
  auto oldTarget = [&] {
    fs::create_directories(dir);
    fs::path target = dir / "plan.json";
    std::ofstream(target) << "old";
    return target;
  };
  SECTION("a producer that gives up leaves the old file and no temporary") {
    fs::path target = oldTarget();
    CHECK_FALSE(writeFileAtomically(
        target.string(),
        [](const mscclc::support::ContentSink &sink) {
          return sink("half a plan") && false;
        },
        error));
    CHECK(error.step == mscclc::support::WriteFailure::Write);
    CHECK(readBack(target) == "old");
    CHECK(entries() == 1);
  }

  SECTION("a producer that throws leaves the old file and no temporary") {
    fs::path target = oldTarget();
    CHECK_THROWS_AS(writeFileAtomically(
                        target.string(),
                        [](const mscclc::support::ContentSink &sink) -> bool {
                          (void)sink("half a plan");
                          throw std::bad_alloc();
                        },
                        error),
                    std::bad_alloc);
    CHECK(readBack(target) == "old");
    CHECK(entries() == 1);
  }
  fs::remove_all(dir);
}
