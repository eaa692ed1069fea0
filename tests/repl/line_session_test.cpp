// Reading the language line by line (repl/src/line_session.hpp), with the lines supplied by the
// test: when a Ctrl-C takes effect, and what it ends.
#include "line_session.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "captured_run.hpp"
#include "cas/core/context.hpp"
#include "evaluator.hpp"

namespace {

// A line_reader over fixed lines; `before_line` runs before line i is handed out.
struct scripted_lines {
  std::vector<std::string> lines;
  std::function<void(std::size_t)> before_line = [](std::size_t) {};
  std::size_t next = 0;

  on2::line_status operator()(const std::string&, std::string& line) {
    if (next == lines.size()) return on2::line_status::end_of_input;
    before_line(next);
    line = lines[next++];
    return on2::line_status::read;
  }
};

using on2_test::run_result;

run_result run(on2::session& language, scripted_lines& reader, on2::line_options options) {
  return on2_test::run_captured(language, reader, options);
}

// A SIGINT that lands while the next statement is being read (before it starts) interrupts that
// statement: it is not cleared when the statement starts.
TEST(LineSession, ACtrlCBeforeAStatementStartsInterruptsIt) {
  cas::context ctx;
  on2::session language(ctx);
  scripted_lines reader{{"1", "2", "3"}};
  reader.before_line = [&](std::size_t i) {
    if (i == 1) ctx.cancellation().request();
  };
  const run_result r = run(language, reader, {.interactive = false, .keep_going = false});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "1\n");
  EXPECT_NE(r.err.find("<stdin>:2:1: error: The computation was interrupted."), std::string::npos)
      << r.err;
}

// With --keep-going the interruption ends its own statement only.
TEST(LineSession, UnderKeepGoingACtrlCEndsOneStatement) {
  cas::context ctx;
  on2::session language(ctx);
  scripted_lines reader{{"1", "2", "3"}};
  reader.before_line = [&](std::size_t i) {
    if (i == 1) ctx.cancellation().request();
  };
  const run_result r = run(language, reader, {.interactive = false, .keep_going = true});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "1\n3\n");
  EXPECT_EQ(r.err.find("<stdin>:3"), std::string::npos) << r.err;
}

// At a prompt, a Ctrl-C that came while nothing ran is dropped, as one typed at the prompt is.
TEST(LineSession, InteractiveSessionsDropAStaleCtrlCAtThePrompt) {
  cas::context ctx;
  on2::session language(ctx);
  scripted_lines reader{{"1", "2"}};
  reader.before_line = [&](std::size_t i) {
    if (i == 1) ctx.cancellation().request();
  };
  std::ostringstream out, err;
  // The request comes inside the reader, after the prompt's reset: it interrupts "2"...
  EXPECT_EQ(on2::run_lines(language, std::ref(reader), out, err, {.interactive = true}), 0);
  EXPECT_NE(err.str().find("interrupted"), std::string::npos);
  // ...and one requested before the prompt is dropped.
  ctx.cancellation().request();
  scripted_lines again{{"5"}};
  std::ostringstream out2, err2;
  on2::run_lines(language, std::ref(again), out2, err2, {.interactive = true});
  EXPECT_NE(out2.str().find("5"), std::string::npos) << out2.str() << err2.str();
  EXPECT_EQ(err2.str(), "");
}

}  // namespace

namespace {

// A reader that records the prompt it was shown for each line.
struct prompted_lines {
  std::vector<std::string> lines;
  std::vector<std::string> prompts;
  std::size_t next = 0;

  on2::line_status operator()(const std::string& prompt, std::string& line) {
    prompts.push_back(prompt);
    if (next == lines.size()) return on2::line_status::end_of_input;
    line = lines[next++];
    return on2::line_status::read;
  }
};

// docs/spec/language.md "Programs": a block continues until its `end`, with the `...>` prompt.
TEST(LineSession, BlocksSpanLinesUntilTheirEnd) {
  on2::session language;
  prompted_lines reader{{"s = 0", "for i in 1..3 do", "  if i != 2 then", "    s = s + i", "  end",
                         "end", "s", "L = {x for x in 1..2}", "L"},
                        {}};
  const run_result r = on2_test::run_captured(language, reader, {.interactive = true});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "2\n{1, 2}\n\n");  // 1 ⊕ 3 = 2; a comprehension's `for` opens no block
  const std::vector<std::string> expected{"on2> ", "on2> ", "...> ", "...> ", "...> ",
                                          "...> ", "on2> ", "on2> ", "on2> ", "on2> "};
  EXPECT_EQ(reader.prompts, expected);
}

// A block's error names the line of the failing statement inside it.
TEST(LineSession, AnErrorInsideABlockPointsAtItsLine) {
  on2::session language;
  prompted_lines reader{{"for i in 1..3 do", "  y = i", "  z = 1 / 0", "end"}, {}};
  const run_result r = on2_test::run_captured(language, reader, {.interactive = false});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:3:11: error: Nim division by zero.", 0), 0u) << r.err;
  EXPECT_EQ(to_text(language.variables().at("y"), {}), "1");  // the first iteration's assignment
}

}  // namespace

namespace {

// A line ending in a binary operator continues on the next, with the `...>` prompt.
TEST(LineSession, ALineEndingInAnOperatorContinues) {
  on2::session language;
  prompted_lines reader{{"a = 2 *", "  3", "a", "b = true and", "", "  false", "b"}, {}};
  const run_result r = on2_test::run_captured(language, reader, {.interactive = true});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "1\nfalse\n\n");  // 2 ⊗ 3 = 1
  const std::vector<std::string> expected{"on2> ", "...> ", "on2> ", "on2> ",
                                          "...> ", "...> ", "on2> ", "on2> "};
  EXPECT_EQ(reader.prompts, expected);
}

}  // namespace
