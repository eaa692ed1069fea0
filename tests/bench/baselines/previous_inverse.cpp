#include "baselines/previous_inverse.hpp"

#include <array>

#include "cas/kernels/nimber_kernels.hpp"

namespace on2_bench {
namespace {

using u64 = std::uint64_t;

const std::array<std::uint8_t, 256>& inverse8() {
  static const std::array<std::uint8_t, 256> table = [] {
    std::array<std::uint8_t, 256> made{};
    for (unsigned a = 1; a < 256; ++a)
      for (unsigned b = 1; b < 256; ++b)
        if (cas::nim_mul8(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)) == 1) {
          made[a] = static_cast<std::uint8_t>(b);
        }
    return made;
  }();
  return table;
}

// a < 2^(2^level), a ≠ 0.
u64 inverse_in_level(u64 a, int level) {
  if (level <= 3) return inverse8()[a];
  const int half = 1 << (level - 1);
  const u64 mask = (u64{1} << half) - 1;
  const u64 a1 = a >> half, a0 = a & mask;
  const u64 norm =
      cas::nim_mul64(cas::nim_square64(a1), u64{1} << (half - 1)) ^ cas::nim_mul64(a0, a0 ^ a1);
  const u64 norm_inverse = inverse_in_level(norm, level - 1);
  return (cas::nim_mul64(a1, norm_inverse) << half) | cas::nim_mul64(a0 ^ a1, norm_inverse);
}

}  // namespace

u64 norm_recursion_inverse(u64 a) {
  return inverse_in_level(a, 6);
}

u64 square_by_product(u64 a) {
  return cas::nim_mul64(a, a);
}

u64 sqrt_by_squarings(u64 a) {
  for (int i = 0; i < 63; ++i) a = cas::nim_mul64(a, a);
  return a;
}

}  // namespace on2_bench
