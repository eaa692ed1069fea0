#pragma once
// Dense polynomials over a finite field F of characteristic 2 and the factoring algorithms of
// docs/spec/arithmetic.md §5 on them (private to cas). F is word_field or tower_adapter
// (factoring_fields.hpp); a polynomial is its coefficient vector, lowest degree first, with no zero
// at the top.
//
// References: square-free decomposition and distinct-degree factorisation as in von zur Gathen
// and Gerhard, Modern Computer Algebra, §14.2–14.6; equal-degree splitting in characteristic 2
// by the trace map (Cantor and Zassenhaus 1981; docs/spec/arithmetic.md §5 step 3).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"

namespace cas::detail {

template <class F>
class field_polynomials {
 public:
  using element = typename F::element;
  using poly = std::vector<element>;

  field_polynomials(const F& field, const context& ctx) : field_(field), ctx_(ctx) {}
  const F& field() const noexcept { return field_; }

  void trim(poly& a) const {
    while (!a.empty() && F::is_zero(a.back())) a.pop_back();
  }
  static long long degree(const poly& a) { return static_cast<long long>(a.size()) - 1; }
  poly one() const { return poly{field_.one()}; }
  poly x() const { return poly{field_.zero(), field_.one()}; }
  bool is_one(const poly& a) const { return a.size() == 1 && a[0] == field_.one(); }

  poly add(const poly& a, const poly& b) const {
    poly sum = a.size() >= b.size() ? a : b;
    const poly& other = a.size() >= b.size() ? b : a;
    for (std::size_t i = 0; i < other.size(); ++i) sum[i] = F::add(sum[i], other[i]);
    trim(sum);
    return sum;
  }

  poly mul(const poly& a, const poly& b) const {
    if (a.empty() || b.empty()) return {};
    poly product(a.size() + b.size() - 1, field_.zero());
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (F::is_zero(a[i])) continue;
      field_.multiply_add(product.data() + i, a[i], b.data(), b.size());
    }
    trim(product);
    return product;
  }

  // a² = Σ a_i² x^(2i) (characteristic 2).
  poly square(const poly& a) const {
    if (a.empty()) return {};
    poly s(2 * a.size() - 1, field_.zero());
    for (std::size_t i = 0; i < a.size(); ++i) s[2 * i] = field_.square(a[i]);
    return s;
  }

  // (quotient, remainder) of a by m ≠ 0.
  std::pair<poly, poly> divmod(poly a, const poly& m) const {
    if (a.size() < m.size()) return {poly{}, std::move(a)};
    const element lead_inverse = field_.inverse(m.back());
    const bool monic = m.back() == field_.one();
    poly q(a.size() - m.size() + 1, field_.zero());
    for (std::size_t k = q.size(); k-- > 0;) {
      const element top = a[k + m.size() - 1];
      if (F::is_zero(top)) continue;
      const element c = monic ? top : field_.mul(top, lead_inverse);
      q[k] = c;
      field_.multiply_add(a.data() + k, c, m.data(), m.size());
    }
    a.resize(m.size() - 1);
    trim(a);
    trim(q);
    return {std::move(q), std::move(a)};
  }
  poly rem(poly a, const poly& m) const { return divmod(std::move(a), m).second; }
  poly quo(poly a, const poly& m) const { return divmod(std::move(a), m).first; }

  poly monic(poly a) const {
    if (a.empty() || a.back() == field_.one()) return a;
    const element inverse = field_.inverse(a.back());
    for (element& c : a) c = field_.mul(c, inverse);
    return a;
  }

  poly gcd(poly a, poly b) const {
    while (!b.empty()) {
      ctx_.poll();
      poly r = rem(std::move(a), b);
      a = std::move(b);
      b = std::move(r);
    }
    return monic(std::move(a));
  }

  poly derivative(const poly& a) const {
    if (a.size() <= 1) return {};
    poly d(a.size() - 1, field_.zero());
    for (std::size_t i = 1; i < a.size(); i += 2) d[i - 1] = a[i];
    trim(d);
    return d;
  }

