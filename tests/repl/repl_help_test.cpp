// The REPL's help (repl/src/line_session.cpp, repl/src/repl_commands.hpp): every `:` command has
// an entry, ?NAME is :help NAME, and the overview explains the notation (issue 18).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "captured_run.hpp"
#include "evaluator.hpp"
#include "line_session.hpp"

namespace {

struct fixed_lines {
  std::vector<std::string> lines;
  std::size_t next = 0;
  on2::line_status operator()(const std::string&, std::string& line) {
    if (next == lines.size()) return on2::line_status::end_of_input;
    line = lines[next++];
    return on2::line_status::read;
  }
};

// What the piped session prints for these lines.
std::string printed(const std::vector<std::string>& lines) {
  on2::session language;
  fixed_lines reader{lines};
  const on2_test::run_result r = on2_test::run_captured(language, reader, {});
  EXPECT_EQ(r.err, "");
  return r.out;
}

// The commands run_lines dispatches; each must have help of its own.
TEST(ReplHelp, EveryCommandHasAnEntry) {
  for (const char* command :
       {"help", "vars", "reset", "ascii", "unicode", "format", "time", "load", "quit", "q"}) {
    const std::string text = printed({std::string(":help :") + command});
    EXPECT_EQ(text.find("No help"), std::string::npos) << command << ": " << text;
    EXPECT_EQ(text.rfind(std::string(":") + (command == std::string("q") ? "quit" : command), 0),
              0u)
        << text;
  }
  EXPECT_EQ(printed({":help :time"}), printed({":help time"}));  // the colon is optional
}

TEST(ReplHelp, QuestionMarkIsHelp) {
  EXPECT_EQ(printed({"?sqrt"}), printed({":help sqrt"}));
  EXPECT_EQ(printed({"  ? :load"}), printed({":help :load"}));
  EXPECT_EQ(printed({"?"}), printed({":help"}));
  EXPECT_NE(printed({"?sqrt"}).find("example: sqrt(3)"), std::string::npos);
}

TEST(ReplHelp, TheOverviewExplainsTheNotation) {
  const std::string overview = printed({":help"});
  for (const char* piece : {"  ;  ", "  #  ", "%n", "star notation", "*5", "?NAME", ":load FILE",
                            ":time on|off", "sqrt"}) {
    EXPECT_NE(overview.find(piece), std::string::npos) << piece;
  }
}

}  // namespace
