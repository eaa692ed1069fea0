// The limb recursion with leaves in the nimber basis itself (the portable path).
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/gf64_tables.hpp"
#include "kernels/limb_recursion.hpp"

namespace cas::detail {
namespace {

struct tower_leaf {
  const portable_tables& t = portable_gf64();
  static limb to_leaf(limb x) { return x; }
  static limb from_leaf(limb x) { return x; }
  limb mul(limb a, limb b) const { return t.mul64(a, b); }
  static limb times_half(limb x) { return gf64_linear_maps.times_half(x); }
  static limb square(limb x) { return gf64_linear_maps.square(x); }
  static limb sqrt(limb x) { return gf64_linear_maps.sqrt(x); }
  static limb inverse(limb x) { return nim_inv64(x); }
  static limb half() { return limb{1} << 63; }
  limb times_half_squared(limb x) const { return t.mul64(x, half_squared_); }
  limb half_squared_ = square(half());
};

}  // namespace

const limb_arithmetic& tower_limb_arithmetic() {
  static const limb_arithmetic arithmetic = make_limb_arithmetic<tower_leaf>();
  return arithmetic;
}

}  // namespace cas::detail
