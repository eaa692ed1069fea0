#include "tower/semilinear_orbit.hpp"

namespace cas::detail {

namespace {

semilinear_orbit orbit_in(const tower_field& K, const tower_field::element& mu, const integer& s,
                          std::uint64_t n, const tower_field::element* theta, const context& ctx) {
  return orbit_by_doubling(
      mu, n, theta,
      [&](const tower_field::element& x, std::uint64_t k) {
        ctx.poll();
        return K.frobenius(x, s * k);
      },
      [&](const tower_field::element& x, const tower_field::element& y) { return K.mul(x, y); });
}

}  // namespace

semilinear_orbit semilinear_orbit_sum(const tower_field& K, const tower_field::element& mu,
                                      const integer& s, std::uint64_t n,
                                      const tower_field::element& theta, const context& ctx) {
  return orbit_in(K, mu, s, n, &theta, ctx);
}

tower_field::element semilinear_orbit_norm(const tower_field& K, const tower_field::element& mu,
                                           const integer& s, std::uint64_t n, const context& ctx) {
  return orbit_in(K, mu, s, n, nullptr, ctx).norm;
}

}  // namespace cas::detail
