// The word statements' fast lane (issue 19, session::run_word_lines, run_input): quick statements
// that are literals below 2^64 or nim sums and products of two run on machine words, in place in
// the reader's buffer, and must behave exactly as the syntax tree does: the same output, errors
// at the same line and column, the same exit codes, the same result numbers for %n, the same
// limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "bounded_line_reader.hpp"
#include "cas/core/context.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "evaluator.hpp"
#include "line_session.hpp"
#include "parser/parse.hpp"
#include "printer.hpp"
#include "test_support.hpp"

namespace {

struct outcome {
  int exit_code = 0;
  std::string out, err;
  std::size_t results = 0;
  friend bool operator==(const outcome&, const outcome&) = default;
};

std::ostream& operator<<(std::ostream& os, const outcome& o) {
  return os << "exit " << o.exit_code << ", " << o.results << " results\nout:\n"
            << o.out.substr(0, 400) << "\nerr:\n"
            << o.err.substr(0, 400);
}

using setup = std::function<void(on2::session&)>;

// The syntax tree's answer: the text run whole by run_text without a listener (the fast lane
// wants a listener that takes text), printed as run_lines prints.
outcome by_tree(std::string_view text, bool keep_going, const setup& prepare = {}) {
  cas::context ctx;
  on2::session language(ctx);
  if (prepare) prepare(language);
  const on2::run_report report = language.run_text(text, "s.on2", keep_going);
  std::ostringstream out, err;
  on2::print_report(report, out, err, false);
  return {report.exit_code, out.str(), err.str(), language.results().size()};
}

// `text` read from a file or a pipe that hands out `chunk` bytes a read: run_input (the word
// statements in place), or, when `lines` is set, run_lines on one line at a time.
outcome by_reader(std::string_view text, bool keep_going, std::size_t chunk,
                  const setup& prepare = {}, bool lines = false) {
  cas::context ctx;
  on2::session language(ctx);
  if (prepare) prepare(language);
  std::size_t at = 0;
  on2::bounded_line_reader reader(
      [&](char* to, std::size_t capacity, std::string&) -> std::ptrdiff_t {
        const std::size_t n = std::min({capacity, chunk, text.size() - at});
        text.copy(to, n, at);
        at += n;
        return static_cast<std::ptrdiff_t>(n);
      },
      on2::max_line_bytes(language));
  std::ostringstream out, err;
  const on2::line_options options{.keep_going = keep_going, .source_name = "s.on2"};
  const int code = lines ? on2::run_lines(language, std::ref(reader), out, err, options)
                         : on2::run_input(language, reader, out, err, options);
  return {code, out.str(), err.str(), language.results().size()};
}

// Every way of reading `text` gives the tree's outcome, with and without --keep-going.
void expect_as_tree(const std::string& text, const setup& prepare = {}) {
  for (const bool keep_going : {false, true}) {
    const outcome expected = by_tree(text, keep_going, prepare);
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{5}, std::size_t{64}, text.size()}) {
      EXPECT_EQ(by_reader(text, keep_going, chunk, prepare), expected)
          << "in place, chunk " << chunk << ", keep_going " << keep_going << "\n"
          << text.substr(0, 300);
      EXPECT_EQ(by_reader(text, keep_going, chunk, prepare, true), expected)
          << "line by line, chunk " << chunk << ", keep_going " << keep_going;
    }
  }
}

TEST(WordStatements, MixedWithOtherStatementsTheyRunAsTheTreeRunsThem) {
  expect_as_tree(
      "2 * 3\n7 + 1;\n12 - 5\n  9  \n\n%1 * %\nx = 2 * 3\nx * 2\n1 / 0\n4 ^ 2\n6 * 7\n"
      "18446744073709551616 * 1\n18446744073709551615 * 18446744073709551615\n"
      "00000000000000000007 * 3\n3 * 5 5\n1 +* 2)\n%4\n3 + 3\n[2 * 3]\n%\n");
}

TEST(WordStatements, CarriageReturnsAndBlanks) {
  expect_as_tree("3 * 5\r\n\t7 *\t9 ;\r\n\r\n\f\v\n 8 + 8\r\n%2\r\n");
  // Blank text alone is the general parser's, and gives nothing there either.
  for (const std::string blank : {"\f\n", " \v\t\r\n\n", "\n", "  "}) {
    expect_as_tree(blank);
    EXPECT_EQ(by_tree(blank, false), outcome{}) << blank;
  }
}

