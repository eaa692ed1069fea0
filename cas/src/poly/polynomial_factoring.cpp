#include "cas/poly/polynomial_factoring.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "cas/tower/tower_field_cache.hpp"
#include "poly/binary_factoring.hpp"
#include "poly/binary_form.hpp"
#include "poly/coefficient_field.hpp"
#include "poly/extension_field.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"
#include "tower/kummer_minimal_polynomial.hpp"

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

// The minimal polynomial (monic, lowest coefficient first) of a linearly recurrent sequence s
// over K, by Berlekamp and Massey's algorithm (J. L. Massey, IEEE Trans. Inform. Theory 15, 1969):
// the shortest C = 1 + C_1·z + … + C_L·z^L with Σ_(i ≤ L) C_i·s_(n−i) = 0 for L ≤ n < |s|, and
// y^L·C(1/y) the polynomial.
std::vector<std::uint64_t> berlekamp_massey(const detail::word_field& base,
                                            const std::vector<std::uint64_t>& s) {
  std::vector<std::uint64_t> c{1}, b{1};
  std::size_t length = 0, shift = 1;
  std::uint64_t last = 1;  // the discrepancy when b was last c
  for (std::size_t n = 0; n < s.size(); ++n) {
    std::uint64_t discrepancy = s[n];
    for (std::size_t i = 1; i <= length && i < c.size(); ++i) {
      discrepancy ^= base.mul(c[i], s[n - i]);
    }
    if (discrepancy == 0) {
      ++shift;
      continue;
    }
    const std::uint64_t scale = base.mul(discrepancy, base.inverse(last));
    std::vector<std::uint64_t> previous = c;
    if (c.size() < b.size() + shift) c.resize(b.size() + shift, 0);
    base.multiply_add(c.data() + shift, scale, b.data(), b.size());
    if (2 * length <= n) {
      length = n + 1 - length;
      b = std::move(previous);
      last = discrepancy;
      shift = 1;
    } else {
      ++shift;
    }
  }
  c.resize(length + 1, 0);
  return std::vector<std::uint64_t>(c.rbegin(), c.rend());
}

// with_field through the context's cache of tower fields (tower_field_cache.hpp): the coefficient
// field and the splitting fields of roots are built once for the polynomials of one field.
template <class Work>
auto with_cached_field(const std::vector<ordinal>& values, const context& ctx, Work&& work) {
  const int level = detail::word_level(values);
  if (level >= 0) return work(detail::word_field(1u << level));
  return work(detail::tower_adapter(*cached_spanning_field(values, ctx)));
}

