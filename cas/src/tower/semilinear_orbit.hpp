#pragma once
// Private to the tower layer: the orbit of a semilinear map Φ(y) = μ·σ(y) on a tower field K,
// σ = F^s, summed and normed by doubling. Hilbert's theorem 90 takes its solutions from such sums
// (subfield_lines.cpp, for the fixed points of the top step's cycles;
// kummer_minimal_polynomial.cpp, for the Kummer generator), and the norm Π σ^i(μ) is Φ^n(1): the
// conjugate products of the layered group tests and of the step constants' powers too.

#include <bit>
#include <cstdint>
#include <utility>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

struct semilinear_orbit {
  tower_field::element sum;   // Σ_(i<n) Φ^i(θ)
  tower_field::element norm;  // Φ^n(1) = μ·σ(μ)·…·σ^(n−1)(μ)
};

// The addition chain on n ≥ 1, for elements of any level: sigma_power(x, k) = σ^k(x) and
// mul(x, y). Φ^k(y) = μ_k·σ^k(y) with μ_k = Φ^k(1), S_k = Σ_(i<k) Φ^i(θ):
// S_2k = S_k + μ_k·σ^k(S_k), μ_2k = μ_k·σ^k(μ_k); S_(k+1) = θ + μ·σ(S_k), μ_(k+1) = μ·σ(μ_k).
// Without θ, only the norm (the sum is left empty).
template <class SigmaPower, class Mul>
semilinear_orbit orbit_by_doubling(const tower_field::element& mu, std::uint64_t n,
                                   const tower_field::element* theta, SigmaPower sigma_power,
                                   Mul mul) {
  tower_field::element sum = theta != nullptr ? *theta : tower_field::element{}, power = mu;
  std::uint64_t k = 1;
  for (auto bit = static_cast<unsigned>(std::bit_width(n)) - 1; bit-- > 0;) {
    if (theta != nullptr) sum = tower_field::add(sum, mul(power, sigma_power(sum, k)));
    power = mul(power, sigma_power(power, k));
    k *= 2;
    if (((n >> bit) & 1) != 0) {
      if (theta != nullptr) sum = tower_field::add(*theta, mul(mu, sigma_power(sum, 1)));
      power = mul(mu, sigma_power(power, 1));
      ++k;
    }
  }
  return {std::move(sum), std::move(power)};
}

// For n ≥ 1: about 4·log2(n) Frobenius maps and products of K instead of 2·n.
semilinear_orbit semilinear_orbit_sum(const tower_field& K, const tower_field::element& mu,
                                      const integer& s, std::uint64_t n,
                                      const tower_field::element& theta, const context& ctx);
// Φ^n(1) alone: half the maps and products.
tower_field::element semilinear_orbit_norm(const tower_field& K, const tower_field::element& mu,
                                           const integer& s, std::uint64_t n, const context& ctx);

}  // namespace cas::detail
