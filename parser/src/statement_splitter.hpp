#pragma once
// Splits a program into statements before the grammar sees it, so that a malformed statement
// costs one diagnostic and the others still parse (per-statement recovery; X3 has no
// resynchronisation of its own). The scan also measures bracket depth, so that input nested too
// deeply is rejected before any recursive descent starts.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace on2::parser::detail {

struct statement_segment {
  std::size_t begin = 0;  // the statement's text is [begin, end): without its ';' or newline
  std::size_t end = 0;
  bool ends_with_semicolon = false;
  bool blank = true;  // only white space and comments
  std::optional<std::size_t> too_deep_at;  // the first bracket beyond the nesting limit
  std::optional<std::size_t> unclosed_at;  // the outermost bracket still open at the end of input
};

// Statements end at ';' or a newline while no (, [ or { is open. Strings ("…" with \" and \\,
// ending at the latest at the end of the line) and comments (# to the end of the line) are
// skipped, so brackets and ';' inside them count for nothing.
std::vector<statement_segment> split_statements(std::string_view text, std::size_t max_depth);

// The brackets open after one line, given those open before it, counted as split_statements
// counts them (parser::open_brackets_after).
std::size_t open_brackets_after(std::string_view line, std::size_t open_before);

}  // namespace on2::parser::detail
