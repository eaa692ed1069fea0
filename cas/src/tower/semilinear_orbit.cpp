#include "tower/semilinear_orbit.hpp"

#include <bit>
#include <utility>

namespace cas::detail {

namespace {

semilinear_orbit orbit_by_doubling(const tower_field& K, const tower_field::element& mu,
                                   const integer& s, std::uint64_t n,
                                   const tower_field::element* theta, const context& ctx) {
  // Φ^k(y) = μ_k·σ^k(y) with μ_k = Φ^k(1); S_k = Σ_(i<k) Φ^i(θ). An addition chain on n:
  // S_2k = S_k + μ_k·σ^k(S_k), μ_2k = μ_k·σ^k(μ_k); S_(k+1) = θ + μ·σ(S_k), μ_(k+1) = μ·σ(μ_k).
  tower_field::element sum = theta != nullptr ? *theta : K.zero(), power = mu;
  std::uint64_t k = 1;
  for (auto bit = static_cast<unsigned>(std::bit_width(n)) - 1; bit-- > 0;) {
    ctx.poll();
    const integer shift = s * k;
    if (theta != nullptr) sum = tower_field::add(sum, K.mul(power, K.frobenius(sum, shift)));
    power = K.mul(power, K.frobenius(power, shift));
    k *= 2;
    if (((n >> bit) & 1) != 0) {
      if (theta != nullptr) sum = tower_field::add(*theta, K.mul(mu, K.frobenius(sum, s)));
      power = K.mul(mu, K.frobenius(power, s));
      ++k;
    }
  }
  return {std::move(sum), std::move(power)};
}

}  // namespace

semilinear_orbit semilinear_orbit_sum(const tower_field& K, const tower_field::element& mu,
                                      const integer& s, std::uint64_t n,
                                      const tower_field::element& theta, const context& ctx) {
  return orbit_by_doubling(K, mu, s, n, &theta, ctx);
}

tower_field::element semilinear_orbit_norm(const tower_field& K, const tower_field::element& mu,
                                           const integer& s, std::uint64_t n, const context& ctx) {
  return orbit_by_doubling(K, mu, s, n, nullptr, ctx).norm;
}

}  // namespace cas::detail
