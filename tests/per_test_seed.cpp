// Every test draws its random inputs from a seed of its own (docs/testing.md: random inputs are
// reproducible): before each test starts, on2_test::random_engine() is seeded from the test's
// full name and a base seed (ON2_TEST_SEED, default 20261130). So a test sees the same inputs
// whether CTest runs it alone or the binary runs all of them, in any order or filter; a failing
// test prints its seed and the command that repeats it.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <string>

#include "test_support.hpp"

namespace {

std::string full_name(const testing::TestInfo& info) {
  return std::string(info.test_suite_name()) + "." + info.name();
}

class per_test_seed : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo& info) override {
    on2_test::random_engine().seed(on2_test::seed_of_test(full_name(info), on2_test::base_seed()));
  }
  void OnTestEnd(const testing::TestInfo& info) override {
    if (!info.result()->Failed()) return;
    const std::string name = full_name(info);
    const std::uint64_t base = on2_test::base_seed();
    std::cout << "[   SEED   ] " << name << " drew its random inputs from seed "
              << on2_test::seed_of_test(name, base) << " (ON2_TEST_SEED=" << base
              << " and its name); repeat with ON2_TEST_SEED=" << base << " --gtest_filter=" << name
              << std::endl;
  }
};

const bool registered = [] {
  testing::UnitTest::GetInstance()->listeners().Append(new per_test_seed);
  return true;
}();

}  // namespace
