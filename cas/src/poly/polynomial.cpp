#include "cas/poly/polynomial.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "kernels/dense_polynomials.hpp"
#include "poly/field_of_values.hpp"
#include "poly/polynomial_invariant.hpp"

namespace cas {

namespace {

// A function-local static, so that it exists before any caller's static initialiser uses it.
const ordinal& zero_ordinal() {
  static const ordinal zero{};
  return zero;
}

void check_degree(const integer& degree, const context& ctx) {
  const std::uint64_t limit = ctx.limits().max_polynomial_degree;
  if (degree > limit) {
    throw limit_error("The polynomial's degree would be " +
                      (degree > integer(1) << 64 ? std::string("above 2^64") : degree.str()) +
                      ", above the limit max_polynomial_degree = " + std::to_string(limit) + ".");
  }
}

std::size_t nonzero_count(const polynomial& f) {
  const auto& c = f.coefficients();
  return static_cast<std::size_t>(
      std::count_if(c.begin(), c.end(), [](const ordinal& a) { return !a.is_zero(); }));
}

// The cost rule between the ordinal schoolbook and the dense-polynomial core
// (kernels/dense_polynomials.hpp) in the coefficients' field (field_of_values.hpp): the core
// pays for converting every coefficient there and back, about one ordinal product each (more
// when the field is a large tower), so it takes an operation only when the schoolbook would cost
// `work` ordinal products, at least core_work_per_coefficient times the coefficients converted.
// Tiny or very sparse operands (x^4000 + 1, or degree 3 over a huge κ field) stay on ordinals.
constexpr std::size_t core_work_per_coefficient = 8;
bool core_pays(std::size_t work, std::size_t converted) {
  return work >= core_work_per_coefficient * converted;
}

// From this degree on, the machine-word fields compute in their polynomial basis, whose
// products are Kronecker substitutions on the GF(2)[x] core (as factoring does).
constexpr long long polynomial_basis_degree = 96;

std::vector<ordinal> values_of(const polynomial& f, const polynomial& g) {
  std::vector<ordinal> values = f.coefficients();
  values.insert(values.end(), g.coefficients().begin(), g.coefficients().end());
  return values;
}

// f's coefficients in the field, and back.
template <class F>
std::vector<typename F::element> in_field(const F& field, const polynomial& f) {
  std::vector<typename F::element> p;
  p.reserve(f.coefficients().size());
  for (const ordinal& c : f.coefficients()) p.push_back(field.from_ordinal(c));
  return p;
}
template <class F>
polynomial out_of_field(const F& field, const std::vector<typename F::element>& p) {
  std::vector<ordinal> coefficients;
  coefficients.reserve(p.size());
  for (const auto& c : p) coefficients.push_back(field.to_ordinal(c));
  return polynomial(std::move(coefficients));
}

}  // namespace

polynomial::polynomial(std::vector<ordinal> coefficients) : coefficients_(std::move(coefficients)) {
  trim();
}

polynomial polynomial::constant(const ordinal& c) {
  return polynomial(std::vector<ordinal>{c});
}

polynomial polynomial::monomial(const ordinal& c, std::uint64_t n, const context& ctx) {
  check_degree(n, ctx);
  if (c.is_zero()) return {};
  std::vector<ordinal> coefficients(n + 1);
  coefficients[n] = c;
  return polynomial(std::move(coefficients));
}

const ordinal& polynomial::coefficient(std::size_t i) const noexcept {
  return i < coefficients_.size() ? coefficients_[i] : zero_ordinal();
}

const ordinal& polynomial::leading() const noexcept {
  return coefficients_.empty() ? zero_ordinal() : coefficients_.back();
}

std::size_t polynomial::hash() const noexcept {
  std::size_t h = coefficients_.size();
  for (const ordinal& c : coefficients_) h = h * 1000003u ^ c.hash();
  return h;
}

// Every polynomial but the zero one passes through here.
void polynomial::trim() {
  while (!coefficients_.empty() && coefficients_.back().is_zero()) coefficients_.pop_back();
  assert(detail::polynomial_coefficients_are_canonical(coefficients_));
}

polynomial poly_add(const polynomial& f, const polynomial& g, const context& ctx) {
  std::vector<ordinal> sum(std::max(f.coefficients().size(), g.coefficients().size()));
  for (std::size_t i = 0; i < sum.size(); ++i) {
    sum[i] = nim_add(f.coefficient(i), g.coefficient(i), ctx);
  }
  return polynomial(std::move(sum));
}

polynomial poly_add(polynomial&& f, const polynomial& g, const context& ctx) {
  std::vector<ordinal> sum = std::move(f).take_coefficients();
  if (sum.size() < g.coefficients().size()) sum.resize(g.coefficients().size());
  for (std::size_t i = 0; i < g.coefficients().size(); ++i) {
    if (!g.coefficient(i).is_zero()) sum[i] = nim_add(sum[i], g.coefficient(i), ctx);
  }
  return polynomial(std::move(sum));
}

polynomial poly_mul(const polynomial& f, const polynomial& g, const context& ctx) {
  if (f.is_zero() || g.is_zero()) return {};
  check_degree(integer(f.degree()) + g.degree(), ctx);
  const auto& a = f.coefficients();
  const auto& b = g.coefficients();
  if (core_pays(nonzero_count(f) * nonzero_count(g), 2 * (a.size() + b.size()))) {
    const bool large = std::min(f.degree(), g.degree()) >= polynomial_basis_degree;
    return detail::with_field(values_of(f, g), large, ctx, [&](const auto& field) {
      const detail::dense_polynomials core(field, ctx);
      return out_of_field(field, core.mul(in_field(field, f), in_field(field, g)));
    });
  }
  std::vector<ordinal> product(a.size() + b.size() - 1);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ctx.poll();
    if (a[i].is_zero()) continue;
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (!b[j].is_zero()) product[i + j] = nim_add(product[i + j], nim_mul(a[i], b[j], ctx), ctx);
    }
  }
  return polynomial(std::move(product));
}

