// Ordinary (Cantor) ordinal arithmetic on Cantor normal forms, for bracketed input
// (docs/spec/language.md, "Brackets"). Coefficients are natural numbers here: they add and multiply
// as integers, never by XOR or nim product.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {
namespace {

nimber natural_sum(const nimber& x, const nimber& y, const context& ctx) {
  return nimber(x.to_integer() + y.to_integer(), ctx);
}

nimber natural_product(const nimber& x, const nimber& y, const context& ctx) {
  return nimber(x.to_integer() * y.to_integer(), ctx);
}

[[noreturn]] void throw_beyond_bound() {
  throw range_error(
      "The power is at least ω^(ω^ω); on2 represents only the ordinals below ω^(ω^ω).");
}

// n^k for naturals. The size of n^k is at least (bits(n) − 1)·k + 1 bits, so a hopeless power
// such as 2^(10^100) fails here, before any big integer is computed.
nimber natural_power(const nimber& n, const integer& k, const context& ctx) {
  if (k == 0) return nimber(1);
  if (n.is_zero() || n.is_one()) return n;
  const std::uint64_t limit = ctx.limits().max_nimber_bits;
  const integer least_bits = integer(n.bit_length() - 1) * k + 1;
  if (least_bits > limit) {
    throw limit_error("The power's size in bits is at least " + least_bits.str() +
                      ", above the limit max_nimber_bits = " + std::to_string(limit) + ".");
  }
  // From here k < max_nimber_bits (bits(n) ≥ 2), so it fits a machine word.
  std::uint64_t exponent = static_cast<std::uint64_t>(k);
  integer base = n.to_integer();
  integer result = 1;
  while (true) {
    ctx.poll();
    if ((exponent & 1) != 0) result *= base;
    exponent >>= 1;
    if (exponent == 0) break;
    base *= base;
  }
  return nimber(result, ctx);  // still at most bits(n)·k bits; the exact check is here
}

// a^k for a finite exponent k by square-and-multiply: the powers of a commute with each other,
// so the order of the factors does not matter.
ordinal ordinal_finite_power(const ordinal& a, const integer& k, const context& ctx) {
  if (a.is_finite()) return ordinal(natural_power(a.finite_part(), k, ctx));
  if (k == 0) return ordinal(nimber(1));
  const std::uint64_t bits = mpz_sizeinbase(k.backend().data(), 2);
  ctx.check_limit(bits, ctx.limits().max_exponent_bits, "The exponent's size in bits",
                  "max_exponent_bits");
  ordinal result = a;
  for (std::uint64_t i = bits - 1; i-- > 0;) {
    ctx.poll();
    result = ordinal_mul(result, result, ctx);
    if (mpz_tstbit(k.backend().data(), i) != 0) result = ordinal_mul(result, a, ctx);
  }
  return result;
}

// γ with b = ω·γ + k, for b < ω^ω (every exponent of b finite): the coefficient of ω^j in b
// is digit j − 1 of γ, since ω·ω^(j−1) = ω^j.
small_ordinal quotient_by_omega(const ordinal& b, const context& ctx) {
  const integer places = b.leading_exponent().digit(0);  // the top digit of γ is at places − 1
  if (places == 0) return {};
  const std::uint64_t limit = ctx.limits().max_ordinal_terms;
  if (places > limit) {
    throw limit_error("The number of places of the result's exponent is " + places.str() +
                      ", above the limit max_ordinal_terms = " + std::to_string(limit) + ".");
  }
  std::vector<integer> digits(static_cast<std::size_t>(places), 0);
  for (const ordinal_term& t : b.terms()) {
    if (t.exponent.is_zero()) break;
    digits[static_cast<std::size_t>(t.exponent.digit(0)) - 1] = t.coefficient.to_integer();
  }
  return small_ordinal(std::move(digits));
}

}  // namespace

ordinal ordinal_add(const ordinal& a, const ordinal& b, const context& ctx) {
  if (b.is_zero()) return a;
  ctx.poll();
  // The terms of a below b's leading term are absorbed (ω^i·x + ω^j·y = ω^j·y for i < j); a
  // term of a with the same exponent adds its coefficient.
  const ordinal_term& lead = b.terms().front();
  std::vector<ordinal_term> terms;
  nimber lead_coefficient = lead.coefficient;
  for (const ordinal_term& t : a.terms()) {
    if (t.exponent > lead.exponent) {
      terms.push_back(t);
      continue;
    }
    if (t.exponent == lead.exponent)
      lead_coefficient = natural_sum(t.coefficient, lead_coefficient, ctx);
    break;
  }
  terms.push_back({lead.exponent, std::move(lead_coefficient)});
  terms.insert(terms.end(), b.terms().begin() + 1, b.terms().end());
  return ordinal::from_terms(std::move(terms), ctx);
}

ordinal ordinal_mul(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_zero() || b.is_zero()) return {};
  // a·b is the sum over b's terms (left distributivity). With a's leading term ω^e·c:
  // a·ω^β = ω^(e+β) for β ≥ 1 (a·ω = ω^(e+1)), and a·n = ω^e·(c·n) + (the rest of a).
  // The exponents e + β decrease with β and stay above e, so the pieces are already in order.
  const ordinal_term& lead = a.terms().front();
  std::vector<ordinal_term> terms;
  for (const ordinal_term& t : b.terms()) {
    ctx.poll();
    if (!t.exponent.is_zero()) {
      terms.push_back({small_ordinal_add(lead.exponent, t.exponent), t.coefficient});
    } else {
      terms.push_back({lead.exponent, natural_product(lead.coefficient, t.coefficient, ctx)});
      ctx.check_limit(terms.size() + a.terms().size() - 1, ctx.limits().max_ordinal_terms,
                      "The number of terms of the ordinal", "max_ordinal_terms");
      terms.insert(terms.end(), a.terms().begin() + 1, a.terms().end());
    }
  }
  return ordinal::from_terms(std::move(terms), ctx);
}

ordinal ordinal_pow(const ordinal& a, const ordinal& b, const context& ctx) {
  if (b.is_zero()) return ordinal(nimber(1));  // 0^0 = 1 as well
  if (a.is_zero()) return {};
  if (a.is_finite() && a.finite_part().is_one()) return a;
  // a ≥ 2 from here, and a^b ≥ ω^(ω^ω) exactly when b ≥ ω^ω: 2^(ω^ω) = ω^(ω^ω) already, while
  // for b < ω^ω the formulas below give an exponent below ω^ω.
  if (!b.leading_exponent().is_finite()) throw_beyond_bound();
  const integer k = b.finite_part().to_integer();
  const small_ordinal gamma = quotient_by_omega(b, ctx);  // b = ω·γ + k
  if (a.is_finite()) {
    // n^(ω·γ) = (n^ω)^γ = ω^γ for finite n ≥ 2, so n^b = ω^γ·n^k.
    return ordinal::from_terms({{gamma, natural_power(a.finite_part(), k, ctx)}}, ctx);
  }
  // For infinite a with leading exponent e, ω^e ≤ a < ω^(e+1) gives a^ω = ω^(e·ω), so
  // a^(ω·γ) = ω^(e·ω·γ) and a^b = ω^(e·ω·γ)·a^k.
  ordinal finite_power = ordinal_finite_power(a, k, ctx);
  if (gamma.is_zero()) return finite_power;
  const small_ordinal exponent = small_ordinal_mul(
      small_ordinal_mul(a.leading_exponent(), small_ordinal::omega_power(1)), gamma);
  return ordinal_mul(ordinal::term(exponent, nimber(1)), finite_power, ctx);
}

}  // namespace cas
