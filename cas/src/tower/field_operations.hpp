#pragma once
// Private to the tower layer: one interface over the fields the group algorithms (orders,
// primitive elements, discrete logarithms) work in, so each algorithm is written once:
// nimbers below 2^64 and 2^128 (machine-word kernels), finite nimbers of any size, and a
// materialised tower field for transfinite values. with_field_of picks the smallest that holds
// the values.
//
// An operations type F has: element, one(), mul(x, y), square(x), key(x) (a 64-bit hash),
// from_ordinal, to_ordinal; pow(F, x, e) below is the square-and-multiply power.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/core/integer.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/tower.hpp"
#include "cas/tower/tower_field_cache.hpp"
#include "tower/wide_polynomial_field.hpp"

namespace cas::detail {

struct word_operations {  // nimbers below 2^64
  using element = std::uint64_t;
  element one() const { return 1; }
  element mul(element x, element y) const { return nim_mul64(x, y); }
  element square(element x) const { return nim_square64(x); }
  static std::uint64_t key(element x) { return x * 0x9e3779b97f4a7c15; }
  std::uint64_t degree(element x) const { return nim_degree(nimber(x)); }
  element from_ordinal(const ordinal& a) const { return a.finite_part().low_word(); }
  ordinal to_ordinal(element x) const { return ordinal(nimber(x)); }
};

struct double_word_operations {  // nimbers below 2^128
  using element = nim128;
  element one() const { return {1, 0}; }
  element mul(const element& x, const element& y) const { return nim_mul128(x, y); }
  element square(const element& x) const { return nim_square128(x); }
  static std::uint64_t key(const element& x) { return (x.lo ^ (x.hi * 31)) * 0x9e3779b97f4a7c15; }
  std::uint64_t degree(const element& x) const {
    return nim_degree(nimber::from_limbs({x.lo, x.hi}));
  }
  element from_ordinal(const ordinal& a) const {
    const nimber value = a.finite_part();  // limbs() views it: keep it alive
    const auto limbs = value.limbs();
    return {limbs.size() > 0 ? limbs[0] : 0, limbs.size() > 1 ? limbs[1] : 0};
  }
  ordinal to_ordinal(const element& x) const { return ordinal(nimber::from_limbs({x.lo, x.hi})); }
};

struct nimber_operations {  // finite nimbers of any size
  const context* ctx;
  using element = nimber;
  element one() const { return nimber(1); }
  element mul(const element& x, const element& y) const { return nim_mul(x, y, *ctx); }
  element square(const element& x) const { return nim_square(x, *ctx); }
  static std::uint64_t key(const element& x) { return x.hash(); }
  std::uint64_t degree(const element& x) const { return nim_degree(x); }
  element from_ordinal(const ordinal& a) const { return a.finite_part(); }
  ordinal to_ordinal(const element& x) const { return ordinal(x); }
};

struct tower_operations {  // a materialised tower field
  const tower_field* field;
  using element = tower_field::element;
  element one() const { return field->one(); }
  element mul(const element& x, const element& y) const { return field->mul(x, y); }
  element square(const element& x) const { return field->square(x); }
  static std::uint64_t key(const element& x) {
    std::uint64_t h = 0;
    for (const std::uint64_t w : x) h = (h ^ w) * 0x9e3779b97f4a7c15;
    return h;
  }
  std::uint64_t degree(const element& x) const { return field->degree_of(x); }
  element from_ordinal(const ordinal& a) const { return field->from_ordinal(a); }
  ordinal to_ordinal(const element& x) const { return field->to_ordinal(x); }
};

struct wide_operations {  // GF(2)[z]/(μ) for μ of any degree (wide_polynomial_field.hpp)
  const wide_polynomial_field* field;
  using element = std::vector<std::uint64_t>;
  element one() const { return field->one(); }
  element mul(const element& x, const element& y) const { return field->mul(x, y); }
  element square(const element& x) const { return field->square(x); }
  static std::uint64_t key(const element& x) { return tower_operations::key(x); }
};

// The sliding window for x^e (Menezes, van Oorschot and Vanstone, "Handbook of Applied
// Cryptography", Algorithm 14.85): about bits/(w + 1) + 2^(w − 1) products, least at this w.
inline std::size_t window_bits(const integer& e) {
  const std::size_t top = e == 0 ? 0 : msb(e);
  return top < 8 ? 1 : top < 24 ? 2 : top < 80 ? 3 : top < 240 ? 4 : top < 800 ? 5 : 6;
}

// x, x^3, …, x^(2^w − 1): x^(2k + 1) at k.
template <class F>
std::vector<typename F::element> odd_powers(const F& f, const typename F::element& x,
                                            std::size_t w) {
  std::vector<typename F::element> powers{x};
  if (w == 1) return powers;
  const typename F::element square = f.square(x);
  for (std::size_t k = 1; k < (std::size_t{1} << (w - 1)); ++k) {
    powers.push_back(f.mul(powers.back(), square));
  }
  return powers;
}

// x^e for e ≥ 0, left to right, windows of at most w bits read from the odd powers of x (at least
// 2^(w − 1) of them): one product per window instead of one per 1 bit (a dense product in
// GF(2^1260) costs about twenty squarings).
template <class F>
typename F::element pow_by_windows(const F& f, const std::vector<typename F::element>& odd,
                                   std::size_t w, const integer& e, const context& ctx) {
  typename F::element result = f.one();
  if (e == 0) return result;
  bool started = false;
  for (std::size_t i = msb(e) + 1; i-- > 0;) {  // bit i is the next one to read
    if (i % 256 == 0) ctx.poll();
    if (!bit_test(e, static_cast<unsigned>(i))) {
      if (started) result = f.square(result);
      continue;
    }
    // The window: bits i down to low, at most w of them, ending in a 1.
    std::size_t low = i + 1 >= w ? i + 1 - w : 0;
    while (!bit_test(e, static_cast<unsigned>(low))) ++low;
    std::size_t value = 0;
    for (std::size_t j = i + 1; j-- > low;) {
      value = 2 * value + (bit_test(e, static_cast<unsigned>(j)) ? 1 : 0);
      if (started) result = f.square(result);
    }
    result = started ? f.mul(result, odd[value / 2]) : odd[value / 2];
    started = true;
    i = low;  // the loop's i-- moves below the window
  }
  return result;
}

// x^e for e ≥ 0.
template <class F>
typename F::element pow(const F& f, const typename F::element& x, const integer& e,
                        const context& ctx) {
  const std::size_t w = window_bits(e);
  return pow_by_windows(f, odd_powers(f, x, w), w, e, ctx);
}

// x^e1 and x^e2, the odd powers of x made once (a product tree's two children).
template <class F>
std::pair<typename F::element, typename F::element> pow_pair(const F& f,
                                                             const typename F::element& x,
                                                             const integer& e1, const integer& e2,
                                                             const context& ctx) {
  const std::size_t w1 = window_bits(e1), w2 = window_bits(e2);
  const std::vector<typename F::element> odd = odd_powers(f, x, std::max(w1, w2));
  return {pow_by_windows(f, odd, w1, e1, ctx), pow_by_windows(f, odd, w2, e2, ctx)};
}

// The distinct primes of N = 2^d − 1 (the order of GF(2^d)^×), increasing.
std::vector<integer> group_order_primes(std::uint64_t d, const context& ctx);

// Where to split primes[low, high) (each of `bits(i)` bits) in a product tree: the halves of about
// equal bits, so a large prime sits near the root (a node's cost is the bits of its sibling's
// primes; splitting by count put the large primes of 2^1260 − 1 as deep as the small ones).
template <class Bits>
std::size_t weighted_middle(std::size_t low, std::size_t high, Bits bits) {
  std::uint64_t total = 0;
  for (std::size_t i = low; i < high; ++i) total += bits(i);
  std::size_t middle = low + 1;
  for (std::uint64_t sum = bits(low); middle + 1 < high && 2 * (sum + bits(middle)) <= total;) {
    sum += bits(middle++);
  }
  return middle;
}

// Whether x^(N/q) ≠ 1 for every prime q of `primes` (each dividing N): with N = 2^d − 1 and
// all its primes, whether x generates GF(2^d)^×. The powers share work in a product tree
// (von zur Gathen and Gerhard, "Modern Computer Algebra", §10.1 ideas; cost about
// log2(#primes)·log2(N) products instead of #primes·log2(N)).
template <class F>
bool no_prime_divides_order(const F& f, const typename F::element& y,
                            const std::vector<integer>& primes, std::size_t low, std::size_t high,
                            const context& ctx) {
  // y = x^(N / ∏ primes[low, high)).
  if (high - low == 1) return !(y == f.one());
  const std::size_t middle =
      weighted_middle(low, high, [&](std::size_t i) { return msb(primes[i]) + 1; });
  integer left = 1, right = 1;
  for (std::size_t i = low; i < middle; ++i) left *= primes[i];
  for (std::size_t i = middle; i < high; ++i) right *= primes[i];
  // The children's powers share the odd powers of y; the second is made only when the first
  // child passes.
  const std::size_t w_left = window_bits(right), w_right = window_bits(left);
  const std::vector<typename F::element> odd = odd_powers(f, y, std::max(w_left, w_right));
  return no_prime_divides_order(f, pow_by_windows(f, odd, w_left, right, ctx), primes, low, middle,
                                ctx) &&
         no_prime_divides_order(f, pow_by_windows(f, odd, w_right, left, ctx), primes, middle, high,
                                ctx);
}

template <class F>
bool generates(const F& f, const typename F::element& x, const integer& group_order,
               const std::vector<integer>& primes, const context& ctx) {
  if (primes.empty()) return x == f.one();  // GF(2)^× = {1}
  integer product = 1;
  for (const integer& q : primes) product *= q;
  return no_prime_divides_order(f, pow(f, x, group_order / product, ctx), primes, 0, primes.size(),
                                ctx);
}

// The multiplicative order of x ≠ 0 in GF(2^d)^×, given the prime factorisation q^e of
// N = 2^d − 1 (any N with x^N = 1 and its factorisation): in a product tree as
// no_prime_divides_order, y = x^(N / ∏ q^e) over a range of primes; at a prime, the least q^k with
// y^(q^k) = 1 is its part of the order. About log2(#primes)·log2(N) products instead of
// Σ e·log2(N) for dividing N by one prime at a time. N must be right: x^N = 1 is confirmed only
// through the primes of exponent above 1.
template <class F>
integer order_from_subtree(const F& f, const typename F::element& y,
                           const std::vector<std::pair<integer, unsigned>>& factors,
                           std::size_t low, std::size_t high, const context& ctx) {
  if (high - low == 1) {
    const auto& [q, e] = factors[low];
    // y^q = 1 given x^N = 1: for e = 1 the part is q unless y = 1, without the confirming power
    // (the primes of exponent 1 hold most of N's bits, so that power cost about one more
    // exponentiation over N).
    if (e == 1) return y == f.one() ? integer(1) : q;
    integer part = 1;
    typename F::element z = y;
    for (unsigned k = 0; !(z == f.one()); ++k) {
      if (k == e) throw internal_error("x^N ≠ 1 for the group order N given.");
      z = pow(f, z, q, ctx);
      part *= q;
    }
    return part;
  }
  const std::size_t middle = weighted_middle(
      low, high, [&](std::size_t i) { return (msb(factors[i].first) + 1) * factors[i].second; });
  integer left = 1, right = 1;
  for (std::size_t i = low; i < high; ++i) {
    for (unsigned k = 0; k < factors[i].second; ++k)
      (i < middle ? left : right) *= factors[i].first;
  }
  const auto [to_left, to_right] = pow_pair(f, y, right, left, ctx);
  return order_from_subtree(f, to_left, factors, low, middle, ctx) *
         order_from_subtree(f, to_right, factors, middle, high, ctx);
}

template <class F>
integer element_order(const F& f, const typename F::element& x,
                      const std::vector<std::pair<integer, unsigned>>& factors,
                      const context& ctx) {
  if (factors.empty()) return 1;  // GF(2)^× = {1}
  return order_from_subtree(f, x, factors, 0, factors.size(), ctx);
}

// Calls work(f, ...) with the operations of the smallest field above holding all the values.
template <class Work>
auto with_field_of(const std::vector<ordinal>& values, const context& ctx, Work&& work) {
  bool finite = true;
  std::uint64_t bits = 0;
  for (const ordinal& v : values) {
    finite = finite && v.is_finite();
    if (v.is_finite()) bits = std::max(bits, v.finite_part().bit_length());
  }
  if (finite && bits <= 64) return work(word_operations{});
  if (finite && bits <= 128) return work(double_word_operations{});
  if (finite) return work(nimber_operations{&ctx});
  const auto field = cached_spanning_field(values, ctx);
  return work(tower_operations{field.get()});
}

}  // namespace cas::detail