polynomial poly_scale(const polynomial& f, const ordinal& c, const context& ctx) {
  std::vector<ordinal> scaled(f.coefficients().size());
  for (std::size_t i = 0; i < scaled.size(); ++i) scaled[i] = nim_mul(f.coefficient(i), c, ctx);
  return polynomial(std::move(scaled));
}

polynomial poly_pow(const polynomial& f, const integer& n, const context& ctx) {
  if (n < 0) throw math_error("A polynomial has no negative powers.");
  if (n == 0) return polynomial::constant(ordinal(nimber(1)));
  if (f.is_zero()) return {};
  if (f.degree() == 0) return polynomial::constant(nim_pow(f.leading(), n, ctx));
  check_degree(integer(f.degree()) * n, ctx);
  // (c·x^k)^n = c^n·x^(k·n), within the degree limit just checked: x^4000 typed in a polynomial
  // costs one coefficient, not twelve squarings of growing polynomials.
  const auto& c = f.coefficients();
  if (std::count_if(c.begin(), c.end(), [](const ordinal& a) { return !a.is_zero(); }) == 1) {
    return polynomial::monomial(
        nim_pow(f.leading(), n, ctx),
        static_cast<std::uint64_t>(f.degree()) * n.convert_to<std::uint64_t>(), ctx);
  }
  // Characteristic 2: squaring is Frobenius on the coefficients, f² = Σ c_i² x^(2i).
  const auto square = [&ctx](const polynomial& g) {
    std::vector<ordinal> s(2 * g.coefficients().size() - 1);
    for (std::size_t i = 0; i < g.coefficients().size(); ++i) {
      s[2 * i] = nim_square(g.coefficient(i), ctx);
    }
    return polynomial(std::move(s));
  };
  polynomial result = polynomial::constant(ordinal(nimber(1)));
  const std::size_t bits = msb(n) + 1;
  for (std::size_t i = bits; i-- > 0;) {
    result = square(result);
    if (bit_test(n, static_cast<unsigned>(i))) result = poly_mul(result, f, ctx);
  }
  return result;
}

