#pragma once
// A hand-written parser for the one-line statements without blocks (issue 19, docs/benchmarks.md
// "The statement path"): expressions of literals, names, ω, `%`, `%n`, calls, parentheses,
// brackets, the prefix and binary operators with the grammar's precedence and associativity
// (docs/spec/language.md "Operators, loosest first"), and `name = expression`. It builds the tree
// grammar.cpp builds, with the same spans, lines and columns, or declines: on anything it does
// not cover (lists, strings, comments, ranges, indices, equations, definitions, keywords) and on
// anything that is an error, so that every diagnostic stays the grammar's. Checked against the
// grammar by tests/parser/lean_statement_test.cpp and tests/fuzz/fuzz_parser.cpp.

#include <cstddef>
#include <optional>
#include <string_view>

#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"

namespace on2::parser::detail {

// The statement of one line (`line_text`, without its newline), which starts at byte
// `line_start` of the text and is its line `line`: what the grammar gives for it, or nothing
// (declined). Recursion is bounded: a line nested deeper than a few dozen levels is declined.
std::optional<statement> parse_lean_line(std::string_view line_text, std::size_t line_start,
                                         std::size_t line, const parse_limits& limits);

// True when `text` (one line, a newline or blanks after it allowed) is a statement the lean
// parser takes whose work is small and bounded: at most max_bounded_bytes long, made of natural
// literals of at most 20 digits, the nim operators, prefix operators, parentheses and
// comparisons, possibly assigned to a name. Names, calls, `%`, ω and brackets are not: their
// values, and ordinal arithmetic, can be arbitrarily large.
inline constexpr std::size_t max_bounded_bytes = 256;
bool is_bounded_statement(std::string_view text);

}  // namespace on2::parser::detail
