// The limb recursion with leaves in the polynomial basis of the carry-less kernel. The whole unit
// is compiled for PCLMULQDQ and is only entered when the CPU has it.
#pragma GCC target("pclmul,sse4.1")

#include "kernels/clmul_leaf.hpp"

namespace cas::detail {

const limb_arithmetic& clmul_limb_arithmetic() {
  static const limb_arithmetic arithmetic = make_limb_arithmetic<clmul_leaf>();
  return arithmetic;
}

}  // namespace cas::detail
