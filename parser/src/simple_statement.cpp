#include "simple_statement.hpp"

#include <cstdint>
#include <cstring>
#include <utility>

#include "lean_statement.hpp"
#include "parser/character_classes.hpp"

namespace on2::parser::detail {
namespace {

using on2::parser::is_digit;
using on2::parser::is_inline_blank;

bool is_operator(char c) {
  return c == '+' || c == '-' || c == '*' || c == '/' || c == '^';
}

// Where the parts of a simple statement stand: [left_begin, left_end) the first literal, then,
// when op is not 0, the operator and the literal [right_begin, right_end).
struct simple_shape {
  std::size_t left_begin = 0, left_end = 0;
  char op = 0;
  std::size_t right_begin = 0, right_end = 0;
  bool ends_with_semicolon = false;
  // The literals' values, when asked for and below 2^64 (read_quick_statement).
  std::uint64_t left_word = 0, right_word = 0;
  bool words = true;
};

// Eight decimal digits as a number, the first in the lowest byte of `chunk` (a little-endian
// load): digits joined in pairs, pairs in fours, fours in eights, each step one multiplication
// of all lanes at once (SWAR; Lemire, "Number parsing at a gigabyte per second", 2021, §6).
std::uint64_t eight_digits_value(std::uint64_t chunk) {
  chunk -= 0x3030303030303030;                                  // the digits 0–9
  chunk = (chunk * 10 + (chunk >> 8)) & 0x00ff00ff00ff00ff;     // 10·d0 + d1 in bytes 0, 2, …
  chunk = (chunk * 100 + (chunk >> 16)) & 0x0000ffff0000ffff;   // four digits per 16-bit lane
  return (chunk * 10000 + (chunk >> 32)) & 0x00000000ffffffff;  // all eight
}

// The digits from `at`: the end of the literal, or 0 when what follows it is not a blank, an
// operator, `;` or a newline (a letter, `x` of 0x1f, `.` of 1..3, `(`: the grammar's to read or
// to refuse).
// With `value`, the literal's value goes there, and `fits` is cleared when it is 2^64 or more.
std::size_t literal_end(std::string_view text, std::size_t at, std::uint64_t* value = nullptr,
                        bool* fits = nullptr) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin + at;
  std::uint64_t n = 0;
  bool below = true;  // n is the value so far (below 2^64)
  // Eight digits at a time: every byte's high nibble is 3, and adding 6 leaves it 3 (no byte
  // carries into the next, as each is at most 0x3f).
  constexpr std::uint64_t high_nibbles = 0xf0f0f0f0f0f0f0f0, threes = 0x3030303030303030;
  while (end - p >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    if ((word & high_nibbles) != threes || ((word + 0x0606060606060606) & high_nibbles) != threes) {
      break;
    }
    if (value != nullptr) {
      below = below && !__builtin_mul_overflow(n, 100000000, &n) &&
              !__builtin_add_overflow(n, eight_digits_value(word), &n);
    }
    p += 8;
  }
  for (; p != end && static_cast<unsigned char>(*p - '0') < 10; ++p) {
    if (value != nullptr) {
      below = below && !__builtin_mul_overflow(n, 10, &n) &&
              !__builtin_add_overflow(n, static_cast<unsigned>(*p - '0'), &n);
    }
  }
  if (value != nullptr) {
    *value = n;
    if (!below) *fits = false;
  }
  at = static_cast<std::size_t>(p - begin);
  if (p != end) {
    const char next = *p;
    if (!is_inline_blank(next) && next != '\n' && next != ';' && !is_operator(next)) return 0;
  }
  return at;
}

std::size_t skip_blanks(std::string_view text, std::size_t at) {
  while (at < text.size() && is_inline_blank(text[at])) ++at;
  return at;
}

// With `values`, also the literals' values (simple_shape::words).
std::optional<simple_shape> shape_of(std::string_view text, bool values = false) {
  simple_shape shape;
  std::size_t at = skip_blanks(text, 0);
  if (at == text.size() || !is_digit(text[at])) return std::nullopt;
  shape.left_begin = at;
  shape.left_end = at = literal_end(text, at, values ? &shape.left_word : nullptr, &shape.words);
  if (at == 0) return std::nullopt;
  at = skip_blanks(text, at);
  if (at < text.size() && is_operator(text[at])) {
    shape.op = text[at];
    at = skip_blanks(text, at + 1);
    // `**`, `2 * -3`, `2 +` and the like are the grammar's.
    if (at == text.size() || !is_digit(text[at])) return std::nullopt;
    shape.right_begin = at;
    shape.right_end = at =
        literal_end(text, at, values ? &shape.right_word : nullptr, &shape.words);
    if (at == 0) return std::nullopt;
    at = skip_blanks(text, at);
  }
  if (at < text.size() && text[at] == ';') {
    shape.ends_with_semicolon = true;
    ++at;
  }
  // Only blanks and newlines may follow: another statement, a comment or a stray character is
  // the general parser's.
  for (; at < text.size(); ++at) {
    if (!is_inline_blank(text[at]) && text[at] != '\n') return std::nullopt;
  }
  return shape;
}

// The limits the grammar checks on such a statement, which it meets when the grammar would
// refuse it: a literal's digits; a binary operation is a tree of height 2, and the exponent of ^
// one nesting level deeper (the grammar's `nested`).
bool within_limits(const simple_shape& shape, const parse_limits& limits) {
  if (shape.left_end - shape.left_begin > limits.max_literal_digits) return false;
  if (shape.op == 0) return true;
  return shape.right_end - shape.right_begin <= limits.max_literal_digits &&
         limits.max_tree_height >= 2 && (shape.op != '^' || limits.max_nesting_depth >= 1);
}

// A literal of the line that starts at byte `line_start` of the text and is line `line`. The line
// is ASCII up to the end of the statement, so a column is the offset in the line plus one.
expression literal(std::string_view line_text, std::size_t begin, std::size_t end,
                   std::size_t line_start, std::size_t line) {
  return expression{
      source_span{line_start + begin, line_start + end, line, begin + 1},
      natural_literal{std::string(line_text.substr(begin, end - begin)), numeral_base::decimal}};
}

// The meaning of an operator outside brackets, as the grammar gives it.
std::pair<binary_operator, operator_symbol> meaning_of(char op) {
  switch (op) {
    case '+':
      return {binary_operator::nim_sum, operator_symbol::plus};
    case '-':
      return {binary_operator::nim_sum, operator_symbol::minus};
    case '*':
      return {binary_operator::nim_product, operator_symbol::star};
    case '/':
      return {binary_operator::nim_division, operator_symbol::slash};
    default:
      return {binary_operator::nim_power, operator_symbol::caret};
  }
}

// The statement of one line (`line_text`, without its newline), or nothing.
std::optional<statement> simple_line(std::string_view line_text, std::size_t line_start,
                                     std::size_t line, const parse_limits& limits) {
  const std::optional<simple_shape> shape = shape_of(line_text);
  if (!shape || !within_limits(*shape, limits)) return std::nullopt;
  expression tree = literal(line_text, shape->left_begin, shape->left_end, line_start, line);
  if (shape->op != 0) {
    const auto [op, symbol] = meaning_of(shape->op);
    const source_span span{line_start + shape->left_begin, line_start + shape->right_end, line,
                           shape->left_begin + 1};
    tree = expression{span, binary_operation{op, symbol, std::move(tree),
                                             literal(line_text, shape->right_begin,
                                                     shape->right_end, line_start, line)}};
  }
  statement result;
  result.span = tree.span;
  result.content = std::move(tree);
  result.ends_with_semicolon = shape->ends_with_semicolon;
  return result;
}

bool is_blank_line(std::string_view line_text) {
  for (const char c : line_text) {
    if (!is_inline_blank(c)) return false;
  }
  return true;
}

}  // namespace

