#include "cas/poly/polynomial_euclid.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "poly/coefficient_field.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"

namespace cas {

namespace {

using detail::field_polynomials;
using detail::from_field;
using detail::to_field;
using detail::with_field;

std::vector<ordinal> coefficients_of(const polynomial& f, const polynomial& g) {
  std::vector<ordinal> values = f.coefficients();
  values.insert(values.end(), g.coefficients().begin(), g.coefficients().end());
  return values;
}

// x^n in the field, n ≥ 0, by square-and-multiply.
template <class F>
typename F::element field_power(const F& field, typename F::element x, std::uint64_t n) {
  typename F::element result = field.one();
  while (n > 0) {
    if (n & 1) result = field.mul(result, x);
    x = field.square(x);
    n >>= 1;
  }
  return result;
}

// Res(a, b) in the field (von zur Gathen and Gerhard, Modern Computer Algebra, §6.3 and Lemma
// 6.24 (ii), (iii)): Res(a, b) = ±Res(b, a), and with a = q·b + r,
// Res(b, a) = lc(b)^(deg a − deg r) · Res(b, r); Res(a, c) = c^deg a for a constant c ≠ 0.
template <class F>
typename F::element resultant_in(const field_polynomials<F>& ring,
                                 typename field_polynomials<F>::poly a,
                                 typename field_polynomials<F>::poly b, const context& ctx) {
  const F& field = ring.field();
  if (a.empty() || b.empty()) return field.zero();
  using ring_type = field_polynomials<F>;
  typename F::element result = field.one();
  while (ring_type::degree(b) > 0) {
    ctx.poll();
    typename ring_type::poly r = ring.rem(a, b);
    if (r.empty()) return field.zero();
    const auto drop = static_cast<std::uint64_t>(ring_type::degree(a) - ring_type::degree(r));
    result = field.mul(result, field_power(field, b.back(), drop));
    a = std::move(b);
    b = std::move(r);
  }
  return field.mul(result,
                   field_power(field, b[0], static_cast<std::uint64_t>(ring_type::degree(a))));
}

}  // namespace

bezout_identity poly_extended_gcd(const polynomial& f, const polynomial& g, const context& ctx) {
  return with_field(coefficients_of(f, g), ctx, [&](const auto& field) {
    const field_polynomials ring(field, ctx);
    auto [d, s, t] = ring.core().xgcd(to_field(field, f), to_field(field, g));
    if (d.empty()) return bezout_identity{};
    return bezout_identity{from_field(field, d), from_field(field, s), from_field(field, t)};
  });
}

ordinal poly_resultant(const polynomial& f, const polynomial& g, const context& ctx) {
  return with_field(coefficients_of(f, g), ctx, [&](const auto& field) {
    const field_polynomials ring(field, ctx);
    return field.to_ordinal(resultant_in(ring, to_field(field, f), to_field(field, g), ctx));
  });
}

ordinal poly_discriminant(const polynomial& f, const context& ctx) {
  if (f.degree() < 1) {
    throw math_error(std::string("The discriminant needs a polynomial of degree at least 1; this "
                                 "one is ") +
                     (f.is_zero() ? "zero." : "a constant."));
  }
  return with_field(f.coefficients(), ctx, [&](const auto& field) {
    const field_polynomials ring(field, ctx);
    const auto p = to_field(field, f);
    const auto derivative = ring.derivative(p);
    if (derivative.empty()) return ordinal{};  // f is a square: every root is repeated
    const auto r = resultant_in(ring, p, derivative, ctx);
    // disc = Res(f, f') · lc^(n − 2 − deg f'); the exponent is −1 when deg f' = n − 1.
    const long long exponent = f.degree() - 2 - (static_cast<long long>(derivative.size()) - 1);
    const auto lead = p.back();
    const auto factor = exponent >= 0
                            ? field_power(field, lead, static_cast<std::uint64_t>(exponent))
                            : field.inverse(lead);
    return field.to_ordinal(field.mul(r, factor));
  });
}

}  // namespace cas