// %n and % after word statements, with the numbering of results that ended in `;`.
TEST(WordStatements, ResultNumbersCountEveryResult) {
  expect_as_tree("3 * 5\n2 * 2;\n%2\n%1 + %3\n%\n7 * 7;\n%6\n%\n");
  const outcome o = by_reader("3 * 5\n2 * 2;\n%2\n%1 + %3\n", false, 4096);
  EXPECT_EQ(o.out, "15\n3\n12\n");
  EXPECT_EQ(o.results, 4u);
}

// Only the latest max_kept_results results are kept, fast lane or not.
TEST(WordStatements, OnlyTheLatestResultsAreKept) {
  std::string text;
  for (std::size_t i = 0; i < on2::max_kept_results + 3; ++i) text += std::to_string(i) + " * 1\n";
  text += "%4\n%3\n";
  expect_as_tree(text);
  const outcome o = by_reader(text, true, 4096);
  EXPECT_NE(o.err.find("s.on2:5005:1: error: Result %3 is no longer kept"), std::string::npos)
      << o.err;
  EXPECT_TRUE(o.out.ends_with("5002\n3\n")) << o.out.substr(o.out.size() - 40);
}

// The limits a word statement can meet: literals under a max_nimber_bits below 64 go through
// GMP and its limit, the parser's max_literal_digits and max_tree_height, a statement's bytes.
TEST(WordStatements, TheLimitsStillApply) {
  const std::string text = "3 * 5\n4294967296 * 1\n255 + 1\n123456 * 2\n7\n";
  const std::string expressions = "x = 3\nx * x + 1\nx = x * (x + 2)\n-(x * 2) ^ 2\n(((x)))\n";
  for (const setup& limit :
       {setup([](on2::session& s) { s.parse_limits().max_literal_digits = 0; }),
        setup([](on2::session& s) { s.parse_limits().max_tree_height = 2; }),
        setup([](on2::session& s) { s.parse_limits().max_tree_height = 3; }),
        setup([](on2::session& s) { s.parse_limits().max_nesting_depth = 1; }),
        setup([](on2::session& s) { s.parse_limits().max_nesting_depth = 2; })}) {
    expect_as_tree(expressions, limit);
  }
  expect_as_tree(text, [](on2::session& s) { s.context().limits().max_nimber_bits = 32; });
  expect_as_tree(text, [](on2::session& s) { s.parse_limits().max_literal_digits = 5; });
  expect_as_tree(text, [](on2::session& s) { s.parse_limits().max_tree_height = 1; });
  expect_as_tree(text, [](on2::session& s) { s.parse_limits().max_nesting_depth = 0; });
  const outcome bits = by_reader(
      text, true, 4096, [](on2::session& s) { s.context().limits().max_nimber_bits = 32; });
  EXPECT_NE(bits.err.find("s.on2:2:1: error:"), std::string::npos) << bits.err;
  EXPECT_NE(bits.err.find("max_nimber_bits"), std::string::npos) << bits.err;
  EXPECT_EQ(bits.exit_code, 3);
  EXPECT_EQ(bits.out, "15\n254\n" + by_tree("123456 * 2\n7\n", false).out);
  // A quick line longer than a statement may be is refused as the reader refuses it.
  const std::string blanks(300, ' ');
  const setup small = [](on2::session& s) { s.parse_limits().max_input_bytes = 200; };
  const outcome long_line = by_reader("3 * 5\n" + blanks + "2 * 2\n6 * 6\n", true, 64, small);
  EXPECT_EQ(long_line.out, "15\n" + by_tree("6 * 6\n", false).out);
  EXPECT_EQ(long_line.err.rfind("s.on2:2:1: error: The line is longer than 200 bytes", 0), 0u)
      << long_line.err;
  // A long quick line within the limit (beyond what run_lines batches) runs as the tree runs it.
  expect_as_tree("3 * 5\n" + blanks + "2 * 2" + blanks + "\n6 * 6\n");
}

