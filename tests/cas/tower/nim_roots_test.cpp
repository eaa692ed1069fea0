// root(a, n) works in the least field holding the roots (issue 16): with n = 2^s·m, m odd, and b
// the 2^s-th root of a, that is GF(2^e), e the order of 2 modulo m·ord(b). The field of degree
// lcm(deg b, ord_m(2))·m used before made root(1, 65535) run for over ten minutes.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

std::uint64_t field_degree(const ordinal& a, long n) {
  return cas::root_field_degree(a, cas::integer(n));
}

TEST(NimRootField, LeastFieldHoldingTheRoots) {
  EXPECT_EQ(field_degree(finite(1), 65535), 16u);  // the nonzero elements of GF(2^16)
  EXPECT_EQ(field_degree(finite(1), 1285), 16u);   // ord_1285(2) = lcm(4, 16)
  EXPECT_EQ(field_degree(finite(1), 3), 2u);
  EXPECT_EQ(field_degree(finite(1), 1), 1u);
  // ord(2) = 3: the cube roots of 2 have order 9, in GF(2^ord_9(2)) = GF(64) (ω among them).
  EXPECT_EQ(field_degree(finite(2), 3), 6u);
  // ord(ω) = 9: cube roots of ω have order 27 (GF(2^18), κ_9 = [ω^3]); ninth roots order 81.
  EXPECT_EQ(field_degree(ordinal::omega(), 3), 18u);
  EXPECT_EQ(field_degree(ordinal::omega(), 9), 54u);
  // 4 = α_5 is no 5th power in GF(16): its 5th roots [ω^ω]·c need GF(2^20).
  EXPECT_EQ(field_degree(finite(4), 5), 20u);
  // The 2-part of n costs nothing: x^(4·3) = 1 has the cube roots of 1.
  EXPECT_EQ(field_degree(finite(1), 12), 2u);
  EXPECT_THROW(field_degree(ordinal(), 3), cas::math_error);
  EXPECT_THROW(field_degree(finite(1), 0), cas::range_error);
}

// The field is the least one: the roots' degrees have e as their lcm, for finite and transfinite a.
TEST(NimRootField, TheRootsNeedTheWholeField) {
  const std::vector<std::pair<ordinal, long>> cases = {
      {finite(1), 1285},     {finite(2), 3},
      {ordinal::omega(), 3}, {finite(4), 5},
      {finite(7), 15},       {finite(200), 7},
      {term({0, 1}), 3},     {sum({ordinal::omega(), finite(1)}), 5},
      {term({1}), 9},        {finite(1), 4 * 21}};
  for (const auto& [a, n] : cases) {
    std::uint64_t degrees = 1;
    for (const ordinal& root : cas::nim_roots(a, cas::integer(n))) {
      degrees = std::lcm(degrees, cas::nim_degree(root));
    }
    EXPECT_EQ(degrees, field_degree(a, n)) << cas::to_string(a) << ", " << n;
  }
}

TEST(NimRoots, RootsOfUnityOfGF65536AreItsNonzeroElements) {
  const std::vector<ordinal> roots = cas::nim_roots(finite(1), cas::integer(65535));
  ASSERT_EQ(roots.size(), 65535u);
  for (std::uint64_t i = 0; i < roots.size(); ++i) {
    ASSERT_EQ(roots[i], finite(i + 1));
  }
}

TEST(NimRoots, RootsOf1285AreInGF65536) {
  const std::vector<ordinal> roots = cas::nim_roots(finite(1), cas::integer(1285));
  ASSERT_EQ(roots.size(), 1285u);
  std::uint64_t degrees = 1;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    ASSERT_TRUE(roots[i].is_finite());
    EXPECT_LT(roots[i], finite(65536));
    EXPECT_EQ(cas::nim_pow(roots[i], cas::integer(1285)), finite(1)) << cas::to_string(roots[i]);
    if (i > 0) {
      EXPECT_LT(roots[i - 1], roots[i]);
    }
    degrees = std::lcm(degrees, cas::nim_degree(roots[i]));
  }
  EXPECT_EQ(degrees, 16u);  // ord_1285(2): no smaller field holds them all
}

TEST(NimRoots, LimitMessageCountsEveryRoot) {
  EXPECT_EQ(on2_test::message_of<cas::limit_error>(
                [] { cas::nim_roots(finite(1), cas::integer(4294967295u)); }),
            "The number of roots is 4294967295, above the limit max_root_count = 65536.");
  // 2^40·(2^65 + 1): the count is the odd part, however large.
  const cas::integer n = ((cas::integer(1) << 65) + 1) << 40;
  EXPECT_EQ(on2_test::message_of<cas::limit_error>([&] { cas::nim_roots(finite(1), n); }),
            "The number of roots is 36893488147419103233, above the limit max_root_count = "
            "65536.");
}

}  // namespace