std::optional<program> parse_simple_program(std::string_view text, const parse_limits& limits,
                                            std::size_t first_line) {
  program statements;  // not reserved by the count of lines: a megabyte of blank lines is blank
  std::size_t line_start = 0, line = first_line;
  while (line_start < text.size()) {
    const char* newline = static_cast<const char*>(
        std::memchr(text.data() + line_start, '\n', text.size() - line_start));
    const std::size_t line_end =
        newline != nullptr ? static_cast<std::size_t>(newline - text.data()) : text.size();
    const std::string_view line_text = text.substr(line_start, line_end - line_start);
    if (!is_blank_line(line_text)) {
      std::optional<statement> s = simple_line(line_text, line_start, line, limits);
      if (!s) s = parse_lean_line(line_text, line_start, line, limits);
      if (!s) return std::nullopt;
      statements.push_back(std::move(*s));
    }
    line_start = line_end + 1;
    ++line;
  }
  if (statements.empty()) return std::nullopt;  // blank text: the general parser's
  return statements;
}

}  // namespace on2::parser::detail

namespace on2::parser {

std::optional<quick_statement> read_quick_statement(std::string_view text,
                                                    const parse_limits& limits) {
  const std::optional<detail::simple_shape> shape = detail::shape_of(text, true);
  if (!shape || !detail::within_limits(*shape, limits) ||
      shape->left_end - shape->left_begin > 20 || shape->right_end - shape->right_begin > 20) {
    return std::nullopt;
  }
  return quick_statement{text.substr(shape->left_begin, shape->left_end - shape->left_begin),
                         shape->op,
                         text.substr(shape->right_begin, shape->right_end - shape->right_begin),
                         shape->ends_with_semicolon,
                         shape->words,
                         shape->left_word,
                         shape->right_word};
}

bool is_quick_statement(std::string_view text) {
  const std::optional<detail::simple_shape> shape = detail::shape_of(text);
  if (shape) {
    return shape->left_end - shape->left_begin <= 20 && shape->right_end - shape->right_begin <= 20;
  }
  return detail::is_bounded_statement(text);
}

}  // namespace on2::parser
