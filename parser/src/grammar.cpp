// The on2 grammar in Boost.Spirit X3 (docs/spec/language.md "Operators, loosest first").
//
// Layout follows the X3 calc examples: rules declared, defined, then BOOST_SPIRIT_DEFINE'd. The
// terminals (numbers, names, strings, operators) are small hand-written X3 primitives: they pre-
// skip like any X3 primitive, record byte offsets for the source spans and never look at a byte
// through a character-class function, so UTF-8 (ω · × ⊕ ⊗, strings) is matched as plain byte
// sequences. The tree is built in semantic actions; each rule's attribute is an internal `node`
// that also carries the subtree's height, so the height limit costs O(1) per node.
//
// Two pieces of state travel in the X3 context: the nesting depth (the `nested[…]` directive
// counts it and throws past the limit, so no input drives the recursive descent deeper than
// parse_limits::max_nesting_depth) and whether we are inside `[ ]` (the `cantor_mode[…]` /
// `nim_mode[…]` directives), which decides what + * ^ mean.

#include "grammar.hpp"

#include <algorithm>
#include <array>
#include <boost/fusion/include/at_c.hpp>
#include <boost/spirit/home/x3.hpp>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "parser/character_classes.hpp"
#include "parser/printable_text.hpp"

namespace on2::parser::detail {
namespace {

using on2::parser::is_blank;
using on2::parser::is_digit;
using on2::parser::is_hex_digit;
using on2::parser::is_letter;
using on2::parser::is_word;

namespace x3 = boost::spirit::x3;
namespace fusion = boost::fusion;
using iterator = const char*;

// Thrown by terminals and semantic actions for errors that have a better message than
// "expected …"; caught by parse_statement.
struct grammar_error {
  std::size_t begin;
  std::size_t end;
  std::string message;
  std::string hint;
};

struct parse_state {
  std::string_view text;  // the whole program: offsets are relative to its first byte
  const parse_limits* limits;
  std::size_t depth = 0;
  bool cantor = false;                // inside [ ]
  std::optional<diagnostic> failure;  // set by the error handler of the statement rule

  std::size_t offset(iterator it) const { return static_cast<std::size_t>(it - text.data()); }
};

struct state_tag;

template <class Context>
parse_state& state_of(const Context& context) {
  return static_cast<parse_state&>(x3::get<state_tag>(context));
}

// The attribute of every expression rule.
struct node {
  expression value;
  std::size_t height = 1;
  std::size_t index_chain = 0;  // L[i][j]…: how many indices follow the primary
};

// An operator or punctuation token as typed.
struct token {
  std::size_t begin = 0;
  std::size_t end = 0;
  operator_symbol symbol = operator_symbol::plus;
};

struct name_token {
  std::string text;
  std::size_t begin = 0;
  std::size_t end = 0;
};

struct call_tail {
  std::vector<node> arguments;
  std::size_t end = 0;
};

// `[i]` after a primary or an assigned name.
struct index_tail {
  node index;
  std::size_t end = 0;
};

// `for v in L` and `if c` after the first element of a list: a comprehension.
struct comprehension_tail {
  name_token variable;
  node source;
  std::optional<node> condition;
};

// What stands between `{` and `}`: elements, or one element and a comprehension tail.
struct list_contents {
  std::vector<node> elements;
  std::optional<comprehension_tail> comprehension;
};

iterator skip_blanks(iterator it, iterator last) {
  while (it != last) {
    if (is_blank(*it)) {
      ++it;
    } else if (*it == '#') {
      while (it != last && *it != '\n') ++it;
    } else {
      break;
    }
  }
  return it;
}

// ---------------------------------------------------------------------------------------------
// Terminals

// The skipper: white space (newlines only reach the grammar while a bracket is open) and comments.
struct blank_parser : x3::parser<blank_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context&, RContext&, Attribute&) const {
    const It after = skip_blanks(first, last);
    if (after == first) return false;
    first = after;
    return true;
  }
};
const blank_parser blank{};

struct operator_entry {
  std::string_view text;
  operator_symbol symbol;
  char must_not_follow;     // e.g. '*' after '*': `**` is never `* *`
  bool whole_word = false;  // `and`, `or`, `not`: not the start of `order`
};

// The longest entry of a table that matches.
struct operator_parser : x3::parser<operator_parser> {
  using attribute_type = token;
  static bool const has_attribute = true;

  const operator_entry* entries;
  std::size_t count;
  const char* description;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&,
             Attribute& attribute) const {
    x3::skip_over(first, last, context);
    const std::string_view rest(first, static_cast<std::size_t>(last - first));
    const operator_entry* best = nullptr;
    for (std::size_t i = 0; i < count; ++i) {
      const operator_entry& entry = entries[i];
      if (!rest.starts_with(entry.text)) continue;
      if (entry.must_not_follow != '\0' && rest.size() > entry.text.size() &&
          rest[entry.text.size()] == entry.must_not_follow)
        continue;
      if (entry.whole_word && rest.size() > entry.text.size() && is_word(rest[entry.text.size()]))
        continue;
      if (best == nullptr || entry.text.size() > best->text.size()) best = &entry;
    }
    if (best == nullptr) return false;
    const parse_state& state = state_of(context);
    token result{state.offset(first), state.offset(first) + best->text.size(), best->symbol};
    first += static_cast<std::ptrdiff_t>(best->text.size());
    x3::traits::move_to(result, attribute);
    return true;
  }
};

}  // namespace
}  // namespace on2::parser::detail

namespace boost::spirit::x3 {
// "Expected ')'" rather than a type name in expectation failures.
template <>
struct get_info<on2::parser::detail::operator_parser> {
  using result_type = std::string;
  std::string operator()(const on2::parser::detail::operator_parser& parser) const {
    return parser.description;
  }
};
}  // namespace boost::spirit::x3

