// The limb recursion with leaves in the polynomial basis of the carry-less kernel: every limb is
// converted once on the way in and once on the way out, and each leaf product is one
// carry-less multiply with a Barrett reduction. The whole unit is compiled for PCLMULQDQ and is
// only entered when the CPU has it.
#pragma GCC target("pclmul,sse4.1")

#include "cas/nimber_kernels.hpp"
#include "clmul_arithmetic.hpp"
#include "limb_recursion.hpp"

namespace cas::detail {
namespace {

struct clmul_leaf {
  const clmul_tables& t = clmul_gf64();
  limb to_leaf(limb x) const { return t.to_polynomial(x); }
  limb from_leaf(limb y) const { return t.to_nimber(y); }
  limb mul(limb a, limb b) const { return clmul_mod(a, b, t); }
  limb times_half(limb y) const { return clmul_mod(y, t.half_polynomial, t); }
  limb square(limb y) const { return clmul_mod(y, y, t); }
  limb sqrt(limb y) const { return t.sqrt_polynomial(y); }
  limb inverse(limb y) const { return to_leaf(nim_inv64(from_leaf(y))); }
  limb half() const { return t.half_polynomial; }
  limb half_squared() const { return half_squared_; }
  limb half_squared_ = clmul_mod(t.half_polynomial, t.half_polynomial, t);
};

}  // namespace

const limb_arithmetic& clmul_limb_arithmetic() {
  static const limb_arithmetic arithmetic = make_limb_arithmetic<clmul_leaf>();
  return arithmetic;
}

}  // namespace cas::detail
