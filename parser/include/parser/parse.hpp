#pragma once
// The public parser API: text and a source name in, statements or diagnostics out.
// (Spirit X3 is an implementation detail of parser/src; docs/style.md item 6.)

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parser/diagnostic.hpp"
#include "parser/syntax_tree.hpp"

namespace on2::parser {

// docs/architecture.md "Limits".
struct parse_limits {
  std::size_t max_input_bytes = std::size_t{1} << 20;  // 1 MiB
  std::size_t max_nesting_depth = 1000;  // brackets, parentheses, prefix operators, exponents
  std::size_t max_literal_digits = 1000000;
  // A long chain such as a + b + c + … deepens the (binary) tree by one per operator without
  // nesting; this bound keeps every recursive walk of the tree safe.
  std::size_t max_tree_height = 10000;
};

// The statements that parsed and one diagnostic per statement that did not. Each malformed
// statement gives exactly one diagnostic and the others still parse; merge the two lists by
// span.begin to recover the order of the text.
struct parse_result {
  std::string source_name;
  program statements;
  std::vector<diagnostic> diagnostics;

  bool ok() const noexcept { return diagnostics.empty(); }
};

// `first_line` is the line number of the text's first line: a reader that parses a long input
// statement by statement numbers the lines of the whole input without handing over all of it.
parse_result parse_program(std::string_view text, std::string source_name,
                           const parse_limits& limits = {}, std::size_t first_line = 1);

// True when a (, [ or { opened outside strings and comments is still open at the end of `text`:
// an interactive reader then asks for a continuation line.
bool needs_more_input(std::string_view text);

// The same question asked line by line, in O(length of the line): the brackets still open after
// `line` (one line, without its newline), given `open_before` open before it. Strings and
// comments end with their line, so nothing else carries over from one line to the next.
std::size_t open_brackets_after(std::string_view line, std::size_t open_before);

// What is open after a line: brackets, blocks (if/for/while/def … end, counted outside
// brackets), and a trailing binary operator. A reader asks for a continuation line while any()
// holds.
struct open_constructs {
  std::size_t brackets = 0;
  std::size_t blocks = 0;
  bool trailing_operator = false;  // the line ends in a binary operator: `1 +`
  bool any() const noexcept { return brackets > 0 || blocks > 0 || trailing_operator; }
};
open_constructs open_after(std::string_view line, open_constructs before);

// True when `text` is one statement of at most two decimal literals of up to 20 digits joined by
// an operator (+ - * / ^), such as `797891874375867991 * 16517417327171466054`, or a line of at
// most 256 bytes of such literals under the nim operators, prefix operators, parentheses and
// comparisons, possibly assigned (`x = (a * b) ^ 3 + c`): one that parses as one statement and
// runs in a short, bounded time, so that a reader may leave its result in the output buffer
// rather than flush it before going on, and need not look for brackets it leaves open.
bool is_quick_statement(std::string_view text);

// The parts of a quick statement, as views into its text: the first literal's digits, the
// operator ('+', '-', '*', '/', '^', or 0 for a lone literal) and the second literal's digits, and
// whether a `;` ends it. It is one statement whatever follows its line (it opens no bracket or
// block and does not end in an operator), so an evaluator may run it without a syntax tree
// (issue 19, session::run_text), as the grammar's tree would run.
struct quick_statement {
  std::string_view left;
  char op = 0;
  std::string_view right;  // empty when op is 0
  bool ends_with_semicolon = false;
  // True when the literals are below 2^64, and then their values (right_word is 0 when op is 0).
  bool words = false;
  std::uint64_t left_word = 0, right_word = 0;
};
// The parts of `text` when it is a quick statement of two literals at most (is_quick_statement's
// first kind) and the statement meets none of `limits` (the grammar would parse it), nothing
// otherwise.
std::optional<quick_statement> read_quick_statement(std::string_view text,
                                                    const parse_limits& limits = {});

// The same, throwing parse_error for the first diagnostic.
program parse_program_or_throw(std::string_view text, std::string source_name,
                               const parse_limits& limits = {});

}  // namespace on2::parser