namespace on2::parser::detail {
namespace {

using enum operator_symbol;
constexpr std::array comparison_entries{
    operator_entry{"==", equal, 0},  operator_entry{"!=", not_equal, 0},
    operator_entry{"<", less, 0},    operator_entry{"<=", less_equal, 0},
    operator_entry{">", greater, 0}, operator_entry{">=", greater_equal, 0},
};
constexpr std::array sum_entries{
    operator_entry{"+", plus, 0}, operator_entry{"-", minus, 0},
    operator_entry{"\u2295", circled_plus, 0},  // ⊕
};
constexpr std::array product_entries{
    operator_entry{"*", star, '*'},          operator_entry{"\u2297", circled_times, 0},  // ⊗
    operator_entry{"/", slash, 0},           operator_entry{"\u00b7", middle_dot, 0},     // ·
    operator_entry{"\u00d7", times_sign, 0},                                              // ×
};
constexpr std::array prefix_entries{
    operator_entry{"-", minus, 0},
    operator_entry{"+", plus, 0},
    operator_entry{"*", star, '*'},
};
constexpr std::array power_entries{
    operator_entry{"^", caret, 0},
    operator_entry{"**", double_star, 0},
};
// Punctuation: the symbol field is unused.
constexpr std::array assign_entries{operator_entry{"=", plus, '='}};
constexpr std::array open_paren_entries{operator_entry{"(", plus, 0}};
constexpr std::array close_paren_entries{operator_entry{")", plus, 0}};
constexpr std::array open_bracket_entries{operator_entry{"[", plus, 0}};
constexpr std::array close_bracket_entries{operator_entry{"]", plus, 0}};
constexpr std::array open_brace_entries{operator_entry{"{", plus, 0}};
constexpr std::array close_brace_entries{operator_entry{"}", plus, 0}};
constexpr std::array comma_entries{operator_entry{",", plus, 0}};
constexpr std::array range_entries{operator_entry{"..", plus, 0}};
constexpr std::array or_entries{operator_entry{"or", word_or, 0, true}};
constexpr std::array and_entries{operator_entry{"and", word_and, 0, true}};
constexpr std::array not_entries{operator_entry{"not", word_not, 0, true}};
constexpr std::array omega_entries{operator_entry{"\u03c9", plus, 0}};  // ω

template <std::size_t N>
constexpr operator_parser table(const std::array<operator_entry, N>& entries,
                                const char* description) {
  return operator_parser{{}, entries.data(), N, description};
}

const operator_parser comparison_op = table(comparison_entries, "a comparison");
const operator_parser sum_op = table(sum_entries, "'+'");
const operator_parser product_op = table(product_entries, "'*'");
const operator_parser prefix_op = table(prefix_entries, "a prefix operator");
const operator_parser power_op = table(power_entries, "'^'");
const operator_parser assign_op = table(assign_entries, "'='");
const operator_parser open_paren = table(open_paren_entries, "'('");
const operator_parser close_paren = table(close_paren_entries, "')'");
const operator_parser open_bracket = table(open_bracket_entries, "'['");
const operator_parser close_bracket = table(close_bracket_entries, "']'");
const operator_parser open_brace = table(open_brace_entries, "'{'");
const operator_parser close_brace = table(close_brace_entries, "'}'");
const operator_parser comma = table(comma_entries, "','");
const operator_parser range_op = table(range_entries, "'..'");
const operator_parser or_op = table(or_entries, "'or'");
const operator_parser and_op = table(and_entries, "'and'");
const operator_parser not_op = table(not_entries, "'not'");
const operator_parser omega_symbol = table(omega_entries, "'ω'");

node make_node(const parse_state& state, std::size_t begin, std::size_t end,
               expression::node_type&& content, std::size_t height) {
  if (height > state.limits->max_tree_height) {
    throw grammar_error{begin, end,
                        "The expression is more than " +
                            std::to_string(state.limits->max_tree_height) + " operations deep.",
                        "Split it into several statements, e.g. with intermediate variables."};
  }
  return node{expression{source_span{begin, end, 1, 1}, std::move(content)}, height};
}

// `42`, `0x1f`, `0b1011`; the digits are kept as text.
struct natural_parser : x3::parser<natural_parser> {
  using attribute_type = node;
  static bool const has_attribute = true;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&,
             Attribute& attribute) const {
    x3::skip_over(first, last, context);
    if (first == last || !is_digit(*first)) return false;
    const parse_state& state = state_of(context);
    It it = first;
    numeral_base base = numeral_base::decimal;
    if (*it == '0' && last - it >= 2 && (it[1] == 'x' || it[1] == 'b')) {
      base = it[1] == 'x' ? numeral_base::hexadecimal : numeral_base::binary;
      it += 2;
    }
    const It digits_begin = it;
    auto valid = [base](char c) {
      switch (base) {
        case numeral_base::hexadecimal:
          return is_hex_digit(c);
        case numeral_base::binary:
          return c == '0' || c == '1';
        case numeral_base::decimal:
          break;
      }
      return is_digit(c);
    };
    while (it != last && valid(*it)) ++it;
    It word_end = it;
    while (word_end != last && is_word(*word_end)) ++word_end;
    const std::size_t begin = state.offset(first);
    if (word_end != it || digits_begin == it) {
      const std::string text(first, word_end);
      std::string hint = "A decimal number has the digits 0-9.";
      if (base == numeral_base::hexadecimal)
        hint = "After 0x come the hexadecimal digits 0-9, a-f.";
      if (base == numeral_base::binary) hint = "After 0b come the binary digits 0 and 1.";
      if (base == numeral_base::decimal && is_letter(*it))
        hint = "A name cannot start with a digit, and a product needs an operator: 2*x.";
      throw grammar_error{begin, state.offset(word_end), "'" + text + "' is not a valid number.",
                          hint};
    }
    const auto digit_count = static_cast<std::size_t>(it - digits_begin);
    if (digit_count > state.limits->max_literal_digits) {
      throw grammar_error{begin, state.offset(it),
                          "The number has " + std::to_string(digit_count) +
                              " digits; the limit is " +
                              std::to_string(state.limits->max_literal_digits) + " digits.",
                          ""};
    }
    node result = make_node(state, begin, state.offset(it),
                            natural_literal{std::string(digits_begin, it), base}, 1);
    first = it;
    x3::traits::move_to(std::move(result), attribute);
    return true;
  }
};
const natural_parser natural{};

// "text" with the escapes \" and \\; a string ends on its line.
struct string_parser : x3::parser<string_parser> {
  using attribute_type = node;
  static bool const has_attribute = true;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&,
             Attribute& attribute) const {
    x3::skip_over(first, last, context);
    if (first == last || *first != '"') return false;
    const parse_state& state = state_of(context);
    std::string value;
    It it = first + 1;
    while (true) {
      if (it == last || *it == '\n') {
        throw grammar_error{state.offset(first), state.offset(it),
                            "The string is not closed: a string ends with '\"' on its line.",
                            "Inside a string, write \\\" for a quote and \\\\ for a backslash."};
      }
      if (*it == '"') break;
      if (*it == '\\') {
        if (it + 1 != last && (it[1] == '"' || it[1] == '\\')) {
          value += it[1];
          it += 2;
          continue;
        }
        const std::size_t escape_end = it + 1 != last && it[1] != '\n' ? 2 : 1;
        throw grammar_error{state.offset(it), state.offset(it) + escape_end,
                            "Unknown escape in a string: only \\\" and \\\\ are escapes.", ""};
      }
      // A string is printable UTF-8, so that printing it (or its JSON) cannot corrupt the
      // output or act on a terminal (parser/printable_text.hpp).
      const std::size_t at = state.offset(it);
      const std::size_t length = utf8_sequence_length(state.text, at);
      if (length == 0) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(*it));
        throw grammar_error{at, at + 1,
                            std::string("The string is not valid UTF-8 (byte ") + byte + ").",
                            "Save the script as UTF-8."};
      }
      if (const char32_t c = decode_utf8(state.text, at, length); is_control_character(c)) {
        char code[8];
        std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
        throw grammar_error{at, at + length,
                            std::string("A string cannot hold the control character ") + code + ".",
                            ""};
      }
      value.append(it, it + static_cast<std::ptrdiff_t>(length));
      it += static_cast<std::ptrdiff_t>(length);
    }
    ++it;
    node result = make_node(state, state.offset(first), state.offset(it),
                            string_literal{std::move(value)}, 1);
    first = it;
    x3::traits::move_to(std::move(result), attribute);
    return true;
  }
};
const string_parser string_literal_p{};

