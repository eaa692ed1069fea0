// The output forms of docs/spec/language.md "Output" beyond the values themselves: the ASCII form
// of on2's own text (reports, messages, hints), the --json objects (list elements, error kinds
// and hints, acknowledgements) and the lines a run_listener hears as they happen.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ascii_text.hpp"
#include "cas/core/context.hpp"
#include "evaluator.hpp"
#include "printer.hpp"
#include "value.hpp"

namespace {

using on2::output_line;
using on2::run_listener;
using on2::run_report;
using on2::session;

bool is_ascii(const std::string& text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

TEST(AsciiText, SpellsOn2sSymbolsAsTheyAreTypedInAscii) {
  EXPECT_EQ(on2::ascii_text("[ω^2·3] ⊕ κ_3 ⊗ α_5 ≥ a⁻¹ ≤ n² ≠ 4×4 → …"),
            "[w^2*3] + kappa_3 * alpha_5 >= a^-1 <= n^2 != 4x4 -> ...");
  EXPECT_EQ(on2::ascii_text("GF(2^6), spanned by κ_2, κ_3"),
            "GF(2^6), spanned by kappa_2, kappa_3");
  EXPECT_EQ(on2::ascii_text("é"), "é");  // not one of on2's symbols: left as it is
}

// A report (value::report) prints in ASCII under :ascii; a string the user typed prints as typed.
TEST(AsciiText, ReportsFollowTheNotationTypedStringsDoNot) {
  const on2::value report = on2::value::report("κ_2 ⊗ ω");
  const on2::value typed = on2::value::string("κ_2 ⊗ ω");
  EXPECT_EQ(report, typed);  // the same value
  const on2::print_options ascii{cas::notation::ascii};
  EXPECT_EQ(on2::to_text(report, ascii), "\"kappa_2 * w\"");
  EXPECT_EQ(on2::to_text(typed, ascii), "\"κ_2 ⊗ ω\"");
  EXPECT_EQ(on2::to_text(report), "\"κ_2 ⊗ ω\"");
}

TEST(AsciiText, ReportsMessagesAndHintsUnderAscii) {
  session s;
  s.options().notation = cas::notation::ascii;
  const run_report report =
      s.run_text("field(w)\nexplain(2, 3)\nprint(kappas(w))\n[3 - 5]\ninv({1})", "<test>", true);
  ASSERT_EQ(report.lines.size(), 5u);
  for (const output_line& line : report.lines) EXPECT_TRUE(is_ascii(line.text)) << line.text;
  EXPECT_EQ(report.lines[0].text, "\"GF(2^6), spanned by kappa_2, kappa_3\"");
  EXPECT_EQ(report.lines[3].hint, "`[a - b]` needs a >= b.");
  // The "ascii" field of --json is the ASCII form whatever the session's notation.
  session unicode;
  EXPECT_EQ(unicode.run_text("field(w)", "<test>", false).lines.at(0).ascii,
            "\"GF(2^6), spanned by kappa_2, kappa_3\"");
}

TEST(JsonOutput, ListsErrorsAndAcknowledgements) {
  session s;
  run_listener listener;
  listener.acknowledge = true;
  const run_report report = s.run_text("L = {1, {w}}\nf(a, b) = a\nL\n1 + true\nprint(L)\ninv(0)",
                                       "<test>", true, 1, listener);
  ASSERT_EQ(report.lines.size(), 6u);
  EXPECT_EQ(on2::to_json(report.lines[0]), R"({"assigned": "L"})");
  EXPECT_EQ(on2::to_json(report.lines[1]), R"j({"defined": "f(a, b)"})j");
  EXPECT_EQ(on2::to_json(report.lines[2]),
            R"({"type": "list", "ascii": "{1, {w}}", "unicode": "{1, {ω}}", "elements": [)"
            R"({"type": "nimber", "ascii": "1", "unicode": "1"}, {"type": "list", "elements": )"
            R"([{"type": "nimber", "ascii": "w", "unicode": "ω"}]}]})");
  EXPECT_EQ(report.lines[3].kind, "type");
  EXPECT_NE(on2::to_json(report.lines[3]).find(R"("kind": "type", "hint": null, )"),
            std::string::npos);
  EXPECT_EQ(on2::to_json(report.lines[4]), R"({"print": "{1, {ω}}"})");
  EXPECT_EQ(report.lines[5].kind, "math");
  EXPECT_EQ(report.exit_code, 1);  // a type error keeps exit code 1
  // Without `acknowledge` (plain output) assignments add no line.
  session plain;
  EXPECT_TRUE(plain.run_text("a = 1", "<test>", false).lines.empty());
}

// The listener hears a print( ) line while its loop still runs: here it interrupts the loop on
// hearing the first one, so the loop prints once instead of a million times.
TEST(RunListener, HearsPrintLinesWhileTheLoopRuns) {
  cas::context ctx;
  session s(ctx);
  std::vector<output_line> heard;
  run_listener listener;
  listener.line = [&](const output_line& line) {
    heard.push_back(line);
    ctx.cancellation().request();
  };
  std::size_t times = 0;
  listener.time = [&](const on2::statement_time&) { ++times; };
  const run_report report =
      s.run_text("for i in 1..1000000 do print(i) end", "<test>", false, 1, listener);
  ASSERT_EQ(heard.size(), 2u);  // the first print, then the interruption's error
  EXPECT_EQ(heard[0].text, "1");
  EXPECT_EQ(heard[1].kind, "interrupted");
  EXPECT_TRUE(report.lines.empty());  // what the listener heard is not kept
  EXPECT_EQ(report.exit_code, 3);
  EXPECT_EQ(times, 1u);
}

}  // namespace