// Lines of nim sums, products and powers of words and of variables holding words, assigned or
// not (word_expression.hpp), and the lines around them that are not theirs.
TEST(WordStatements, ExpressionsOfWordsRunAsTheTreeRunsThem) {
  expect_as_tree(
      "x = 5\ny = 7\nx * y + 1\n(x ⊕ 3) ⊗ y ^ 2\n-x\n*x\n+-x\nx = x * x\nx\nx = x ^ y;\nx\n"
      "2 ^ 0\n0 ^ 0\n0 ** 5\n0x1f * 0b101 - 0XF\n3 * (4 + (5 * 6)) ^ 2\n%2 * x\nx ^ -1\n"
      "x ^ (1 + 2)\nx ^ 2 ^ 2\nx ^ y ^ 2\nx ^ (y)\nu * 2\nu = x * 2\nu\nz = 2 ^ 70\nz * 1\n"
      "x * z\nx = z\nx + 1\nx = 3\nL = {1, 2}\nL * 2\nL = 4\nL * 2\ninv = 3\ninv(2) * 3\n"
      "x(2)\nx[1]\nx = 1 / 0\nx\nx = y = 2\n2 * * 3\n2 ** 3 ** 2\nx ==y\nx = = 2\nw * 2\n"
      "x * 18446744073709551616\n18446744073709551615 * x ^ 18446744073709551615\n");
}

// The lane takes them: it runs up to the first line that is not its own.
TEST(WordStatements, TheLaneTakesExpressionsOfWords) {
  cas::context ctx;
  on2::session language(ctx);
  language.run_text("x = 5\ny = 7\n", "s.on2", false);
  std::string printed;
  on2::run_listener listener;
  listener.text_only = true;
  listener.result_text = [&printed](std::string_view lines) { printed += lines; };
  const std::string text = "x * y + 1\nx = x ^ 3\n(x ⊕ 1) * -y\nx;\n5 / 3\n";
  std::size_t line = 1;
  EXPECT_EQ(language.run_word_lines(text, line, listener), text.find("5 / 3"));
  const std::uint64_t x = cas::nim_mul64(cas::nim_mul64(5, 5), 5);
  EXPECT_EQ(printed, std::to_string(cas::nim_mul64(5, 7) ^ 1) + "\n" +
                         std::to_string(cas::nim_mul64(x ^ 1, 7)) + "\n");
  EXPECT_EQ(language.results().size(), 3u);
  std::uint64_t word = 0;
  EXPECT_TRUE(language.variables().at("x").read_word(word));
  EXPECT_EQ(word, x);
}

// Random lines of the lane's tokens and of others, around variables that hold words, a larger
// nimber, a list, and names without a value.
TEST(WordStatements, RandomExpressionsRunAsTheTreeRunsThem) {
  static const std::string pieces[] = {"x",
                                       "y",
                                       "z",
                                       "u",
                                       "L",
                                       "7",
                                       "0",
                                       "1",
                                       "18446744073709551615",
                                       "18446744073709551616",
                                       "0x1f",
                                       "0b1",
                                       " ",
                                       "+",
                                       "-",
                                       "*",
                                       "**",
                                       "^",
                                       "/",
                                       "⊕",
                                       "⊗",
                                       "(",
                                       ")",
                                       "(",
                                       ")",
                                       "=",
                                       "==",
                                       ";",
                                       "[",
                                       "]",
                                       "%",
                                       "-1",
                                       "f"};
  std::uniform_int_distribution<std::size_t> piece(0, std::size(pieces) - 1), length(1, 9);
  for (int round = 0; round < 6; ++round) {
    std::string text = "x = 3\ny = 18446744073709551615\nz = 2 ^ 80\nL = {1}\n";
    for (int i = 0; i < 150; ++i) {
      for (std::size_t n = length(on2_test::random_engine()); n > 0; --n) {
        text += pieces[piece(on2_test::random_engine())];
      }
      text += '\n';
    }
    expect_as_tree(text);
    if (HasFailure()) return;
  }
}

// The last line of a file may lack its newline.
TEST(WordStatements, TheLastLineWithoutItsNewline) {
  expect_as_tree("3 * 5\n6 * 6");
  expect_as_tree("3 * 5\n6 * 6;");
  expect_as_tree("6 * 6");
}

