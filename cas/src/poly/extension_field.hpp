#pragma once
// GF(q^j) = K[y]/(m) for a machine-word field K = GF(q), q = 2^E, and m monic irreducible of
// degree j over K (private to cas): an element is its j coefficients over K, lowest first. It
// offers the operations field_polynomials needs (factoring_fields.hpp), so polynomials over
// GF(q^j) can be split in this compact form rather than in a tower field whose κ's make it many
// times larger than GF(q^j) (polynomial_factoring.cpp, roots).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"

namespace cas::detail {

template <class K>
class extension_field {
 public:
  using base_element = typename K::element;
  using element = std::vector<base_element>;  // exactly j coefficients

  // m: monic, irreducible over K, of degree j ≥ 1, lowest coefficient first.
  extension_field(const K& base, std::vector<base_element> m)
      : base_(base), m_(std::move(m)), j_(m_.size() - 1) {
    // y^(q·k) mod m, k < j: the rows of the q-th power map (c^q = c for c in K).
    element yq = zero();
    if (j_ > 1) {
      yq[1] = base_.one();
    } else {
      yq[0] = base_.add(base_.zero(), m_[0]);  // y = −m_0 = m_0
    }
    for (std::uint64_t i = 0; i < base_.degree(); ++i) yq = square(yq);
    rows_.push_back(one());
    for (std::size_t k = 1; k < j_; ++k) rows_.push_back(mul(rows_.back(), yq));
  }

  std::uint64_t degree() const noexcept { return base_.degree() * j_; }
  const K& base() const noexcept { return base_; }
  element zero() const { return element(j_, base_.zero()); }
  element one() const {
    element x = zero();
    x[0] = base_.one();
    return x;
  }
  element constant(base_element c) const {
    element x = zero();
    x[0] = c;
    return x;
  }
  static bool is_zero(const element& x) {
    for (const base_element& c : x) {
      if (!K::is_zero(c)) return false;
    }
    return true;
  }
  // Whether x lies in K: products by it are j products in K.
  static bool in_packed_base(const element& x) {
    for (std::size_t i = 1; i < x.size(); ++i) {
      if (!K::is_zero(x[i])) return false;
    }
    return true;
  }
  static element add(const element& x, const element& y) {
    element sum = x;
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] = K::add(sum[i], y[i]);
    return sum;
  }

