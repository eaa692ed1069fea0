#include "layered_group_tests.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "field_operations.hpp"
#include "tower/semilinear_orbit.hpp"

namespace cas::detail {
namespace {

// Groups of fewer bits are tested by one product tree: below this the layers' Frobenius maps and
// inverses cost more than they save (B10's sweep was fastest at 100 of 100, 300 and 600).
constexpr std::uint64_t layered_from_bits = 100;

// z^(1 + 2^s + 2^(2s) + … + 2^(s(n−1))) for n ≥ 1 (with s·n = a, the norm from GF(2^a) to
// GF(2^s)), the norm of the orbit of y ↦ z·F^s(y) (semilinear_orbit.hpp): by doubling the number
// of conjugates, r_2k = r_k · F^(sk)(r_k) and r_(k+1) = z · F^s(r_k) (Itoh and Tsujii, "A fast
// algorithm for computing multiplicative inverses in GF(2^m)", 1988), about 2·log2(n) Frobenius
// maps and products instead of s·n squarings.
tower_field::element conjugate_product(const tower_field& field, const tower_field::element& z,
                                       std::uint64_t s, std::uint64_t n) {
  return orbit_by_doubling(
             z, n, nullptr,
             [&](const tower_field::element& x, std::uint64_t k) {
               return field.frobenius(x, integer(s * k));
             },
             [&](const tower_field::element& x, const tower_field::element& y) {
               return field.mul(x, y);
             })
      .norm;
}

// z^(2^c − 1): F^c(z)/z, whose inverse costs dozens of products in a large tower field, or,
// where Frobenius maps cost less than a product, the conjugate product z^(1 + 2 + … + 2^(c−1)),
// about 2·log2(c) products and maps.
tower_field::element power_two_to_minus_one(const tower_field& field, const tower_field::element& z,
                                            std::uint64_t c) {
  if (field.frobenius_is_monomial()) return conjugate_product(field, z, 1, c);
  return field.mul(field.frobenius(z, integer(c)), field.inverse(z));
}

// Σ 1/q over the primes: about the chance that a random element fails the test at one of them.
double failure_rate(const std::vector<integer>& primes) {
  double sum = 0;
  for (const integer& q : primes) sum += 1 / q.convert_to<double>();
  return sum;
}

std::uint64_t least_prime_factor(std::uint64_t n) {
  for (std::uint64_t p = 2; p * p <= n; ++p) {
    if (n % p == 0) return p;
  }
  return n;
}

// z^H, H = Σ_{i<r} (−1)^i·2^(b·i), for z with z^(2^a + 1) = 1, a = b·r, r odd: there
// z^(−1) = F^a(z), so z^(−2^b) = F^(a+b)(z) and H's terms are the powers of −2^b: the conjugate
// product of z under F^(a+b).
tower_field::element alternating_conjugate_product(const tower_field& field,
                                                   const tower_field::element& z, std::uint64_t b,
                                                   std::uint64_t r) {
  return conjugate_product(field, z, b * r + b, r);
}

// The side of a split likelier to fail per bit of its powers first: a non-generator fails at a
// prime q with probability about 1/q.
template <class Inner, class Outer>
bool both_sides(const std::vector<integer>& inner_primes, std::uint64_t inner_bits,
                const std::vector<integer>& outer_primes, std::uint64_t outer_bits, Inner inner,
                Outer outer) {
  if (failure_rate(outer_primes) * static_cast<double>(inner_bits) >
      failure_rate(inner_primes) * static_cast<double>(outer_bits)) {
    return outer() && inner();
  }
  return inner() && outer();
}

// Whether z^((2^a + 1)/q) ≠ 1 for every prime q of `primes` (distinct primes of 2^a + 1), given
// z^(2^a + 1) = 1: the layers of generates_by_layers in the group of order 2^a + 1. With b = a/r
// for the least odd prime r of a, 2^a + 1 = (2^b + 1)·H, H = Σ_{i<r} (−1)^i·2^(b·i): for q
// dividing 2^b + 1, z^((2^a + 1)/q) = y^((2^b + 1)/q) for y = z^H; for the others, q divides H and
// it is w^(H/q) for w = z^(2^b + 1) = z·F^b(z).
bool generates_in_torus(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                        const std::vector<integer>& primes, const context& ctx) {
  if (primes.empty()) return true;
  const tower_operations f{&field};
  const integer order = (integer(1) << static_cast<unsigned>(a)) + 1;
  std::uint64_t odd = a;
  while (odd % 2 == 0) odd /= 2;
  if (odd == 1 || a < layered_from_bits) return generates(f, z, order, primes, ctx);
  const std::uint64_t r = least_prime_factor(odd), b = a / r;
  const integer inner = (integer(1) << static_cast<unsigned>(b)) + 1;
  std::vector<integer> inner_primes, outer_primes;
  for (const integer& q : primes) (inner % q == 0 ? inner_primes : outer_primes).push_back(q);
  ctx.poll();
  return both_sides(
      inner_primes, b, outer_primes, a - b,
      [&] {
        return inner_primes.empty() ||
               generates_in_torus(field, alternating_conjugate_product(field, z, b, r), b,
                                  inner_primes, ctx);
      },
      [&] {
        return outer_primes.empty() || generates(f, field.mul(z, field.frobenius(z, integer(b))),
                                                 order / inner, outer_primes, ctx);
      });
}

}  // namespace

// Whether z^((2^a − 1)/q) ≠ 1 for every prime q of `primes`, the distinct primes of 2^a − 1 (or a
// part of them), z^(2^a − 1) = 1. With c = a/p for the least prime p of a, 2^a − 1 is
// (2^c − 1)·G, G = 1 + 2^c + … + 2^(c(p−1)): for q dividing 2^c − 1, z^((2^a − 1)/q) is
// y^((2^c − 1)/q) for the norm y = z^G, the same question in GF(2^c), asked first (recursively:
// its small primes are the likeliest to fail); for the others, q divides G and z^((2^a − 1)/q) is
// w^(G/q) for w = z^(2^c − 1), a product tree over G's primes alone. The norms and
// w cost a few Frobenius maps; the powers left have c and a − c bits instead of a at each level
// of one tree over all primes.
namespace {

bool layers_generate(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                     const std::vector<integer>& primes, const context& ctx) {
  if (primes.empty()) return true;
  const tower_operations f{&field};
  const integer order = (integer(1) << static_cast<unsigned>(a)) - 1;
  const std::uint64_t p = least_prime_factor(a);
  if (p == a || a < layered_from_bits) return generates(f, z, order, primes, ctx);
  const std::uint64_t c = a / p;
  const integer inner = (integer(1) << static_cast<unsigned>(c)) - 1;
  std::vector<integer> inner_primes, outer_primes;
  for (const integer& q : primes) (inner % q == 0 ? inner_primes : outer_primes).push_back(q);
  ctx.poll();
  return both_sides(
      inner_primes, c, outer_primes, a - c,
      [&] {
        return inner_primes.empty() ||
               layers_generate(field, conjugate_product(field, z, c, p), c, inner_primes, ctx);
      },
      [&] {
        if (outer_primes.empty()) return true;
        const tower_field::element w = power_two_to_minus_one(field, z, c);
        // With p = 2, w^(2^c + 1) = 1: the layers of that group.
        if (p == 2) return generates_in_torus(field, w, c, outer_primes, ctx);
        return generates(f, w, order / inner, outer_primes, ctx);
      });
}

// Subfields of at most this many bits can reject a candidate before the layers: their primes'
// powers cost a norm and a product tree over k bits.
constexpr std::uint64_t small_subfield_bits = 24;

// Groups of fewer bits are not screened: their layers cost little more than the screen (B10's
// degree-180 and 315 cases were 6 to 18% slower screened, 420 and above faster).
constexpr std::uint64_t screened_from_bits = 400;

// The divisor k ≤ small_subfield_bits of a, k < a, whose group order 2^k − 1 a random element
// fails at likeliest (the largest Σ 1/q), or 0 if a < screened_from_bits.
std::uint64_t screening_degree(std::uint64_t a, const context& ctx) {
  if (a < screened_from_bits) return 0;
  std::uint64_t best = 0;
  double best_rate = 0;
  for (std::uint64_t k = 2; k <= small_subfield_bits && k < a; ++k) {
    if (a % k != 0) continue;
    const double rate = failure_rate(group_order_primes(k, ctx));
    if (rate > best_rate) best = k, best_rate = rate;
  }
  return best;
}

}  // namespace

// Before the layers, the primes q of 2^k − 1 for one small divisor k of a (screening_degree):
// z^((2^a − 1)/q) = y^((2^k − 1)/q) for the norm y = z^((2^a − 1)/(2^k − 1)), a conjugate product
// of a/k conjugates. Most non-generators fail at a small prime, and the small primes of 2^a − 1
// are those of its small-degree cyclotomic factors; the layers reach some of them (those
// under the torus side) only after a product tree over hundreds of bits. A candidate that passes
// is tested at every prime by the layers, so the answer is the same.
bool generates_by_layers(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                         const std::vector<integer>& primes, const context& ctx) {
  if (primes.empty()) return true;
  const std::uint64_t k = screening_degree(a, ctx);
  if (k != 0) {
    std::vector<integer> small = group_order_primes(k, ctx);
    const bool all_asked = std::all_of(small.begin(), small.end(), [&](const integer& q) {
      return std::find(primes.begin(), primes.end(), q) != primes.end();
    });
    const tower_operations f{&field};
    if (all_asked && !generates(f, conjugate_product(field, z, k, a / k),
                                (integer(1) << static_cast<unsigned>(k)) - 1, small, ctx)) {
      return false;
    }
  }
  return layers_generate(field, z, a, primes, ctx);
}

namespace {

// ord(z) for z^(2^a + 1) = 1, given the factorisation of 2^a + 1: with b = a/r as in
// generates_in_torus but r the least odd prime of a for which 2^b + 1 and H are coprime
// (gcd(2^b + 1, H) = gcd(2^b + 1, r) since H ≡ r modulo 2^b + 1), ord(z) = ord(z^H)·ord(z^(2^b +
// 1)).
integer order_in_torus(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                       const std::vector<std::pair<integer, unsigned>>& factors,
                       const context& ctx) {
  const tower_operations f{&field};
  if (factors.empty()) return 1;
  if (a < layered_from_bits) return element_order(f, z, factors, ctx);
  std::uint64_t odd = a;
  while (odd % 2 == 0) odd /= 2;
  for (std::uint64_t rest = odd; rest > 1;) {
    const std::uint64_t r = least_prime_factor(rest);
    while (rest % r == 0) rest /= r;
    const std::uint64_t b = a / r;
    const integer inner = (integer(1) << static_cast<unsigned>(b)) + 1;
    if (inner % r == 0) continue;
    std::vector<std::pair<integer, unsigned>> inner_factors, outer_factors;
    for (const auto& factor : factors) {
      (inner % factor.first == 0 ? inner_factors : outer_factors).push_back(factor);
    }
    ctx.poll();
    const integer inner_order =
        inner_factors.empty() ? integer(1)
                              : order_in_torus(field, alternating_conjugate_product(field, z, b, r),
                                               b, inner_factors, ctx);
    if (outer_factors.empty()) return inner_order;
    return inner_order *
           element_order(f, field.mul(z, field.frobenius(z, integer(b))), outer_factors, ctx);
  }
  return element_order(f, z, factors, ctx);
}

}  // namespace

// With c = a/p as in generates_by_layers and 2^a − 1 = (2^c − 1)·G: when the two are coprime
// (G ≡ p modulo 2^c − 1, so unless p divides 2^c − 1), ord(z) = ord(z^G)·ord(z^(2^c − 1)), the
// first in GF(2^c) (recursively), the second by the product tree over G's primes alone.
integer order_by_layers(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                        const std::vector<std::pair<integer, unsigned>>& factors,
                        const context& ctx) {
  const tower_operations f{&field};
  if (factors.empty()) return 1;
  const std::uint64_t p = least_prime_factor(a);
  const std::uint64_t c = a / p;
  const integer inner = (integer(1) << static_cast<unsigned>(c)) - 1;
  if (p == a || inner % p == 0 || a < layered_from_bits) return element_order(f, z, factors, ctx);
  std::vector<std::pair<integer, unsigned>> inner_factors, outer_factors;
  for (const auto& factor : factors) {
    (inner % factor.first == 0 ? inner_factors : outer_factors).push_back(factor);
  }
  ctx.poll();
  const integer inner_order =
      inner_factors.empty()
          ? integer(1)
          : order_by_layers(field, conjugate_product(field, z, c, p), c, inner_factors, ctx);
  if (outer_factors.empty()) return inner_order;
  const tower_field::element w = power_two_to_minus_one(field, z, c);
  if (p == 2) return inner_order * order_in_torus(field, w, c, outer_factors, ctx);
  return inner_order * element_order(f, w, outer_factors, ctx);
}

}  // namespace cas::detail
