// n-th roots of ordinals (docs/spec/language.md: root(a, n)), in a tower field large enough to hold
// them.
#include <gmp.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <utility>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "cas/tower/tower_field_cache.hpp"

namespace cas {
namespace {

using element = tower_field::element;

// Deterministic "random" elements of the field, for the searches below.
class element_source {
 public:
  explicit element_source(const tower_field& field) : field_(field) {}
  element next() {
    element x(field_.words());
    const std::uint64_t mask =
        field_.base_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field_.base_bits()) - 1;
    for (auto& w : x) w = engine_() & mask;
    return x;
  }

 private:
  const tower_field& field_;
  std::mt19937_64 engine_{20261130};
};

// The exponent of the prime r in x.
unsigned valuation(integer x, std::uint64_t r) {
  unsigned v = 0;
  for (; x != 0 && x % r == 0; x /= r) ++v;
  return v;
}

// n = 2^s·m with m odd: (s, m).
std::pair<unsigned, integer> split_two_power(const integer& n) {
  unsigned s = 0;
  integer m = n;
  while (m % 2 == 0) {
    m /= 2;
    ++s;
  }
  return {s, m};
}

// ∏_{j < count} x^(2^(step·j)), for x in GF(2^(step·count)) its norm down to GF(2^step), by
// doubling: P(2k) = P(k)·P(k)^(2^(step·k)), P(k + 1) = P(k)^(2^step)·x (O(log count) products).
element norm_down(const tower_field& field, const element& x, std::uint64_t step,
                  std::uint64_t count, const context& ctx) {
  element product = field.one();
  std::uint64_t k = 0;
  for (int bit = 63 - __builtin_clzll(count); bit >= 0; --bit) {
    ctx.poll();
    product = field.mul(product, field.frobenius(product, integer(step) * k));
    k *= 2;
    if ((count >> bit) & 1) {
      product = field.mul(field.frobenius(product, integer(step)), x);
      ++k;
    }
  }
  return product;
}

// The least e with m·ord(b) | 2^e − 1, b ≠ 0 of degree d, m odd. Since ord(b) | 2^e − 1 iff
// d | e, that is the least multiple of d with v_r(2^e − 1) ≥ v_r(m) + v_r(ord b) for each prime
// r | m. With f = ord_r(2), v_r(2^e − 1) = v_r(2^f − 1) + v_r(e/f) when f | e and 0 otherwise
// (lifting the exponent), so e = lcm(d, f·r^t over r | m), t = max(0, v_r(m) + v_r(ord b) −
// v_r(2^f − 1)). No factoring of 2^d − 1 is needed for v_r(ord b): when f | d, with w = v_r(d/f)
// and D = f·r^w, the norm z of b down to GF(2^D) raises b to a power prime to r (LTE again), so
// v_r(ord b) = v_r(ord z), the least k with z^((2^D − 1)/r^v · r^k) = 1, v = v_r(2^D − 1): powers
// with D-bit exponents instead of d-bit ones.
std::uint64_t field_degree_of_roots(const ordinal& b, std::uint64_t m, const context& ctx) {
  const auto cached = cached_spanning_field({b}, ctx);
  const tower_field& field = *cached;
  const element x = field.from_ordinal(b);
  const std::uint64_t d = field.degree_of(x);
  integer e = d;
  for (const auto& [r, multiplicity] : factorize(m, ctx)) {
    ctx.poll();
    const std::uint64_t f = order_of_two_modulo(r, ctx);
    const unsigned base = valuation((integer(1) << static_cast<unsigned>(f)) - 1, r);
    unsigned in_order = 0;  // v_r(ord b)
    if (d % f == 0) {
      std::uint64_t subfield = f;
      while ((d / subfield) % r == 0) subfield *= r;  // D = f·r^w
      const element z = norm_down(field, x, subfield, d / subfield, ctx);
      const integer group_order = (integer(1) << static_cast<unsigned>(subfield)) - 1;
      integer r_part = group_order;
      while (r_part % r == 0) r_part /= r;
      element c = field.pow(z, r_part);  // the r-part of z
      while (c != field.one()) {
        ctx.poll();
        c = field.pow(c, integer(r));
        ++in_order;
      }
    }
    integer step = f;
    for (unsigned i = base; i < multiplicity + in_order; ++i) step *= r;
    e = lcm(e, step);
  }
  if (e > integer(ctx.limits().max_tower_degree)) {
    throw limit_error("The roots lie in GF(2^" + e.str() +
                      "), above the limit max_tower_degree = " +
                      std::to_string(ctx.limits().max_tower_degree) + ".");
  }
  return static_cast<std::uint64_t>(e);
}

integer modular_inverse(const integer& a, const integer& modulus) {
  if (modulus == 1) return 0;
  integer inverse;
  mpz_invert(inverse.backend().data(), a.backend().data(), modulus.backend().data());
  return inverse;
}

// An r-th root of b (r prime) in the field, b known to be an r-th power there. With the group
// order Q = r^e·t, gcd(r, t) = 1 and u = r^(−1) mod t, y0 = b^u has y0^r = b·w with w = b^(λt),
// λ = (ur − 1)/t, in the r-Sylow subgroup; w = c^L for c = g^t (g not an r-th power), L found by
// Pohlig–Hellman, and y0·c^(−L/r) is the root (Adleman–Manders–Miller).
element rth_root(const tower_field& field, const element& b, std::uint64_t r, const integer& q,
                 element_source& source, const context& ctx) {
  unsigned e = 0;
  integer t = q;
  while (t % r == 0) {
    t /= r;
    ++e;
  }
  if (e == 0) return field.pow(b, modular_inverse(integer(r), q));
  const integer u = modular_inverse(integer(r), t);
  const integer lambda = (u * r - 1) / t;
  const element y0 = field.pow(b, u);
  const element w = field.pow(b, lambda * t);
  element g = source.next();
  while (tower_field::is_zero(g) || field.pow(g, q / r) == field.one()) {
    ctx.poll();
    g = source.next();
  }
  const element c = field.pow(g, t);
  integer r_power = 1;
  for (unsigned i = 0; i + 1 < e; ++i) r_power *= r;  // r^(e−1)
  const element gamma = field.pow(c, r_power);        // order r
  integer logarithm = 0, place = 1;
  for (unsigned i = 0; i < e; ++i) {
    ctx.poll();
    integer exponent = 1;
    for (unsigned k = i + 1; k < e; ++k) exponent *= r;
    const element h = field.pow(field.mul(w, field.pow(c, -logarithm)), exponent);
    element candidate = field.one();
    std::uint64_t digit = 0;
    while (candidate != h) {
      if (++digit == r) throw math_error("Internal error: a discrete logarithm was not found.");
      candidate = field.mul(candidate, gamma);
    }
    logarithm += place * digit;
    place *= r;
  }
  if (logarithm % r != 0) throw math_error("Internal error: the element is not an r-th power.");
  return field.mul(y0, field.pow(c, -(logarithm / r)));
}

}  // namespace

