// Recursive descent with one function per level of grammar.cpp's rules; each mirrors its rule's
// choices (the operator tables' longest match, `*` never the start of `**`) and its tree building
// (fold_binary, apply_prefix, parenthesised, bracketed, make_name_or_call, make_assignment). A
// failure anywhere is a decline: the caller hands the text to the grammar.

#include "lean_statement.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "parser/character_classes.hpp"

namespace on2::parser::detail {
namespace {

using on2::parser::is_digit;
using on2::parser::is_hex_digit;
using on2::parser::is_inline_blank;
using on2::parser::is_letter;
using on2::parser::is_word;

// Deeper lines are the grammar's, which runs them on a large stack (large_stack.hpp).
constexpr std::size_t max_lean_depth = 48;

// The words the grammar refuses as names (grammar.cpp is_keyword).
bool is_keyword(std::string_view word) {
  static constexpr std::array<std::string_view, 16> keywords{
      "for",   "in",    "if",       "then", "elif",   "else", "end", "do",
      "while", "break", "continue", "def",  "return", "and",  "or",  "not"};
  return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}
bool is_literal_word(std::string_view word) {
  return word == "w" || word == "omega" || word == "true" || word == "false";
}

// A subtree and its height (grammar.cpp's node).
struct node {
  expression value;
  std::size_t height = 1;
};

struct token {
  std::size_t begin = 0, end = 0;
  operator_symbol symbol = operator_symbol::plus;
};

class lean_parser {
 public:
  lean_parser(std::string_view line, std::size_t line_start, std::size_t line_number,
              const parse_limits& limits)
      : line_(line), line_start_(line_start), line_number_(line_number), limits_(limits) {
    ascii_ = std::all_of(line.begin(), line.end(),
                         [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  }

  std::optional<statement> parse() {
    statement result;
    skip();
    const std::size_t start = at_;
    std::optional<node> value;
    if (at_ < line_.size() && (is_letter(line_[at_]) || line_[at_] == '_')) {
      // `name = e` (make_assignment); `name(…)` and `name[…]` before a `=` are the grammar's.
      const std::size_t name_end = word_end(at_);
      at_ = name_end;
      skip();
      if (at_ < line_.size() && line_[at_] == '=' &&
          (at_ + 1 == line_.size() || line_[at_ + 1] != '=')) {
        const std::string_view name = line_.substr(start, name_end - start);
        if (is_literal_word(name) || is_keyword(name)) return std::nullopt;
        ++at_;
        value = expression_level();
        if (!value) return std::nullopt;
        result.span = span(start, value->value.span.end - line_start_);
        result.content =
            assignment{std::string(name), span(start, name_end), {}, std::move(value->value)};
        return finish(std::move(result));
      }
      at_ = start;
    }
    value = expression_level();
    if (!value) return std::nullopt;
    result.span = value->value.span;
    result.content = std::move(value->value);
    return finish(std::move(result));
  }

 private:
  // After the statement: an optional `;`, then only blanks (an `=` here, a second statement,
  // a comment are the grammar's).
  std::optional<statement> finish(statement&& result) {
    skip();
    if (at_ < line_.size() && line_[at_] == ';') {
      result.ends_with_semicolon = true;
      ++at_;
      skip();
    }
    if (at_ != line_.size()) return std::nullopt;
    return std::move(result);
  }

  void skip() {
    while (at_ < line_.size() && is_inline_blank(line_[at_])) ++at_;
  }
  bool looking_at(std::string_view s) const { return line_.substr(at_).starts_with(s); }
  char next_char(std::size_t offset = 0) const {
    return at_ + offset < line_.size() ? line_[at_ + offset] : '\0';
  }
  std::size_t word_end(std::size_t from) const {
    while (from < line_.size() && is_word(line_[from])) ++from;
    return from;
  }

  // A span of the line, as offsets of the whole text, with its line and column (characters).
  source_span span(std::size_t begin, std::size_t end) const {
    std::size_t column = begin + 1;
    if (!ascii_) {
      column = 1;
      for (std::size_t i = 0; i < begin; ++i) {
        if ((static_cast<unsigned char>(line_[i]) & 0xC0) != 0x80) ++column;
      }
    }
    return source_span{line_start_ + begin, line_start_ + end, line_number_, column};
  }

  // grammar.cpp make_node: a tree higher than the limit is the grammar's error.
  std::optional<node> make(std::size_t begin, std::size_t end, expression::node_type&& content,
                           std::size_t height) const {
    if (height > limits_.max_tree_height) return std::nullopt;
    return node{expression{span(begin, end), std::move(content)}, height};
  }

  // The `nested[…]` directive: one level deeper, declined where the grammar would refuse it.
  bool enter() {
    if (depth_ >= limits_.max_nesting_depth || depth_ >= max_lean_depth) return false;
    ++depth_;
    return true;
  }

  std::optional<node> binary(const token& op, node&& left, node&& right) const {
    binary_operator meant;
    switch (op.symbol) {
      using enum operator_symbol;
      case plus:
        meant = cantor_ ? binary_operator::cantor_sum : binary_operator::nim_sum;
        break;
      case minus:
        meant = cantor_ ? binary_operator::cantor_difference : binary_operator::nim_sum;
        break;
      case circled_plus:
        meant = binary_operator::nim_sum;
        break;
      case star:
        meant = cantor_ ? binary_operator::cantor_product : binary_operator::nim_product;
        break;
      case circled_times:
        meant = binary_operator::nim_product;
        break;
      case slash:
        if (cantor_) return std::nullopt;  // no division inside brackets
        meant = binary_operator::nim_division;
        break;
      case caret:
      case double_star:
        meant = cantor_ ? binary_operator::cantor_power : binary_operator::nim_power;
        break;
      case middle_dot:
      case times_sign:
        if (!cantor_) return std::nullopt;  // ordinal products only inside brackets
        meant = binary_operator::cantor_product;
        break;
      case equal:
        meant = binary_operator::equal;
        break;
      case not_equal:
        meant = binary_operator::not_equal;
        break;
      case less:
        meant = binary_operator::less;
        break;
      case less_equal:
        meant = binary_operator::less_equal;
        break;
      case greater:
        meant = binary_operator::greater;
        break;
      case greater_equal:
        meant = binary_operator::greater_equal;
        break;
      default:
        return std::nullopt;
    }
    const std::size_t begin = left.value.span.begin - line_start_;
    const std::size_t end = right.value.span.end - line_start_;
    const std::size_t height = std::max(left.height, right.height) + 1;
    return make(begin, end,
                binary_operation{meant, op.symbol, std::move(left.value), std::move(right.value)},
                height);
  }

  token take(std::size_t length, operator_symbol symbol) {
    const token t{at_, at_ + length, symbol};
    at_ += length;
    return t;
  }

  // expression_rule down to comparison: `or`, `and` and `not` are keywords, declined as names.
  // Comparisons do not chain; `..` is a range (the grammar's).
  std::optional<node> expression_level() {
    std::optional<node> left = sum_level();
    if (!left) return std::nullopt;
    skip();
    if (looking_at("..")) return std::nullopt;
    std::optional<token> op = comparison_operator();
    if (!op) return left;
    std::optional<node> right = sum_level();
    if (!right) return std::nullopt;
    skip();
    if (looking_at("..") || comparison_operator()) return std::nullopt;
    return binary(*op, std::move(*left), std::move(*right));
  }

  std::optional<token> comparison_operator() {
    using enum operator_symbol;
    const char c = next_char(), d = next_char(1);
    if (c == '=' && d == '=') return take(2, equal);
    if (c == '!' && d == '=') return take(2, not_equal);
    if (c == '<') return d == '=' ? take(2, less_equal) : take(1, less);
    if (c == '>') return d == '=' ? take(2, greater_equal) : take(1, greater);
    return std::nullopt;
  }

  // + - ⊕, left associative.
  std::optional<node> sum_level() {
    std::optional<node> left = product_level();
    if (!left) return std::nullopt;
    while (true) {
      skip();
      std::optional<token> op;
      if (next_char() == '+') {
        op = take(1, operator_symbol::plus);
      } else if (next_char() == '-') {
        op = take(1, operator_symbol::minus);
      } else if (looking_at("\u2295")) {
        op = take(3, operator_symbol::circled_plus);
      } else {
        return left;
      }
      std::optional<node> right = product_level();
      if (!right) return std::nullopt;
      left = binary(*op, std::move(*left), std::move(*right));
      if (!left) return std::nullopt;
    }
  }

  // * ⊗ / · ×, left associative; `**` is a power.
  std::optional<node> product_level() {
    std::optional<node> left = unary_level();
    if (!left) return std::nullopt;
    while (true) {
      skip();
      std::optional<token> op;
      if (next_char() == '*' && next_char(1) != '*') {
        op = take(1, operator_symbol::star);
      } else if (next_char() == '/') {
        op = take(1, operator_symbol::slash);
      } else if (looking_at("\u2297")) {
        op = take(3, operator_symbol::circled_times);
      } else if (looking_at("\u00b7")) {
        op = take(2, operator_symbol::middle_dot);
      } else if (looking_at("\u00d7")) {
        op = take(2, operator_symbol::times_sign);
      } else {
        return left;
      }
      std::optional<node> right = unary_level();
      if (!right) return std::nullopt;
      left = binary(*op, std::move(*left), std::move(*right));
      if (!left) return std::nullopt;
    }
  }

  // Prefix - + * (apply_prefix), or a power.
  std::optional<node> unary_level() {
    skip();
    std::optional<token> op;
    if (next_char() == '-') {
      op = take(1, operator_symbol::minus);
    } else if (next_char() == '+') {
      op = take(1, operator_symbol::plus);
    } else if (next_char() == '*' && next_char(1) != '*') {
      op = take(1, operator_symbol::star);
    }
    if (!op) return power_level();
    if (op->symbol == operator_symbol::minus && cantor_) return std::nullopt;
    if (!enter()) return std::nullopt;
    std::optional<node> operand = unary_level();
    --depth_;
    if (!operand) return std::nullopt;
    const std::size_t end = operand->value.span.end - line_start_;
    const std::size_t height = operand->height + 1;
    expression::node_type content;
    if (op->symbol == operator_symbol::star) {
      content = star_decoration{std::move(operand->value)};
    } else {
      content = unary_operation{
          op->symbol == operator_symbol::minus ? unary_operator::minus : unary_operator::plus,
          std::move(operand->value)};
    }
    return make(op->begin, end, std::move(content), height);
  }

  // A primary, then `^` or `**` and an exponent, itself a unary expression (right associative).
  std::optional<node> power_level() {
    std::optional<node> base = primary();
    if (!base) return std::nullopt;
    skip();
    if (next_char() == '[') return std::nullopt;  // an index: the grammar's
    std::optional<token> op;
    if (next_char() == '^') {
      op = take(1, operator_symbol::caret);
    } else if (looking_at("**")) {
      op = take(2, operator_symbol::double_star);
    } else {
      return base;
    }
    if (!enter()) return std::nullopt;
    std::optional<node> exponent = unary_level();
    --depth_;
    if (!exponent) return std::nullopt;
    return binary(*op, std::move(*base), std::move(*exponent));
  }

  std::optional<node> primary() {
    skip();
    const char c = next_char();
    if (c == '(') {
      const std::size_t open = at_++;
      if (!enter()) return std::nullopt;
      std::optional<node> inner = expression_level();
      --depth_;
      skip();
      if (!inner || next_char() != ')') return std::nullopt;
      ++at_;
      // The parentheses widen the span and add no node (grammar.cpp parenthesised).
      inner->value.span = span(open, at_);
      return inner;
    }
    if (c == '[') {
      const std::size_t open = at_++;
      if (!enter()) return std::nullopt;
      const bool was_cantor = cantor_;
      cantor_ = true;
      std::optional<node> inner = expression_level();
      cantor_ = was_cantor;
      --depth_;
      skip();
      if (!inner || next_char() != ']') return std::nullopt;
      ++at_;
      return make(open, at_, bracket_expression{std::move(inner->value)}, inner->height + 1);
    }
    if (is_digit(c)) return natural();
    if (looking_at("\u03c9")) {
      at_ += 2;
      return make(at_ - 2, at_, omega_literal{omega_spelling::symbol}, 1);
    }
    if (c == '%') return result();
    if (is_letter(c) || c == '_') return name_or_call();
    return std::nullopt;  // `{`, a string, a comment, anything else
  }

  // grammar.cpp natural_parser: `42`, `0x1f`, `0b1011`, the digits kept as typed.
  std::optional<node> natural() {
    const std::size_t begin = at_;
    numeral_base base = numeral_base::decimal;
    if (next_char() == '0' && (next_char(1) == 'x' || next_char(1) == 'b')) {
      base = next_char(1) == 'x' ? numeral_base::hexadecimal : numeral_base::binary;
      at_ += 2;
    }
    const std::size_t digits_begin = at_;
    while (at_ < line_.size()) {
      const char d = line_[at_];
      const bool valid = base == numeral_base::hexadecimal ? is_hex_digit(d)
                         : base == numeral_base::binary    ? d == '0' || d == '1'
                                                           : is_digit(d);
      if (!valid) break;
      ++at_;
    }
    const std::size_t digit_count = at_ - digits_begin;
    // A letter or digit after the digits, no digits, too many digits: the grammar's errors.
    if (word_end(at_) != at_ || digit_count == 0 || digit_count > limits_.max_literal_digits) {
      return std::nullopt;
    }
    return make(begin, at_,
                natural_literal{std::string(line_.substr(digits_begin, digit_count)), base}, 1);
  }

  // grammar.cpp result_parser: `%` or `%n`.
  std::optional<node> result() {
    const std::size_t begin = at_++;
    std::optional<std::size_t> index;
    if (is_digit(next_char())) {
      std::size_t value = 0;
      for (; at_ < line_.size() && is_digit(line_[at_]); ++at_) {
        const auto digit = static_cast<std::size_t>(line_[at_] - '0');
        if (value > (SIZE_MAX - digit) / 10) return std::nullopt;  // too large: an error
        value = value * 10 + digit;
      }
      index = value;
    }
    return make(begin, at_, result_reference{index}, 1);
  }

  // grammar.cpp make_name_or_call, without equations among the arguments.
  std::optional<node> name_or_call() {
    const std::size_t begin = at_;
    at_ = word_end(at_);
    const std::size_t end = at_;
    const std::string_view name = line_.substr(begin, end - begin);
    if (is_keyword(name)) return std::nullopt;
    skip();
    if (next_char() != '(') {
      at_ = end;
      expression::node_type content = name_reference{std::string(name)};
      if (name == "w") content = omega_literal{omega_spelling::letter_w};
      if (name == "omega") content = omega_literal{omega_spelling::word_omega};
      if (name == "true" || name == "false") content = boolean_literal{name == "true"};
      return make(begin, end, std::move(content), 1);
    }
    if (is_literal_word(name)) return std::nullopt;
    ++at_;
    if (!enter()) return std::nullopt;
    const bool was_cantor = cantor_;
    cantor_ = false;
    std::vector<expression> arguments;
    std::size_t height = 1;
    bool closed = false;
    skip();
    if (next_char() == ')') {
      closed = true;
    } else {
      while (true) {
        std::optional<node> argument = expression_level();
        if (!argument) break;
        height = std::max(height, argument->height + 1);
        arguments.push_back(std::move(argument->value));
        skip();
        if (next_char() == ',') {
          ++at_;
          continue;
        }
        closed = next_char() == ')';  // `=` (an equation) and anything else: the grammar's
        break;
      }
    }
    cantor_ = was_cantor;
    --depth_;
    if (!closed) return std::nullopt;
    ++at_;
    return make(begin, at_,
                function_call{std::string(name), span(begin, end), std::move(arguments)}, height);
  }

  std::string_view line_;
  std::size_t line_start_, line_number_;
  const parse_limits& limits_;
  bool ascii_ = true;
  std::size_t at_ = 0;
  std::size_t depth_ = 0;
  bool cantor_ = false;  // inside [ ]
};

// Literals of at most 20 digits under nim operators (the nim power's exponent too), prefix
// operators and comparisons. Recursion is bounded by the lean parser's depth.
bool is_bounded(const expression& e) {
  if (const auto* literal = std::get_if<natural_literal>(&e.node)) {
    return literal->digits.size() <= 20;
  }
  if (const auto* b = std::get_if<binary_operation>(&e.node)) {
    switch (b->op) {
      case binary_operator::cantor_sum:
      case binary_operator::cantor_difference:
      case binary_operator::cantor_product:
      case binary_operator::cantor_power:
      case binary_operator::logical_and:
      case binary_operator::logical_or:
        return false;
      default:
        return is_bounded(*b->left) && is_bounded(*b->right);
    }
  }
  if (const auto* u = std::get_if<unary_operation>(&e.node)) {
    return u->op != unary_operator::logical_not && is_bounded(*u->operand);
  }
  if (const auto* star = std::get_if<star_decoration>(&e.node)) return is_bounded(*star->operand);
  return false;
}

// A scan that refuses most lines that are not bounded before they are parsed: a name after the
// first word (the first may be assigned to), `%`, `,`, `[`, `{`, a string, a comment, ω.
bool may_be_bounded(std::string_view text) {
  bool first_word = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' || c == ',' || c == '[' || c == '{' || c == '"' || c == '#' || c == '\xCF') {
      return false;  // 0xCF: the first byte of ω
    }
    const bool starts_word = is_word(c) && (i == 0 || !is_word(text[i - 1]));
    if (starts_word && !is_digit(c)) {
      if (!first_word) return false;
    }
    if (starts_word) first_word = false;
  }
  return true;
}

}  // namespace

bool is_bounded_statement(std::string_view text) {
  if (text.size() > max_bounded_bytes || !may_be_bounded(text)) return false;
  const std::size_t newline = std::min(text.find('\n'), text.size());
  if (text.find_first_not_of(" \t\r\f\v\n", newline) != std::string_view::npos) return false;
  const std::optional<statement> s = parse_lean_line(text.substr(0, newline), 0, 1, {});
  if (!s) return false;
  if (const auto* a = std::get_if<assignment>(&s->content)) return is_bounded(a->value);
  return is_bounded(std::get<expression>(s->content));
}

std::optional<statement> parse_lean_line(std::string_view line_text, std::size_t line_start,
                                         std::size_t line, const parse_limits& limits) {
  return lean_parser(line_text, line_start, line, limits).parse();
}

}  // namespace on2::parser::detail