  element mul(const element& x, const element& y) const {
    if (in_packed_base(x)) return scaled(y, x[0]);
    if (in_packed_base(y)) return scaled(x, y[0]);
    element product(2 * j_ - 1, base_.zero());
    for (std::size_t i = 0; i < j_; ++i) {
      if (!K::is_zero(x[i])) base_.multiply_add(product.data() + i, x[i], y.data(), j_);
    }
    return reduced(std::move(product));
  }
  element square(const element& x) const {
    element s(2 * j_ - 1, base_.zero());
    for (std::size_t i = 0; i < j_; ++i) s[2 * i] = base_.square(x[i]);
    return reduced(std::move(s));
  }
  // By the extended Euclidean algorithm in K[y] against m; math_error for 0.
  element inverse(const element& x) const {
    if (is_zero(x)) throw math_error("Internal error: the inverse of 0 in GF(q^j).");
    // Invariants: a ≡ s·x (mod m), b ≡ t·x (mod m).
    std::vector<base_element> a = m_, b = trimmed(x);
    std::vector<base_element> s, t{base_.one()};
    while (b.size() > 1) {
      // a = quotient·b + remainder.
      const base_element lead_inverse = base_.inverse(b.back());
      std::vector<base_element> quotient(a.size() - b.size() + 1, base_.zero());
      for (std::size_t k = quotient.size(); k-- > 0;) {
        const base_element top = a[k + b.size() - 1];
        if (K::is_zero(top)) continue;
        const base_element c = base_.mul(top, lead_inverse);
        quotient[k] = c;
        base_.multiply_add(a.data() + k, c, b.data(), b.size());
      }
      a.resize(b.size() - 1);
      a = trimmed(std::move(a));
      // s − quotient·t.
      std::vector<base_element> next(std::max(s.size(), quotient.size() + t.size() - 1),
                                     base_.zero());
      for (std::size_t i = 0; i < s.size(); ++i) next[i] = s[i];
      for (std::size_t i = 0; i < quotient.size(); ++i) {
        if (!K::is_zero(quotient[i]))
          base_.multiply_add(next.data() + i, quotient[i], t.data(), t.size());
      }
      s = std::move(t);
      t = trimmed(std::move(next));
      std::swap(a, b);
    }
    // b = c, a nonzero constant (m is irreducible): x^(−1) = t / c.
    const base_element c_inverse = base_.inverse(b[0]);
    element out = zero();
    const element tt = reduced_any(std::move(t));
    for (std::size_t i = 0; i < j_; ++i) out[i] = base_.mul(tt[i], c_inverse);
    return out;
  }
  // x^(2^s): the q-th power map by its rows s / E times, then s mod E squarings.
  element frobenius(const element& x, std::uint64_t s) const {
    s %= degree();
    element y = x;
    for (std::uint64_t i = 0; i < s / base_.degree(); ++i) {
      element image = zero();
      for (std::size_t k = 0; k < j_; ++k) {
        if (!K::is_zero(y[k])) base_.multiply_add(image.data(), y[k], rows_[k].data(), j_);
      }
      y = std::move(image);
    }
    for (std::uint64_t i = 0; i < s % base_.degree(); ++i) y = square(y);
    return y;
  }
  element sqrt(const element& x) const { return frobenius(x, degree() - 1); }
  void multiply_add(element* dst, const element& c, const element* src, std::size_t n) const {
    if (is_zero(c)) return;
    const bool c_in_base = in_packed_base(c);
    for (std::size_t i = 0; i < n; ++i) {
      if (c_in_base) {
        base_.multiply_add(dst[i].data(), c[0], src[i].data(), j_);
      } else if (in_packed_base(src[i])) {
        base_.multiply_add(dst[i].data(), src[i][0], c.data(), j_);
      } else {
        const element product = mul(c, src[i]);
        for (std::size_t k = 0; k < j_; ++k) dst[i][k] = K::add(dst[i][k], product[k]);
      }
    }
  }
  element random(std::mt19937_64& rng) const {
    element x(j_);
    for (base_element& c : x) c = base_.random(rng);
    return x;
  }
  // A uniformly random element of GF(2^d), d dividing E·j: the trace down to it of a random
  // element.
  element random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const {
    element y = random(rng);
    element trace = y;
    for (std::uint64_t i = d; i < degree(); i += d) {
      y = frobenius(y, d);
      trace = add(trace, y);
    }
    return trace;
  }

 private:
  element scaled(const element& x, base_element c) const {
    element out = zero();
    if (!K::is_zero(c)) base_.multiply_add(out.data(), c, x.data(), j_);
    return out;
  }
  std::vector<base_element> trimmed(std::vector<base_element> a) const {
    while (!a.empty() && K::is_zero(a.back())) a.pop_back();
    return a;
  }
  // p mod m for p of at most 2j − 1 coefficients, as j coefficients.
  element reduced(element p) const {
    for (std::size_t k = p.size(); k-- > j_;) {
      const base_element c = p[k];
      if (!K::is_zero(c)) base_.multiply_add(p.data() + k - j_, c, m_.data(), j_ + 1);
    }
    p.resize(j_, base_.zero());
    return p;
  }
  element reduced_any(std::vector<base_element> p) const {
    if (p.size() < j_) p.resize(j_, base_.zero());
    return reduced(std::move(p));
  }

  const K& base_;
  std::vector<base_element> m_;
  std::size_t j_;
  std::vector<element> rows_;  // y^(q·k) mod m
};

}  // namespace cas::detail