// An error on line 999 999, after 999 998 word statements, has its line and column.
TEST(WordStatements, AnErrorOnLine999999HasItsPlace) {
  std::string text;
  text.reserve(6 * 1000000);
  for (int i = 0; i < 999998; ++i) text += "3 * 5\n";
  for (const auto& [line, expected] :
       {std::pair{std::string("5 / 0\n"), std::string("s.on2:999999:5: error: Nim division by "
                                                      "zero.\n    5 / 0\n        ^\n")},
        std::pair{std::string("3 * 5 5\n"),
                  std::string("s.on2:999999:7: error: Expected an "
                              "operator or the end of the statement but "
                              "found '5'.\n    3 * 5 5\n          ^\n")}}) {
    const outcome o = by_reader(text + line + "2 * 2\n", false, 65536);
    EXPECT_EQ(o.err.rfind(expected, 0), 0u) << o.err;
    EXPECT_EQ(o.out.size(), 3u * 999998);
    EXPECT_EQ(o.results, 999998u);
    EXPECT_NE(o.exit_code, 0);
  }
}

// A Ctrl-C that came before the statements interrupts the first, at its place.
TEST(WordStatements, APendingInterruptionStopsTheFirstStatement) {
  const setup interrupted = [](on2::session& s) { s.context().cancellation().request(); };
  expect_as_tree("3 * 5\n6 * 6\n", interrupted);
  const outcome o = by_reader("3 * 5\n6 * 6\n", false, 4096, interrupted);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err.rfind("s.on2:1:1: error:", 0), 0u) << o.err;
  EXPECT_EQ(o.exit_code, 3);
  EXPECT_EQ(o.results, 0u);
}

// :format hex and bin print the words' results as the tree's are printed.
TEST(WordStatements, ResultsInHexadecimalAndBinary) {
  for (const cas::numeral numeral : {cas::numeral::hexadecimal, cas::numeral::binary}) {
    expect_as_tree("255 * 255\n3 + 5\n0\n18446744073709551615\n",
                   [numeral](on2::session& s) { s.options().numeral = numeral; });
  }
}

// The lane itself: it runs the word statements from the start and stops at the first other line,
// counting what it ran as parsed; it runs nothing for a listener that wants --json or times.
TEST(WordStatements, TheLaneStopsAtTheFirstOtherLine) {
  cas::context ctx;
  on2::session language(ctx);
  std::string printed;
  on2::run_listener listener;
  listener.text_only = true;
  listener.result_text = [&printed](std::string_view lines) { printed += lines; };
  const std::string text = "3 * 5\n\n2 + 3;\n7\n5 / 3\n6 * 6\n";
  std::size_t line = 10;
  const std::size_t done = language.run_word_lines(text, line, listener);
  EXPECT_EQ(done, text.find("5 / 3"));
  EXPECT_EQ(line, 14u);
  EXPECT_EQ(printed, "15\n7\n");
  EXPECT_EQ(language.results().size(), 3u);
  EXPECT_EQ(language.parsed_bytes(), done);
  // The line without its newline waits for the rest of it when whole lines are asked for.
  line = 1;
  EXPECT_EQ(language.run_word_lines("6 * 6\n7 * 7", line, listener, 256, true), 6u);
  on2::run_listener json = listener;
  json.text_only = false;
  EXPECT_EQ(language.run_word_lines("6 * 6\n", line, json), 0u);
  on2::run_listener timed = listener;
  timed.time = [](const on2::statement_time&) {};
  EXPECT_EQ(language.run_word_lines("6 * 6\n", line, timed), 0u);
}

// An output buffer that counts the writes that reach it.
class counting_buffer : public std::stringbuf {
 public:
  std::size_t writes = 0;
  std::size_t flushes = 0;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    ++writes;
    return std::stringbuf::xsputn(s, n);
  }
  int sync() override {
    ++flushes;
    return std::stringbuf::sync();
  }
};

// The results are written a chunk of lines at a time, not a line (and its newline) at a time.
TEST(WordStatements, ResultsAreWrittenInChunks) {
  cas::context ctx;
  on2::session language(ctx);
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "3 * 5\n";
  std::size_t at = 0;
  on2::bounded_line_reader reader(
      [&](char* to, std::size_t capacity, std::string&) -> std::ptrdiff_t {
        const std::size_t n = std::min(capacity, text.size() - at);
        text.copy(to, n, at);
        at += n;
        return static_cast<std::ptrdiff_t>(n);
      },
      on2::max_line_bytes(language));
  counting_buffer buffer;
  std::ostream out(&buffer);
  std::ostringstream err;
  EXPECT_EQ(on2::run_input(language, reader, out, err, {}), 0);
  std::string expected;
  for (int i = 0; i < 1000; ++i) expected += "15\n";
  EXPECT_EQ(buffer.str(), expected);
  EXPECT_LE(buffer.writes, 3u);
}