  // The square root of a polynomial whose odd coefficients are zero (a' = 0).
  poly square_root(const poly& a) const {
    poly r((a.size() + 1) / 2, field_.zero());
    for (std::size_t i = 0; i < r.size(); ++i) r[i] = field_.sqrt(a[2 * i]);
    trim(r);
    return r;
  }

  // f = ∏ g_i^(m_i) for monic f: the square-free, pairwise coprime g_i (non-constant) with m_i
  // (Yun's algorithm adapted to characteristic 2: when the derivative vanishes, take the square
  // root and double the multiplicities).
  std::vector<std::pair<poly, std::uint64_t>> square_free(const poly& f) const {
    std::vector<std::pair<poly, std::uint64_t>> out;
    square_free_into(f, 1, out);
    return out;
  }

  // Distinct-degree factorisation of a monic square-free f: pairs (g, j) with g the product of
  // the irreducible factors of degree j. h runs through x^(q^j) mod f, q = 2^E, by the Frobenius
  // matrix (rows x^(q·i) mod f): on coefficients in GF(q), h^q = Σ h_i·x^(q·i).
  std::vector<std::pair<poly, std::uint64_t>> distinct_degree(const poly& f) const {
    std::vector<std::pair<poly, std::uint64_t>> out;
    const std::size_t n = f.size() - 1;
    if (n == 1) {
      out.emplace_back(f, 1);
      return out;
    }
    const std::vector<poly> frobenius = frobenius_matrix(f, field_.degree());
    poly rest = f;
    poly h = x();
    for (std::uint64_t j = 1; 2 * j <= static_cast<std::uint64_t>(degree(rest)); ++j) {
      ctx_.poll();
      h = apply(frobenius, h);
      poly d = gcd(rest, add(h, x()));
      if (degree(d) > 0) {
        rest = quo(rest, d);
        out.emplace_back(std::move(d), j);
      }
    }
    if (degree(rest) > 0) {
      const auto j = static_cast<std::uint64_t>(degree(rest));
      out.emplace_back(std::move(rest), j);
    }
    return out;
  }

  // Splits g, a monic product of distinct irreducible factors of degree j, into them: for a
  // random δ of degree < deg g, T = Σ_(i < E·j) δ^(2^i) mod g takes a value in GF(2) modulo each
  // factor (the absolute trace of GF(q^j)), so gcd(g, T) separates two given factors with
  // probability 1/2.
  void equal_degree(const poly& g, std::uint64_t j, std::mt19937_64& rng,
                    std::vector<poly>& out) const {
    const auto n = static_cast<std::uint64_t>(degree(g));
    if (n == j) {
      out.push_back(g);
      return;
    }
    const std::uint64_t squarings = field_.degree() * j;
    for (;;) {
      poly delta(n, field_.zero());
      for (element& c : delta) c = field_.random(rng);
      trim(delta);
      if (delta.empty()) continue;
      poly d = gcd(g, trace_sum(std::move(delta), squarings, g));
      if (degree(d) > 0 && static_cast<std::uint64_t>(degree(d)) < n) {
        equal_degree(d, j, rng, out);
        equal_degree(quo(g, d), j, rng, out);
        return;
      }
    }
  }

