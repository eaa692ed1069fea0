// Field-theoretic functions of finite nimbers (docs/spec/arithmetic.md §2): degree, trace, norm,
// minimal polynomial, multiplicative order and the Artin–Schreier equation y^2 + y = c.
#include <string>
#include <utility>
#include <vector>

#include "cas/arith/fermat_numbers.hpp"
#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "finite/minpoly_by_projection.hpp"
#include "finite/nimber_access.hpp"

namespace cas {
namespace {

using u64 = std::uint64_t;

// H_k = 2^(2^k − 1), half the Fermat 2-power F_k.
nimber half_fermat(unsigned k, const context& ctx) {
  return nimber::power_of_two((u64{1} << k) - 1, ctx);
}

// "GF(2^8)" for the level 3; "GF(2^(2^70))" for a level whose degree has no 64-bit value.
std::string field_of_level(unsigned level) {
  if (level >= 64) return "GF(2^(2^" + std::to_string(level) + "))";
  return "GF(2^" + std::to_string(u64{1} << level) + ")";
}

void check_field_level(const nimber& a, unsigned level, const context& ctx) {
  if (level >= 63) {
    throw limit_error("The field GF(2^(2^" + std::to_string(level) + ")) is above the limit " +
                      "max_nimber_bits = " + std::to_string(ctx.limits().max_nimber_bits) + ".");
  }
  ctx.check_limit(u64{1} << level, ctx.limits().max_nimber_bits, "The field's size in bits",
                  "max_nimber_bits");
  if (a.level() > level) {
    throw math_error("The nimber " + (a.bit_length() <= 64 ? a.to_string() : "given") +
                     " does not lie in GF(2^" + std::to_string(u64{1} << level) + ").");
  }
}

// The trace and the norm map a field of the tower onto a subfield: `a` lies in level `from`, and
// `to` is at most `from`.
void check_down_the_tower(const char* map, const nimber& a, tower_level from, tower_level to,
                          const context& ctx) {
  check_field_level(a, from.index, ctx);
  if (to.index > from.index) {
    throw math_error(std::string("A ") + map + " goes down the tower: " + field_of_level(to.index) +
                     " is not a subfield of " + field_of_level(from.index) + ".");
  }
}

// The two halves of a at level k: a = a1·F_{k−1} + a0.
std::pair<nimber, nimber> split(const nimber& a, unsigned k) {
  const u64 half = u64{1} << (k - 1);
  return {shift_right(a, half), low_bits(a, half)};
}

// The norm from level k to level k − 1: N(a) = (a1^2 ⊗ H) ⊕ (a0 ⊗ (a0 ⊕ a1)).
nimber norm_one_level(const nimber& a, unsigned k, const context& ctx) {
  auto [a1, a0] = split(a, k);
  return nim_add(nim_mul(nim_square(a1, ctx), half_fermat(k - 1, ctx), ctx),
                 nim_mul(a0, nim_add(a0, a1), ctx));
}

// y with y^2 ⊕ y = c in level k, given trace_k(c) = 0 (docs/spec/arithmetic.md §2, "Trace").
// Writing y = y1·F + y0: y1^2 ⊕ y1 = c1 and y0^2 ⊕ y0 = c0 ⊕ y1^2 ⊗ H; of the two y1, exactly one
// makes the second equation solvable, because trace(H) = 1.
u64 artin_schreier_word(u64 c, unsigned k) {
  if (k == 0) return 0;
  const unsigned half = 1u << (k - 1);
  const u64 h = u64{1} << (half - 1);
  const u64 c1 = c >> half, c0 = c & ((u64{1} << half) - 1);  // half ≤ 32 here
  u64 y1 = artin_schreier_word(c1, k - 1);
  u64 r = c0 ^ nim_mul64(nim_square64(y1), h);
  if ((r >> (half - 1)) & 1) {
    y1 ^= 1;
    r ^= h;
  }
  return (y1 << half) | artin_schreier_word(r, k - 1);
}

nimber artin_schreier(const nimber& c, unsigned k, const context& ctx) {
  if (k <= 6) return nimber(artin_schreier_word(c.low_word(), k));
  ctx.poll();
  const u64 half = u64{1} << (k - 1);
  auto [c1, c0] = split(c, k);
  nimber y1 = artin_schreier(c1, k - 1, ctx);
  const nimber h = half_fermat(k - 1, ctx);
  nimber r = nim_add(c0, nim_mul(nim_square(y1, ctx), h, ctx));
  if (r.bit(half - 1)) {
    y1 = nim_add(y1, nimber(1));
    r = nim_add(r, h);
  }
  return nim_add(shift_left(y1, half), artin_schreier(r, k - 1, ctx));
}

integer product_of(const std::vector<integer>& primes, std::size_t begin, std::size_t end) {
  integer product = 1;
  for (std::size_t i = begin; i < end; ++i) product *= primes[i];
  return product;
}

// x has order dividing p_begin ⋯ p_(end−1) (distinct primes): multiplies `order` by the primes
// that divide x's order. Splitting the primes in halves tests all of them with O(log r) full
// exponentiations instead of r (the usual divide-and-conquer order algorithm).
void multiply_primes_of_order(const nimber& x, const std::vector<integer>& primes,
                              std::size_t begin, std::size_t end, integer& order,
                              const context& ctx) {
  if (x.is_one()) return;
  if (end - begin == 1) {
    order *= primes[begin];
    return;
  }
  const std::size_t middle = begin + (end - begin) / 2;
  multiply_primes_of_order(nim_pow(x, product_of(primes, middle, end), ctx), primes, begin, middle,
                           order, ctx);
  multiply_primes_of_order(nim_pow(x, product_of(primes, begin, middle), ctx), primes, middle, end,
                           order, ctx);
}

}  // namespace

std::uint64_t nim_degree(const nimber& a) {
  return u64{1} << a.level();
}

unsigned nim_trace(const nimber& a) {
  return a.bit(nim_degree(a) - 1) ? 1 : 0;
}

nimber nim_trace(const nimber& a, tower_level from, tower_level to, const context& ctx) {
  check_down_the_tower("trace", a, from, to, ctx);
  // Tr from level k to k − 1 of a1·F + a0 is a ⊕ conj(a) = a1, the high half; iterate.
  return shift_right(a, (u64{1} << from.index) - (u64{1} << to.index));
}

nimber nim_norm(const nimber& a, tower_level from, tower_level to, const context& ctx) {
  check_down_the_tower("norm", a, from, to, ctx);
  nimber n = a;
  for (unsigned k = from.index; k > to.index; --k) n = norm_one_level(n, k, ctx);
  return n;
}

std::uint64_t gf2_polynomial::degree() const {
  for (std::size_t i = bits.size(); i-- > 0;) {
    if (bits[i] != 0) return 64 * i + static_cast<u64>(63 - __builtin_clzll(bits[i]));
  }
  return 0;
}

gf2_polynomial nim_minpoly(const nimber& a, const context& ctx) {
  const u64 degree = nim_degree(a);
  ctx.check_limit(degree, ctx.limits().max_nimber_minpoly_degree,
                  "The degree of the minimal polynomial", "max_nimber_minpoly_degree");
  if (degree == 1) return {{2 | a.low_word()}};  // x ⊕ a
  // Power projection and Berlekamp–Massey; quicker at every degree than the norm tower
  // x^2 ⊕ a1·x ⊕ N(a) taken down level by level (docs/benchmarks.md, "Minimal polynomials").
  return detail::minpoly_by_power_projection(a, ctx);
}

integer nim_order(const nimber& a, const context& ctx) {
  if (a.is_zero()) throw math_error("The nimber 0 has no multiplicative order.");
  const unsigned k = a.level();
  // 2^(2^k) − 1 = ∏_{i<k} (2^(2^i) + 1), the Fermat numbers being pairwise coprime and, as far
  // as factored, square-free: the order is the product of the primes p with a^((2^d − 1)/p) ≠ 1.
  if (k > largest_factored_fermat_index + 1) {
    throw limit_error("The multiplicative order of a nimber of degree " +
                      std::to_string(nim_degree(a)) + " needs the factorisation of 2^" +
                      std::to_string(nim_degree(a)) +
                      " − 1, which includes the Fermat number 2^(2^" + std::to_string(k - 1) +
                      ") + 1, not completely factored; on2 handles degrees up to " +
                      std::to_string(u64{1} << (largest_factored_fermat_index + 1)) + ".");
  }
  std::vector<integer> primes;
  for (unsigned i = 0; i < k; ++i) {
    const auto& factors = fermat_number_prime_factors(i);
    primes.insert(primes.end(), factors.begin(), factors.end());
  }
  integer order = 1;
  multiply_primes_of_order(a, primes, 0, primes.size(), order, ctx);
  return order;
}

nimber solve_artin_schreier(const nimber& c, const context& ctx) {
  unsigned k = c.level();
  if (c.bit((u64{1} << k) - 1)) ++k;  // trace 1 here: the roots lie in the next Fermat field
  check_field_level(c, k, ctx);
  return artin_schreier(c, k, ctx);
}

}  // namespace cas
