#include "tower/excess_test.hpp"

#include <string>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

std::uint64_t excess_test_field(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx) {
  const integer field = closure_of(beta, ctx).field_exponent();
  if (field % p == 0 || field % f != 0) {
    throw range_error("The field GF(2^" + field.str() + ") of the excess test for p = " +
                      std::to_string(p) + " is unusable: the α_p table is inconsistent.");
  }
  return static_cast<std::uint64_t>(field);
}

// The exponent (2^E − 1)/p is ((2^f − 1)/p)·Σ_{j<E/f} 2^(f·j), so with γ = β^((2^f − 1)/p) the
// power is ∏_{j<E/f} γ^(2^(f·j)): a norm-like product of Frobenius conjugates, built by doubling
// (P(2k) = P(k)·P(k)^(2^(f·k)), P(k + 1) = P(k)^(2^f)·γ) in O(log(E/f)) products; squarings are
// cheap in the tower.
bool is_pth_power(const ordinal& beta, std::uint64_t p, std::uint64_t f, const context& ctx) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const std::uint64_t count = static_cast<std::uint64_t>(field.degree()) / f;
  const tower_field::element gamma =
      field.pow(field.from_ordinal(beta), ((integer(1) << static_cast<unsigned>(f)) - 1) / p);
  tower_field::element product = field.one();
  std::uint64_t k = 0;
  for (int bit = 63 - __builtin_clzll(count); bit >= 0; --bit) {
    product = field.mul(product, field.frobenius(product, integer(f) * k));
    k *= 2;
    if ((count >> bit) & 1) {
      product = field.mul(field.frobenius(product, f), gamma);
      ++k;
    }
  }
  return product == field.one();
}

}  // namespace cas::detail