// `%` or `%n`.
struct result_parser : x3::parser<result_parser> {
  using attribute_type = node;
  static bool const has_attribute = true;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&,
             Attribute& attribute) const {
    x3::skip_over(first, last, context);
    if (first == last || *first != '%') return false;
    const parse_state& state = state_of(context);
    It it = first + 1;
    std::optional<std::size_t> index;
    if (it != last && is_digit(*it)) {
      std::size_t value = 0;
      bool too_large = false;
      for (; it != last && is_digit(*it); ++it) {
        const auto digit = static_cast<std::size_t>(*it - '0');
        if (value > (SIZE_MAX - digit) / 10) too_large = true;
        if (!too_large) value = value * 10 + digit;
      }
      if (too_large) {
        throw grammar_error{state.offset(first), state.offset(it),
                            "The result number " + std::string(first + 1, it) + " is too large.",
                            ""};
      }
      index = value;
    }
    node result =
        make_node(state, state.offset(first), state.offset(it), result_reference{index}, 1);
    first = it;
    x3::traits::move_to(std::move(result), attribute);
    return true;
  }
};
const result_parser result_p{};

// ASCII letters, digits and underscores, not starting with a digit.
struct identifier_parser : x3::parser<identifier_parser> {
  using attribute_type = name_token;
  static bool const has_attribute = true;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&,
             Attribute& attribute) const {
    x3::skip_over(first, last, context);
    if (first == last || !(is_letter(*first) || *first == '_')) return false;
    const parse_state& state = state_of(context);
    It it = first;
    while (it != last && is_word(*it)) ++it;
    name_token result{std::string(first, it), state.offset(first), state.offset(it)};
    first = it;
    x3::traits::move_to(std::move(result), attribute);
    return true;
  }
};
const identifier_parser identifier{};

// The words of the programming layer (docs/spec/language.md "Programs"): never names.
bool is_keyword(std::string_view word) {
  static constexpr std::array<std::string_view, 16> keywords{
      "for",   "in",    "if",       "then", "elif",   "else", "end", "do",
      "while", "break", "continue", "def",  "return", "and",  "or",  "not"};
  return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}

// One keyword, as a whole word.
struct keyword_parser : x3::parser<keyword_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  const char* word;

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext&, Attribute&) const {
    x3::skip_over(first, last, context);
    const std::string_view w(word);
    const std::string_view rest(first, static_cast<std::size_t>(last - first));
    if (!rest.starts_with(w) || (rest.size() > w.size() && is_word(rest[w.size()]))) return false;
    first += static_cast<std::ptrdiff_t>(w.size());
    return true;
  }
};

// ---------------------------------------------------------------------------------------------
// Directives

// Counts one nesting level around its subject and fails the whole parse past the limit. It wraps
// what follows an opening token, so only input that really nests is counted.
template <class Subject>
struct nested_directive : x3::unary_parser<Subject, nested_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, nested_directive<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;
  constexpr nested_directive(const Subject& inner) : base_type(inner) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext& rcontext,
             Attribute& attribute) const {
    parse_state& state = state_of(context);
    if (state.depth >= state.limits->max_nesting_depth) {
      const It at = skip_blanks(first, last);
      throw grammar_error{state.offset(at), state.offset(at) + (at != last ? 1 : 0),
                          "The expression is nested deeper than " +
                              std::to_string(state.limits->max_nesting_depth) + " levels.",
                          "Every (, [, {, prefix operator and exponent opens a level."};
    }
    ++state.depth;
    struct restore {
      parse_state& state;
      ~restore() { --state.depth; }
    } restore_depth{state};
    return this->subject.parse(first, last, context, rcontext, attribute);
  }
};

