#pragma once
// The leaf of the limb recursion in the polynomial basis of the carry-less kernel (private to
// cas/src): every limb is converted once on the way in and once on the way out, each leaf
// product is one carry-less multiply with a Barrett reduction, and "times H" is the
// multiplication by x (the basis is the powers of H). Needs PCLMULQDQ (detail::clmul_supported).

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/clmul_arithmetic.hpp"
#include "kernels/limb_recursion.hpp"

namespace cas::detail {

struct clmul_leaf {
  const clmul_tables& t = clmul_gf64();
  limb to_leaf(limb x) const { return t.to_polynomial(x); }
  limb from_leaf(limb y) const { return t.to_nimber(y); }
  ON2_CLMUL_TARGET limb mul(limb a, limb b) const { return clmul_mod(a, b, t); }
  limb times_half(limb y) const { return clmul_times_half(y, t); }
  limb times_half_squared(limb y) const { return times_half(times_half(y)); }
  ON2_CLMUL_TARGET limb square(limb y) const { return clmul_mod(y, y, t); }
  limb sqrt(limb y) const { return t.sqrt_polynomial(y); }
  limb inverse(limb y) const { return to_leaf(nim_inv64(from_leaf(y))); }
  limb half() const { return t.half_polynomial; }
};

}  // namespace cas::detail
