#include "cas/poly/polynomial_factoring.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "poly/binary_factoring.hpp"
#include "poly/binary_form.hpp"
#include "poly/coefficient_field.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"

namespace cas {

namespace {

using detail::field_polynomials;
using detail::from_field;
using detail::to_field;
using detail::with_field;

// From this degree on, factoring over a machine-word field runs in its polynomial basis
// (polynomial_basis_field.hpp), whose polynomial products are Kronecker substitutions.
constexpr long long polynomial_basis_degree = 96;

// Every run starts from the same seed, so results and timings are reproducible.
constexpr std::uint64_t random_seed = 0x6f6e32;  // "on2"

void require_nonconstant(const polynomial& f, const char* what, const context& ctx) {
  if (f.degree() < 1) {
    throw math_error(std::string(what) + " needs a polynomial of degree at least 1; this one is " +
                     (f.is_zero() ? "zero." : "a constant."));
  }
  ctx.check_limit(static_cast<std::uint64_t>(f.degree()), ctx.limits().max_polynomial_degree,
                  "The polynomial's degree", "max_polynomial_degree");
}

// Degree first, then the coefficients from the top down in Cantor order.
bool factor_order(const polynomial_factor& a, const polynomial_factor& b) {
  if (a.factor.degree() != b.factor.degree()) return a.factor.degree() < b.factor.degree();
  const auto& x = a.factor.coefficients();
  const auto& y = b.factor.coefficients();
  if (std::lexicographical_compare(x.rbegin(), x.rend(), y.rbegin(), y.rend())) return true;
  if (x == y) return a.multiplicity < b.multiplicity;
  return false;
}

struct factoring {
  std::vector<polynomial_factor> factors;
  std::uint64_t field_degree = 1;  // E of the field the factors are irreducible over
};

// Over GF(2), on packed words (binary_factoring.hpp).
factoring factor_over_gf2(const detail::binary_polynomial& f, const context& ctx) {
  std::map<std::vector<ordinal>, std::uint64_t> found;  // factor → multiplicity
  for (const auto& [irreducible, multiplicity] : detail::binary_factor(f, ctx)) {
    found[detail::from_binary(irreducible).coefficients()] += multiplicity;
  }
  factoring out;
  for (auto& [coefficients, multiplicity] : found) {
    out.factors.push_back({polynomial(coefficients), multiplicity});
  }
  std::sort(out.factors.begin(), out.factors.end(), factor_order);
  return out;
}

factoring factor_over(const polynomial& f, const std::vector<ordinal>& field_values,
                      const context& ctx) {
  if (detail::all_binary(field_values)) {
    if (const auto packed = detail::to_binary(f)) return factor_over_gf2(*packed, ctx);
  }
  return with_field(
      field_values, f.degree() >= polynomial_basis_degree, ctx, [&](const auto& field) {
        const field_polynomials ring(field, ctx);
        std::mt19937_64 rng(random_seed);
        std::map<std::vector<ordinal>, std::uint64_t> found;  // factor → multiplicity
        for (const auto& [part, multiplicity] : ring.square_free(ring.monic(to_field(field, f)))) {
          for (const auto& irreducible : ring.irreducible_factors(part, rng)) {
            found[from_field(field, irreducible).coefficients()] += multiplicity;
          }
        }
        factoring out;
        out.field_degree = field.degree();
        for (auto& [coefficients, multiplicity] : found) {
          out.factors.push_back({polynomial(coefficients), multiplicity});
        }
        std::sort(out.factors.begin(), out.factors.end(), factor_order);
        return out;
      });
}

std::vector<ordinal> coefficients_and(const polynomial& f, const std::vector<ordinal>& extra) {
  std::vector<ordinal> values = f.coefficients();
  values.insert(values.end(), extra.begin(), extra.end());
  return values;
}

// κ_q for every prime power q exactly dividing n: together they span GF(2^n)
// (docs/spec/arithmetic.md §3).
std::vector<ordinal> generators_of_degree(std::uint64_t n, const context& ctx) {
  std::vector<ordinal> generators;
  for (std::uint64_t p = 2; n > 1; ++p) {
    if (p * p > n) p = n;
    if (n % p != 0) continue;
    std::uint64_t q = 1;
    while (n % p == 0) {
      n /= p;
      q *= p;
    }
    generators.push_back(kappa_of_prime_power(q, ctx));
  }
  return generators;
}

// The roots of the factors h, irreducible of one degree j over GF(2^E), in GF(2^(E·j)) ⊂ the
// tower field of f's coefficients and the generators of GF(2^(E·j)). The root split off each h
// is checked by substituting it into f, in that field (the κ product of ordinals would take
// seconds per product in the large splitting fields); its conjugates r^(q^i) are then roots of f
// too (f has coefficients in GF(q)), and they are checked to be j distinct elements.
std::vector<polynomial_root> roots_of_factors(const std::vector<polynomial_factor>& factors,
                                              std::uint64_t j, std::uint64_t field_degree,
                                              const polynomial& f, const context& ctx) {
  const integer needed = integer(field_degree) * j;
  if (needed > ctx.limits().max_tower_degree) {
    throw limit_error("The roots of a factor of degree " + std::to_string(j) + " over GF(2^" +
                      std::to_string(field_degree) + ") lie in GF(2^" + needed.str() +
                      "), above the limit max_tower_degree = " +
                      std::to_string(ctx.limits().max_tower_degree) + ".");
  }
  const auto d = needed.convert_to<std::uint64_t>();
  // x^(q^i) mod h for i < j, in GF(q) itself (its products are far cheaper than the splitting
  // field's), then carried into the splitting field.
  std::vector<std::vector<polynomial>> powers_of_factors;
  if (j > 1) {
    with_field(f.coefficients(), ctx, [&](const auto& coefficient_field) {
      const field_polynomials ring(coefficient_field, ctx);
      for (const polynomial_factor& h : factors) {
        std::vector<polynomial> powers;
        for (const auto& p :
             ring.frobenius_powers(to_field(coefficient_field, h.factor), field_degree)) {
          powers.push_back(from_field(coefficient_field, p));
        }
        powers_of_factors.push_back(std::move(powers));
      }
      return 0;
    });
  }
  const std::vector<ordinal> values = coefficients_and(f, generators_of_degree(d, ctx));
  return with_field(values, ctx, [&](const auto& field) {
    using ring_type = field_polynomials<std::decay_t<decltype(field)>>;
    const ring_type ring(field, ctx);
    std::mt19937_64 rng(random_seed);
    auto random_in_subfield = [&] { return field.random_in_subfield(d, rng); };
    const auto equation = to_field(field, f);
    std::vector<polynomial_root> out;
    for (std::size_t n = 0; n < factors.size(); ++n) {
      const polynomial_factor& h = factors[n];
      // One root r by splitting; the others are its conjugates r^(q^i), i < j, q = 2^E, since h
      // is irreducible of degree j over GF(q).
      std::vector<typename ring_type::poly> powers;
      if (j > 1) {
        for (const polynomial& p : powers_of_factors[n]) powers.push_back(to_field(field, p));
      }
      const auto root = ring.one_root(ring.monic(to_field(field, h.factor)), field_degree, powers,
                                      random_in_subfield);
      auto value = field.zero();  // f(r) by Horner's rule
      for (auto c = equation.rbegin(); c != equation.rend(); ++c) {
        value = field.add(field.mul(value, root), *c);
      }
      if (!field.is_zero(value)) throw internal_error("a computed root does not satisfy f.");
      auto conjugates = ring.frobenius_orbit(root, field_degree, j + 1);
      if (conjugates.back() != root) {
        throw internal_error("a computed root does not lie in its splitting field.");
      }
      conjugates.pop_back();
      auto sorted = conjugates;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        throw internal_error("the conjugates of a computed root are not distinct.");
      }
      for (const auto& conjugate : conjugates) {
        ctx.poll();
        out.push_back({field.to_ordinal(conjugate), h.multiplicity});
      }
    }
    return out;
  });
}

}  // namespace

