// The fast arithmetic against the mex definitions of docs/spec/arithmetic.md §1 (the ground truth).
#include "cas/explore/mex_reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "test_support.hpp"

namespace {

// Built once: the 256×256 mex product table is the slow part of these tests (docs/benchmarks.md).
const cas::mex_table& products256() {
  static const cas::mex_table table = cas::mex_product_table(256);
  return table;
}

TEST(MexReference, MexOfSets) {
  EXPECT_EQ(cas::mex({1, 2}), 0u);
  EXPECT_EQ(cas::mex({0, 1, 5, 6}), 2u);
  EXPECT_EQ(cas::mex({}), 0u);
  EXPECT_EQ(cas::mex({3, 0, 2, 1}), 4u);
}

TEST(MexReference, SumIsXor) {
  const cas::mex_table sum = cas::mex_sum_table(256);
  for (std::uint32_t a = 0; a < 256; ++a)
    for (std::uint32_t b = 0; b < 256; ++b) ASSERT_EQ(sum[a][b], a ^ b) << a << " + " << b;
}

TEST(MexReference, FastProductEqualsMexProductBelow256) {
  const cas::mex_table& mex = products256();
  for (std::uint64_t a = 0; a < 256; ++a) {
    for (std::uint64_t b = 0; b < 256; ++b) {
      ASSERT_EQ(cas::nim_mul64(a, b), mex[a][b]) << a << " * " << b;
      ASSERT_EQ(cas::nim_mul(a, b), cas::nimber(mex[a][b]));
      ASSERT_EQ(cas::nim_mul8(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)),
                mex[a][b]);
    }
  }
}

TEST(MexReference, FastInverseEqualsMexInverseBelow256) {
  const std::vector<std::uint32_t> inverse = cas::mex_inverse_table(256, products256());
  for (std::uint64_t a = 1; a < 256; ++a) {
    EXPECT_EQ(cas::nim_inv(a), cas::nimber(inverse[a])) << a;
    EXPECT_EQ(cas::nim_inv64(a), inverse[a]) << a;
  }
}

TEST(MexReference, TheExcludedValuesOfFourTimesFour) {
  // The seeds' worked example: 4 ⊗ 4 excludes 0, 1, 2, 3, 4, 5, 8, 11, 12, 14, so it is 6.
  const auto excluded = cas::mex_product_excluded(4, 4, products256());
  const std::set<std::uint32_t> distinct(excluded.begin(), excluded.end());
  EXPECT_EQ(distinct, (std::set<std::uint32_t>{0, 1, 2, 3, 4, 5, 8, 11, 12, 14}));
  EXPECT_EQ(cas::mex(excluded), 6u);
  // 2 ⊗ 2: excluded {0, 1, 2}, so 3.
  const auto two = cas::mex_product_excluded(2, 2, products256());
  EXPECT_EQ(std::set<std::uint32_t>(two.begin(), two.end()), (std::set<std::uint32_t>{0, 1, 2}));
}

TEST(MexReference, OrderByBruteForceBelow256) {
  for (std::uint64_t a = 1; a < 256; ++a) {
    std::uint64_t x = a, order = 1;
    while (x != 1) {
      x = products256()[x][a];
      ++order;
    }
    EXPECT_EQ(cas::nim_order(a), order) << a;
  }
}

TEST(MexReference, SizeLimitAndTableChecks) {
  EXPECT_THROW(cas::mex_product_table(257), cas::limit_error);
  EXPECT_THROW(cas::mex_sum_table(100000), cas::limit_error);
  const cas::mex_table small = cas::mex_product_table(8);
  EXPECT_THROW(cas::mex_inverse_table(8, small), cas::range_error);  // 8 is not a Fermat 2-power
  EXPECT_EQ(small[2][4], 8u);  // the table may leave [0, 8): 8 is not closed under ⊗
}

}  // namespace
