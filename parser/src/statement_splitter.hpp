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
  bool blank = true;                       // only white space and comments
  std::optional<std::size_t> too_deep_at;  // the first bracket beyond the nesting limit
  std::optional<std::size_t> unclosed_at;  // the outermost bracket still open at the end of input
  bool starts_block = false;  // begins with a keyword of the programming layer (if, for, …)
};

// What is open after some text: brackets, and blocks (`if`, `for`, `while`, `def` up to `end`,
// counted outside brackets only, so that a comprehension's `for` opens nothing).
struct open_constructs {
  std::size_t brackets = 0;
  std::size_t blocks = 0;
  bool trailing_operator = false;  // the last token so far is a binary operator: `1 +`
  bool any() const noexcept { return brackets > 0 || blocks > 0 || trailing_operator; }
};

// The length of the operator symbol at text[i] after which a line continues (+ - * / ^ = < > !
// , . ⊕ ⊗ · ×), or 0.
std::size_t continuing_operator_at(std::string_view text, std::size_t i);
// `and`, `or`, `not`: a line ending in one continues too.
bool is_operator_word(std::string_view word);

// True for the words that open a block.
bool opens_block(std::string_view word);
// True for the words a statement can start with that make it a block statement (`if`, `for`,
// `while`, `break`, `continue`, and the words that close or continue a block).
bool is_block_word(std::string_view word);

// Statements end at ';' or a newline while no (, [ or { and no block is open, and a newline
// after a binary operator (`1 +`) continues the statement. Strings ("…" with \" and \\,
// ending at the latest at the end of the line) and comments (# to the end of the line) are
// skipped, so brackets and ';' inside them count for nothing.
std::vector<statement_segment> split_statements(std::string_view text, std::size_t max_depth);

// The brackets open after one line, given those open before it, counted as split_statements
// counts them (parser::open_brackets_after).
std::size_t open_brackets_after(std::string_view line, std::size_t open_before);
open_constructs open_after(std::string_view line, open_constructs before);

}  // namespace on2::parser::detail
