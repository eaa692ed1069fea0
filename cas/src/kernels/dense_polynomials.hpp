#pragma once
// The one dense-polynomial core of cas (issue 19; private to cas): products (schoolbook below a
// threshold, Karatsuba above), division with remainder (long division, or Newton's iteration on
// the reversed divisor for large operands), gcd and extended gcd of polynomials over a field of
// characteristic 2. A polynomial is its coefficient vector, lowest degree first, no zero at the
// top. It serves cas::polynomial (poly/polynomial.cpp), the factoring fields (field_polynomials:
// word_field, tower_adapter, polynomial_basis_field, extension_field), polynomial_basis_field's
// products for b = 64 and the tower's carry-less products and Euclid (tower_arithmetic.cpp),
// which is why it sits in kernels, below tower and poly (docs/architecture.md).
//
// References: Karatsuba and Ofman 1962; division by Newton's iteration and the extended
// Euclidean algorithm as in von zur Gathen and Gerhard, Modern Computer Algebra, §8.1, §9.1
// (Algorithms 9.3, 9.5) and Algorithm 3.14.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"

namespace cas::detail {

// The ring Karatsuba runs in. `value` is an operand's coefficient type and `sum` the product's,
// which may be wider: a ring that sums products unreduced (128-bit carry-less sums of 64-bit
// words) reduces each coefficient once, after the whole product. R offers
//   R::add(value&, const value&), R::add(sum&, const sum&) (in place),
//   r.value_zero(), r.sum_zero(), r.threshold() (below it, the schoolbook), and
//   r.schoolbook(c, a, an, b, bn): c[0, an + bn − 1) += a·b.
template <class R>
concept karatsuba_ring = requires(const R& r, typename R::value& v, typename R::sum& s,
                                  typename R::sum* c, const typename R::value* a, std::size_t n) {
  R::add(v, v);
  R::add(s, s);
  { r.value_zero() } -> std::convertible_to<typename R::value>;
  { r.sum_zero() } -> std::convertible_to<typename R::sum>;
  { r.threshold() } -> std::convertible_to<std::size_t>;
  r.schoolbook(c, a, n, a, n);
};

// Scratch for karatsuba_balanced on n coefficients: its values and its sums (each level takes
// under n + 1 values and 3·n + 3 sums, the levels below the rest).
template <karatsuba_ring R>
struct karatsuba_scratch {
  std::vector<typename R::value> values;
  std::vector<typename R::sum> sums;
  karatsuba_scratch(const R& r, std::size_t n)
      : values(2 * n + 128, r.value_zero()), sums(6 * n + 256, r.sum_zero()) {}
};

// c[0, 2n − 1) += a·b for n coefficients each: a·b = a0b0 + X^h·((a0 + a1)(b0 + b1) + a0b0 +
// a1b1) + X^(2h)·a1b1 with a = a0 + X^h·a1, h = ⌈n/2⌉ (characteristic 2: minus is plus).
// `values` and `sums` are karatsuba_scratch's.
template <karatsuba_ring R>
void karatsuba_balanced(const R& r, typename R::sum* c, const typename R::value* a,
                        const typename R::value* b, std::size_t n, typename R::value* values,
                        typename R::sum* sums) {
  if (n < std::max<std::size_t>(r.threshold(), 2)) {
    r.schoolbook(c, a, n, b, n);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  typename R::value* sa = values;
  typename R::value* sb = values + h;
  std::copy(a, a + h, sa);
  std::copy(b, b + h, sb);
  for (std::size_t i = 0; i < l; ++i) {
    R::add(sa[i], a[h + i]);
    R::add(sb[i], b[h + i]);
  }
  typename R::sum* low = sums;
  typename R::sum* middle = low + (2 * h - 1);
  typename R::sum* high = middle + (2 * h - 1);
  typename R::sum* rest = high + (2 * l - 1);
  std::fill(low, rest, r.sum_zero());
  karatsuba_balanced(r, low, a, b, h, values + 2 * h, rest);
  karatsuba_balanced(r, high, a + h, b + h, l, values + 2 * h, rest);
  karatsuba_balanced(r, middle, sa, sb, h, values + 2 * h, rest);
  for (std::size_t i = 0; i < 2 * h - 1; ++i) {
    R::add(middle[i], low[i]);
    R::add(c[i], low[i]);
  }
  for (std::size_t i = 0; i < 2 * l - 1; ++i) {
    R::add(middle[i], high[i]);
    R::add(c[2 * h + i], high[i]);
  }
  for (std::size_t i = 0; i < 2 * h - 1; ++i) R::add(c[h + i], middle[i]);
}

// c[0, an + bn − 1) += a·b for an, bn ≥ 1: the schoolbook when the shorter operand is below the
// threshold, else Karatsuba on blocks of the shorter operand's length.
template <karatsuba_ring R>
void karatsuba_product(const R& r, typename R::sum* c, const typename R::value* a, std::size_t an,
                       const typename R::value* b, std::size_t bn) {
  if (an < bn) {
    std::swap(a, b);
    std::swap(an, bn);
  }
  if (bn < r.threshold()) {
    r.schoolbook(c, a, an, b, bn);
    return;
  }
  karatsuba_scratch<R> scratch(r, bn);
  for (std::size_t start = 0; start < an; start += bn) {
    const std::size_t length = std::min(bn, an - start);
    if (length == bn) {
      karatsuba_balanced(r, c + start, a + start, b, bn, scratch.values.data(),
                         scratch.sums.data());
    } else {
      karatsuba_product(r, c + start, b, bn, a + start, length);
    }
  }
}

// The operations of a coefficient field that the core needs: the interface word_field,
// tower_adapter (factoring_fields.hpp), polynomial_basis_field, extension_field and the tower's
// levels share. multiply_add(dst, c, src, n) is dst[i] += c·src[i] for i < n.
template <class F>
concept dense_coefficient_field = requires(const F& f, const typename F::element& x,
                                           typename F::element* dst, const typename F::element* src,
                                           std::size_t n) {
  { f.zero() } -> std::convertible_to<typename F::element>;
  { f.one() } -> std::convertible_to<typename F::element>;
  { F::is_zero(x) } -> std::convertible_to<bool>;
  { F::add(x, x) } -> std::convertible_to<typename F::element>;
  { f.mul(x, x) } -> std::convertible_to<typename F::element>;
  { f.square(x) } -> std::convertible_to<typename F::element>;
  { f.inverse(x) } -> std::convertible_to<typename F::element>;
  f.multiply_add(dst, x, src, n);
};

template <dense_coefficient_field F>
class dense_polynomials {
 public:
  using element = typename F::element;
  using poly = std::vector<element>;

  // From how many coefficients of the shorter operand on Karatsuba beats the schoolbook: the
  // field's karatsuba_threshold when it names one, else 16.
  static constexpr std::size_t karatsuba_threshold() {
    if constexpr (requires { F::karatsuba_threshold; }) {
      return F::karatsuba_threshold;
    } else {
      return 16;
    }
  }
  // Whether F multiplies whole polynomials itself (polynomial_basis_field: Kronecker
  // substitution on the GF(2)[x] core), and from how many coefficients on.
  static constexpr bool own_products = requires(const F& f, element* out, const element* in) {
    f.multiply_polynomials(out, in, std::size_t{1}, in, std::size_t{1});
  };
  static constexpr std::size_t own_product_threshold = 16;
  // From this divisor length and quotient length on, division by Newton's iteration.
  static constexpr std::size_t newton_division_threshold() { return 4 * karatsuba_threshold(); }

  dense_polynomials(const F& field, const context& ctx) : field_(field), ctx_(ctx) {}
  const F& field() const noexcept { return field_; }

  static void add_into(element& x, const element& y) {
    if constexpr (requires { F::add_into(x, y); }) {
      F::add_into(x, y);
    } else {
      x = F::add(x, y);
    }
  }

  void trim(poly& a) const {
    while (!a.empty() && F::is_zero(a.back())) a.pop_back();
  }

  // The field as a Karatsuba ring: products reduced, the schoolbook by rows of multiply_add.
  struct field_ring {
    using value = element;
    using sum = element;
    const dense_polynomials* core;
    static void add(element& x, const element& y) { add_into(x, y); }
    element value_zero() const { return core->field_.zero(); }
    element sum_zero() const { return core->field_.zero(); }
    static constexpr std::size_t threshold() { return karatsuba_threshold(); }
    void schoolbook(element* c, const element* a, std::size_t an, const element* b,
                    std::size_t bn) const {
      core->ctx_.poll();
      // Rows along the longer operand: multiply_add batches them.
      if (an < bn) {
        std::swap(a, b);
        std::swap(an, bn);
      }
      for (std::size_t i = 0; i < bn; ++i) {
        if (!F::is_zero(b[i])) core->field_.multiply_add(c + i, b[i], a, an);
      }
    }
  };

  // out[0, an + bn − 1) = a·b (an, bn ≥ 1; out does not overlap a or b).
  void multiply(element* out, const element* a, std::size_t an, const element* b,
                std::size_t bn) const {
    if constexpr (own_products) {
      if (std::min(an, bn) >= own_product_threshold) {
        field_.multiply_polynomials(out, a, an, b, bn);
        return;
      }
    }
    std::fill(out, out + an + bn - 1, field_.zero());
    karatsuba_product(field_ring{this}, out, a, an, b, bn);
  }

  poly mul(const poly& a, const poly& b) const {
    if (a.empty() || b.empty()) return {};
    poly product(a.size() + b.size() - 1, field_.zero());
    multiply(product.data(), a.data(), a.size(), b.data(), b.size());
    trim(product);
    return product;
  }

  // The schoolbook product (rows of multiply_add): the reference the tests hold mul to.
  poly schoolbook_mul(const poly& a, const poly& b) const {
    if (a.empty() || b.empty()) return {};
    poly product(a.size() + b.size() - 1, field_.zero());
    field_ring{this}.schoolbook(product.data(), a.data(), a.size(), b.data(), b.size());
    trim(product);
    return product;
  }

  poly monic(poly a) const {
    if (a.empty() || a.back() == field_.one()) return a;
    const element inverse = field_.inverse(a.back());
    for (element& c : a) c = field_.mul(c, inverse);
    return a;
  }

  // h^(−1) mod x^k for h[0] ≠ 0, k ≥ 1, by Newton's iteration g ← g·(2 − h·g) = h·g²
  // (characteristic 2), doubling the precision.
  poly inverse_series(const poly& h, std::size_t k) const {
    poly g{field_.inverse(h.front())};
    for (std::size_t l = 1; l < k;) {
      ctx_.poll();
      l = std::min(2 * l, k);
      poly g2(2 * g.size() - 1, field_.zero());
      for (std::size_t i = 0; i < g.size(); ++i) g2[2 * i] = field_.square(g[i]);
      poly head(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(std::min(l, h.size())));
      trim(head);
      trim(g2);
      if (g2.size() > l) g2.resize(l);
      g = mul(head, g2);
      if (g.size() > l) g.resize(l);
      trim(g);
    }
    return g;
  }

  // (quotient, remainder) of a by m ≠ 0: long division, or for a long quotient and divisor
  // rev(q) = rev(a)·rev(m)^(−1) mod x^k (k the quotient's length) and r = a − q·m.
  std::pair<poly, poly> divmod(poly a, const poly& m) const {
    trim(a);
    if (a.size() < m.size()) return {poly{}, std::move(a)};
    const std::size_t k = a.size() - m.size() + 1;
    if (std::min(k, m.size()) >= newton_division_threshold()) return newton_divmod(a, m, k);
    return long_divmod(std::move(a), m);
  }
  poly rem(poly a, const poly& m) const { return divmod(std::move(a), m).second; }
  poly quo(poly a, const poly& m) const { return divmod(std::move(a), m).first; }

  // Long division, the reference the tests hold divmod to.
  std::pair<poly, poly> long_divmod(poly a, const poly& m) const {
    trim(a);
    if (a.size() < m.size()) return {poly{}, std::move(a)};
    const element lead_inverse = field_.inverse(m.back());
    const bool is_monic = m.back() == field_.one();
    poly q(a.size() - m.size() + 1, field_.zero());
    for (std::size_t k = q.size(); k-- > 0;) {
      if (k % 64 == 0) ctx_.poll();
      const element top = a[k + m.size() - 1];
      if (F::is_zero(top)) continue;
      const element c = is_monic ? top : field_.mul(top, lead_inverse);
      q[k] = c;
      field_.multiply_add(a.data() + k, c, m.data(), m.size());
    }
    a.resize(m.size() - 1);
    trim(a);
    trim(q);
    return {std::move(q), std::move(a)};
  }

  // The monic gcd of a and b (empty when both are zero), by Euclid's algorithm.
  poly gcd(poly a, poly b) const {
    trim(a);
    trim(b);
    while (!b.empty()) {
      ctx_.poll();
      poly r = rem(std::move(a), b);
      a = std::move(b);
      b = std::move(r);
    }
    return monic(std::move(a));
  }

  // d = s·a + t·b with d the monic gcd (all empty when a = b = 0), s and t those of the
  // extended Euclidean algorithm (Modern Computer Algebra, Algorithm 3.14).
  struct bezout {
    poly d, s, t;
  };
  bezout xgcd(poly a, poly b) const {
    trim(a);
    trim(b);
    // Invariant: r0 = s0·a + t0·b and r1 = s1·a + t1·b.
    poly r0 = std::move(a), r1 = std::move(b);
    poly s0{field_.one()}, s1, t0, t1{field_.one()};
    while (!r1.empty()) {
      ctx_.poll();
      auto [q, r] = divmod(r0, r1);
      poly s = add(s0, mul(q, s1));
      poly t = add(t0, mul(q, t1));
      r0 = std::exchange(r1, std::move(r));
      s0 = std::exchange(s1, std::move(s));
      t0 = std::exchange(t1, std::move(t));
    }
    if (r0.empty()) return {};
    const element unit = field_.inverse(r0.back());
    for (poly* p : {&r0, &s0, &t0}) {
      for (element& c : *p) c = field_.mul(c, unit);
    }
    return {std::move(r0), std::move(s0), std::move(t0)};
  }

  poly add(const poly& a, const poly& b) const {
    poly sum = a.size() >= b.size() ? a : b;
    const poly& other = a.size() >= b.size() ? b : a;
    for (std::size_t i = 0; i < other.size(); ++i) add_into(sum[i], other[i]);
    trim(sum);
    return sum;
  }

 private:
  std::pair<poly, poly> newton_divmod(const poly& a, const poly& m, std::size_t k) const {
    const poly reversed_m(m.rbegin(), m.rend());  // constant term lc(m) ≠ 0
    poly reversed_a(a.rbegin(), a.rbegin() + static_cast<std::ptrdiff_t>(k));
    trim(reversed_a);
    poly reversed_q = mul(reversed_a, inverse_series(reversed_m, k));
    reversed_q.resize(k, field_.zero());
    poly q(reversed_q.rbegin(), reversed_q.rend());
    trim(q);
    const poly qm = mul(q, m);
    poly r(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m.size() - 1));
    for (std::size_t i = 0; i < r.size() && i < qm.size(); ++i) add_into(r[i], qm[i]);
    trim(r);
    return {std::move(q), std::move(r)};
  }

  const F& field_;
  const context& ctx_;
};

}  // namespace cas::detail
