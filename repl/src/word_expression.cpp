// Recursive descent over the lean parser's levels (sum, product, unary, power, primary), each
// computing its value on words as it reads: ⊕ is XOR, ⊗ is cas::nim_mul64, a power is square and
// multiply, the prefix operators are identities on nimbers (evaluator.cpp "Prefix operators").
// Heights and depths are counted as the grammar counts them, so that no limit is passed unseen.

#include "word_expression.hpp"

#include <algorithm>
#include <array>

#include "cas/kernels/nimber_kernels.hpp"
#include "parser/character_classes.hpp"

namespace on2 {
namespace {

using parser::is_digit;
using parser::is_inline_blank;
using parser::is_letter;
using parser::is_word;

// As parser/src/lean_statement.cpp: deeper lines are the general path's.
constexpr std::size_t max_word_line_depth = 48;

// A value and its height in the grammar's tree.
struct word_node {
  std::uint64_t word = 0;
  std::size_t height = 1;
};

std::uint64_t nim_power(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t result = 1;
  while (exponent != 0) {
    if ((exponent & 1) != 0) result = cas::nim_mul64(result, base);
    exponent >>= 1;
    if (exponent != 0) base = cas::nim_mul64(base, base);
  }
  return result;
}

class word_reader {
 public:
  word_reader(std::string_view line, const parser::parse_limits& limits,
              std::map<std::string, value, std::less<>>& variables)
      : line_(line), limits_(limits), variables_(variables) {}

  std::optional<word_line> read() {
    word_line result;
    skip();
    const std::size_t start = at_;
    if (at_ < line_.size() && (is_letter(line_[at_]) || line_[at_] == '_')) {
      const std::size_t name_end = word_end(at_);
      at_ = name_end;
      skip();
      if (next_char() == '=' && next_char(1) != '=') {
        // Only a variable that exists: a new name may be a function's (an error).
        const auto found = variables_.find(line_.substr(start, name_end - start));
        if (found == variables_.end()) return std::nullopt;
        result.assigned = &found->second;
        ++at_;
      } else {
        at_ = start;
      }
    }
    const std::optional<word_node> value = sum();
    if (!value) return std::nullopt;
    result.word = value->word;
    skip();
    if (next_char() == ';') {
      result.ends_with_semicolon = true;
      ++at_;
      skip();
    }
    if (at_ != line_.size()) return std::nullopt;
    return result;
  }

 private:
  void skip() {
    while (at_ < line_.size() && is_inline_blank(line_[at_])) ++at_;
  }
  char next_char(std::size_t offset = 0) const {
    return at_ + offset < line_.size() ? line_[at_ + offset] : '\0';
  }
  bool looking_at(std::string_view s) const { return line_.substr(at_).starts_with(s); }
  std::size_t word_end(std::size_t from) const {
    while (from < line_.size() && is_word(line_[from])) ++from;
    return from;
  }
  bool enter() {
    if (depth_ >= limits_.max_nesting_depth || depth_ >= max_word_line_depth) return false;
    ++depth_;
    return true;
  }
  // A binary operation's node, unless it is higher than the grammar allows.
  std::optional<word_node> joined(std::uint64_t word, const word_node& left,
                                  const word_node& right) const {
    const std::size_t height = std::max(left.height, right.height) + 1;
    if (height > limits_.max_tree_height) return std::nullopt;
    return word_node{word, height};
  }

  // + - ⊕: the nim sum.
  std::optional<word_node> sum() {
    std::optional<word_node> left = product();
    while (left) {
      skip();
      if (next_char() == '+' || next_char() == '-') {
        ++at_;
      } else if (looking_at("\u2295")) {
        at_ += 3;
      } else {
        return left;
      }
      const std::optional<word_node> right = product();
      if (!right) return std::nullopt;
      left = joined(left->word ^ right->word, *left, *right);
    }
    return std::nullopt;
  }

  // * ⊗: the nim product (`**` is a power; / · × are the general path's).
  std::optional<word_node> product() {
    std::optional<word_node> left = unary();
    while (left) {
      skip();
      if (next_char() == '*' && next_char(1) != '*') {
        ++at_;
      } else if (looking_at("\u2297")) {
        at_ += 3;
      } else {
        return left;
      }
      const std::optional<word_node> right = unary();
      if (!right) return std::nullopt;
      left = joined(cas::nim_mul64(left->word, right->word), *left, *right);
    }
    return std::nullopt;
  }

