#pragma once
// Univariate polynomials with nimber coefficients: ordinals below ω^(ω^ω) (docs/spec/arithmetic.md
// §5). The arithmetic here is the exact, general one on ordinal coefficients (κ products);
// factoring and root finding convert to a materialised field first (polynomial_factoring.hpp).
//
// Invariant: the coefficients are stored lowest degree first with no zero at the top, so the
// zero polynomial has no coefficients and equality is coefficient-wise. Debug builds (NDEBUG
// unset) assert it wherever a value is built (cas/src/poly/polynomial_invariant.hpp).
//
// Thread safety: polynomials are immutable values, safe to share between threads; the functions are
// safe to call from several threads at once (they share only immutable values and the tables built
// once, thread-safely); threads may share one context for reading.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

class polynomial {
 public:
  polynomial() = default;                                  // the zero polynomial
  explicit polynomial(std::vector<ordinal> coefficients);  // lowest degree first
  static polynomial constant(const ordinal& c);
  // c·x^n; limit_error when n exceeds the context's max_polynomial_degree.
  static polynomial monomial(const ordinal& c, std::uint64_t n,
                             const context& ctx = default_context());

  const std::vector<ordinal>& coefficients() const noexcept { return coefficients_; }
  // The coefficients, moved out (the polynomial is left zero): a sum built term by term reuses
  // them instead of copying them at every term.
  std::vector<ordinal> take_coefficients() && noexcept { return std::move(coefficients_); }
  // The coefficient of x^i (0 beyond the degree).
  const ordinal& coefficient(std::size_t i) const noexcept;
  bool is_zero() const noexcept { return coefficients_.empty(); }
  // The degree; −1 for the zero polynomial.
  long long degree() const noexcept { return static_cast<long long>(coefficients_.size()) - 1; }
  bool is_constant() const noexcept { return coefficients_.size() <= 1; }
  // The leading coefficient (0 for the zero polynomial).
  const ordinal& leading() const noexcept;

  friend bool operator==(const polynomial&, const polynomial&) = default;
  std::size_t hash() const noexcept;

 private:
  void trim();
  std::vector<ordinal> coefficients_;
};

struct polynomial_division {
  polynomial quotient;
  polynomial remainder;
};

// Sum (= difference: characteristic 2), product, product by a nimber, power.
polynomial poly_add(const polynomial& f, const polynomial& g,
                    const context& ctx = default_context());
// The same sum in f's storage: it costs g's terms, not f's (a polynomial typed term by term).
polynomial poly_add(polynomial&& f, const polynomial& g, const context& ctx = default_context());
polynomial poly_mul(const polynomial& f, const polynomial& g,
                    const context& ctx = default_context());
polynomial poly_scale(const polynomial& f, const ordinal& c,
                      const context& ctx = default_context());
// f^n; limit_error when the degree would exceed the context's max_polynomial_degree.
polynomial poly_pow(const polynomial& f, const integer& n, const context& ctx = default_context());
// f = q·g + r with deg r < deg g; math_error when g is zero.
polynomial_division poly_divmod(const polynomial& f, const polynomial& g,
                                const context& ctx = default_context());
// f divided by its leading coefficient (the zero polynomial stays zero).
polynomial poly_monic(const polynomial& f, const context& ctx = default_context());
// The monic greatest common divisor (0 when both are 0).
polynomial poly_gcd(const polynomial& f, const polynomial& g,
                    const context& ctx = default_context());
polynomial poly_derivative(const polynomial& f);
// f(a), by Horner's rule.
ordinal poly_evaluate(const polynomial& f, const ordinal& a,
                      const context& ctx = default_context());
// f(g).
polynomial poly_compose(const polynomial& f, const polynomial& g,
                        const context& ctx = default_context());

}  // namespace cas

template <>
struct std::hash<cas::polynomial> {
  std::size_t operator()(const cas::polynomial& f) const noexcept { return f.hash(); }
};