struct nested_gen {
  template <class Subject>
  constexpr nested_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](
      const Subject& subject) const {
    return {x3::as_parser(subject)};
  }
};
constexpr nested_gen nested{};

// Sets whether the operators in its subject have Cantor (inside [ ]) or nim meaning.
template <class Subject, bool Cantor>
struct mode_directive : x3::unary_parser<Subject, mode_directive<Subject, Cantor>> {
  using base_type = x3::unary_parser<Subject, mode_directive<Subject, Cantor>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;
  constexpr mode_directive(const Subject& inner) : base_type(inner) {}

  template <class It, class Context, class RContext, class Attribute>
  bool parse(It& first, const It& last, const Context& context, RContext& rcontext,
             Attribute& attribute) const {
    parse_state& state = state_of(context);
    struct restore {
      parse_state& state;
      bool saved;
      ~restore() { state.cantor = saved; }
    } restore_mode{state, state.cantor};
    state.cantor = Cantor;
    return this->subject.parse(first, last, context, rcontext, attribute);
  }
};

template <bool Cantor>
struct mode_gen {
  template <class Subject>
  constexpr mode_directive<typename x3::extension::as_parser<Subject>::value_type, Cantor>
  operator[](const Subject& subject) const {
    return {x3::as_parser(subject)};
  }
};
constexpr mode_gen<true> cantor_mode{};
constexpr mode_gen<false> nim_mode{};

// ---------------------------------------------------------------------------------------------
// Building the tree

std::string bracketed_form(const parse_state& state, const node& left, const node& right) {
  const std::size_t begin = left.value.span.begin;
  const std::size_t end = right.value.span.end;
  const std::string_view written = state.text.substr(begin, end - begin);
  if (written.size() > 40 || written.find('\n') != std::string_view::npos) return "[ω·2]";
  return "[" + std::string(written) + "]";
}

binary_operator meaning(const parse_state& state, const token& op, const node& left,
                        const node& right) {
  const bool cantor = state.cantor;
  switch (op.symbol) {
    case plus:
      return cantor ? binary_operator::cantor_sum : binary_operator::nim_sum;
    case minus:
      return cantor ? binary_operator::cantor_difference : binary_operator::nim_sum;
    case circled_plus:
      return binary_operator::nim_sum;
    case star:
      return cantor ? binary_operator::cantor_product : binary_operator::nim_product;
    case circled_times:
      return binary_operator::nim_product;
    case slash:
      if (cantor) {
        throw grammar_error{op.begin, op.end,
                            "`/` is not allowed inside brackets: ordinal arithmetic has no "
                            "division.",
                            "For nim division, divide outside the brackets."};
      }
      return binary_operator::nim_division;
    case caret:
    case double_star:
      return cantor ? binary_operator::cantor_power : binary_operator::nim_power;
    case middle_dot:
    case times_sign:
      if (!cantor) {
        throw grammar_error{op.begin, op.end,
                            "`" + std::string(spelling(op.symbol)) +
                                "` is ordinal multiplication; write it inside brackets: " +
                                bracketed_form(state, left, right) + ".",
                            "Outside brackets, `*` is the nim product."};
      }
      return binary_operator::cantor_product;
    case equal:
      return binary_operator::equal;
    case not_equal:
      return binary_operator::not_equal;
    case less:
      return binary_operator::less;
    case less_equal:
      return binary_operator::less_equal;
    case greater:
      return binary_operator::greater;
    case greater_equal:
      return binary_operator::greater_equal;
    case word_and:
      return binary_operator::logical_and;
    case word_or:
      return binary_operator::logical_or;
    case word_not:
      break;
  }
  return binary_operator::nim_sum;
}

const auto assign_node = [](auto& context) { x3::_val(context) = std::move(x3::_attr(context)); };

// _val is the left operand; _attr is (operator, right operand).
const auto fold_binary = [](auto& context) {
  const parse_state& state = state_of(context);
  node& left = x3::_val(context);
  const token op = fusion::at_c<0>(x3::_attr(context));
  node& right = fusion::at_c<1>(x3::_attr(context));
  const binary_operator meant = meaning(state, op, left, right);
  const std::size_t begin = left.value.span.begin;
  const std::size_t end = right.value.span.end;
  const std::size_t height = std::max(left.height, right.height) + 1;
  node result = make_node(
      state, begin, end,
      binary_operation{meant, op.symbol, std::move(left.value), std::move(right.value)}, height);
  x3::_val(context) = std::move(result);
};

const auto chained_comparison = [](auto& context) {
  const token op = x3::_attr(context);
  throw grammar_error{op.begin, op.end, "Comparisons do not chain: compare two values at a time.",
                      "To compare the result of a comparison, parenthesise it: (a < b) == true."};
};

// _attr is (prefix operator, operand).
const auto apply_prefix = [](auto& context) {
  const parse_state& state = state_of(context);
  const token op = fusion::at_c<0>(x3::_attr(context));
  node& operand = fusion::at_c<1>(x3::_attr(context));
  const std::size_t end = operand.value.span.end;
  const std::size_t height = operand.height + 1;
  expression::node_type content;
  if (op.symbol == word_not) {
    content = unary_operation{unary_operator::logical_not, std::move(operand.value)};
  } else if (op.symbol == star) {
    content = star_decoration{std::move(operand.value)};
  } else if (op.symbol == minus) {
    if (state.cantor) {
      throw grammar_error{op.begin, op.end,
                          "`-` is not allowed inside brackets: ordinals have no negatives.",
                          "Negation is the identity on nimbers; leave the `-` out."};
    }
    content = unary_operation{unary_operator::minus, std::move(operand.value)};
  } else {
    content = unary_operation{unary_operator::plus, std::move(operand.value)};
  }
  x3::_val(context) = make_node(state, op.begin, end, std::move(content), height);
};

