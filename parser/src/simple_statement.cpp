#include "simple_statement.hpp"

#include <utility>

namespace on2::parser::detail {
namespace {

bool is_inline_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

struct cursor {
  std::string_view text;
  std::size_t at = 0;

  void skip_blanks() {
    while (at < text.size() && is_inline_blank(text[at])) ++at;
  }
  bool done() const { return at == text.size(); }
  char peek() const { return text[at]; }
};

// A decimal literal at the cursor, which stands on a digit: its node, or nothing when it is not
// one the fast path takes (0x…, 0b…, digits followed by a letter, too many digits).
std::optional<expression> literal_at(cursor& c, const parse_limits& limits,
                                     std::size_t first_line) {
  const std::size_t begin = c.at;
  while (!c.done() && is_digit(c.peek())) ++c.at;
  if (c.at - begin > limits.max_literal_digits) return std::nullopt;
  // What may follow a literal here: a blank, an operator, `;` or the end of the line. Anything
  // else (a letter, `x` of 0x1f, `.` of 1..3, `(`) is the grammar's to read or to refuse.
  if (!c.done()) {
    const char next = c.peek();
    if (!is_inline_blank(next) && next != '\n' && next != ';' && next != '+' && next != '-' &&
        next != '*' && next != '/' && next != '^') {
      return std::nullopt;
    }
  }
  // The text is ASCII up to here, so the column is the byte offset plus one.
  return expression{
      source_span{begin, c.at, first_line, begin + 1},
      natural_literal{std::string(c.text.substr(begin, c.at - begin)), numeral_base::decimal}};
}

// The meaning of an operator outside brackets, as the grammar gives it.
std::optional<std::pair<binary_operator, operator_symbol>> operator_of(char c) {
  switch (c) {
    case '+':
      return std::pair{binary_operator::nim_sum, operator_symbol::plus};
    case '-':
      return std::pair{binary_operator::nim_sum, operator_symbol::minus};
    case '*':
      return std::pair{binary_operator::nim_product, operator_symbol::star};
    case '/':
      return std::pair{binary_operator::nim_division, operator_symbol::slash};
    case '^':
      return std::pair{binary_operator::nim_power, operator_symbol::caret};
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<statement> parse_simple_statement(std::string_view text, const parse_limits& limits,
                                                std::size_t first_line) {
  // A binary operation is a tree of height 2.
  if (limits.max_tree_height < 2) return std::nullopt;
  cursor c{text};
  c.skip_blanks();
  if (c.done() || !is_digit(c.peek())) return std::nullopt;
  std::optional<expression> left = literal_at(c, limits, first_line);
  if (!left) return std::nullopt;
  c.skip_blanks();
  statement result;
  if (!c.done()) {
    if (const auto op = operator_of(c.peek())) {
      // The exponent of ^ is one nesting level deeper (the grammar's `nested`).
      if (op->second == operator_symbol::caret && limits.max_nesting_depth < 1) return std::nullopt;
      ++c.at;
      c.skip_blanks();
      // `**`, `2 * -3`, `2 +` and the like are the grammar's.
      if (c.done() || !is_digit(c.peek())) return std::nullopt;
      std::optional<expression> right = literal_at(c, limits, first_line);
      if (!right) return std::nullopt;
      const source_span span{left->span.begin, right->span.end, first_line, left->span.column};
      left = expression{
          span, binary_operation{op->first, op->second, std::move(*left), std::move(*right)}};
      c.skip_blanks();
    }
  }
  if (!c.done() && c.peek() == ';') {
    result.ends_with_semicolon = true;
    ++c.at;
  }
  // Only blanks and newlines may follow: another statement, a comment or a stray character is
  // the general parser's.
  for (; !c.done(); ++c.at) {
    if (!is_inline_blank(c.peek()) && c.peek() != '\n') return std::nullopt;
  }
  result.span = left->span;
  result.content = std::move(*left);
  return result;
}

}  // namespace on2::parser::detail
