// The parser's fast path for `N op N` statements (parser/src/simple_statement.hpp): it takes the
// statements scripts hold by the million, and for every text it gives what the general parser
// gives: the same trees with the same spans, lines and columns, and for anything else (errors
// included) the general parser's answer.

#include "simple_statement.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <variant>

#include "parser/parse.hpp"
#include "test_support.hpp"

namespace {

using namespace on2::parser;

std::string span_text(const source_span& s) {
  std::string out = "[";  // appended piece by piece: GCC 12 warns wrongly on "[" + to_string(…)
  out += std::to_string(s.begin);
  out += ',';
  out += std::to_string(s.end);
  out += ")@";
  out += std::to_string(s.line);
  out += ':';
  out += std::to_string(s.column);
  return out;
}

// The spans of every node of a tree of literals and operations (the fast path builds no other).
std::string spans(const expression& e) {
  std::string out = span_text(e.span);
  if (const auto* b = std::get_if<binary_operation>(&e.node)) {
    for (const std::string& piece : {std::string("("), spans(*b->left), std::string(" "),
                                     std::to_string(static_cast<int>(b->op)), std::string("/"),
                                     std::to_string(static_cast<int>(b->symbol)), std::string(" "),
                                     spans(*b->right), std::string(")")}) {
      out += piece;
    }
  }
  return out;
}

// Everything a parse result says, as text: statements with their spans and `;`, diagnostics with
// their messages, hints and places.
std::string everything(const parse_result& r) {
  std::string out = r.source_name + "\n";
  for (const statement& s : r.statements) {
    out += to_debug_string(s);
    out += ' ';
    out += span_text(s.span);
    if (s.ends_with_semicolon) out += " ;";
    if (const auto* e = std::get_if<expression>(&s.content)) {
      out += ' ';
      out += spans(*e);
    }
    out += '\n';
  }
  for (const diagnostic& d : r.diagnostics) {
    out += "error ";
    out += span_text(d.span);
    out += ' ';
    out += d.message;
    out += " / ";
    out += d.hint;
    out += '\n';
  }
  return out;
}

void expect_same_as_general(const std::string& text, const parse_limits& limits = {},
                            std::size_t first_line = 1) {
  EXPECT_EQ(everything(parse_program(text, "s.on2", limits, first_line)),
            everything(detail::parse_program_generally(text, "s.on2", limits, first_line)))
      << "text: '" << text << "'";
}

TEST(SimpleStatement, TakesTheLinesOfAProductScript) {
  for (const char* text :
       {"797891874375867991 * 16517417327171466054\n", "2*3", "  5 ^ 7 ;  \n", "42\n", "1 + 2\r\n",
        "8 - 3;", "6 / 4\n\n", "\n2 * 3", "2 * 3 \n 4", "1 * 2\n3 + 4;\n\n  5\r\n6 ^ 7\n",
        "12345678;", "1234567890123456*12345678", "87654321 / 1234567\n"}) {
    EXPECT_TRUE(detail::parse_simple_program(text, {}, 1).has_value()) << text;
    expect_same_as_general(text);
  }
}

// Other one-line statements without blocks go through the lean parser (lean_statement.hpp).
TEST(SimpleStatement, TakesOtherStatementsThroughTheLeanParser) {
  for (const char* text : {"2 ** 3", "2 * -3", "-2 * 3", "2 * 3 * 4", "0x1f * 2", "0b101", "2 * x",
                           "2 * 3\nx", "(2 * 3)", "2 ⊗ 3", "2 == 3", "12345678<9"}) {
    EXPECT_TRUE(detail::parse_simple_program(text, {}, 1).has_value()) << text;
    expect_same_as_general(text);
  }
}

TEST(SimpleStatement, LeavesEverythingElseToTheGrammar) {
  for (const char* text : {"2x", "1..3", "2 * 3 # product", "2 *\n3", "2 * 3; 4", "2 * 3;;", "2 +",
                           "2 3", "", "   ", "\n\n", "2 * 3)", "1\n2\n3 *", "12345678=9",
                           "1234567:", "123456789abcdefg", "12345678..", "2 * 3\n{1}"}) {
    EXPECT_FALSE(detail::parse_simple_program(text, {}, 1).has_value()) << text;
    expect_same_as_general(text);
  }
}

TEST(SimpleStatement, GivesTheLinesAndColumnsOfLaterLines) {
  const parse_result r = parse_program("  12 * 345\n7\n\n\t8;\n", "s.on2", {}, 999999);
  ASSERT_EQ(r.statements.size(), 3u);
  EXPECT_EQ(span_text(r.statements[0].span), "[2,10)@999999:3");
  EXPECT_EQ(span_text(r.statements[1].span), "[11,12)@1000000:1");
  EXPECT_EQ(span_text(r.statements[2].span), "[15,16)@1000002:2");
  expect_same_as_general("  12 * 345\n7\n\n\t8;\n", {}, 999999);
}

TEST(SimpleStatement, KeepsTheLimitsOfTheGrammar) {
  parse_limits few_digits;
  few_digits.max_literal_digits = 3;
  EXPECT_FALSE(detail::parse_simple_program("1234 * 5", few_digits, 1).has_value());
  expect_same_as_general("1234 * 5", few_digits);
  expect_same_as_general("123 * 5", few_digits);
  parse_limits flat;
  flat.max_tree_height = 1;
  EXPECT_FALSE(detail::parse_simple_program("1 * 5", flat, 1).has_value());
  expect_same_as_general("1 * 5", flat);
  parse_limits shallow;
  shallow.max_nesting_depth = 0;
  EXPECT_FALSE(detail::parse_simple_program("2 ^ 5", shallow, 1).has_value());
  expect_same_as_general("2 ^ 5", shallow);
  expect_same_as_general("2 * 5", shallow);
  parse_limits short_input;
  short_input.max_input_bytes = 4;
  expect_same_as_general("12 * 5", short_input);
}

// Random texts from the characters that matter around the fast path's shape: each gives what the
// general parser gives.
TEST(SimpleStatement, AgreesWithTheGrammarOnRandomTexts) {
  static const std::string pieces[] = {"0", "7",  "12", "18446744073709551616",
                                       " ", "\t", "\r", "\n",
                                       ";", "+",  "-",  "*",
                                       "/", "^",  "x",  "#",
                                       "(", ")",  "0x", "0b",
                                       ".", "**", "ω",  "%",
                                       "=="};
  std::uniform_int_distribution<std::size_t> piece(0, std::size(pieces) - 1), length(1, 7);
  std::size_t taken = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (std::size_t n = length(on2_test::random_engine()); n > 0; --n) {
      text += pieces[piece(on2_test::random_engine())];
    }
    if (detail::parse_simple_program(text, {}, 7)) ++taken;
    expect_same_as_general(text, {}, 7);
    if (HasFailure()) return;
  }
  EXPECT_GT(taken, 100u);  // the texts reach the fast path, not only the grammar
}

}  // namespace