// _attr is (open, inner, close): the parentheses widen the span and add no node.
const auto parenthesised = [](auto& context) {
  const token open = fusion::at_c<0>(x3::_attr(context));
  node& inner = fusion::at_c<1>(x3::_attr(context));
  const token close = fusion::at_c<2>(x3::_attr(context));
  inner.value.span.begin = open.begin;
  inner.value.span.end = close.end;
  x3::_val(context) = std::move(inner);
};

const auto bracketed = [](auto& context) {
  const parse_state& state = state_of(context);
  const token open = fusion::at_c<0>(x3::_attr(context));
  node& inner = fusion::at_c<1>(x3::_attr(context));
  const token close = fusion::at_c<2>(x3::_attr(context));
  const std::size_t height = inner.height + 1;
  x3::_val(context) =
      make_node(state, open.begin, close.end, bracket_expression{std::move(inner.value)}, height);
};

std::vector<expression> values_of(std::vector<node>& nodes, std::size_t& height) {
  std::vector<expression> values;
  values.reserve(nodes.size());
  height = 1;
  for (node& n : nodes) {
    height = std::max(height, n.height + 1);
    values.push_back(std::move(n.value));
  }
  return values;
}

const auto make_list = [](auto& context) {
  const parse_state& state = state_of(context);
  const token open = fusion::at_c<0>(x3::_attr(context));
  list_contents& contents = fusion::at_c<1>(x3::_attr(context));
  const token close = fusion::at_c<2>(x3::_attr(context));
  if (contents.comprehension) {
    comprehension_tail& tail = *contents.comprehension;
    node& element = contents.elements.front();
    std::size_t height = std::max(element.height, tail.source.height);
    if (tail.condition) height = std::max(height, tail.condition->height);
    std::optional<box<expression>> condition;
    if (tail.condition) condition.emplace(std::move(tail.condition->value));
    x3::_val(context) =
        make_node(state, open.begin, close.end,
                  comprehension{std::move(element.value), tail.variable.text,
                                source_span{tail.variable.begin, tail.variable.end, 1, 1},
                                std::move(tail.source.value), std::move(condition)},
                  height + 1);
    return;
  }
  std::size_t height = 1;
  std::vector<expression> values = values_of(contents.elements, height);
  x3::_val(context) =
      make_node(state, open.begin, close.end, list_expression{std::move(values)}, height);
};

const auto make_omega_symbol = [](auto& context) {
  const token t = x3::_attr(context);
  x3::_val(context) =
      make_node(state_of(context), t.begin, t.end, omega_literal{omega_spelling::symbol}, 1);
};

// _val is the left side; _attr is ('=', right side).
const auto make_equation = [](auto& context) {
  const parse_state& state = state_of(context);
  node& left = x3::_val(context);
  node& right = fusion::at_c<1>(x3::_attr(context));
  const std::size_t begin = left.value.span.begin;
  const std::size_t end = right.value.span.end;
  const std::size_t height = std::max(left.height, right.height) + 1;
  node result =
      make_node(state, begin, end, equation{std::move(left.value), std::move(right.value)}, height);
  x3::_val(context) = std::move(result);
};

const auto make_call_tail = [](auto& context) {
  call_tail& tail = x3::_val(context);
  tail.arguments = std::move(fusion::at_c<1>(x3::_attr(context)));
  tail.end = fusion::at_c<2>(x3::_attr(context)).end;
};

bool is_literal_word(const std::string& word) {
  return word == "w" || word == "omega" || word == "true" || word == "false";
}

// _attr is (identifier, optional argument list).
const auto make_name_or_call = [](auto& context) {
  const parse_state& state = state_of(context);
  name_token& id = fusion::at_c<0>(x3::_attr(context));
  auto& tail = fusion::at_c<1>(x3::_attr(context));  // boost::optional<call_tail>
  if (is_keyword(id.text)) {
    throw grammar_error{id.begin, id.end, "`" + id.text + "` is a keyword, not a name.",
                        "Choose another name."};
  }
  if (!tail) {
    expression::node_type content = name_reference{id.text};
    if (id.text == "w") content = omega_literal{omega_spelling::letter_w};
    if (id.text == "omega") content = omega_literal{omega_spelling::word_omega};
    if (id.text == "true" || id.text == "false") content = boolean_literal{id.text == "true"};
    x3::_val(context) = make_node(state, id.begin, id.end, std::move(content), 1);
    return;
  }
  if (is_literal_word(id.text)) {
    throw grammar_error{id.begin, id.end, "`" + id.text + "` is a literal, not a function.", ""};
  }
  for (const node& argument : tail->arguments) {
    if (std::holds_alternative<equation>(argument.value.node) && id.text != "solve" &&
        id.text != "roots") {
      throw grammar_error{argument.value.span.begin, argument.value.span.end,
                          "An equation `lhs = rhs` is an argument of solve( ) or roots( ) only.",
                          "To compare two values, write `==`."};
    }
  }
  std::size_t height = 1;
  std::vector<expression> arguments = values_of(tail->arguments, height);
  x3::_val(context) = make_node(
      state, id.begin, tail->end,
      function_call{id.text, source_span{id.begin, id.end, 1, 1}, std::move(arguments)}, height);
};

