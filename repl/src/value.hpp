#pragma once
// The values of the on2 language (docs/spec/language.md "Values"): a nimber (any ordinal below
// ω^(ω^ω), finite ones included, as one cas::ordinal), a polynomial in one named indeterminate, a
// list of values, a boolean or a string.
//
// A regular value type: copyable, comparable (== compares type and content, lists element by
// element), hashable. Its invariant is that of its alternatives (cas::ordinal and
// cas::polynomial are canonical), plus: a polynomial value has degree ≥ 1, because a polynomial
// of degree ≤ 0 *is* a nimber (value::from_polynomial stores it as one).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"

namespace on2 {

class value;
using list = std::vector<value>;

// A polynomial of degree ≥ 1 and the name of its indeterminate (`x` in x^3 + x + 1). Two are
// equal when both the name and the coefficients are.
struct polynomial_value {
  std::string indeterminate;
  cas::polynomial p;

  friend bool operator==(const polynomial_value&, const polynomial_value&) = default;
};

class value {
 public:
  using content_type = std::variant<cas::ordinal, polynomial_value, list, bool, std::string>;

  value() = default;  // the nimber 0
  value(const value&) = default;
  // A nimber (the common case in loops) moves the ordinal itself, without std::variant's visit
  // of the alternatives.
  value(value&& other) noexcept
      : content_(moved_content(other.content_)), report_(other.report_), depth_(other.depth_) {}
  value& operator=(const value&) = default;
  value& operator=(value&& other) noexcept {
    if (this == &other) return *this;
    auto* mine = std::get_if<cas::ordinal>(&content_);
    auto* theirs = std::get_if<cas::ordinal>(&other.content_);
    if (mine != nullptr && theirs != nullptr) {
      *mine = std::move(*theirs);
    } else {
      content_ = std::move(other.content_);
    }
    report_ = other.report_;
    depth_ = other.depth_;
    return *this;
  }
  ~value() = default;
  value(cas::ordinal nimber) : content_(std::move(nimber)) {}  // NOLINT: a nimber is a value
  value(const cas::nimber& nimber) : content_(cas::ordinal(nimber)) {}  // NOLINT: likewise
  // A list one level deeper than its deepest element; cas::limit_error beyond max_list_depth.
  value(list elements);  // NOLINT: a list is a value
  // Explicit, so that neither a pointer nor an integer silently becomes a boolean.
  static value boolean(bool b) { return value(content_type(std::in_place_type<bool>, b)); }
  static value string(std::string text) {
    return value(content_type(std::in_place_type<std::string>, std::move(text)));
  }
  // A string that on2 wrote (a table, a check, an explanation, a field's description): written in
  // Unicode, and printed in its ASCII form under `--ascii` (docs/spec/language.md "Output"),
  // unlike a string the user typed, which prints as typed. It equals the string of its text.
  static value report(std::string text) {
    value v = string(std::move(text));
    v.report_ = true;
    return v;
  }
  // p in the indeterminate `indeterminate`; a constant p (degree ≤ 0) gives the nimber it is.
  static value from_polynomial(std::string indeterminate, cas::polynomial p);

  const content_type& content() const noexcept { return content_; }

  bool is_nimber() const noexcept { return std::holds_alternative<cas::ordinal>(content_); }
  bool is_polynomial() const noexcept { return std::holds_alternative<polynomial_value>(content_); }
  bool is_list() const noexcept { return std::holds_alternative<list>(content_); }
  bool is_boolean() const noexcept { return std::holds_alternative<bool>(content_); }
  bool is_string() const noexcept { return std::holds_alternative<std::string>(content_); }

  // The alternatives; std::bad_variant_access when the value holds another one.
  const cas::ordinal& as_nimber() const { return std::get<cas::ordinal>(content_); }
  const polynomial_value& as_polynomial() const { return std::get<polynomial_value>(content_); }
  // The polynomial moved out of a value about to be replaced (a sum built in place).
  polynomial_value take_polynomial() && { return std::move(std::get<polynomial_value>(content_)); }
  const list& as_list() const { return std::get<list>(content_); }
  bool as_boolean() const { return std::get<bool>(content_); }
  const std::string& as_string() const { return std::get<std::string>(content_); }
  bool is_report() const noexcept { return report_; }
  // The evaluator's loops (docs/benchmarks.md "The interpreter's loop"): a finite nimber below
  // 2^64 read as its machine word, and a value made such a nimber in place, without building and
  // destroying a second value.
  // True, with `word` set, when this value is a finite nimber below 2^64.
  bool read_word(std::uint64_t& word) const noexcept {
    const auto* n = std::get_if<cas::ordinal>(&content_);
    if (n == nullptr || !n->is_finite()) return false;
    const auto limbs = n->finite_part().limbs();
    if (limbs.size() > 1) return false;
    word = limbs.empty() ? 0 : limbs[0];
    return true;
  }
  // Makes this value the nimber `word`.
  void assign_word(std::uint64_t word) {
    if (auto* n = std::get_if<cas::ordinal>(&content_)) {
      *n = cas::ordinal(cas::nimber(word));
    } else {
      content_.emplace<cas::ordinal>(cas::nimber(word));
    }
    report_ = false;
    depth_ = 0;
  }
  // How many lists this value is inside of itself: 0 for a non-list, 1 for {1, 2}, 2 for {{1}}.
  std::uint32_t nesting_depth() const noexcept { return depth_; }

  friend bool operator==(const value& a, const value& b) { return a.content_ == b.content_; }
  std::size_t hash() const noexcept;

 private:
  explicit value(content_type content) : content_(std::move(content)) {}
  static content_type moved_content(content_type& content) noexcept {
    if (auto* n = std::get_if<cas::ordinal>(&content)) {
      return content_type(std::in_place_type<cas::ordinal>, std::move(*n));
    }
    return std::move(content);
  }
  content_type content_;
  bool report_ = false;      // not part of the value: == and hash ignore it
  std::uint32_t depth_ = 0;  // nesting_depth(), kept so that a new list need not recurse
};

// "a nimber", "a polynomial", "a list", "a boolean", "a string": for messages such as "`{1}` is
// a list".
std::string_view kind_name(const value& v);
// The error when two indeterminates meet (docs/spec/language.md: one indeterminate per polynomial).
std::string two_indeterminates_message(std::string_view first, std::string_view second);

// "nimber", "polynomial", "list", "boolean", "string": the type in --json output.
std::string_view type_name(const value& v);

}  // namespace on2

template <>
struct std::hash<on2::value> {
  std::size_t operator()(const on2::value& v) const noexcept { return v.hash(); }
};