polynomial_division poly_divmod(const polynomial& f, const polynomial& g, const context& ctx) {
  if (g.is_zero()) throw math_error("Polynomial division by zero.");
  if (f.degree() < g.degree()) return {{}, f};
  const std::size_t quotient_length = static_cast<std::size_t>(f.degree() - g.degree() + 1);
  if (core_pays(quotient_length * nonzero_count(g),
                2 * f.coefficients().size() + g.coefficients().size())) {
    const bool large = std::min(quotient_length, g.coefficients().size()) >=
                       static_cast<std::size_t>(polynomial_basis_degree);
    return detail::with_field(values_of(f, g), large, ctx, [&](const auto& field) {
      const detail::dense_polynomials core(field, ctx);
      auto [q, r] = core.divmod(in_field(field, f), in_field(field, g));
      return polynomial_division{out_of_field(field, q), out_of_field(field, r)};
    });
  }
  const ordinal lead_inverse = nim_inv(g.leading(), ctx);
  std::vector<ordinal> r = f.coefficients();
  const std::size_t n = g.coefficients().size();
  std::vector<ordinal> q(r.size() - n + 1);
  for (std::size_t k = q.size(); k-- > 0;) {
    ctx.poll();
    const ordinal& top = r[k + n - 1];
    if (top.is_zero()) continue;
    const ordinal c = nim_mul(top, lead_inverse, ctx);
    q[k] = c;
    for (std::size_t j = 0; j < n; ++j) {
      if (!g.coefficient(j).is_zero())
        r[k + j] = nim_add(r[k + j], nim_mul(c, g.coefficient(j), ctx), ctx);
    }
  }
  r.resize(n - 1);
  return {polynomial(std::move(q)), polynomial(std::move(r))};
}

polynomial poly_monic(const polynomial& f, const context& ctx) {
  if (f.is_zero() || f.leading() == ordinal(nimber(1))) return f;
  return poly_scale(f, nim_inv(f.leading(), ctx), ctx);
}

polynomial poly_gcd(const polynomial& f, const polynomial& g, const context& ctx) {
  // Euclid costs about deg f · deg g products however sparse the operands.
  const std::size_t fn = f.coefficients().size(), gn = g.coefficients().size();
  if (core_pays(fn * gn, 2 * (fn + gn))) {
    return detail::with_field(values_of(f, g), ctx, [&](const auto& field) {
      const detail::dense_polynomials core(field, ctx);
      return out_of_field(field, core.gcd(in_field(field, f), in_field(field, g)));
    });
  }
  polynomial a = f;
  polynomial b = g;
  while (!b.is_zero()) {
    polynomial r = poly_divmod(a, b, ctx).remainder;
    a = std::move(b);
    b = std::move(r);
  }
  return poly_monic(a, ctx);
}

polynomial poly_derivative(const polynomial& f) {
  // d/dx x^i = i·x^(i−1), and i·c is c for odd i, 0 for even i (characteristic 2).
  std::vector<ordinal> d(f.coefficients().empty() ? 0 : f.coefficients().size() - 1);
  for (std::size_t i = 1; i < f.coefficients().size(); i += 2) d[i - 1] = f.coefficient(i);
  return polynomial(std::move(d));
}

ordinal poly_evaluate(const polynomial& f, const ordinal& a, const context& ctx) {
  ordinal value;
  for (std::size_t i = f.coefficients().size(); i-- > 0;) {
    ctx.poll();
    value = nim_add(nim_mul(value, a, ctx), f.coefficient(i), ctx);
  }
  return value;
}

polynomial poly_compose(const polynomial& f, const polynomial& g, const context& ctx) {
  if (f.degree() > 0 && g.degree() > 0) check_degree(integer(f.degree()) * g.degree(), ctx);
  polynomial value;
  for (std::size_t i = f.coefficients().size(); i-- > 0;) {
    value = poly_add(poly_mul(value, g, ctx), polynomial::constant(f.coefficient(i)), ctx);
  }
  return value;
}

}  // namespace cas
