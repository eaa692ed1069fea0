#pragma once
// The fast path of the parser for the statements scripts hold by the million: a decimal literal or
// two joined by one operator, `797891874375867991 * 16517417327171466054`, optionally ending in
// `;`, one a line (issue 19, docs/benchmarks.md "The statement path"; a reader hands over many
// such lines at once, line_session.cpp). It builds the tree the grammar would
// build, with the same spans, lines and columns; any other text, and any text that is an error,
// is left to the grammar, so the diagnostics are the grammar's (tests/parser/
// simple_statement_test.cpp compares the two paths).

#include <cstddef>
#include <optional>
#include <string_view>

#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"

namespace on2::parser::detail {

// The statements of `text` when each of its lines is blank or one simple statement: `N` or
// `N op N` (op one of + - * / ^) with blanks (space, tab, \r, \f, \v) around the parts and an
// optional `;`. Nothing otherwise (blank text included), and also when a limit of `limits`
// could matter (a literal longer than max_literal_digits, a max_tree_height or
// max_nesting_depth too small for the tree). The text's first line is line `first_line`.
std::optional<program> parse_simple_program(std::string_view text, const parse_limits& limits,
                                            std::size_t first_line);

// The general parser without the fast path: what parse_program gives for any text.
parse_result parse_program_generally(std::string_view text, std::string source_name,
                                     const parse_limits& limits, std::size_t first_line);

}  // namespace on2::parser::detail