  // - + *: identities on nimbers, one level of nesting each.
  std::optional<word_node> unary() {
    skip();
    const char c = next_char();
    if (c != '-' && c != '+' && !(c == '*' && next_char(1) != '*')) return power();
    ++at_;
    if (!enter()) return std::nullopt;
    std::optional<word_node> operand = unary();
    --depth_;
    if (!operand || operand->height + 1 > limits_.max_tree_height) return std::nullopt;
    ++operand->height;
    return operand;
  }

  // A primary, then `^` or `**` and an exponent that is a literal or a variable.
  std::optional<word_node> power() {
    std::optional<word_node> base = primary();
    if (!base) return std::nullopt;
    skip();
    if (next_char() == '[') return std::nullopt;  // an index
    if (next_char() == '^') {
      ++at_;
    } else if (looking_at("**")) {
      at_ += 2;
    } else {
      return base;
    }
    if (!enter()) return std::nullopt;
    skip();
    // The exponent's own prefix operators, parentheses and powers are integer arithmetic.
    std::optional<word_node> exponent;
    if (is_digit(next_char())) {
      exponent = literal();
    } else if (is_letter(next_char()) || next_char() == '_') {
      exponent = variable();
    }
    --depth_;
    if (!exponent) return std::nullopt;
    skip();
    if (next_char() == '[' || next_char() == '^' || looking_at("**")) return std::nullopt;
    return joined(nim_power(base->word, exponent->word), *base, *exponent);
  }

  std::optional<word_node> primary() {
    skip();
    const char c = next_char();
    if (c == '(') {
      ++at_;
      if (!enter()) return std::nullopt;
      std::optional<word_node> inner = sum();
      --depth_;
      skip();
      if (!inner || next_char() != ')') return std::nullopt;
      ++at_;
      return inner;  // parentheses add no node
    }
    if (is_digit(c)) return literal();
    if (is_letter(c) || c == '_') return variable();
    return std::nullopt;
  }

  // `42`, `0x1f`, `0b101` below 2^64 (grammar.cpp natural_parser's checks).
  std::optional<word_node> literal() {
    unsigned base = 10;
    if (next_char() == '0' && (next_char(1) == 'x' || next_char(1) == 'b')) {
      base = next_char(1) == 'x' ? 16 : 2;
      at_ += 2;
    }
    const std::size_t digits_begin = at_;
    std::uint64_t word = 0;
    bool fits = true;
    for (; at_ < line_.size(); ++at_) {
      const char d = line_[at_];
      unsigned digit = 16;
      if (is_digit(d)) digit = static_cast<unsigned>(d - '0');
      if (base == 16 && d >= 'a' && d <= 'f') digit = static_cast<unsigned>(d - 'a' + 10);
      if (base == 16 && d >= 'A' && d <= 'F') digit = static_cast<unsigned>(d - 'A' + 10);
      if (digit >= base) break;
      fits = fits && !__builtin_mul_overflow(word, base, &word) &&
             !__builtin_add_overflow(word, digit, &word);
    }
    const std::size_t digit_count = at_ - digits_begin;
    if (!fits || word_end(at_) != at_ || digit_count == 0 ||
        digit_count > limits_.max_literal_digits || limits_.max_tree_height < 1) {
      return std::nullopt;
    }
    return word_node{word, 1};
  }

  // A variable that holds a finite nimber below 2^64; not a call, not an index.
  std::optional<word_node> variable() {
    const std::size_t begin = at_;
    at_ = word_end(at_);
    const auto found = variables_.find(line_.substr(begin, at_ - begin));
    std::uint64_t word = 0;
    if (found == variables_.end() || !found->second.read_word(word)) return std::nullopt;
    const std::size_t end = at_;
    skip();
    if (next_char() == '(') return std::nullopt;
    at_ = end;
    if (limits_.max_tree_height < 1) return std::nullopt;
    return word_node{word, 1};
  }

  std::string_view line_;
  const parser::parse_limits& limits_;
  std::map<std::string, value, std::less<>>& variables_;
  std::size_t at_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

std::optional<word_line> evaluate_word_line(std::string_view line,
                                            const parser::parse_limits& limits,
                                            std::map<std::string, value, std::less<>>& variables) {
  return word_reader(line, limits, variables).read();
}

}  // namespace on2
