#pragma once
// Private to the tower layer: the orbit of a semilinear map Φ(y) = μ·σ(y) on a tower field K,
// σ = F^s, summed and normed by doubling. Hilbert's theorem 90 takes its solutions from such sums
// (subfield_lines.cpp, for the fixed points of the top step's cycles;
// kummer_minimal_polynomial.cpp, for the Kummer generator), and the norm Π σ^i(μ) is Φ^n(1).

#include <cstdint>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

struct semilinear_orbit {
  tower_field::element sum;   // Σ_(i<n) Φ^i(θ)
  tower_field::element norm;  // Φ^n(1) = μ·σ(μ)·…·σ^(n−1)(μ)
};

// For n ≥ 1: about 4·log2(n) Frobenius maps and products of K instead of 2·n.
semilinear_orbit semilinear_orbit_sum(const tower_field& K, const tower_field::element& mu,
                                      const integer& s, std::uint64_t n,
                                      const tower_field::element& theta, const context& ctx);
// Φ^n(1) alone: half the maps and products.
tower_field::element semilinear_orbit_norm(const tower_field& K, const tower_field::element& mu,
                                           const integer& s, std::uint64_t n, const context& ctx);

}  // namespace cas::detail
