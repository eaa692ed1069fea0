#pragma once
// Ordinals below ω^(ω^ω) in Cantor normal form (docs/spec/arithmetic.md §3): ω^β1·c1 + … + ω^βr·cr
// with β1 > … > βr, every βi < ω^ω and every ci a natural number ≥ 1 (kept as a nimber: the same
// natural, and nim products of coefficients are what the κ product needs).
//
// Invariants: a small_ordinal's digits are natural numbers with no zero top digit; an ordinal's
// terms have strictly decreasing exponents and non-zero coefficients. Debug builds (NDEBUG
// unset) assert them wherever a value is built (cas/src/ordinal/ordinal_invariant.hpp).
//
// Thread safety: small_ordinal and ordinal are immutable values, safe to share between threads; the
// functions are safe to call from several threads at once (they share only immutable values and the
// tables built once, thread-safely); threads may share one context for reading.

#include <boost/container/small_vector.hpp>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/finite/nimber.hpp"

namespace cas {

// An ordinal below ω^ω, the exponent of a Cantor term: ω^t·b_t + … + ω·b_1 + b_0, the digits
// (b_0, …, b_t) with b_t ≠ 0 (0 has no digits). Kept as the non-zero digits with their positions,
// in the value itself up to a few of them (an exponent of a tower field's element has one per odd
// prime of the field), so that reading a large ordinal's terms touches no other memory; a digit of
// 2^64 or more keeps all digits as integers instead.
class small_ordinal {
 public:
  // A non-zero digit below 2^64 and its position i (the digit b_i).
  struct word_digit {
    std::uint64_t position;
    std::uint64_t value;
    friend bool operator==(const word_digit&, const word_digit&) = default;
  };

  small_ordinal() = default;
  small_ordinal(std::uint64_t n);  // NOLINT(google-explicit-constructor): finite exponents
  explicit small_ordinal(std::vector<integer> digits);  // negative digits: range_error
  // From the digits b_0, b_1, … as words (zero digits on top allowed).
  static small_ordinal from_words(std::span<const std::uint64_t> digits);
  // From the non-zero digits with their positions, increasing (checked in debug builds only).
  static small_ordinal from_word_digits(std::span<const word_digit> digits);
  // ω^position · coefficient.
  static small_ordinal omega_power(std::size_t position, const integer& coefficient = 1);

  // b_0, …, b_t.
  std::vector<integer> digits() const;
  // b_i (0 beyond the top).
  integer digit(std::size_t i) const;
  // The number of digits (t + 1), 0 for the ordinal 0.
  std::size_t length() const noexcept {
    if (big_) return big_->size();
    return words_.empty() ? 0 : static_cast<std::size_t>(words_.back().position) + 1;
  }
  bool is_zero() const noexcept { return words_.empty() && !big_; }
  bool is_finite() const noexcept { return length() <= 1; }
  // Whether every digit is below 2^64; then word_digits() are the non-zero ones, increasing
  // positions (otherwise it is empty).
  bool fits_words() const noexcept { return !big_; }
  std::span<const word_digit> word_digits() const noexcept {
    return {words_.data(), words_.size()};
  }

  friend bool operator==(const small_ordinal& a, const small_ordinal& b);
  // Cantor order: compare the top position, then the digits from the top down.
  friend std::strong_ordering operator<=>(const small_ordinal& a, const small_ordinal& b);
  std::size_t hash() const noexcept;

 private:
  static constexpr std::size_t inline_digits = 4;
  boost::container::small_vector<word_digit, inline_digits> words_;
  std::shared_ptr<const std::vector<integer>> big_;  // all digits, where one has 2^64 or more
};

// Ordinal (Cantor) sum and product of ordinals below ω^ω; both stay below ω^ω.
small_ordinal small_ordinal_add(const small_ordinal& a, const small_ordinal& b);
small_ordinal small_ordinal_mul(const small_ordinal& a, const small_ordinal& b);

struct ordinal_term {
  small_ordinal exponent;
  nimber coefficient;  // ≥ 1
  friend bool operator==(const ordinal_term&, const ordinal_term&) = default;
};

class ordinal {
 public:
  ordinal() = default;                  // 0
  ordinal(const nimber& finite_value);  // NOLINT(google-explicit-constructor): *n is the ordinal n
  ordinal(nimber&& finite_value) noexcept;  // NOLINT(google-explicit-constructor): likewise
  static ordinal omega();
  // ω^exponent · coefficient (0 when the coefficient is 0).
  static ordinal term(const small_ordinal& exponent, const nimber& coefficient);
  // The nim sum of the terms: sorted by exponent, equal exponents combined by XOR of their
  // coefficients, zero coefficients dropped. limit_error above the context's max_ordinal_terms.
  static ordinal from_terms(std::vector<ordinal_term> terms,
                            const context& ctx = default_context());
  // Terms already canonical (strictly decreasing exponents, non-zero coefficients), as a tower
  // field's conversion makes them: no sort and no merge (checked in debug builds only);
  // limit_error above the context's max_ordinal_terms.
  static ordinal from_canonical_terms(std::vector<ordinal_term> terms,
                                      const context& ctx = default_context());

  // Decreasing exponents.
  std::span<const ordinal_term> terms() const noexcept {
    if (!many_.empty()) return many_;
    return {&single_, single_.coefficient.is_zero() ? std::size_t{0} : std::size_t{1}};
  }
  bool is_zero() const noexcept { return many_.empty() && single_.coefficient.is_zero(); }
  bool is_finite() const noexcept { return many_.empty() && single_.exponent.is_zero(); }
  // The coefficient of ω^0 (the finite part).
  const nimber& finite_part() const noexcept;
  // The largest exponent (0 for the ordinal 0).
  small_ordinal leading_exponent() const;

  // Term by term from the least: values that differ mostly differ there first (y and y + 1).
  friend bool operator==(const ordinal& a, const ordinal& b);
  // Cantor order (the ordinals themselves; the field has no order).
  friend std::strong_ordering operator<=>(const ordinal& a, const ordinal& b);
  std::size_t hash() const noexcept;

 private:
  // Takes canonical terms: one (or none) is kept inline, more on the heap.
  void adopt(std::vector<ordinal_term> terms);
  // Zero or one term inline, so that finite values and single terms need no term vector (the
  // common case in loops); two or more terms in many_, and then single_ is the zero term.
  ordinal_term single_;
  std::vector<ordinal_term> many_;
};

// Nim sum: XOR of the coefficients of equal exponents; limit_error when the sum has more terms
// than the context's max_ordinal_terms.
ordinal nim_add(const ordinal& a, const ordinal& b, const context& ctx = default_context());

// Ordinary (Cantor) ordinal arithmetic, for bracketed input: exact results below ω^(ω^ω); a
// result at or above ω^(ω^ω) is a range_error naming the bound.
ordinal ordinal_add(const ordinal& a, const ordinal& b, const context& ctx = default_context());
ordinal ordinal_mul(const ordinal& a, const ordinal& b, const context& ctx = default_context());
ordinal ordinal_pow(const ordinal& a, const ordinal& b, const context& ctx = default_context());

}  // namespace cas

template <>
struct std::hash<cas::small_ordinal> {
  std::size_t operator()(const cas::small_ordinal& s) const noexcept { return s.hash(); }
};
template <>
struct std::hash<cas::ordinal> {
  std::size_t operator()(const cas::ordinal& o) const noexcept { return o.hash(); }
};