// _attr is (name, indices, '=', value).
const auto make_assignment = [](auto& context) {
  name_token& target = fusion::at_c<0>(x3::_attr(context));
  std::vector<index_tail>& indices = fusion::at_c<1>(x3::_attr(context));
  node& value = fusion::at_c<3>(x3::_attr(context));
  if (is_literal_word(target.text)) {
    throw grammar_error{target.begin, target.end,
                        "`" + target.text + "` is a literal and cannot be assigned.",
                        "Choose another name."};
  }
  if (is_keyword(target.text)) {
    throw grammar_error{target.begin, target.end,
                        "`" + target.text + "` is a keyword and cannot be assigned.",
                        "Choose another name."};
  }
  statement& result = x3::_val(context);
  result.span = source_span{target.begin, value.value.span.end, 1, 1};
  std::vector<expression> index_values;
  for (index_tail& index : indices) index_values.push_back(std::move(index.index.value));
  result.content = assignment{target.text, source_span{target.begin, target.end, 1, 1},
                              std::move(index_values), std::move(value.value)};
};

// _attr is (name, '(', parameters, ')', '=', body): `f(a, b) = e`.
const auto make_definition = [](auto& context) {
  name_token& name = fusion::at_c<0>(x3::_attr(context));
  auto& parameters = fusion::at_c<2>(x3::_attr(context));  // boost::optional<vector<name_token>>
  node& value = fusion::at_c<5>(x3::_attr(context));
  if (is_literal_word(name.text) || is_keyword(name.text)) {
    throw grammar_error{name.begin, name.end, "`" + name.text + "` cannot name a function.",
                        "Choose another name."};
  }
  function_definition definition;
  definition.name = name.text;
  definition.name_span = source_span{name.begin, name.end, 1, 1};
  if (parameters) {
    for (name_token& parameter : *parameters) {
      if (is_literal_word(parameter.text) || is_keyword(parameter.text)) {
        throw grammar_error{parameter.begin, parameter.end,
                            "`" + parameter.text + "` cannot be a parameter.",
                            "Choose another name."};
      }
      if (std::find(definition.parameters.begin(), definition.parameters.end(), parameter.text) !=
          definition.parameters.end()) {
        throw grammar_error{parameter.begin, parameter.end,
                            "The parameter `" + parameter.text + "` appears twice.", ""};
      }
      definition.parameters.push_back(parameter.text);
    }
  }
  statement body;
  body.span = value.value.span;
  body.content = return_statement{std::move(value.value)};
  definition.body.push_back(std::move(body));
  statement& result = x3::_val(context);
  result.span = source_span{name.begin, value.value.span.end, 1, 1};
  result.content = std::move(definition);
};

const auto make_index_tail = [](auto& context) {
  index_tail& tail = x3::_val(context);
  tail.index = std::move(fusion::at_c<1>(x3::_attr(context)));
  tail.end = fusion::at_c<2>(x3::_attr(context)).end;
};

// _val is the indexed expression, _attr the index.
const auto apply_index = [](auto& context) {
  const parse_state& state = state_of(context);
  node& list = x3::_val(context);
  index_tail& tail = x3::_attr(context);
  const std::size_t chain = list.index_chain + 1;
  if (chain > state.limits->max_nesting_depth) {
    throw grammar_error{tail.index.value.span.begin, tail.end,
                        "The expression is nested deeper than " +
                            std::to_string(state.limits->max_nesting_depth) + " levels.",
                        "Every (, [, {, prefix operator and exponent opens a level."};
  }
  const std::size_t begin = list.value.span.begin;
  const std::size_t height = std::max(list.height, tail.index.height) + 1;
  node result =
      make_node(state, begin, tail.end,
                index_expression{std::move(list.value), std::move(tail.index.value)}, height);
  result.index_chain = chain;
  x3::_val(context) = std::move(result);
};

// _val is the first bound, _attr is ('..', last bound).
const auto make_range = [](auto& context) {
  const parse_state& state = state_of(context);
  node& first = x3::_val(context);
  node& last = fusion::at_c<1>(x3::_attr(context));
  const std::size_t begin = first.value.span.begin;
  const std::size_t end = last.value.span.end;
  const std::size_t height = std::max(first.height, last.height) + 1;
  node result = make_node(state, begin, end,
                          range_expression{std::move(first.value), std::move(last.value)}, height);
  x3::_val(context) = std::move(result);
};

const auto push_element = [](auto& context) {
  x3::_val(context).elements.push_back(std::move(x3::_attr(context)));
};
const auto set_comprehension = [](auto& context) {
  x3::_val(context).comprehension = std::move(x3::_attr(context));
};
const auto set_comprehension_variable = [](auto& context) {
  name_token& variable = x3::_attr(context);
  if (is_literal_word(variable.text) || is_keyword(variable.text)) {
    throw grammar_error{variable.begin, variable.end,
                        "`" + variable.text + "` cannot be a variable.", "Choose another name."};
  }
  x3::_val(context).variable = std::move(variable);
};
const auto set_comprehension_source = [](auto& context) {
  x3::_val(context).source = std::move(x3::_attr(context));
};
const auto set_comprehension_condition = [](auto& context) {
  x3::_val(context).condition = std::move(x3::_attr(context));
};

const auto make_expression_statement = [](auto& context) {
  statement& result = x3::_val(context);
  node& value = x3::_attr(context);
  result.span = value.value.span;
  result.content = std::move(value.value);
};

// ---------------------------------------------------------------------------------------------
// Error handling

std::size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

bool is_known_character(std::string_view rest) {
  const char c = rest.front();
  if (is_word(c) || is_blank(c)) return true;
  if (std::string_view("+-*/^=<>!()[]{},;%#\".").find(c) != std::string_view::npos) return true;
  for (std::string_view symbol : {"\u03c9", "\u00b7", "\u00d7", "\u2295", "\u2297"})
    if (rest.starts_with(symbol)) return true;
  return false;
}