std::vector<polynomial_factor> square_free_decomposition(const polynomial& f, const context& ctx) {
  require_nonconstant(f, "The square-free decomposition", ctx);
  if (const auto packed = detail::to_binary(f)) {
    std::vector<polynomial_factor> out;
    for (const auto& [part, multiplicity] : detail::binary_square_free(*packed, ctx)) {
      out.push_back({detail::from_binary(part), multiplicity});
    }
    std::sort(out.begin(), out.end(), [](const polynomial_factor& a, const polynomial_factor& b) {
      return a.multiplicity < b.multiplicity;
    });
    return out;
  }
  return with_field(f.coefficients(), ctx, [&](const auto& field) {
    const field_polynomials ring(field, ctx);
    std::vector<polynomial_factor> out;
    for (const auto& [part, multiplicity] : ring.square_free(ring.monic(to_field(field, f)))) {
      out.push_back({from_field(field, part), multiplicity});
    }
    std::sort(out.begin(), out.end(), [](const polynomial_factor& a, const polynomial_factor& b) {
      return a.multiplicity < b.multiplicity;
    });
    return out;
  });
}

std::vector<polynomial_factor> factor(const polynomial& f, const context& ctx) {
  require_nonconstant(f, "Factoring", ctx);
  return factor_over(f, f.coefficients(), ctx).factors;
}