// One root of each factor h (monic, irreducible of degree j ≥ 2 over K = GF(q), q = 2^E, a
// machine-word field), found in GF(q^j) = K[y]/(m) and carried into the tower field F ⊇ GF(q^j):
// with θ ∈ GF(q^j) ⊂ F of degree j over K and m its minimal polynomial over K, ρ(y) ∈ K[y]/(m)
// with h(ρ) = 0 gives the root ρ(θ) = Σ_k ρ_k·θ^k of h in F. For when F is many times larger than
// GF(q^j) (the κ's that the α_p of the primes dividing j need): the splitting then takes products
// of j coefficients in K instead of F's. m comes from the power projections λ(θ^k), k < 2j, by
// Berlekamp–Massey (Shoup, J. Symbolic Comput. 20, 1995, power projection), for the K-linear
// λ(x) = Tr_(B/K)(β·x_0), x_0 the coordinate of x at 1 over F's packed base B ⊇ K and β random in
// B: λ does not vanish on GF(q^j) (λ(1) = Tr(β)) but for a fraction 1/q of the β, and then the
// sequence's minimal polynomial is m (GF(q^j) is a field); m(θ) = 0 is checked. `powers` holds
// x^(q^i) mod h for each h (frobenius_powers). Nothing (the caller splits in F) when K does not lie
// in B.
std::vector<tower_field::element> roots_in_compact_form(
    const detail::tower_adapter& field, const std::vector<polynomial_factor>& factors,
    const std::vector<std::vector<polynomial>>& powers, std::uint64_t j, std::uint64_t field_degree,
    std::uint64_t d, unsigned coefficient_bits, std::mt19937_64& rng, const context& ctx) {
  const detail::word_field base(coefficient_bits);
  std::vector<tower_field::element> basis;  // the nimbers 2^b, b < E, in F
  for (unsigned bit = 0; bit < coefficient_bits; ++bit) {
    basis.push_back(field.from_ordinal(ordinal(nimber(std::uint64_t{1} << bit))));
    if (!detail::tower_adapter::in_packed_base(basis.back())) return {};
  }
  auto into_field = [&](std::uint64_t c) {
    tower_field::element x = field.zero();
    for (unsigned bit = 0; bit < coefficient_bits; ++bit) {
      if ((c >> bit) & 1) x = detail::tower_adapter::add(x, basis[bit]);
    }
    return x;
  };
  const unsigned packed_bits = field.base_bits();
  tower_field::element beta = field.zero();
  auto projection = [&](std::uint64_t x0) {  // λ(x) from x's first word, an element of K
    tower_field::element power = field.zero();
    power[0] = x0;
    power = field.mul(beta, power);
    tower_field::element trace = power;
    for (unsigned squarings = 1; squarings + coefficient_bits <= packed_bits; ++squarings) {
      power = field.square(power);  // x_0^(2^squarings)
      if (squarings % coefficient_bits == 0) trace = detail::tower_adapter::add(trace, power);
    }
    const ordinal value = field.to_ordinal(trace);
    if (!value.is_finite() || value.finite_part().bit_length() > coefficient_bits) {
      throw internal_error("a trace down to GF(q) lies outside GF(q).");
    }
    return base.from_ordinal(value);
  };
  std::vector<std::uint64_t> m;
  std::vector<tower_field::element> theta_powers;
  // A random θ of GF(q^j) has degree j with probability at least 1/2 (the proper subfields hold
  // at most half of it), and a random λ is nonzero on its powers about as often: 64 failures in a
  // row (probability below 10^-8) mean a broken construction, not bad luck.
  for (int attempt = 0;; ++attempt) {
    ctx.poll();
    if (attempt == 64) throw internal_error("no element of degree j found in GF(q^j).");
    const tower_field::element theta = field.random_in_subfield(d, rng);
    beta[0] = field.random(rng)[0];
    // Through the top step's Kummer structure where it applies: products of p coefficients of a
    // small k1 instead of the tower's (seconds each in GF(2^951280)). θ^k for k ≤ j whole, and of
    // the others (for the projections) the first word.
    std::vector<std::uint64_t> first_words;
    if (auto by_kummer =
            detail::powers_by_kummer_step(field.field(), theta, d, 2 * j, j + 1, ctx)) {
      theta_powers = std::move(by_kummer->powers);
      first_words = std::move(by_kummer->first_words);
    } else {
      theta_powers.assign(1, field.one());
      while (theta_powers.size() < 2 * j) {
        ctx.poll();  // a product takes seconds in the largest towers
        theta_powers.push_back(field.mul(theta_powers.back(), theta));
      }
      for (const tower_field::element& power : theta_powers) first_words.push_back(power[0]);
    }
    std::vector<std::uint64_t> sequence;
    for (const std::uint64_t x0 : first_words) sequence.push_back(projection(x0));
    m = berlekamp_massey(base, sequence);
    if (m.size() != j + 1) continue;  // θ of a smaller degree, or λ vanishing on its powers
    tower_field::element value = field.zero();  // m(θ)
    for (std::size_t k = 0; k <= j; ++k) {
      const tower_field::element c = into_field(m[k]);
      field.multiply_add(&value, c, &theta_powers[k], 1);
    }
    if (detail::tower_adapter::is_zero(value)) break;
  }
  theta_powers.resize(j);
  const detail::extension_field<detail::word_field> extension(base, std::move(m));
  const field_polynomials compact(extension, ctx);
  std::mt19937_64 compact_rng(random_seed);
  auto random_element = [&] { return extension.random(compact_rng); };
  auto embed = [&](const polynomial& p) {
    std::vector<std::vector<std::uint64_t>> out;
    for (const ordinal& c : p.coefficients())
      out.push_back(extension.constant(base.from_ordinal(c)));
    return out;
  };
  std::vector<tower_field::element> roots;
  for (std::size_t n = 0; n < factors.size(); ++n) {
    std::vector<std::vector<std::vector<std::uint64_t>>> compact_powers;
    for (const polynomial& p : powers[n]) compact_powers.push_back(embed(p));
    const auto factor = compact.monic(embed(factors[n].factor));
    const auto rho = compact.one_root(factor, field_degree, compact_powers, random_element);
    // h(ρ) = 0 in GF(q)[y]/(m), and m(θ) = 0 was checked in the tower, so y ↦ θ is a field
    // embedding and h(r) = 0 for the image r below: no Horner's rule with the tower's products
    // (seconds each in the large fields).
    auto value = extension.zero();
    for (auto c = factor.rbegin(); c != factor.rend(); ++c) {
      value = extension.add(extension.mul(value, rho), *c);
    }
    if (!extension.is_zero(value)) {
      throw internal_error("a computed root does not satisfy its factor of f.");
    }
    tower_field::element root = field.zero();
    for (std::size_t k = 0; k < j; ++k) {
      if (rho[k] == 0) continue;
      const tower_field::element c = into_field(rho[k]);
      field.multiply_add(&root, c, &theta_powers[k], 1);
    }
    roots.push_back(std::move(root));
  }
  return roots;
}