// The thing found at `at`, for "… but found X".
std::string describe_found(const parse_state& state, iterator at, iterator last,
                           std::size_t& length) {
  length = 0;
  if (at == last) {
    const std::size_t offset = state.offset(at);
    if (offset == state.text.size()) return "the end of the input";
    if (state.text[offset] == ';') return "';'";
    return "the end of the line";
  }
  iterator end = at;
  if (is_word(*at)) {
    while (end != last && is_word(*end)) ++end;
  } else {
    end = at + static_cast<std::ptrdiff_t>(std::min(utf8_length(static_cast<unsigned char>(*at)),
                                                    static_cast<std::size_t>(last - at)));
  }
  length = static_cast<std::size_t>(end - at);
  return "'" + std::string(at, end) + "'";
}

diagnostic expectation_diagnostic(const parse_state& state, iterator where, iterator last,
                                  const std::string& which) {
  const iterator at = skip_blanks(where, last);
  const std::size_t begin = state.offset(at);
  if (at != last &&
      !is_known_character(std::string_view(at, static_cast<std::size_t>(last - at)))) {
    const auto lead = static_cast<unsigned char>(*at);
    const std::size_t length = std::min(utf8_length(lead), static_cast<std::size_t>(last - at));
    bool valid = lead < 0x80 || (lead >= 0xC2 && lead <= 0xF4 && length == utf8_length(lead));
    for (std::size_t i = 1; valid && i < length; ++i)
      valid = (static_cast<unsigned char>(at[i]) & 0xC0) == 0x80;
    if (!valid) {
      static constexpr char hex[] = "0123456789ABCDEF";
      return diagnostic{source_span{begin, begin + 1, 1, 1},
                        std::string("The input is not valid UTF-8 (byte 0x") + hex[lead >> 4] +
                            hex[lead & 0xF] + ").",
                        ""};
    }
    const std::string character(at, at + length);
    return diagnostic{source_span{begin, begin + length, 1, 1},
                      "Unknown character '" + character + "'.", ""};
  }
  std::size_t length = 0;
  const std::string found = describe_found(state, at, last, length);
  const source_span span{begin, begin + length, 1, 1};
  if (which == "the end of the statement") {
    const char c = *at;  // at != last: the end of the statement always matches the end
    if (c == ')' || c == ']' || c == '}') {
      const char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      return diagnostic{
          span, std::string("Unbalanced '") + c + "': there is no '" + open + "' open before it.",
          ""};
    }
    if (c == '=') {
      return diagnostic{span, "Only a name can be assigned, at the start of a statement.",
                        "To compare two values, write `==`."};
    }
    return diagnostic{
        span, "Expected an operator or the end of the statement but found " + found + ".", ""};
  }
  return diagnostic{span, "Expected " + which + " but found " + found + ".", ""};
}

// ---------------------------------------------------------------------------------------------
// The rules

struct statement_id {
  // The one error handler (docs/style.md item 6): every expectation failure below ends here.
  template <class It, class Exception, class Context>
  x3::error_handler_result on_error(It&, const It& last, const Exception& failure,
                                    const Context& context) {
    parse_state& state = state_of(context);
    state.failure = expectation_diagnostic(state, failure.where(), last, failure.which());
    return x3::error_handler_result::fail;
  }
};

const x3::rule<statement_id, statement> statement_rule = "a statement";
const x3::rule<class end_of_statement_id> end_of_statement = "the end of the statement";
const x3::rule<class assignment_id, statement> assignment_rule = "an assignment";
const x3::rule<class definition_id, statement> definition_rule = "a function definition";
const x3::rule<class parameters_id, std::vector<name_token>> parameters = "parameters";
const x3::rule<class expression_id, node> expression_rule = "an expression";
const x3::rule<class conjunction_id, node> conjunction = "an expression";
const x3::rule<class negation_id, node> negation = "an expression";
const x3::rule<class comparison_id, node> comparison = "an expression";
struct condition_id : statement_id {};
const x3::rule<condition_id, node> condition_rule = "an expression";
const x3::rule<class sum_id, node> sum = "an expression";
const x3::rule<class product_id, node> product = "an expression";
const x3::rule<class unary_id, node> unary = "an operand";
const x3::rule<class exponent_id, node> exponent = "an exponent";
const x3::rule<class power_id, node> power = "an operand";
const x3::rule<class primary_id, node> primary = "an operand";
const x3::rule<class range_id, node> range_level = "an expression";
const x3::rule<class postfix_id, node> postfix = "an operand";
const x3::rule<class index_tail_id, index_tail> index_suffix = "an index";
const x3::rule<class elements_id, list_contents> elements = "a list of expressions";
const x3::rule<class comprehension_id, comprehension_tail> comprehension_suffix = "'for'";
const x3::rule<class argument_id, node> argument = "an argument";
const x3::rule<class arguments_id, std::vector<node>> arguments = "a list of arguments";
const x3::rule<class call_tail_id, call_tail> call_suffix = "an argument list";

const auto statement_rule_def = (definition_rule[assign_node] | assignment_rule[assign_node] |
                                 expression_rule[make_expression_statement]) > end_of_statement;
const auto end_of_statement_def = x3::eoi;
// `f(a, b) = e`: tried first; `f(x, 1)` fails at `1` and is read again as an expression.
const auto definition_rule_def = (identifier >> open_paren >> -parameters >> close_paren >>
                                  assign_op > expression_rule)[make_definition];
const auto parameters_def = identifier % comma;
const auto assignment_rule_def =
    (identifier >> *index_suffix >> assign_op > expression_rule)[make_assignment];

const keyword_parser keyword_for{{}, "for"};
const keyword_parser keyword_in{{}, "in"};
const keyword_parser keyword_if{{}, "if"};

// Between levels 1 and 2: `or`, then `and` (left), then the prefix `not`.
const auto expression_rule_def = conjunction[assign_node] >> *((or_op > conjunction)[fold_binary]);
const auto conjunction_def = negation[assign_node] >> *((and_op > negation)[fold_binary]);
const auto negation_def = (not_op > nested[negation])[apply_prefix] | comparison[assign_node];
// A whole text that is one expression: a condition of `if`, `while`, the list of `for`.
const auto condition_rule_def = expression_rule[assign_node] > end_of_statement;
// Level 2: comparisons, not chainable.
const auto comparison_def = range_level[assign_node] >>
                            -((comparison_op > range_level)[fold_binary] >>
                              -comparison_op[chained_comparison]);
