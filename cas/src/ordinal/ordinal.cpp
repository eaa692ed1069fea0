#include "cas/ordinal/ordinal.hpp"

#include <algorithm>
#include <cassert>
#include <memory>
#include <string>

#include "cas/core/error.hpp"
#include "ordinal/ordinal_invariant.hpp"

namespace cas {
namespace {

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
  if (n != 0) words_.push_back({0, n});
}

small_ordinal::small_ordinal(std::vector<integer> digits) {
  for (const integer& d : digits) {
    if (d < 0)
      throw range_error("An exponent digit is a natural number; " + d.str() + " is negative.");
  }
  while (!digits.empty() && digits.back() == 0) digits.pop_back();
  for (std::size_t i = 0; i < digits.size(); ++i) {
    std::uint64_t value = 0;
    if (!as_word(digits[i], value)) {
      words_.clear();
      big_ = std::make_shared<const std::vector<integer>>(std::move(digits));
      break;
    }
    if (value != 0) words_.push_back({i, value});
  }
  assert(detail::small_ordinal_digits_are_canonical(this->digits()));
}

small_ordinal small_ordinal::from_words(std::span<const std::uint64_t> digits) {
  small_ordinal result;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (digits[i] != 0) result.words_.push_back({i, digits[i]});
  }
  return result;
}

small_ordinal small_ordinal::from_word_digits(std::span<const word_digit> digits) {
  small_ordinal result;
  result.words_.assign(digits.begin(), digits.end());
  assert(
      std::all_of(digits.begin(), digits.end(), [](const word_digit& d) { return d.value != 0; }));
  assert(std::adjacent_find(digits.begin(), digits.end(),
                            [](const word_digit& a, const word_digit& b) {
                              return a.position >= b.position;
                            }) == digits.end());
  return result;
}

small_ordinal small_ordinal::omega_power(std::size_t position, const integer& coefficient) {
  std::vector<integer> digits(position + 1, 0);
  digits[position] = coefficient;
  return small_ordinal(std::move(digits));
}

std::vector<integer> small_ordinal::digits() const {
  if (big_) return *big_;
  std::vector<integer> digits(length(), 0);
  for (const word_digit& d : words_) digits[d.position] = d.value;
  return digits;
}

integer small_ordinal::digit(std::size_t i) const {
  if (big_) return i < big_->size() ? (*big_)[i] : integer(0);
  for (const word_digit& d : words_) {
    if (d.position == i) return d.value;
  }
  return 0;
}

bool operator==(const small_ordinal& a, const small_ordinal& b) {
  // The representation is canonical: word digits exactly when every digit fits a word.
  if (a.big_ || b.big_) return a.big_ && b.big_ && *a.big_ == *b.big_;
  return std::equal(a.words_.begin(), a.words_.end(), b.words_.begin(), b.words_.end());
}

std::strong_ordering operator<=>(const small_ordinal& a, const small_ordinal& b) {
  if (a.length() != b.length()) return a.length() <=> b.length();
  if (a.big_ || b.big_) {
    for (std::size_t i = a.length(); i-- > 0;) {
      const integer x = a.digit(i), y = b.digit(i);
      if (x != y) return x < y ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    return std::strong_ordering::equal;
  }
  // From the top: a non-zero digit where the other has a lower next one is the greater.
  for (std::size_t i = a.words_.size(), j = b.words_.size(); i > 0 || j > 0;) {
    if (i == 0) return std::strong_ordering::less;
    if (j == 0) return std::strong_ordering::greater;
    const auto& x = a.words_[--i];
    const auto& y = b.words_[--j];
    if (x.position != y.position) return x.position <=> y.position;
    if (x.value != y.value) return x.value <=> y.value;
  }
  return std::strong_ordering::equal;
}

std::size_t small_ordinal::hash() const noexcept {
  std::size_t h = length();
  if (big_) {
    for (const integer& d : *big_) h = combine(h, hash_integer(d));
    return h;
  }
  // The same value as over all digits as integers: a zero digit hashes to 0.
  std::size_t next = 0;
  for (const word_digit& d : words_) {
    for (; next < d.position; ++next) h = combine(h, 0);
    h = combine(h, combine(0, static_cast<std::size_t>(d.value)));
    ++next;
  }
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

ordinal ordinal::from_canonical_terms(std::vector<ordinal_term> terms, const context& ctx) {
  ctx.check_limit(terms.size(), ctx.limits().max_ordinal_terms,
                  "The number of terms of the ordinal", "max_ordinal_terms");
  ordinal result;
  result.adopt(std::move(terms));  // asserts the canonical form
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

bool operator==(const ordinal& a, const ordinal& b) {
  if (&a == &b) return true;
  if (a.many_.size() != b.many_.size()) return false;
  if (a.many_.empty()) return a.single_ == b.single_;  // with many_, single_ is the zero term
  return std::equal(a.many_.rbegin(), a.many_.rend(), b.many_.rbegin());
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