// The roots of the factors h, irreducible of one degree j over GF(2^E), in GF(2^(E·j)) ⊂ the
// tower field of f's coefficients and the generators of GF(2^(E·j)). Each h is checked to divide
// f over GF(q) and the root split off it to satisfy h(r) = 0 in that field (the κ product of
// ordinals would take seconds per product in the large splitting fields), so f(r) = 0; its
// conjugates r^(q^i) are then roots of f too (f has coefficients in GF(q)), and they are checked
// to be j distinct elements.
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
  // Each h is checked to divide f there, so that h(r) = 0 below gives f(r) = 0.
  std::vector<std::vector<polynomial>> powers_of_factors;
  with_cached_field(f.coefficients(), ctx, [&](const auto& coefficient_field) {
    const field_polynomials ring(coefficient_field, ctx);
    const auto equation = to_field(coefficient_field, f);
    for (const polynomial_factor& h : factors) {
      const auto factor = to_field(coefficient_field, h.factor);
      if (!ring.rem(equation, factor).empty()) {
        throw internal_error("a computed factor does not divide f.");
      }
      std::vector<polynomial> powers;
      if (j > 1) {
        for (const auto& p : ring.frobenius_powers(factor, field_degree)) {
          powers.push_back(from_field(coefficient_field, p));
        }
      }
      powers_of_factors.push_back(std::move(powers));
    }
    return 0;
  });
  const std::vector<ordinal> values = coefficients_and(f, generators_of_degree(d, ctx));
  const int coefficient_level = detail::word_level(f.coefficients());
  return with_cached_field(values, ctx, [&](const auto& field) {
    using field_type = std::decay_t<decltype(field)>;
    using ring_type = field_polynomials<field_type>;
    const ring_type ring(field, ctx);
    std::mt19937_64 rng(random_seed);
    auto random_in_subfield = [&] { return field.random_in_subfield(d, rng); };
    // One root r of each h by splitting; the others are its conjugates r^(q^i), i < j, q = 2^E,
    // since h is irreducible of degree j over GF(q).
    std::vector<typename field_type::element> split;
    if constexpr (std::is_same_v<field_type, detail::tower_adapter>) {
      if (j > 1 && coefficient_level >= 0 && field.degree() > d) {
        split = roots_in_compact_form(field, factors, powers_of_factors, j, field_degree, d,
                                      1u << coefficient_level, rng, ctx);
      }
    }
    const std::size_t checked_in_compact_form = split.size();
    for (std::size_t n = split.size(); n < factors.size(); ++n) {
      std::vector<typename ring_type::poly> powers;
      if (j > 1) {
        for (const polynomial& p : powers_of_factors[n]) powers.push_back(to_field(field, p));
      }
      split.push_back(ring.one_root(ring.monic(to_field(field, factors[n].factor)), field_degree,
                                    powers, random_in_subfield));
    }
    std::vector<polynomial_root> out;
    for (std::size_t n = 0; n < factors.size(); ++n) {
      const polynomial_factor& h = factors[n];
      const auto& root = split[n];
      if (n >= checked_in_compact_form) {
        const auto factor = to_field(field, h.factor);
        auto value = field.zero();  // h(r) by Horner's rule
        for (auto c = factor.rbegin(); c != factor.rend(); ++c) {
          value = field.add(field.mul(value, root), *c);
        }
        if (!field.is_zero(value))
          throw internal_error("a computed root does not satisfy its factor of f.");
      }
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
