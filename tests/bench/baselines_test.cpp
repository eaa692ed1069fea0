// The benchmark baselines must compute the nim product, or every ratio they produce is
// meaningless: both are checked against cas on random inputs and a few known answers.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "baselines/competitive_programming_product.hpp"
#include "baselines/previous_inverse.hpp"
#include "baselines/textbook_product.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/bitwise_product.hpp"  // private: the textbook oracle
#include "test_support.hpp"

namespace {

using on2_bench::competitive_programming_product;

const competitive_programming_product& table_product() {
  static const competitive_programming_product product;
  return product;
}

// Known answers: OEIS A051775 (2⊗2 = 3, 8⊗8 = 13, 16⊗16 = 24) and the rules of
// docs/spec/arithmetic.md §2 (F ⊗ F = F ⊕ F/2 for a Fermat 2-power F; distinct Fermat 2-powers
// multiply as integers).
struct known_product {
  std::uint64_t a, b, product;
};
const known_product known_products[] = {
    {0, 0, 0},
    {0, 0xffffffffffffffff, 0},
    {1, 0x123456789abcdef0, 0x123456789abcdef0},
    {2, 2, 3},
    {8, 8, 13},
    {16, 16, 24},
    {std::uint64_t{1} << 16, std::uint64_t{1} << 16, (std::uint64_t{1} << 16) | (1 << 15)},
    {std::uint64_t{1} << 32, std::uint64_t{1} << 32, (std::uint64_t{3} << 31)},
    {std::uint64_t{1} << 16, std::uint64_t{1} << 32, std::uint64_t{1} << 48},
};

TEST(CompetitiveProgrammingProduct, KnownAnswers) {
  for (const known_product& k : known_products) {
    EXPECT_EQ(table_product().multiply(k.a, k.b), k.product) << k.a << " * " << k.b;
  }
}

TEST(CompetitiveProgrammingProduct, EqualsKernelOnRandomWords) {
  const int iterations = on2_test::scaled(100'000);
  for (int i = 0; i < iterations; ++i) {
    const std::uint64_t a = on2_test::random_word(), b = on2_test::random_word();
    ASSERT_EQ(table_product().multiply(a, b), cas::nim_mul64(a, b)) << a << " * " << b;
  }
}

// Random words almost never have a zero 16-bit piece; these do, and reach the zero sentinel of
// the log table in every position (pieces, their sums, and the "times H" steps).
TEST(CompetitiveProgrammingProduct, EqualsKernelWithZeroPieces) {
  const std::uint64_t pieces[] = {0, 1, 0x8000, 0xffff};
  const int iterations = on2_test::scaled(20'000);
  for (int i = 0; i < iterations; ++i) {
    std::uint64_t a = 0, b = 0;
    for (int piece = 0; piece < 4; ++piece) {
      const std::uint64_t choice = on2_test::random_word();
      const std::uint64_t random_piece = on2_test::random_word() & 0xffff;
      a |= ((choice & 4) != 0 ? random_piece : pieces[choice & 3]) << (16 * piece);
      b |= ((choice & 32) != 0 ? random_piece : pieces[(choice >> 3) & 3]) << (16 * piece);
    }
    ASSERT_EQ(table_product().multiply(a, b), cas::nim_mul64(a, b)) << a << " * " << b;
  }
}

TEST(TextbookProduct, KnownAnswers) {
  for (const known_product& k : known_products) {
    EXPECT_EQ(on2_bench::textbook_word_product(k.a, k.b), k.product) << k.a << " * " << k.b;
  }
}

TEST(TextbookProduct, EqualsKernelOnRandomWords) {
  const int iterations = on2_test::scaled(10'000);
  for (int i = 0; i < iterations; ++i) {
    const std::uint64_t a = on2_test::random_word(), b = on2_test::random_word();
    ASSERT_EQ(on2_bench::textbook_word_product(a, b), cas::nim_mul64(a, b)) << a << " * " << b;
  }
}

std::vector<std::uint64_t> random_limbs(std::size_t n) {
  std::vector<std::uint64_t> limbs(n);
  for (auto& limb : limbs) limb = on2_test::random_word();
  return limbs;
}

// cas::nim_mul's limbs, padded back to n (the nimber drops high zero limbs).
std::vector<std::uint64_t> library_product(const std::vector<std::uint64_t>& a,
                                           const std::vector<std::uint64_t>& b) {
  const cas::nimber product = cas::nim_mul(cas::nimber::from_limbs(a), cas::nimber::from_limbs(b));
  std::vector<std::uint64_t> limbs(product.limbs().begin(), product.limbs().end());
  limbs.resize(a.size(), 0);
  return limbs;
}

TEST(TextbookProduct, EqualsNimMulFrom128To4096Bits) {
  for (std::size_t limbs = 2; limbs <= 64; limbs *= 2) {  // 2^7 … 2^12 bits
    const int iterations = on2_test::scaled(limbs <= 8 ? 50 : 5);
    for (int i = 0; i < iterations; ++i) {
      const std::vector<std::uint64_t> a = random_limbs(limbs), b = random_limbs(limbs);
      ASSERT_EQ(on2_bench::textbook_product(a, b), library_product(a, b)) << limbs << " limbs";
    }
  }
}

// Sparse operands exercise the zero-half skip (and H itself is such an operand).
TEST(TextbookProduct, EqualsNimMulWithZeroHalves) {
  for (std::size_t limbs = 2; limbs <= 64; limbs *= 2) {
    std::vector<std::uint64_t> a = random_limbs(limbs), b = random_limbs(limbs);
    for (std::size_t i = 0; i < limbs / 2; ++i) a[i] = 0;      // a = a1·F
    for (std::size_t i = limbs / 2; i < limbs; ++i) b[i] = 0;  // b = b0
    ASSERT_EQ(on2_bench::textbook_product(a, b), library_product(a, b)) << limbs << " limbs";
    ASSERT_EQ(on2_bench::textbook_product(a, a), library_product(a, a)) << limbs << " limbs";
    const std::vector<std::uint64_t> zero(limbs, 0);
    ASSERT_EQ(on2_bench::textbook_product(a, zero), zero);
  }
}

TEST(TextbookProduct, RejectsLengthsThatAreNotOnePowerOfTwo) {
  const std::vector<std::uint64_t> three(3, 1), two(2, 1), four(4, 1);
  EXPECT_THROW(on2_bench::textbook_product(three, three), std::invalid_argument);
  EXPECT_THROW(on2_bench::textbook_product(two, four), std::invalid_argument);
}

// B2's baselines: the old inverse, the square as a product, the root by 63 squarings, against
// the bitwise recursion and two known roots (2 ⊗ 2 = 3 and 8 ⊗ 8 = 13, OEIS A051775).
TEST(Baselines, PreviousInverseSquareAndRootAreRight) {
  for (int i = 0; i < on2_test::scaled(2000); ++i) {
    const std::uint64_t a = on2_test::random_word() >> (i % 64);
    const std::uint64_t square = cas::detail::nim_mul_bitwise(a, a, 6);
    EXPECT_EQ(on2_bench::square_by_product(a), square) << a;
    EXPECT_EQ(on2_bench::sqrt_by_squarings(square), a) << a;
    if (a != 0) {
      EXPECT_EQ(cas::detail::nim_mul_bitwise(a, on2_bench::norm_recursion_inverse(a), 6), 1u) << a;
    }
  }
  EXPECT_EQ(on2_bench::sqrt_by_squarings(3), 2u);
  EXPECT_EQ(on2_bench::sqrt_by_squarings(13), 8u);
}

}  // namespace
