// The kernels called from a static initialiser that runs before cas's own
// (kernels_from_a_static_initialiser.cpp) return what they return in main: checked against the
// bitwise textbook recursion, which uses no tables, and against the same calls made now.
#include <gtest/gtest.h>

#include <cstdint>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/bitwise_product.hpp"  // private: the textbook oracle
#include "kernels_from_a_static_initialiser.hpp"

namespace {

using on2_test::results_from_static_initialiser;

constexpr std::uint64_t first = 0x9e3779b97f4a7c15, second = 0xc2b2ae3d27d4eb4f;

std::uint64_t bitwise(std::uint64_t a, std::uint64_t b) {
  return cas::detail::nim_mul_bitwise(a, b, 6);
}

// The Karatsuba step of docs/spec/arithmetic.md §2 one level up, on the bitwise recursion.
cas::nim128 bitwise128(cas::nim128 a, cas::nim128 b) {
  const std::uint64_t c0 = bitwise(a.lo, b.lo), c2 = bitwise(a.hi, b.hi);
  const std::uint64_t c12 = bitwise(a.lo ^ a.hi, b.lo ^ b.hi);
  return {c0 ^ bitwise(c2, std::uint64_t{1} << 63), c12 ^ c0};
}

TEST(StaticInitialisation, KernelsCalledBeforeCasIsInitialisedAreRight) {
  const on2_test::kernel_results& r = results_from_static_initialiser;
  ASSERT_TRUE(r.ran);
  EXPECT_EQ(r.product64, bitwise(first, second));
  EXPECT_EQ(r.product128, bitwise128({first, second}, {second, first}));
  EXPECT_EQ(r.square64, bitwise(first, first));
  EXPECT_EQ(bitwise(r.root64, r.root64), first);
  EXPECT_EQ(bitwise(r.inverse64, first), 1u);
  const cas::nim128 one{1, 0};
  EXPECT_EQ(bitwise128(r.inverse128, {first, second}), one);
  EXPECT_EQ(r.path, cas::active_kernel_path());
  const std::uint64_t a[9] = {first, second, 1, 2, 3, 4, 5, 6, 7};
  const std::uint64_t b[9] = {second, first, 7, 6, 5, 4, 3, 2, 1};
  for (int i = 0; i < 9; ++i) EXPECT_EQ(r.batch64[i], bitwise(a[i], b[i])) << i;
  EXPECT_EQ(r.batch128[0], bitwise128({first, second}, {second, first}));
  EXPECT_EQ(r.batch128[1], bitwise128({1, first}, {second, 3}));
  EXPECT_TRUE(r.big_square_is_product);
  EXPECT_TRUE(r.fermat5_smallest_factor);
  EXPECT_TRUE(r.omega_cubed_is_two);
  EXPECT_TRUE(r.zero_coefficient);
}

}  // namespace
