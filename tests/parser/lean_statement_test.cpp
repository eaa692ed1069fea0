// The hand-written parser of one-line statements (parser/src/lean_statement.hpp) against the
// grammar: for every line it takes, the same tree with the same spans, lines and columns; for
// every other line (errors included) it declines and parse_program gives the grammar's answer.
// Checked on hand-picked lines, on every line of the golden corpus and the parser's fuzz corpus,
// and on random token strings.

#include "lean_statement.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "parser/parse.hpp"
#include "simple_statement.hpp"
#include "test_support.hpp"

namespace {

using namespace on2::parser;

std::string span_text(const source_span& s) {
  std::string out = "[";
  out += std::to_string(s.begin);
  out += ',';
  out += std::to_string(s.end);
  out += ")@";
  out += std::to_string(s.line);
  out += ':';
  out += std::to_string(s.column);
  return out;
}

// Every field of every node: the kind, the operator's meaning and symbol, the literal's text and
// base, names, and all spans.
void dump(const expression& e, std::string& out);
void dump_all(const std::vector<expression>& list, std::string& out) {
  out += '{';
  for (const expression& element : list) {
    dump(element, out);
    out += ',';
  }
  out += '}';
}
void dump(const expression& e, std::string& out) {
  out += span_text(e.span);
  std::visit(
      [&](const auto& n) {
        using type = std::decay_t<decltype(n)>;
        out += '<';
        out += std::to_string(e.node.index());
        if constexpr (std::is_same_v<type, natural_literal>) {
          out += ' ' + n.digits + '/' + std::to_string(static_cast<int>(n.base));
        } else if constexpr (std::is_same_v<type, omega_literal>) {
          out += ' ' + std::to_string(static_cast<int>(n.spelling));
        } else if constexpr (std::is_same_v<type, boolean_literal>) {
          out += n.value ? " true" : " false";
        } else if constexpr (std::is_same_v<type, string_literal>) {
          out += ' ' + n.value;
        } else if constexpr (std::is_same_v<type, name_reference>) {
          out += ' ' + n.name;
        } else if constexpr (std::is_same_v<type, result_reference>) {
          out += n.index ? ' ' + std::to_string(*n.index) : std::string(" latest");
        } else if constexpr (std::is_same_v<type, binary_operation>) {
          out += ' ' + std::to_string(static_cast<int>(n.op)) + '/' +
                 std::to_string(static_cast<int>(n.symbol)) + ' ';
          dump(*n.left, out);
          out += ' ';
          dump(*n.right, out);
        } else if constexpr (std::is_same_v<type, unary_operation>) {
          out += ' ' + std::to_string(static_cast<int>(n.op)) + ' ';
          dump(*n.operand, out);
        } else if constexpr (std::is_same_v<type, star_decoration>) {
          dump(*n.operand, out);
        } else if constexpr (std::is_same_v<type, bracket_expression>) {
          dump(*n.inner, out);
        } else if constexpr (std::is_same_v<type, list_expression>) {
          dump_all(n.elements, out);
        } else if constexpr (std::is_same_v<type, function_call>) {
          out += ' ' + n.name + span_text(n.name_span);
          dump_all(n.arguments, out);
        } else {
          out += " (other: " + to_debug_string(e) + ")";
        }
        out += '>';
      },
      e.node);
}

std::string dump(const statement& s) {
  std::string out = span_text(s.span);
  if (s.ends_with_semicolon) out += " ;";
  if (const auto* e = std::get_if<expression>(&s.content)) {
    out += " expression ";
    dump(*e, out);
  } else if (const auto* a = std::get_if<assignment>(&s.content)) {
    out += " assignment " + a->name + span_text(a->name_span);
    dump_all(a->indices, out);
    dump(a->value, out);
  } else {
    out += " (other: " + to_debug_string(s) + ")";
  }
  return out;
}

std::string dump(const parse_result& r) {
  std::string out = r.source_name + "\n";
  for (const statement& s : r.statements) out += dump(s) + "\n";
  for (const diagnostic& d : r.diagnostics) {
    out += "error " + span_text(d.span) + ' ' + d.message + " / " + d.hint + '\n';
  }
  return out;
}

parse_result general(const std::string& text, const parse_limits& limits = {},
                     std::size_t first_line = 1) {
  return detail::parse_program_generally(text, "s.on2", limits, first_line);
}

// The lean parser on one line: declined, or the grammar's statement (and the grammar has no
// diagnostic for it). Returns whether it took the line.
bool check_line(const std::string& line, const parse_limits& limits = {},
                std::size_t line_start = 0, std::size_t first_line = 1) {
  // The line inside a text, at `line_start`, so that offsets of the whole text are checked.
  const std::string text = std::string(line_start, '\n') + line;
  const std::size_t number = first_line + line_start;
  const std::optional<statement> lean = detail::parse_lean_line(line, line_start, number, limits);
  const parse_result grammar = general(text, limits, first_line);
  if (lean) {
    EXPECT_TRUE(grammar.ok()) << "taken, but the grammar refuses: '" << line << "'";
    EXPECT_EQ(grammar.statements.size(), 1u) << "'" << line << "'";
    if (grammar.statements.size() == 1) {
      EXPECT_EQ(dump(*lean), dump(grammar.statements.front())) << "'" << line << "'";
    }
  }
  // And parse_program as a whole gives the grammar's answer.
  EXPECT_EQ(dump(parse_program(text, "s.on2", limits, first_line)), dump(grammar))
      << "'" << line << "'";
  return lean.has_value();
}

TEST(LeanStatement, TakesTheGeneralStatements) {
  for (const char* line : {"123 * 456 + 789",
                           "x = 12 * 34",
                           "x * y + 1",
                           "a ^ 3",
                           "inv(a)",
                           "[ω] * a",
                           "f(a, b)",
                           "f()",
                           "f ( 1 , 2 ) ;",
                           "2^2^2",
                           "2 ** 3 ** -1",
                           "-x * +y",
                           "*x",
                           "- - 3",
                           "(1 + 2) * 3",
                           "((x))",
                           "[ω+1] + [ω]",
                           "[(ω+1)·ω]",
                           "[ω^ω·ω]",
                           "[2×3 - 1]",
                           "[ω ⊕ 2 ⊗ 3]",
                           "[f(ω + 1) * 2]",
                           "ω⊕3⊗4",
                           "w + omega",
                           "true",
                           "false == x",
                           "a != b",
                           "a <= b",
                           "a < b",
                           "a >= b",
                           "a > b",
                           "(a < b) == true",
                           "%",
                           "%12 + %",
                           "0x1F * 0b101",
                           "0xabc",
                           "x_1 = y_2",
                           "_a",
                           "x = -1;",
                           "\t7 / 3 \r",
                           "x==y",
                           "f(g(h(1)), [2])",
                           "a - b - c - d",
                           "a * b / c",
                           "ω^-1",
                           "2^(ω+1)",
                           "x = [ω]",
                           "solve",
                           "x = f()",
                           "nim_product(2, 3)",
                           "1 ⊕ 2"}) {
    EXPECT_TRUE(check_line(line)) << line;
    EXPECT_TRUE(check_line(line, {}, 3, 10)) << line;  // a later line of a text
  }
}

TEST(LeanStatement, DeclinesWhatIsNotItsOrIsAnError) {
  for (const char* line : {"{1, 2}",
                           "\"text\"",
                           "1 # comment",
                           "1..3",
                           "L[1]",
                           "x[1] = 2",
                           "f(a) = a",
                           "solve(x = 1)",
                           "x = y = 1",
                           "a < b < c",
                           "a == b == c",
                           "not a",
                           "a and b",
                           "a or b",
                           "if x then",
                           "end",
                           "for",
                           "2x",
                           "0x",
                           "0b2",
                           "0xfg",
                           "1.5",
                           "1 +",
                           "+",
                           "(1",
                           "1)",
                           "[1",
                           "[-1]",
                           "[1 / 2]",
                           "3 · 4 ·",
                           "f(1,)",
                           "f(1",
                           "w(1)",
                           "true = 1",
                           "in = 3",
                           "%x",
                           "%99999999999999999999999",
                           "1; 2",
                           "1;;",
                           "x = ",
                           "= 3",
                           "1 2",
                           "ω ω",
                           "a <> b",
                           "a === b",
                           "3 · 4",
                           "3 × 4",
                           "*x * **",
                           "é",
                           "x\xff",
                           "!x",
                           "a ! b",
                           "",
                           "   ",
                           ";",
                           "x ==",
                           "a * * ",
                           "$"}) {
    EXPECT_FALSE(check_line(line)) << line;
  }
}

TEST(LeanStatement, KeepsTheLimitsOfTheGrammar) {
  parse_limits limits;
  limits.max_literal_digits = 3;
  EXPECT_TRUE(check_line("123 + x", limits));
  EXPECT_FALSE(check_line("1234 + x", limits));
  EXPECT_FALSE(check_line("0x1234 + x", limits));
  limits = {};
  limits.max_tree_height = 3;
  EXPECT_TRUE(check_line("(1 + 2) * x", limits));
  EXPECT_FALSE(check_line("1 + 2 + 3 + x", limits));
  EXPECT_FALSE(check_line("f(g(h(x)))", limits));
  limits = {};
  limits.max_nesting_depth = 2;
  EXPECT_TRUE(check_line("((x))", limits));
  EXPECT_FALSE(check_line("(((x)))", limits));
  EXPECT_FALSE(check_line("- - -x", limits));
  EXPECT_FALSE(check_line("2^2^2^2", limits));
  EXPECT_FALSE(check_line("f(g(h(x)))", limits));
  EXPECT_FALSE(check_line("[[[ω]]]", limits));
  // Deeper than the lean parser goes, within the grammar's limit: the grammar's.
  const std::string deep = std::string(200, '(') + "1" + std::string(200, ')');
  EXPECT_FALSE(check_line(deep));
}

// The columns count characters: ω, ·, ⊕ are several bytes each.
TEST(LeanStatement, CountsColumnsInCharacters) {
  EXPECT_TRUE(check_line("ω ⊕ ω ⊕ x ⊗ y", {}, 0));
  EXPECT_TRUE(check_line("[ω·ω] + ((ω))", {}, 5, 100));
  const parse_result r = parse_program("x = 1\n[ω·ω]+ω\n", "s.on2");
  ASSERT_EQ(r.statements.size(), 2u);
  const auto& sum = std::get<binary_operation>(std::get<expression>(r.statements[1].content).node);
  EXPECT_EQ(span_text(sum.right->span), "[15,17)@2:7");
}

// Quick statements (is_quick_statement): short lines of literals under nim operators, which the
// lean parser takes; not names, calls, brackets, ω, `%`, nor long lines.
TEST(LeanStatement, BoundedStatementsAreQuick) {
  for (const char* line : {"123 * 456 + 789", "x = (1 + 2) * 3 ^ 4", "-1 ⊗ 0x1f / 0b1;", "1 == 2",
                           "99999999999999999999 ** 2\n", "*(2) <= 3  "}) {
    EXPECT_TRUE(detail::is_bounded_statement(line)) << line;
    EXPECT_TRUE(is_quick_statement(line)) << line;
    EXPECT_TRUE(check_line(std::string(line).substr(0, std::string(line).find('\n'))));
  }
  for (const char* line :
       {"x * 2", "f(1)", "[2] * 3", "ω + 1", "% * 2", "true", "1 + 2 +", "(1 + 2", "1 # c",
        "100000000000000000000 * 2", "1 + 2\n3", "1..3", "x = y", "1 < 2 < 3"}) {
    EXPECT_FALSE(detail::is_bounded_statement(line)) << line;
    EXPECT_FALSE(is_quick_statement(line)) << line;
  }
  std::string long_line = "1";
  while (long_line.size() <= detail::max_bounded_bytes) long_line += " + 1";
  EXPECT_TRUE(check_line(long_line));
  EXPECT_FALSE(is_quick_statement(long_line));
}

// Every line of the golden cases and of the parser's fuzz corpus.
TEST(LeanStatement, AgreesWithTheGrammarOnTheCorpora) {
  std::size_t lines = 0, taken = 0;
  for (const char* directory : {ON2_GOLDEN_CASES_DIR, ON2_PARSER_CORPUS_DIR}) {
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
      std::ifstream file(entry.path(), std::ios::binary);
      std::stringstream content;
      content << file.rdbuf();
      std::string line;
      while (std::getline(content, line)) {
        if (line.size() > 2000) continue;
        ++lines;
        if (check_line(line)) ++taken;
        if (HasFailure()) {
          ADD_FAILURE() << entry.path();
          return;
        }
      }
    }
  }
  EXPECT_GT(lines, 1000u);
  EXPECT_GT(taken, 300u);  // the corpus reaches the lean parser, not only the grammar
}

// Random strings of the tokens the lean parser reads and of the ones it declines.
TEST(LeanStatement, AgreesWithTheGrammarOnRandomLines) {
  static const std::string pieces[] = {
      "0",  "7",  "12", "0x1f", "0b1", "x",  "f",   "w",  "omega", "true", "%",  "%2", "ω",
      " ",  "\t", "+",  "-",    "*",   "**", "/",   "^",  "⊕",     "⊗",    "·",  "×",  "(",
      ")",  "[",  "]",  "(",    ")",   ",",  "=",   "==", "<",     "<=",   "!=", ">",  ";",
      "..", "{",  "}",  "\"",   "#",   "if", "and", "9x", "é",     "_"};
  std::uniform_int_distribution<std::size_t> piece(0, std::size(pieces) - 1), length(1, 12);
  std::size_t taken = 0;
  for (int round = 0; round < 40000; ++round) {
    std::string line;
    for (std::size_t n = length(on2_test::random_engine()); n > 0; --n) {
      line += pieces[piece(on2_test::random_engine())];
    }
    if (check_line(line, {}, round % 3, 1)) ++taken;
    if (HasFailure()) return;
  }
  EXPECT_GT(taken, 1000u);
}

}  // namespace
