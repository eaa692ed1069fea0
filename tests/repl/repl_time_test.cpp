// :time (docs/spec/language.md "REPL commands"): each statement's time, in human units, after
// its own output (issue 18).
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>
#include <vector>

#include "captured_run.hpp"
#include "evaluator.hpp"
#include "human_duration.hpp"
#include "line_session.hpp"

namespace {

using namespace std::chrono_literals;

TEST(HumanDuration, TwoSignificantDigitsInMillisecondsOrSeconds) {
  EXPECT_EQ(on2::human_duration(0ns), "0 ms");
  EXPECT_EQ(on2::human_duration(1234ns), "0.0012 ms");
  EXPECT_EQ(on2::human_duration(50us), "0.05 ms");
  EXPECT_EQ(on2::human_duration(12345us), "12 ms");
  EXPECT_EQ(on2::human_duration(350ms), "350 ms");
  EXPECT_EQ(on2::human_duration(999700us), "1 s");  // rounds up to a second
  EXPECT_EQ(on2::human_duration(1234ms), "1.2 s");
  EXPECT_EQ(on2::human_duration(9960ms), "10 s");
  EXPECT_EQ(on2::human_duration(130s), "130 s");
}

struct fixed_lines {
  std::vector<std::string> lines;
  std::size_t next = 0;
  on2::line_status operator()(const std::string&, std::string& line) {
    if (next == lines.size()) return on2::line_status::end_of_input;
    line = lines[next++];
    return on2::line_status::read;
  }
};

TEST(ReplTime, OneTimePerStatementAfterItsOutput) {
  on2::session language;
  fixed_lines reader{{":time on", "1; 2 * 2", "print(5); a = 3", ":time off", "3"}};
  const on2_test::run_result r = on2_test::run_captured(language, reader, {});
  EXPECT_EQ(r.err, "");
  const std::string time = R"(\([0-9]+(\.[0-9]+)? (ms|s)\)\n)";
  EXPECT_TRUE(
      std::regex_match(r.out, std::regex(time + "3\n" + time + "5\n" + time + time + "3\n")))
      << r.out;
}

TEST(ReplTime, AFailedStatementIsTimedToo) {
  on2::session language;
  fixed_lines reader{{":time on", "1/0; 2"}};
  const on2_test::run_result r = on2_test::run_captured(language, reader, {.keep_going = true});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Nim division by zero"), std::string::npos);
  const std::string time = R"(\([0-9]+(\.[0-9]+)? (ms|s)\)\n)";
  EXPECT_TRUE(std::regex_match(r.out, std::regex(time + "2\n" + time))) << r.out;
}

}  // namespace