std::vector<polynomial_factor> factor(const polynomial& f, const ordinal& also,
                                      const context& ctx) {
  require_nonconstant(f, "Factoring", ctx);
  return factor_over(f, coefficients_and(f, {also}), ctx).factors;
}

bool is_irreducible(const polynomial& f, const context& ctx) {
  require_nonconstant(f, "The irreducibility test", ctx);
  if (const auto packed = detail::to_binary(f)) return detail::binary_is_irreducible(*packed, ctx);
  const auto factors = factor_over(f, f.coefficients(), ctx).factors;
  return factors.size() == 1 && factors[0].multiplicity == 1;
}

std::vector<polynomial_root> roots(const polynomial& f, const context& ctx) {
  require_nonconstant(f, "Finding roots", ctx);
  const factoring factored = factor_over(f, f.coefficients(), ctx);
  std::map<std::uint64_t, std::vector<polynomial_factor>> by_degree;
  for (const polynomial_factor& h : factored.factors) {
    by_degree[static_cast<std::uint64_t>(h.factor.degree())].push_back(h);
  }
  std::vector<polynomial_root> out;
  for (const auto& [j, factors] : by_degree) {
    for (polynomial_root& r : roots_of_factors(factors, j, factored.field_degree, f, ctx)) {
      out.push_back(std::move(r));
    }
  }
  std::sort(out.begin(), out.end(),
            [](const polynomial_root& a, const polynomial_root& b) { return a.root < b.root; });
  return out;
}

polynomial minimal_polynomial(const ordinal& a, const context& ctx) {
  const gf2_polynomial m = nim_minpoly(a, ctx);
  std::vector<ordinal> coefficients(m.degree() + 1);
  for (std::uint64_t i = 0; i <= m.degree(); ++i) {
    if (m.coefficient(i)) coefficients[i] = ordinal(nimber(1));
  }
  return polynomial(std::move(coefficients));
}

polynomial minimal_polynomial(const ordinal& a, const ordinal& b, const context& ctx) {
  const std::uint64_t m = nim_degree(b, ctx);
  // ∏ (x + a^(2^(m·i))) over the orbit of a under the Frobenius of GF(2^m), whose length is
  // degree(a) / gcd(degree(a), m).
  const std::uint64_t n = nim_degree(a, ctx);
  ctx.check_limit(n, ctx.limits().max_minpoly_degree, "The degree of a", "max_minpoly_degree");
  return with_field({a, b}, ctx, [&](const auto& field) {
    const field_polynomials ring(field, ctx);
    const auto start = field.from_ordinal(a);
    auto conjugate = start;
    auto product = ring.one();
    do {
      product = ring.mul(product, {conjugate, field.one()});
      for (std::uint64_t i = 0; i < m; ++i) {
        ctx.poll();
        conjugate = field.square(conjugate);
      }
    } while (conjugate != start);
    return from_field(field, product);
  });
}

}  // namespace cas