// Between levels 2 and 3: `a..b`.
const auto range_level_def = sum[assign_node] >> -((range_op > sum)[make_range]);
// Level 3: + - ⊕ (left).
const auto sum_def = product[assign_node] >> *((sum_op > product)[fold_binary]);
// Level 4: * ⊗ / (left); · × inside brackets.
const auto product_def = unary[assign_node] >> *((product_op > unary)[fold_binary]);
// Level 5: prefix - + *.
const auto unary_def = (prefix_op > nested[unary])[apply_prefix] | power[assign_node];
// Level 6: ^ ** (right): the exponent is again a unary expression, so `ω^-1` and `2^2^2`.
const auto power_def = postfix[assign_node] >> -((power_op > exponent)[fold_binary]);
// `L[i]`, `L[i][j]`: indices after a primary.
const auto postfix_def = primary[assign_node] >> *(index_suffix[apply_index]);
const auto index_suffix_def =
    (open_bracket > nested[nim_mode[expression_rule]] > close_bracket)[make_index_tail];
const auto exponent_def = nested[unary[assign_node]];
// Level 7.
const auto primary_def =
    (open_paren > nested[expression_rule] > close_paren)[parenthesised] |
    (open_bracket > nested[cantor_mode[expression_rule]] > close_bracket)[bracketed] |
    (open_brace > nested[nim_mode[elements]] > close_brace)[make_list] | natural[assign_node] |
    omega_symbol[make_omega_symbol] | string_literal_p[assign_node] | result_p[assign_node] |
    (identifier >> -call_suffix)[make_name_or_call];
// One element then either a comprehension tail or more elements: no backtracking, so nested
// lists parse in linear time.
const auto elements_def =
    -(expression_rule[push_element] >>
      (comprehension_suffix[set_comprehension] | *(comma > expression_rule[push_element])));
const auto comprehension_suffix_def = keyword_for > identifier[set_comprehension_variable] >
                                      keyword_in > expression_rule[set_comprehension_source] >
                                      -(keyword_if > expression_rule[set_comprehension_condition]);
const auto call_suffix_def =
    (open_paren > nested[nim_mode[arguments]] > close_paren)[make_call_tail];
const auto arguments_def = -(argument % comma);
const auto argument_def = expression_rule[assign_node] >>
                          -((assign_op > expression_rule)[make_equation]);

}  // namespace
}  // namespace on2::parser::detail

namespace boost::spirit::x3 {
template <>
struct get_info<on2::parser::detail::keyword_parser> {
  using result_type = std::string;
  std::string operator()(const on2::parser::detail::keyword_parser& parser) const {
    return std::string("'") + parser.word + "'";
  }
};
// Semantic actions are transparent in "expected …" messages too.
template <class Subject, class Action>
struct get_info<action<Subject, Action>> {
  using result_type = std::string;
  std::string operator()(const action<Subject, Action>& parser) const {
    return what(parser.subject);
  }
};
// The directives are transparent in "expected …" messages.
template <class Subject>
struct get_info<on2::parser::detail::nested_directive<Subject>> {
  using result_type = std::string;
  std::string operator()(const on2::parser::detail::nested_directive<Subject>& parser) const {
    return what(parser.subject);
  }
};
template <class Subject, bool Cantor>
struct get_info<on2::parser::detail::mode_directive<Subject, Cantor>> {
  using result_type = std::string;
  std::string operator()(const on2::parser::detail::mode_directive<Subject, Cantor>& parser) const {
    return what(parser.subject);
  }
};
}  // namespace boost::spirit::x3

namespace on2::parser::detail {
namespace {

BOOST_SPIRIT_DEFINE(statement_rule, end_of_statement, definition_rule, parameters, assignment_rule,
                    expression_rule, conjunction, negation, comparison, condition_rule, range_level,
                    sum, product, unary, exponent, power, postfix, index_suffix, primary, elements,
                    comprehension_suffix, call_suffix, arguments, argument)

}  // namespace
}  // namespace on2::parser::detail

namespace on2::parser::detail {

std::variant<statement, diagnostic> parse_statement(std::string_view text,
                                                    const statement_segment& segment,
                                                    const parse_limits& limits) {
  parse_state state{text, &limits, 0, false, std::nullopt};
  iterator first = text.data() + segment.begin;
  const iterator last = text.data() + segment.end;
  statement result;
  try {
    const bool parsed = x3::phrase_parse(
        first, last, x3::with<state_tag>(std::ref(state))[statement_rule], blank, result);
    if (!parsed) {
      if (state.failure) return *state.failure;
      return expectation_diagnostic(state, first, last, "an expression");
    }
  } catch (const grammar_error& error) {
    return diagnostic{source_span{error.begin, error.end, 1, 1}, error.message, error.hint};
  }
  result.ends_with_semicolon = segment.ends_with_semicolon;
  return result;
}

std::variant<expression, diagnostic> parse_expression(std::string_view text, std::size_t begin,
                                                      std::size_t end, const parse_limits& limits) {
  parse_state state{text, &limits, 0, false, std::nullopt};
  iterator first = text.data() + begin;
  const iterator last = text.data() + end;
  node result;
  try {
    const bool parsed = x3::phrase_parse(
        first, last, x3::with<state_tag>(std::ref(state))[condition_rule], blank, result);
    if (!parsed) {
      if (state.failure) return *state.failure;
      return expectation_diagnostic(state, first, last, "an expression");
    }
  } catch (const grammar_error& error) {
    return diagnostic{source_span{error.begin, error.end, 1, 1}, error.message, error.hint};
  }
  return std::move(result.value);
}

}  // namespace on2::parser::detail
