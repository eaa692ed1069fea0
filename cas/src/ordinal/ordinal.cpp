#include "cas/ordinal/ordinal.hpp"

#include <algorithm>
#include <cassert>
#include <string>

#include "cas/core/error.hpp"
#include "ordinal/ordinal_invariant.hpp"

namespace cas {
namespace {

// A function-local static, so that it exists before any caller's static initialiser uses it
// (docs/architecture.md: the library works from any static initialiser).
const integer& zero_digit() {
  static const integer zero = 0;
  return zero;
}

const nimber& zero_nimber() {
  static const nimber zero;
  return zero;
}

std::size_t combine(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

std::size_t hash_integer(const integer& n) {
  std::size_t h = 0;
  integer rest = n;
  while (rest != 0) {
    h = combine(h,
                static_cast<std::size_t>(static_cast<std::uint64_t>(rest & 0xffffffffffffffffULL)));
    rest >>= 64;
  }
  return h;
}

}  // namespace

small_ordinal::small_ordinal(std::uint64_t n) {
  if (n != 0) digits_.push_back(n);
  assert(detail::small_ordinal_digits_are_canonical(digits_));
}

small_ordinal::small_ordinal(std::vector<integer> digits) : digits_(std::move(digits)) {
  for (const integer& d : digits_) {
    if (d < 0)
      throw range_error("An exponent digit is a natural number; " + d.str() + " is negative.");
  }
  normalise();
}

small_ordinal small_ordinal::omega_power(std::size_t position, const integer& coefficient) {
  std::vector<integer> digits(position + 1, 0);
  digits[position] = coefficient;
  return small_ordinal(std::move(digits));
}

void small_ordinal::normalise() {
  while (!digits_.empty() && digits_.back() == 0) digits_.pop_back();
  assert(detail::small_ordinal_digits_are_canonical(digits_));
}

const integer& small_ordinal::digit(std::size_t i) const noexcept {
  return i < digits_.size() ? digits_[i] : zero_digit();
}

std::strong_ordering operator<=>(const small_ordinal& a, const small_ordinal& b) {
  if (a.digits_.size() != b.digits_.size()) return a.digits_.size() <=> b.digits_.size();
  for (std::size_t i = a.digits_.size(); i-- > 0;) {
    if (a.digits_[i] != b.digits_[i]) {
      return a.digits_[i] < b.digits_[i] ? std::strong_ordering::less
                                         : std::strong_ordering::greater;
    }
  }
  return std::strong_ordering::equal;
}

std::size_t small_ordinal::hash() const noexcept {
  std::size_t h = digits_.size();
  for (const integer& d : digits_) h = combine(h, hash_integer(d));
  return h;
}

small_ordinal small_ordinal_add(const small_ordinal& a, const small_ordinal& b) {
  if (b.is_zero()) return a;
  // The terms of a below b's leading term are absorbed: ω^i·x + ω^s·y = ω^s·y for i < s.
  const std::size_t top = b.length() - 1;
  std::vector<integer> digits = b.digits();
  digits.resize(std::max(a.length(), b.length()), 0);
  for (std::size_t i = top; i < a.length(); ++i) digits[i] += a.digit(i);
  return small_ordinal(std::move(digits));
}

small_ordinal small_ordinal_mul(const small_ordinal& a, const small_ordinal& b) {
  if (a.is_zero() || b.is_zero()) return {};
  // a·ω^j = ω^(top(a) + j) for j ≥ 1, and a·n = ω^top(a)·(a_top·n) + (the rest of a).
  const std::size_t top = a.length() - 1;
  std::vector<integer> digits(top + b.length(), 0);
  for (std::size_t j = 1; j < b.length(); ++j) digits[top + j] = b.digit(j);
  if (b.digit(0) != 0) {
    for (std::size_t i = 0; i < top; ++i) digits[i] = a.digit(i);
    digits[top] = a.digit(top) * b.digit(0);
  }
  return small_ordinal(std::move(digits));
}

ordinal::ordinal(const nimber& finite_value) {
  single_.coefficient = finite_value;
  assert(detail::ordinal_terms_are_canonical(terms()));
}

ordinal::ordinal(nimber&& finite_value) noexcept {
  single_.coefficient = std::move(finite_value);
  assert(detail::ordinal_terms_are_canonical(terms()));
}

ordinal ordinal::omega() {
  return term(small_ordinal(1), nimber(1));
}

ordinal ordinal::term(const small_ordinal& exponent, const nimber& coefficient) {
  ordinal result;
  if (!coefficient.is_zero()) result.single_ = {exponent, coefficient};
  assert(detail::ordinal_terms_are_canonical(result.terms()));
  return result;
}

void ordinal::adopt(std::vector<ordinal_term> terms) {
  if (terms.size() >= 2) {
    single_ = {};
    many_ = std::move(terms);
  } else {
    many_.clear();
    single_ = terms.empty() ? ordinal_term{} : std::move(terms.front());
  }
  assert(detail::ordinal_terms_are_canonical(this->terms()));
}

ordinal ordinal::from_terms(std::vector<ordinal_term> terms, const context& ctx) {
  const auto decreasing = [](const ordinal_term& x, const ordinal_term& y) {
    return x.exponent > y.exponent;
  };
  // Producers that already give the Cantor order (tower_field::to_ordinal) cost one pass.
  if (!std::is_sorted(terms.begin(), terms.end(), decreasing)) {
    std::sort(terms.begin(), terms.end(), decreasing);
  }
  // Equal exponents combined, zero coefficients dropped, in place.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (kept > 0 && terms[kept - 1].exponent == terms[i].exponent) {
      terms[kept - 1].coefficient = nim_add(terms[kept - 1].coefficient, terms[i].coefficient);
      if (terms[kept - 1].coefficient.is_zero()) --kept;
    } else if (!terms[i].coefficient.is_zero()) {
      if (kept != i) terms[kept] = std::move(terms[i]);
      ++kept;
    }
  }
  terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(kept), terms.end());
  ctx.check_limit(terms.size(), ctx.limits().max_ordinal_terms,
                  "The number of terms of the ordinal", "max_ordinal_terms");
  ordinal result;
  result.adopt(std::move(terms));
  return result;
}

const nimber& ordinal::finite_part() const noexcept {
  if (many_.empty()) return single_.exponent.is_zero() ? single_.coefficient : zero_nimber();
  return many_.back().exponent.is_zero() ? many_.back().coefficient : zero_nimber();
}

small_ordinal ordinal::leading_exponent() const {
  const auto all = terms();
  return all.empty() ? small_ordinal() : all.front().exponent;
}

std::strong_ordering operator<=>(const ordinal& a, const ordinal& b) {
  const auto x = a.terms(), y = b.terms();
  const std::size_t common = std::min(x.size(), y.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (auto c = x[i].exponent <=> y[i].exponent; c != 0) return c;
    if (auto c = x[i].coefficient <=> y[i].coefficient; c != 0) return c;
  }
  return x.size() <=> y.size();
}

std::size_t ordinal::hash() const noexcept {
  const auto all = terms();
  std::size_t h = all.size();
  for (const ordinal_term& t : all)
    h = combine(combine(h, t.exponent.hash()), t.coefficient.hash());
  return h;
}

ordinal nim_add(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_finite() && b.is_finite()) return ordinal(nim_add(a.finite_part(), b.finite_part()));
  std::vector<ordinal_term> terms(a.terms().begin(), a.terms().end());
  terms.insert(terms.end(), b.terms().begin(), b.terms().end());
  return ordinal::from_terms(std::move(terms), ctx);
}

}  // namespace cas
