#pragma once
// The syntax tree of the on2 language (docs/spec/language.md). Nodes record what the user wrote,
// with a source span each; nothing is evaluated or converted here (literals keep their digits).

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "parser/source_span.hpp"

namespace on2::parser {

struct expression;

// Frees a tree without recursion: a chain such as a + b + c + … is as deep as it is long (up to
// parse_limits::max_tree_height), and freeing it recursively needed about 100 bytes of stack per
// level (more under sanitizers) on whichever thread dropped it. Leaves `tree` null.
void destroy_iteratively(std::unique_ptr<expression>& tree) noexcept;

// An owning pointer with value semantics (deep copy), so that the recursive tree stays a regular
// value type. Never null once constructed from a value (only a moved-from box is empty).
template <class T>
class box {
 public:
  box(T value) : pointer_(std::make_unique<T>(std::move(value))) {}  // NOLINT: implicit by design
  box(const box& other) : pointer_(std::make_unique<T>(*other.pointer_)) {}
  box(box&&) noexcept = default;
  box& operator=(const box& other) {
    if (this != &other) replace(std::make_unique<T>(*other.pointer_));
    return *this;
  }
  box& operator=(box&& other) noexcept {
    if (this != &other) replace(std::move(other.pointer_));
    return *this;
  }
  ~box() {
    if (pointer_) destroy_iteratively(pointer_);
  }

  T& operator*() { return *pointer_; }
  const T& operator*() const { return *pointer_; }
  T* operator->() { return pointer_.get(); }
  const T* operator->() const { return pointer_.get(); }

 private:
  friend void destroy_iteratively(std::unique_ptr<expression>& tree) noexcept;

  void replace(std::unique_ptr<T> next) noexcept {
    std::unique_ptr<T> previous = std::move(pointer_);
    pointer_ = std::move(next);
    if (previous) destroy_iteratively(previous);
  }

  std::unique_ptr<T> pointer_;
};

enum class numeral_base { decimal = 10, hexadecimal = 16, binary = 2 };

// `42`, `0x1f`, `0b1011`: the digits without the 0x/0b prefix.
struct natural_literal {
  std::string digits;
  numeral_base base = numeral_base::decimal;
};

enum class omega_spelling { symbol, letter_w, word_omega };  // ω, w, omega

struct omega_literal {
  omega_spelling spelling = omega_spelling::symbol;
};

struct boolean_literal {
  bool value = false;
};

// "text": the value with the escapes \" and \\ resolved.
struct string_literal {
  std::string value;
};

// A variable or polynomial indeterminate.
struct name_reference {
  std::string name;
};

// `%` (the latest result: no index) or `%n`.
struct result_reference {
  std::optional<std::size_t> index;
};

// Every operator symbol the language has, as typed.
enum class operator_symbol {
  plus,           // +
  minus,          // -
  circled_plus,   // ⊕
  star,           // *
  circled_times,  // ⊗
  slash,          // /
  caret,          // ^
  double_star,    // **
  middle_dot,     // ·  (brackets only)
  times_sign,     // ×  (brackets only)
  equal,          // ==
  not_equal,      // !=
  less,           // <
  less_equal,     // <=
  greater,        // >
  greater_equal,  // >=
  word_and,       // and
  word_or,        // or
  word_not,       // not (prefix)
};

std::string_view spelling(operator_symbol symbol);

// What a binary operator means where it stands: outside brackets nim arithmetic, inside `[ ]`
// Cantor arithmetic (except ⊕ and ⊗, which keep their nim meaning there).
enum class binary_operator {
  nim_sum,
  nim_product,
  nim_division,
  nim_power,
  equal,
  not_equal,
  less,
  less_equal,
  greater,
  greater_equal,
  cantor_sum,
  // `[a - b]`: the ordinary difference of finite a ≥ b (docs/spec/language.md "Brackets").
  cantor_difference,
  cantor_product,
  cantor_power,
  // `and`, `or` (docs/spec/language.md "Programs"): booleans, evaluated left to right, stopping
  // as soon as the value is known.
  logical_and,
  logical_or,
};

struct binary_operation {
  binary_operator op;
  operator_symbol symbol;
  box<expression> left;
  box<expression> right;
};

enum class unary_operator { minus, plus, logical_not };

struct unary_operation {
  unary_operator op;
  box<expression> operand;
};

// `*x`: the star decoration (an identity on nimbers).
struct star_decoration {
  box<expression> operand;
};

// `[ … ]`: the operators inside have Cantor meaning.
struct bracket_expression {
  box<expression> inner;
};

// `{a, b, c}`.
struct list_expression {
  std::vector<expression> elements;
};

// `lhs = rhs` as an argument of solve( ) (or roots( )).
struct equation {
  box<expression> left;
  box<expression> right;
};

// `name(a, b, …)`.
struct function_call {
  std::string name;
  source_span name_span;
  std::vector<expression> arguments;
};

// `a..b`: the naturals a ≤ i ≤ b (docs/spec/language.md "Programs").
struct range_expression {
  box<expression> first;
  box<expression> last;
};

// `L[i]`: element i of a list, counted from 1.
struct index_expression {
  box<expression> list;
  box<expression> index;
};

// `{e for v in L}` and `{e for v in L if c}`.
struct comprehension {
  box<expression> element;
  std::string variable;
  source_span variable_span;
  box<expression> source;
  std::optional<box<expression>> condition;
};

struct expression {
  using node_type =
      std::variant<natural_literal, omega_literal, boolean_literal, string_literal, name_reference,
                   result_reference, binary_operation, unary_operation, star_decoration,
                   bracket_expression, list_expression, equation, function_call, range_expression,
                   index_expression, comprehension>;
  source_span span;
  node_type node;
};

// `name = value` and `name[i] = value`, `name[i][j] = value` (statement level only).
struct assignment {
  std::string name;
  source_span name_span;
  std::vector<expression> indices;
  expression value;
};

struct statement;

// One `if c then …` or `elif c then …` of an if statement.
struct conditional_branch {
  expression condition;
  std::vector<statement> body;
};

// `if c then … elif c then … else … end`.
struct if_statement {
  std::vector<conditional_branch> branches;
  std::vector<statement> otherwise;  // the `else` part, empty without one
};

// `for v in L do … end`, `for i in a..b do … end` (a range is not materialised).
struct for_statement {
  std::string variable;
  source_span variable_span;
  expression source;
  std::vector<statement> body;
};

// `while c do … end`.
struct while_statement {
  expression condition;
  std::vector<statement> body;
};

// `break` and `continue`: only inside a loop (the parser checks).
struct loop_jump {
  bool is_break = true;
};

// `return` and `return e`: only inside a function (the parser checks).
struct return_statement {
  std::optional<expression> value;
};

// `f(a, b) = e` (a body of one `return e`) and `def f(a, b)` … `end`, at the top level only.
struct function_definition {
  std::string name;
  source_span name_span;
  std::vector<std::string> parameters;
  std::vector<statement> body;
};

struct statement {
  source_span span;
  std::variant<expression, assignment, if_statement, for_statement, while_statement, loop_jump,
               return_statement, function_definition>
      content;
  bool ends_with_semicolon = false;  // `;` suppresses printing the value
};

using program = std::vector<statement>;

// A fully parenthesised debug rendering, e.g. `(2 ^ (2 ^ 2))`, `[(ω · 2)]`, `f(x, 1)`; the
// operators appear as typed and literals with their prefix. Meant for tests and debugging.
std::string to_debug_string(const expression& e);
std::string to_debug_string(const statement& s);

}  // namespace on2::parser