std::uint64_t root_field_degree(const ordinal& a, const integer& n, const context& ctx) {
  if (n < 1) throw range_error("root(a, n) needs n ≥ 1, not " + n.str() + ".");
  if (a.is_zero()) throw math_error("The n-th roots of 0 are 0 alone; they lie in GF(2).");
  const auto [s, m] = split_two_power(n);
  if (m > integer(std::numeric_limits<std::uint64_t>::max())) {
    throw limit_error("The odd part of n has " + std::to_string(msb(m) + 1) +
                      " bits; on2 finds the roots' field for 64-bit odd parts.");
  }
  ordinal b = a;
  for (unsigned i = 0; i < s; ++i) b = nim_sqrt(b, ctx);
  return field_degree_of_roots(b, static_cast<std::uint64_t>(m), ctx);
}

std::vector<ordinal> nim_roots(const ordinal& a, const integer& n, const context& ctx) {
  if (n < 1) throw range_error("root(a, n) needs n ≥ 1, not " + n.str() + ".");
  if (a.is_zero()) return {ordinal()};
  // n = 2^s·m: x^n = a ⇔ x^m = b with b the unique 2^s-th root of a (Frobenius is bijective),
  // and x^m − b is separable (m odd, b ≠ 0): exactly m roots.
  const auto [s, m] = split_two_power(n);
  if (m > integer(ctx.limits().max_root_count)) {
    throw limit_error("The number of roots is " + m.str() + ", above the limit max_root_count = " +
                      std::to_string(ctx.limits().max_root_count) + ".");
  }
  const std::uint64_t odd = static_cast<std::uint64_t>(m);
  ordinal b = a;
  for (unsigned i = 0; i < s; ++i) b = nim_sqrt(b, ctx);
  if (odd == 1) return {b};
  // The least field holding the roots, GF(2^e), inside the tower spanned by b's κ's and the κ_q
  // for the prime powers q exactly dividing e (F2(κ_q) has degree divisible by q).
  const std::uint64_t field_degree = field_degree_of_roots(b, odd, ctx);
  kappa_closure closure = closure_of(b, ctx);
  for (const auto& [prime, power] : factorize(field_degree, ctx)) {
    std::uint64_t q = 1;
    for (unsigned i = 0; i < power; ++i) q *= prime;
    closure = closure_union(closure, closure_of(kappa_of_prime_power(q, ctx), ctx));
  }
  const auto cached = cached_tower_field(closure, ctx);
  const tower_field& field = *cached;
  const integer group_order = (integer(1) << static_cast<unsigned>(field.degree())) - 1;
  element_source source(field);
  element root = field.from_ordinal(b);
  const auto primes_of_m = factorize(odd, ctx);
  // Root by root: every r-th root met on the way is an m/r-th root of b's m-th roots, so it
  // has its own roots in the same field.
  for (const auto& [prime, power] : primes_of_m) {
    for (unsigned i = 0; i < power; ++i)
      root = rth_root(field, root, prime, group_order, source, ctx);
  }
  if (field.pow(root, m) != field.from_ordinal(b)) {
    throw math_error("Internal error: an m-th root failed its check.");
  }
  // A primitive m-th root of unity: h^(Q/m) of exact order m.
  element zeta;
  for (;;) {
    ctx.poll();
    const element h = source.next();
    if (tower_field::is_zero(h)) continue;
    zeta = field.pow(h, group_order / m);
    bool primitive = true;
    for (const auto& [prime, power] : primes_of_m) {
      if (field.pow(zeta, m / prime) == field.one()) primitive = false;
    }
    if (primitive) break;
  }
  std::vector<ordinal> roots;
  roots.reserve(odd);
  element current = root;
  for (std::uint64_t i = 0; i < odd; ++i) {
    ctx.poll();
    roots.push_back(field.to_ordinal(current));
    current = field.mul(current, zeta);
  }
  std::sort(roots.begin(), roots.end());
  return roots;
}

}  // namespace cas
