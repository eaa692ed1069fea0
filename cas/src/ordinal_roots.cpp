// n-th roots of ordinals (NOTATION.md: root(a, n)), in a tower field large enough to hold them.
#include <gmp.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <string>

#include "cas/error.hpp"
#include "cas/kappa.hpp"
#include "cas/kappa_generators.hpp"
#include "cas/mersenne_factors.hpp"
#include "cas/ordinal_field.hpp"
#include "cas/tower.hpp"

namespace cas {
namespace {

using element = tower_field::element;

// Deterministic "random" elements of the field, for the searches below.
class element_source {
 public:
  explicit element_source(const tower_field& field) : field_(field) {}
  element next() {
    element x(field_.words());
    const std::uint64_t mask = field_.base_bits() == 64 ? ~std::uint64_t{0}
                                                        : (std::uint64_t{1} << field_.base_bits()) - 1;
    for (auto& w : x) w = engine_() & mask;
    return x;
  }

 private:
  const tower_field& field_;
  std::mt19937_64 engine_{20261130};
};

std::map<std::uint64_t, unsigned> small_factorization(std::uint64_t m) {
  std::map<std::uint64_t, unsigned> primes;
  for (std::uint64_t p = 2; p * p <= m; ++p) {
    while (m % p == 0) {
      ++primes[p];
      m /= p;
    }
  }
  if (m > 1) ++primes[m];
  return primes;
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
  const element gamma = field.pow(c, r_power);          // order r
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

std::vector<ordinal> nim_roots(const ordinal& a, const integer& n, const context& ctx) {
  if (n < 1) throw range_error("root(a, n) needs n ≥ 1, not " + n.str() + ".");
  if (a.is_zero()) return {ordinal()};
  // n = 2^s·m: x^n = a ⇔ x^m = b with b the unique 2^s-th root of a (Frobenius is bijective).
  unsigned s = 0;
  integer m = n;
  while (m % 2 == 0) {
    m /= 2;
    ++s;
  }
  ctx.check_limit(m > integer(ctx.limits().max_root_count) ? ctx.limits().max_root_count + 1
                                                          : static_cast<std::uint64_t>(m),
                  ctx.limits().max_root_count, "The number of roots", "max_root_count");
  const std::uint64_t odd = static_cast<std::uint64_t>(m);
  ordinal b = a;
  for (unsigned i = 0; i < s; ++i) b = nim_sqrt(b, ctx);
  if (odd == 1) return {b};
  // A field holding all m-th roots of b: GF(2^N), N = lcm(deg b, ord_m(2))·m, spanned by the
  // κ_q for the prime powers q exactly dividing N (F2(κ_q) has degree divisible by q) with b's.
  std::uint64_t order_of_two = 1;
  for (std::uint64_t power = 2 % odd; power != 1; power = (power * 2) % odd) ++order_of_two;
  const std::uint64_t degree = nim_degree(b, ctx);
  const integer field_degree = integer(std::lcm(degree, order_of_two)) * odd;
  kappa_closure closure = closure_of(b, ctx);
  for (const auto& [prime, power] : small_factorization(static_cast<std::uint64_t>(field_degree))) {
    std::uint64_t q = 1;
    for (unsigned i = 0; i < power; ++i) q *= prime;
    closure = closure_union(closure, closure_of(kappa_of_prime_power(q, ctx), ctx));
  }
  const tower_field field(closure, ctx);
  const integer group_order = (integer(1) << static_cast<unsigned>(field.degree())) - 1;
  element_source source(field);
  element root = field.from_ordinal(b);
  // Root by root: every r-th root met on the way is an m/r-th root of b's m-th roots, so it
  // has its own roots in the same field.
  for (const auto& [prime, power] : small_factorization(odd)) {
    for (unsigned i = 0; i < power; ++i) root = rth_root(field, root, prime, group_order, source, ctx);
  }
  if (field.pow(root, m) != field.from_ordinal(b)) {
    throw math_error("Internal error: an m-th root failed its check.");
  }
  // A primitive m-th root of unity: h^(Q/m) of exact order m.
  const auto primes_of_m = small_factorization(odd);
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