// Quick statements that are not word statements (a nim division, a literal of 2^64) are
// batched and their results wait in the buffer: a few flushes for a thousand lines.
TEST(WordStatements, QuickStatementsAreNotFlushedOneByOne) {
  for (const std::string line : {"7 / 3 + 1\n", "18446744073709551616 * 3 + 1\n"}) {
    cas::context ctx;
    on2::session language(ctx);
    std::string text;
    for (int i = 0; i < 1000; ++i) text += line;
    std::size_t at = 0;
    on2::bounded_line_reader reader(
        [&](char* to, std::size_t capacity, std::string&) -> std::ptrdiff_t {
          const std::size_t n = std::min(capacity, text.size() - at);
          text.copy(to, n, at);
          at += n;
          return static_cast<std::ptrdiff_t>(n);
        },
        on2::max_line_bytes(language));
    counting_buffer buffer;
    std::ostream out(&buffer);
    std::ostringstream err;
    EXPECT_EQ(on2::run_input(language, reader, out, err, {}), 0);
    EXPECT_EQ(buffer.str(), by_tree(text, false).out);
    EXPECT_LE(buffer.flushes, 20u) << line;
  }
}

TEST(WordStatements, DecimalDigitsAreThoseOfToChars) {
  std::mt19937_64 random(19);
  std::vector<std::uint64_t> numbers = {0,   1,        9,         10,        99,
                                        100, 99999999, 100000000, 100000001, UINT64_MAX};
  for (std::uint64_t p = 1; p <= UINT64_MAX / 10; p *= 10) {
    numbers.insert(numbers.end(), {p - 1, p, p + 1, p * 10 - 1});
  }
  for (int i = 0; i < 10000; ++i) numbers.push_back(random() >> (random() % 64));
  for (const std::uint64_t n : numbers) {
    char mine[20], theirs[20];
    const char* end = on2::write_decimal(mine, n);
    const char* their_end = std::to_chars(theirs, theirs + 20, n).ptr;
    EXPECT_EQ(std::string_view(mine, end), std::string_view(theirs, their_end));
  }
}

// read_quick_statement's values are the literals' (from_chars), and `words` says whether both
// are below 2^64.
TEST(WordStatements, QuickStatementsCarryTheirLiteralsValues) {
  std::mt19937_64 random(7);
  const auto digits_of = [&](std::size_t length) {
    std::string d;
    for (std::size_t i = 0; i < length; ++i) d += static_cast<char>('0' + random() % 10);
    return d;
  };
  std::vector<std::string> literals = {"0",
                                       "18446744073709551615",
                                       "18446744073709551616",
                                       "99999999999999999999",
                                       "00000000000000000001",
                                       "12345678",
                                       "123456789",
                                       "1234567890123456"};
  for (int i = 0; i < 3000; ++i) literals.push_back(digits_of(1 + random() % 20));
  for (const std::string& left : literals) {
    const std::string& right = literals[random() % literals.size()];
    const std::string text = " " + left + " *\t" + right + " ;\r";
    const auto q = on2::parser::read_quick_statement(text);
    ASSERT_TRUE(q.has_value()) << text;
    std::uint64_t x = 0, y = 0;
    const bool fits =
        std::from_chars(left.data(), left.data() + left.size(), x).ec == std::errc() &&
        std::from_chars(right.data(), right.data() + right.size(), y).ec == std::errc();
    EXPECT_EQ(q->left, left);
    EXPECT_EQ(q->right, right);
    EXPECT_EQ(q->op, '*');
    EXPECT_TRUE(q->ends_with_semicolon);
    EXPECT_EQ(q->words, fits) << text;
    if (fits) {
      EXPECT_EQ(q->left_word, x) << text;
      EXPECT_EQ(q->right_word, y) << text;
    }
  }
  const auto lone = on2::parser::read_quick_statement("42");
  ASSERT_TRUE(lone.has_value());
  EXPECT_TRUE(lone->words);
  EXPECT_EQ(lone->left_word, 42u);
  EXPECT_EQ(lone->op, 0);
  EXPECT_FALSE(on2::parser::read_quick_statement("123456789012345678901 * 2").has_value());
  EXPECT_FALSE(on2::parser::read_quick_statement("2 * x").has_value());
}

}  // namespace
