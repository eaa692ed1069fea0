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
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "kernels/dense_polynomials.hpp"

namespace cas::detail {

template <class F>
class field_polynomials {
 public:
  using element = typename F::element;
  using poly = std::vector<element>;

  field_polynomials(const F& field, const context& ctx)
      : field_(field), ctx_(ctx), core_(field, ctx) {}
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

  // Whether F multiplies whole polynomials (polynomial_basis_field: Kronecker substitution), and
  // from how many coefficients on: the factoring algorithms that pay only with such products
  // (Barrett remainders, baby steps and giant steps) are chosen by it.
  static constexpr bool fast_products = dense_polynomials<F>::own_products;
  static constexpr std::size_t fast_product_threshold = dense_polynomials<F>::own_product_threshold;

  // Products, division, gcd: the dense-polynomial core (kernels/dense_polynomials.hpp).
  const dense_polynomials<F>& core() const noexcept { return core_; }
  poly mul(const poly& a, const poly& b) const { return core_.mul(a, b); }

  // a² = Σ a_i² x^(2i) (characteristic 2).
  poly square(const poly& a) const {
    if (a.empty()) return {};
    poly s(2 * a.size() - 1, field_.zero());
    for (std::size_t i = 0; i < a.size(); ++i) s[2 * i] = field_.square(a[i]);
    return s;
  }

  // (quotient, remainder) of a by m ≠ 0.
  std::pair<poly, poly> divmod(poly a, const poly& m) const {
    return core_.divmod(std::move(a), m);
  }
  poly rem(poly a, const poly& m) const { return divmod(std::move(a), m).second; }

  // a mod x^k.
  static poly truncated(poly a, std::size_t k) {
    if (a.size() > k) a.resize(k);
    return a;
  }

  // Remainders modulo a fixed m ≠ 0 of degree n: for F with fast products and a of degree
  // ≤ 2n − 2 (a product of two remainders), Barrett's method with the quotient from the inverse of
  // the reversed modulus, computed once by Newton's iteration (von zur Gathen and Gerhard, Modern
  // Computer Algebra, §9.1, Algorithms 9.3 and 9.5): two products of degree n instead of n² field
  // products; else long division.
  class modulus {
   public:
    modulus(const field_polynomials& ring, const poly& m) : ring_(ring), m_(ring.monic(m)) {
      n_ = m_.size() - 1;
      if constexpr (fast_products) {
        barrett_ = n_ >= fast_product_threshold;
        if (barrett_) {
          // rev(m) = x^n·m(1/x) has constant term 1; its inverse mod x^(n−1) by Newton's
          // iteration g ← 2g − rev(m)·g² = rev(m)·g² (characteristic 2), doubling the precision.
          poly reversed(m_.rbegin(), m_.rend());
          const std::size_t precision = n_ - 1;
          poly g = ring_.one();
          for (std::size_t l = 1; l < precision;) {
            ring_.ctx_.poll();
            l = std::min(2 * l, precision);
            g = truncated(ring_.mul(truncated(reversed, l), ring_.square(g)), l);
            ring_.trim(g);
          }
          inverse_ = std::move(g);
        }
      }
    }
    const poly& polynomial() const noexcept { return m_; }

    poly reduce(poly a) const {
      ring_.trim(a);
      if (a.size() <= n_) return a;
      if (!barrett_ || a.size() > 2 * n_ - 1) return ring_.rem(std::move(a), m_);
      // a = q·m + r with deg q = k − 1: rev(q) = rev(a)·rev(m)^(−1) mod x^k.
      const std::size_t k = a.size() - n_;
      poly reversed_a(a.rbegin(), a.rbegin() + static_cast<std::ptrdiff_t>(k));
      ring_.trim(reversed_a);
      poly reversed_q = truncated(ring_.mul(reversed_a, truncated(inverse_, k)), k);
      poly q(k, ring_.field_.zero());
      for (std::size_t i = 0; i < reversed_q.size(); ++i) q[k - 1 - i] = reversed_q[i];
      ring_.trim(q);
      const poly qm = ring_.mul(q, m_);
      for (std::size_t i = 0; i < n_ && i < qm.size(); ++i) a[i] = F::add(a[i], qm[i]);
      a.resize(n_);
      ring_.trim(a);
      return a;
    }
    poly multiply(const poly& a, const poly& b) const { return reduce(ring_.mul(a, b)); }
    poly square(const poly& a) const { return reduce(ring_.square(a)); }

