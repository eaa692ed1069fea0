#include "cas/tower/ordinal_field.hpp"

#include <bit>
#include <numeric>
#include <optional>
#include <string>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/tower.hpp"
#include "cas/tower/tower_field_cache.hpp"
#include "finite/gf2_berlekamp_massey.hpp"
#include "tower/buildable_field.hpp"
#include "tower/field_operations.hpp"
#include "tower/kummer_minimal_polynomial.hpp"
#include "tower/layered_group_tests.hpp"

namespace cas {

ordinal nim_inv(const ordinal& a, const context& ctx) {
  if (a.is_zero()) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  if (a.is_finite()) return ordinal(nim_inv(a.finite_part(), ctx));
  // The field of the closure: spanning({a}) would copy a first.
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  return field.to_ordinal(field.inverse(field.from_ordinal(a)));
}

ordinal nim_div(const ordinal& a, const ordinal& b, const context& ctx) {
  if (b.is_zero()) throw math_error("Nim division by zero.");
  if (a.is_finite() && b.is_finite())
    return ordinal(nim_div(a.finite_part(), b.finite_part(), ctx));
  // The inverse needs b's tower field anyway; when one field holds both, the product is taken
  // there too instead of multiplying the (dense) inverse term by term.
  if (a.is_zero()) return a;
  if (const auto closure = detail::buildable_closure(a, b, ctx)) {
    const auto cached = cached_tower_field(*closure, ctx);
    const tower_field& field = *cached;
    return field.to_ordinal(field.mul(field.from_ordinal(a), field.inverse(field.from_ordinal(b))));
  }
  return nim_mul(a, nim_inv(b, ctx), ctx);
}

ordinal nim_pow(const ordinal& a, const integer& e, const context& ctx) {
  if (a.is_finite()) return ordinal(nim_pow(a.finite_part(), e, ctx));
  if (e == 0) return ordinal(nimber(1));
  if (e == 1) return a;
  if (e == 2) return nim_square(a, ctx);
  const auto closure = detail::buildable_closure(a, a, ctx);
  if (!closure) {
    // No field: the term path, which needs no inverse (nim_inv names the limit otherwise).
    if (e < 0) return nim_pow_terms(nim_inv(a, ctx), integer(-e), ctx);
    return nim_pow_terms(a, e, ctx);
  }
  const auto degree = static_cast<std::uint64_t>(closure->field_exponent());
  const std::uint64_t exponent_bits = msb(e < 0 ? integer(-e) : e) + 1;
  const std::uint64_t terms = a.terms().size();
  // The term path's squarings cost about |a|² each while a stays sparse; the tower's about E.
  if (e < 0 || exponent_bits >= degree / 4 || terms * terms >= degree / 4) {
    const auto cached = cached_tower_field(*closure, ctx);
    const tower_field& field = *cached;
    return field.to_ordinal(field.pow(field.from_ordinal(a), e));
  }
  // Square and multiply through nim_square and nim_mul; once the partial power fills its field,
  // the rest is finished in the tower: result^(2^(i+1)) · a^(e mod 2^(i+1)).
  ordinal result(nimber(1));
  for (std::size_t i = exponent_bits; i-- > 0;) {
    ctx.poll();
    if (choose_square_path(result, ctx) == product_path::tower) {
      const auto cached = cached_tower_field(*closure, ctx);
      const tower_field& field = *cached;
      const integer rest = e & ((integer(1) << static_cast<unsigned>(i + 1)) - 1);
      return field.to_ordinal(field.mul(field.frobenius(field.from_ordinal(result), integer(i + 1)),
                                        field.pow(field.from_ordinal(a), rest)));
    }
    result = nim_square(result, ctx);
    if (bit_test(e, static_cast<unsigned>(i))) result = nim_mul(result, a, ctx);
  }
  return result;
}

ordinal nim_sqrt(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return ordinal(nim_sqrt(a.finite_part(), ctx));
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  return field.to_ordinal(field.frobenius(field.from_ordinal(a), field.degree() - 1));
}

std::uint64_t nim_degree(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return nim_degree(a.finite_part());
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  return field.degree_of(field.from_ordinal(a));
}

std::vector<ordinal> conjugates(const ordinal& a, const context& ctx) {
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  std::vector<ordinal> orbit;
  tower_field::element y = x;
  do {
    ctx.poll();
    orbit.push_back(field.to_ordinal(y));
    y = field.square(y);
  } while (y != x);
  return orbit;
}

unsigned nim_trace(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return nim_trace(a.finite_part());
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  tower_field::element y = x, sum = field.zero();
  do {
    ctx.poll();
    sum = tower_field::add(sum, y);
    y = field.square(y);
  } while (y != x);
  return sum == field.one() ? 1 : 0;
}

integer nim_order(const ordinal& a, const context& ctx) {
  if (a.is_zero()) throw math_error("The nimber 0 has no multiplicative order.");
  if (a.is_finite()) return nim_order(a.finite_part(), ctx);
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t degree = field.degree_of(x);
  if (const auto copy = detail::small_copy_of_element_field(field, x, degree, ctx)) {
    std::vector<std::uint64_t> z(copy->words(), 0);
    z[0] = 2;
    return detail::element_order(detail::wide_operations{&*copy}, z,
                                 mersenne_factorization(degree, ctx), ctx);
  }
  return detail::order_by_layers(field, x, degree, mersenne_factorization(degree, ctx), ctx);
}

unsigned nim_norm(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return a.is_zero() ? 0 : 1;
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  tower_field::element y = field.square(x), product = x;
  while (y != x) {
    ctx.poll();
    product = field.mul(product, y);
    y = field.square(y);
  }
  return product == field.one() ? 1 : 0;
}

namespace {

// The conjugates a^(2^(n·i)), i < lcm(degree(a), n)/n, combined by `combine`.
template <class Combine>
ordinal relative_fold(const ordinal& a, std::uint64_t n, const context& ctx, Combine combine) {
  if (n == 0) throw range_error("trace(a, n) and norm(a, n) need n ≥ 1.");
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t degree = field.degree_of(x);
  const std::uint64_t count = std::lcm(degree, n) / n;
  tower_field::element y = x, total = x;
  for (std::uint64_t i = 1; i < count; ++i) {
    ctx.poll();
    y = field.frobenius(y, n);
    total = combine(field, total, y);
  }
  return field.to_ordinal(total);
}

}  // namespace

ordinal nim_trace(const ordinal& a, std::uint64_t n, const context& ctx) {
  return relative_fold(a, n, ctx,
                       [](const tower_field&, const tower_field::element& s,
                          const tower_field::element& y) { return tower_field::add(s, y); });
}

ordinal nim_norm(const ordinal& a, std::uint64_t n, const context& ctx) {
  return relative_fold(a, n, ctx,
                       [](const tower_field& field, const tower_field::element& p,
                          const tower_field::element& y) { return field.mul(p, y); });
}

std::string field_description(const ordinal& a, const context& ctx) {
  const kappa_closure closure = closure_of(a, ctx);
  std::string generators;
  for (const auto& [prime, power] : closure.prime_powers) {
    std::uint64_t q = 1;
    for (std::uint64_t j = 0; j < power; ++j) {
      q *= prime;
      generators += (generators.empty() ? "" : ", ") + std::string("κ_") + std::to_string(q);
    }
  }
  return "GF(2^" + closure.field_exponent().str() + ")" +
         (generators.empty() ? "" : ", spanned by " + generators);
}

gf2_polynomial nim_minpoly(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return nim_minpoly(a.finite_part(), ctx);
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);
  const tower_field& field = *cached;
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t degree = field.degree_of(x);
  ctx.check_limit(degree, ctx.limits().max_minpoly_degree, "The degree of the minimal polynomial",
                  "max_minpoly_degree");
  // Through the top step's Kummer structure: products in a field of about [k1 : GF(2)]·p bits
  // instead of E, where it applies (kummer_minimal_polynomial.hpp).
  if (auto by_kummer = detail::minimal_polynomial_by_kummer_step(field, x, degree, ctx)) {
    return std::move(*by_kummer);
  }
  // The least linear recurrence of s_k = ℓ(x^k), k < 2·degree, for a coordinate ℓ with
  // ℓ(1) = 1: the minimal polynomial is irreducible and the sequence is not 0, so
  // Berlekamp–Massey (cas/src/finite/gf2_berlekamp_massey.hpp) finds exactly it, after 2·degree
  // products instead of the degree²/2 of ∏ (t + conjugate).
  const tower_field::element one = field.one();
  std::size_t word = 0;
  while (one[word] == 0) ++word;
  const int bit = std::countr_zero(one[word]);
  const std::uint64_t length = 2 * degree;
  std::vector<std::uint64_t> sequence((length + 63) / 64, 0);
  tower_field::element power = one;
  for (std::uint64_t k = 0; k < length; ++k) {
    ctx.poll();
    if ((power[word] >> bit) & 1) sequence[k / 64] |= std::uint64_t{1} << (k % 64);
    if (k + 1 < length) power = field.mul(power, x);
  }
  return detail::minimal_polynomial_from_recurrence(
      detail::gf2_berlekamp_massey(sequence, length, ctx), degree);
}

}  // namespace cas