  // One root of g, a monic product of distinct linear factors whose roots lie in the subfield
  // GF(2^(e·m)) of F, with GF(q) = GF(2^e) a subfield too. For δ uniform in GF(2^(e·m)) (from
  // `random_in_subfield`), T = Σ_(i < m) (δx)^(q^i) mod g is the relative trace of δ·r down to
  // GF(q) modulo x + r, and U = Σ_(i < e) T^(2^i) mod g its absolute trace, so gcd(g, U)
  // separates two given roots with probability 1/2. The q-th powers come from the rows
  // x^(q·k) mod g (h^q = Σ h_k^q·x^(q·k)): m semilinear products of j² field products each,
  // instead of e·m squarings modulo g (von zur Gathen and Gerhard, §14.3, with the trace
  // factored through GF(q)). Only the smaller part is split further.
  template <class Random>
  element one_root(poly g, std::uint64_t e, std::uint64_t m, Random& random_in_subfield) const {
    std::vector<poly> rows;
    while (degree(g) > 1) {
      if (rows.size() != g.size() - 1) rows = frobenius_matrix(g, e);
      const element delta = random_in_subfield();
      if (F::is_zero(delta)) continue;
      poly t = rem(poly{field_.zero(), delta}, g);
      poly relative_trace = t;
      for (std::uint64_t i = 1; i < m; ++i) {
        ctx_.poll();
        t = apply_semilinear(rows, t, e);
        relative_trace = add(relative_trace, t);
      }
      poly factor = gcd(g, trace_sum(std::move(relative_trace), e, g));
      if (degree(factor) > 0 && degree(factor) < degree(g)) {
        poly other = quo(g, factor);
        g = degree(factor) <= degree(other) ? std::move(factor) : std::move(other);
      }
    }
    return g[0];  // g = x + r, r = g[0] in characteristic 2
  }

  // The monic irreducible factors of a monic square-free f.
  std::vector<poly> irreducible_factors(const poly& f, std::mt19937_64& rng) const {
    std::vector<poly> out;
    for (const auto& [g, j] : distinct_degree(f)) equal_degree(g, j, rng, out);
    return out;
  }

 private:
  // Σ_(i < count) t^(2^i) mod g.
  poly trace_sum(poly t, std::uint64_t count, const poly& g) const {
    poly sum = t;
    for (std::uint64_t i = 1; i < count; ++i) {
      ctx_.poll();
      t = rem(square(t), g);
      sum = add(sum, t);
    }
    return sum;
  }

  void square_free_into(const poly& f, std::uint64_t scale,
                        std::vector<std::pair<poly, std::uint64_t>>& out) const {
    const poly d = derivative(f);
    if (d.empty()) {  // f is a square
      if (degree(f) > 0) square_free_into(square_root(f), 2 * scale, out);
      return;
    }
    poly c = gcd(f, d);
    poly w = quo(f, c);
    for (std::uint64_t i = 1; degree(w) > 0; ++i) {
      ctx_.poll();
      poly y = gcd(w, c);
      poly factor = quo(w, y);
      if (degree(factor) > 0) out.emplace_back(std::move(factor), i * scale);
      c = quo(c, y);
      w = std::move(y);
    }
    if (degree(c) > 0) square_free_into(square_root(c), 2 * scale, out);  // c' = 0 now
  }

  // The rows x^(q·i) mod f, i < deg f, q = 2^e.
  std::vector<poly> frobenius_matrix(const poly& f, std::uint64_t e) const {
    const std::size_t n = f.size() - 1;
    poly xq = x();  // x^q = x^(2^e) by e squarings
    for (std::uint64_t i = 0; i < e; ++i) {
      ctx_.poll();
      xq = rem(square(xq), f);
    }
    std::vector<poly> rows;
    rows.reserve(n);
    rows.push_back(one());
    for (std::size_t i = 1; i < n; ++i) {
      ctx_.poll();
      // x^(q·i) = (x^(q·i/2))² for even i: a square costs deg f field squarings, not a product.
      rows.push_back(i % 2 == 0 ? rem(square(rows[i / 2]), f) : rem(mul(rows.back(), xq), f));
    }
    return rows;
  }

  poly apply(const std::vector<poly>& rows, const poly& h) const {
    poly out(rows.size(), field_.zero());
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (F::is_zero(h[i])) continue;
      const poly& row = rows[i];
      field_.multiply_add(out.data(), h[i], row.data(), row.size());
    }
    trim(out);
    return out;
  }

  // h^q mod f = Σ h_k^q·x^(q·k) mod f for the rows of frobenius_matrix(f, e), q = 2^e.
  poly apply_semilinear(const std::vector<poly>& rows, const poly& h, std::uint64_t e) const {
    poly powered = h;
    for (element& c : powered) c = field_.frobenius(c, e);
    return apply(rows, powered);
  }

  const F& field_;
  const context& ctx_;
};

}  // namespace cas::detail