   private:
    const field_polynomials& ring_;
    poly m_;
    std::size_t n_ = 0;
    bool barrett_ = false;
    poly inverse_;  // rev(m)^(−1) mod x^(n−1)
  };
  poly quo(poly a, const poly& m) const { return divmod(std::move(a), m).first; }

  poly monic(poly a) const { return core_.monic(std::move(a)); }
  poly gcd(poly a, poly b) const { return core_.gcd(std::move(a), std::move(b)); }

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
    if constexpr (fast_products) {
      if (n >= baby_step_giant_step_degree) return distinct_degree_by_intervals(f);
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

  // From this degree on, with fast products, distinct_degree takes baby steps and giant steps.
  static constexpr std::size_t baby_step_giant_step_degree = 48;

  // g(h) mod f by Brent and Kung's method (J. ACM 25, 1978; von zur Gathen and Gerhard §12.2):
  // with powers[k] = h^k mod f for k ≤ m, g is cut into blocks of m coefficients, each block's
  // value Σ g_(i·m+k)·h^k a linear combination of the powers, and the blocks joined by Horner's
  // rule in h^m: deg f · deg g field products and deg g / m products modulo f.
  poly compose(const poly& g, const std::vector<poly>& powers, const modulus& mod) const {
    const std::size_t m = powers.size() - 1;
    const std::size_t n = mod.polynomial().size() - 1;
    const std::size_t blocks = (g.size() + m - 1) / m;
    poly result;
    for (std::size_t b = blocks; b-- > 0;) {
      ctx_.poll();
      poly block(n, field_.zero());
      for (std::size_t k = 0; k < m && b * m + k < g.size(); ++k) {
        const element& c = g[b * m + k];
        if (F::is_zero(c)) continue;
        field_.multiply_add(block.data(), c, powers[k].data(), powers[k].size());
      }
      trim(block);
      result = add(mod.multiply(result, powers[m]), block);
    }
    return result;
  }

  // h^k mod f for k ≤ ⌈√n⌉, n = deg f: the powers `compose` needs.
  std::vector<poly> composition_powers(const poly& h, const modulus& mod) const {
    const std::size_t n = mod.polynomial().size() - 1;
    std::size_t m = 1;
    while (m * m < n) ++m;
    std::vector<poly> powers{one(), h};
    while (powers.size() <= m) {
      ctx_.poll();
      powers.push_back(mod.multiply(powers.back(), h));
    }
    return powers;
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
    // With fast products, the same trace as Σ_(i < j) δ(x^(q^i)) (the relative trace down to
    // GF(q), by composition) followed by E squarings: see relative_trace.
    bool by_composition = false;
    std::optional<modulus> mod;
    poly xq;
    std::vector<poly> xq_powers;
    if constexpr (fast_products) {
      by_composition = n >= baby_step_giant_step_degree && j > 1;
      if (by_composition) {
        mod.emplace(*this, g);
        xq = x();
        for (std::uint64_t s = 0; s < field_.degree(); ++s) {
          ctx_.poll();
          xq = mod->square(xq);
        }
        xq_powers = composition_powers(xq, *mod);
      }
    }
    for (;;) {
      poly delta(n, field_.zero());
      for (element& c : delta) c = field_.random(rng);
      trim(delta);
      if (delta.empty()) continue;
      poly trace = by_composition ? trace_sum(relative_trace(delta, j, xq, xq_powers, *mod),
                                              field_.degree(), g)
                                  : trace_sum(std::move(delta), squarings, g);
      poly d = gcd(g, trace);
      if (degree(d) > 0 && static_cast<std::uint64_t>(degree(d)) < n) {
        equal_degree(d, j, rng, out);
        equal_degree(quo(g, d), j, rng, out);
        return;
      }
    }
  }

  // x^(q^i) mod h for i < m, h monic of degree m ≥ 2 with coefficients in GF(q) = GF(2^e) ⊆ F:
  // x^(q^(i+1)) = (x^(q^i))^q = Σ_k c_k·x^(q·k) mod h for x^(q^i) = Σ_k c_k·x^k, as c_k^q = c_k,
  // through h's Frobenius rows x^(q·k) mod h; all of it with coefficients in GF(q).
  std::vector<poly> frobenius_powers(const poly& h, std::uint64_t e) const {
    const std::size_t m = h.size() - 1;
    const std::vector<poly> rows = frobenius_matrix(h, e);
    std::vector<poly> powers{x()};
    while (powers.size() < m) {
      ctx_.poll();
      powers.push_back(apply(rows, powers.back()));
    }
    return powers;
  }

  // One root of h, monic and irreducible of degree m over GF(q) = GF(2^e), a subfield of F, with
  // its roots in the subfield GF(q^m) of F, given powers = x^(q^i) mod h for i < m
  // (frobenius_powers, which may be computed in GF(q) itself). For δ uniform in GF(q^m) (from
  // `random_in_subfield`), T = Σ_(i < m) δ^(q^i)·x^(q^i) mod h takes the value Tr(δ·r), the
  // relative trace down to GF(q), at each root r of h, and U = Σ_(i < e) T^(2^i) mod h its
  // absolute trace, so for any factor g of h, gcd(g, U mod g) separates two given roots of g with
  // probability 1/2 (von zur Gathen and Gerhard, §14.3, with the trace factored through GF(q)).
  // T needs only the conjugates δ^(q^i) and products by elements of GF(q). When those products
  // are cheap in F (tower fields whose packed base holds GF(q)), U is formed modulo h until the
  // factor g left is an eighth of h, then modulo g (whose coefficients lie in F); else modulo g
  // from the start. Only the smaller part of each split is split further.
  template <class Random>
  element one_root(const poly& h, std::uint64_t e, const std::vector<poly>& powers,
                   Random& random_in_subfield) const {
    if (degree(h) == 1) return h[0];  // x + r, r = h[0] in characteristic 2
    const std::size_t m = powers.size();
    bool cheap_scalars = true;
    if constexpr (requires(const element& c) { F::in_packed_base(c); }) {
      cheap_scalars =
          std::all_of(h.begin(), h.end(), [](const element& c) { return F::in_packed_base(c); });
    }
    poly g = h;
    while (degree(g) > 1) {
      const element delta = random_in_subfield();
      if (F::is_zero(delta)) continue;
      const std::vector<element> conjugates = frobenius_orbit(delta, e, m);
      poly t(h.size() - 1, field_.zero());
      for (std::size_t i = 0; i < m; ++i) {
        ctx_.poll();
        field_.multiply_add(t.data(), conjugates[i], powers[i].data(), powers[i].size());
      }
      trim(t);
      poly u;
      if (!cheap_scalars || 8 * degree(g) <= degree(h)) {
        u = trace_sum(rem(std::move(t), g), e, g);
      } else {
        u = trace_sum(std::move(t), e, h);
        if (g.size() < h.size()) u = rem(std::move(u), g);
      }
      poly factor = gcd(g, std::move(u));
      if (degree(factor) > 0 && degree(factor) < degree(g)) {
        poly other = quo(g, factor);
        g = degree(factor) <= degree(other) ? std::move(factor) : std::move(other);
      }
    }
    return g[0];
  }

  // x^(2^(s·i)) for i < count.
  std::vector<element> frobenius_orbit(const element& x, std::uint64_t s, std::size_t count) const {
    if constexpr (requires { field_.frobenius_orbit(x, s, count); }) {
      return field_.frobenius_orbit(x, s, count);
    } else {
      std::vector<element> orbit;
      if (count > 0) orbit.push_back(x);
      while (orbit.size() < count) orbit.push_back(field_.frobenius(orbit.back(), s));
      return orbit;
    }
  }

  // The monic irreducible factors of a monic square-free f.
  std::vector<poly> irreducible_factors(const poly& f, std::mt19937_64& rng) const {
    std::vector<poly> out;
    for (const auto& [g, j] : distinct_degree(f)) equal_degree(g, j, rng, out);
    return out;
  }

 private:
  // Distinct-degree factorisation by baby steps and giant steps (von zur Gathen and Shoup,
  // Computational Complexity 2, 1992; Kaltofen and Shoup, Math. Comp. 67, 1998): with l ≈ √(n/2),
  // the baby steps h_i = x^(q^i) mod f for i < l (E squarings modulo f each), the giant steps
  // H_k = x^(q^(l·k)) = H_(k−1)(H_1) mod f by modular composition, and for each k the product
  // I_k = ∏_(i < l) (H_k − h_i) mod f, whose gcd with what is left of f is the product of its
  // irreducible factors of degree l·(k−1) < j ≤ l·k (x^(q^(l·k)) − x^(q^i) vanishes exactly on the
  // roots of degree dividing l·k − i). Each such part is then cut by degree, j ascending, by
  // gcd(part, H_k − h_(l·k−j)). The same pairs (g, j), j ascending, as the Frobenius-matrix loop.
  std::vector<std::pair<poly, std::uint64_t>> distinct_degree_by_intervals(const poly& f) const {
    std::vector<std::pair<poly, std::uint64_t>> out;
    const std::size_t n = f.size() - 1;
    const modulus mod(*this, f);
    std::size_t l = 1;
    while (2 * l * l < n) ++l;
    std::vector<poly> baby{x()};
    for (std::size_t i = 1; i <= l; ++i) {
      poly h = baby.back();
      for (std::uint64_t s = 0; s < field_.degree(); ++s) {
        ctx_.poll();
        h = mod.square(h);
      }
      baby.push_back(std::move(h));
    }
    const poly giant_step = baby[l];  // H_1 = x^(q^l)
    const std::vector<poly> powers = composition_powers(giant_step, mod);
    poly rest = f;
    poly giant = giant_step;
    for (std::uint64_t k = 1;; ++k) {
      const std::uint64_t low = l * (k - 1);  // the interval (low, low + l]
      if (degree(rest) < static_cast<long long>(2 * (low + 1))) break;  // rest is irreducible
      if (k > 1) giant = compose(giant, powers, mod);
      poly interval = one();
      for (std::size_t i = 0; i < l; ++i) {
        ctx_.poll();
        interval = mod.multiply(interval, add(giant, baby[i]));
      }
      poly part = gcd(rest, interval);
      if (degree(part) <= 0) continue;
      rest = quo(rest, part);
      if (degree(part) < static_cast<long long>(2 * (low + 1))) {  // one factor
        const auto j = static_cast<std::uint64_t>(degree(part));
        out.emplace_back(std::move(part), j);
        continue;
      }
      for (std::uint64_t j = low + 1; j <= low + l && degree(part) > 0; ++j) {
        if (degree(part) < static_cast<long long>(2 * j)) {
          const auto d = static_cast<std::uint64_t>(degree(part));
          out.emplace_back(std::move(part), d);
          break;
        }
        poly d = gcd(part, rem(add(giant, baby[l * k - j]), part));
        if (degree(d) > 0) {
          part = quo(part, d);
          out.emplace_back(std::move(d), j);
        }
      }
    }
    if (degree(rest) > 0) {
      const auto j = static_cast<std::uint64_t>(degree(rest));
      out.emplace_back(std::move(rest), j);
    }
    return out;
  }

  // Σ_(i < j) δ^(q^i) = Σ_(i < j) δ(x^(q^i)) mod g (the coefficients of δ lie in GF(q)), by
  // doubling on the pairs (α_k, β_k) = (x^(q^k), Σ_(i < k) δ^(q^i)) mod g: α_(a+b) = α_b(α_a),
  // β_(a+b) = β_a + β_b(α_a) — O(log j) modular compositions instead of E·j squarings
  // (von zur Gathen and Shoup 1992, the trace map; Kaltofen and Shoup 1998, §2). xq = x^q mod g
  // and xq_powers its powers for compose.
  poly relative_trace(const poly& delta, std::uint64_t j, const poly& xq,
                      const std::vector<poly>& xq_powers, const modulus& mod) const {
    poly alpha = xq;
    poly beta = delta;
    int top = 63;
    while (((j >> top) & 1) == 0) --top;
    for (int b = top - 1; b >= 0; --b) {
      const std::vector<poly> powers = composition_powers(alpha, mod);
      beta = add(beta, compose(beta, powers, mod));  // k → 2k
      if (b > 0) alpha = compose(alpha, powers, mod);
      if (((j >> b) & 1) != 0) {  // k → k + 1
        beta = add(delta, compose(beta, xq_powers, mod));
        if (b > 0) alpha = compose(alpha, xq_powers, mod);
      }
    }
    return beta;
  }

  // Σ_(i < count) t^(2^i) mod g.
  poly trace_sum(poly t, std::uint64_t count, const poly& g) const {
    const modulus mod(*this, g);
    poly sum = t;
    for (std::uint64_t i = 1; i < count; ++i) {
      ctx_.poll();
      t = mod.square(t);
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
    const modulus mod(*this, f);
    poly xq = x();  // x^q = x^(2^e) by e squarings
    for (std::uint64_t i = 0; i < e; ++i) {
      ctx_.poll();
      xq = mod.square(xq);
    }
    std::vector<poly> rows;
    rows.reserve(n);
    rows.push_back(one());
    for (std::size_t i = 1; i < n; ++i) {
      ctx_.poll();
      // x^(q·i) = (x^(q·i/2))² for even i: a square costs deg f field squarings, not a product.
      rows.push_back(i % 2 == 0 ? mod.square(rows[i / 2]) : mod.multiply(rows.back(), xq));
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

  const F& field_;
  const context& ctx_;
  dense_polynomials<F> core_;
};

}  // namespace cas::detail
