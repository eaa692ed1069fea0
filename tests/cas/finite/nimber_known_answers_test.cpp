// Known answers for finite nimbers: the seeds' tables, worked examples, Fermat rules, OEIS.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "seed_tables.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;
using on2_test::seed_addition;
using on2_test::seed_multiplication;

TEST(NimberKnownAnswers, SeedAdditionTable) {
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b)
      EXPECT_EQ(cas::nim_add(nimber(static_cast<std::uint64_t>(a)),
                             nimber(static_cast<std::uint64_t>(b))),
                nimber(static_cast<std::uint64_t>(seed_addition[a][b])))
          << a << " + " << b;
}

TEST(NimberKnownAnswers, SeedMultiplicationTable) {
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b) {
      const auto x = static_cast<std::uint64_t>(a), y = static_cast<std::uint64_t>(b);
      const auto expected = static_cast<std::uint64_t>(seed_multiplication[a][b]);
      EXPECT_EQ(cas::nim_mul(nimber(x), nimber(y)), nimber(expected)) << a << " * " << b;
      EXPECT_EQ(cas::nim_mul8(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)),
                expected);
      EXPECT_EQ(cas::nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)),
                expected);
      EXPECT_EQ(cas::nim_mul32(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)),
                expected);
      EXPECT_EQ(cas::nim_mul64(x, y), expected);
      EXPECT_EQ(cas::nim_mul128({x, 0}, {y, 0}), (cas::nim128{expected, 0}));
    }
}

TEST(NimberKnownAnswers, InversesFromTheSeeds) {
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs = {
      {2, 3}, {4, 15}, {5, 12}, {6, 9}, {7, 11}, {8, 10}, {13, 14}};
  for (auto [a, inverse] : pairs) {
    EXPECT_EQ(cas::nim_inv(nimber(a)), nimber(inverse)) << a;
    EXPECT_EQ(cas::nim_inv(nimber(inverse)), nimber(a)) << inverse;
    EXPECT_EQ(cas::nim_inv64(a), inverse);
  }
}

TEST(NimberKnownAnswers, WorkedProducts) {
  EXPECT_EQ(cas::nim_mul(2, 4), nimber(8));  // so the nimbers below 8 are not closed under ⊗
  EXPECT_EQ(cas::nim_mul(4, 4), nimber(6));
  EXPECT_EQ(cas::nim_mul(2, 2), nimber(3));
  EXPECT_EQ(cas::nim_mul(16, 16), nimber(24));  // the 3/2 rule
}

// OEIS A051917, inverse of n under nim multiplication, n = 1..59 (offset 1).
TEST(NimberKnownAnswers, OeisA051917Inverses) {
  const std::vector<std::uint64_t> expected = {
      1,   3,   2,   15,  12,  9,   11,  10,  6,   8,   7,   5,   14,  13,  4,
      170, 160, 109, 107, 131, 139, 116, 115, 228, 234, 92,  89,  73,  77,  220,
      209, 85,  214, 80,  219, 199, 179, 203, 184, 66,  226, 70,  236, 156, 247,
      149, 248, 255, 182, 189, 240, 120, 164, 174, 127, 142, 100, 98,  134};
  for (std::size_t n = 1; n <= expected.size(); ++n) {
    EXPECT_EQ(cas::nim_inv(nimber(n)), nimber(expected[n - 1])) << n;
  }
}

// OEIS A006042, the nim-square of n, n = 0..71.
TEST(NimberKnownAnswers, OeisA006042Squares) {
  const std::vector<std::uint64_t> expected = {
      0,  1,  3,  2,  6,  7,  5,  4,  13, 12, 14,  15,  11,  10,  8,  9,  24, 25,
      27, 26, 30, 31, 29, 28, 21, 20, 22, 23, 19,  18,  16,  17,  52, 53, 55, 54,
      50, 51, 49, 48, 57, 56, 58, 59, 63, 62, 60,  61,  44,  45,  47, 46, 42, 43,
      41, 40, 33, 32, 34, 35, 39, 38, 36, 37, 103, 102, 100, 101, 97, 96, 98, 99};
  for (std::size_t n = 0; n < expected.size(); ++n) {
    EXPECT_EQ(cas::nim_square(nimber(n)), nimber(expected[n])) << n;
    EXPECT_EQ(cas::nim_square64(n), expected[n]) << n;
  }
}

// OEIS A160679, the nim square root of n, n = 0..70.
TEST(NimberKnownAnswers, OeisA160679SquareRoots) {
  const std::vector<std::uint64_t> expected = {
      0,  1,  3,  2,  7,  6,  4,  5,  14, 15, 13,  12,  9,   8,   10,  11,  30, 31,
      29, 28, 25, 24, 26, 27, 16, 17, 19, 18, 23,  22,  20,  21,  57,  56,  58, 59,
      62, 63, 61, 60, 55, 54, 52, 53, 48, 49, 51,  50,  39,  38,  36,  37,  32, 33,
      35, 34, 41, 40, 42, 43, 46, 47, 45, 44, 124, 125, 127, 126, 123, 122, 120};
  for (std::size_t n = 0; n < expected.size(); ++n) {
    EXPECT_EQ(cas::nim_sqrt(nimber(n)), nimber(expected[n])) << n;
    EXPECT_EQ(cas::nim_sqrt64(n), expected[n]) << n;
  }
}

// docs/spec/arithmetic.md §2: F_k ⊗ x = F_k · x for x < F_k; F_k ⊗ F_k = F_k ⊕ F_k/2; distinct
// Fermat 2-powers multiply as integers. Checked for every F_k up to 2^(2^10).
TEST(NimberKnownAnswers, FermatRulesUpToTwoToTheTwoToTheTen) {
  for (unsigned k = 0; k <= 10; ++k) {
    const nimber f = nimber::fermat_power(cas::tower_level{k});
    const std::uint64_t bits = std::uint64_t{1} << k;
    EXPECT_EQ(cas::nim_mul(f, f), cas::nim_add(f, nimber::power_of_two(bits - 1))) << k;
    for (unsigned j = 0; j < k; ++j) {
      EXPECT_EQ(cas::nim_mul(f, nimber::fermat_power(cas::tower_level{j})),
                nimber::power_of_two(bits + (std::uint64_t{1} << j)))
          << k << ", " << j;
    }
    for (int trial = 0; trial < 8; ++trial) {
      std::vector<std::uint64_t> limbs((bits + 63) / 64);
      std::uint64_t seed = 0x9e3779b97f4a7c15ULL * (k * 8 + static_cast<std::uint64_t>(trial) + 1);
      for (auto& limb : limbs) limb = seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      if (bits < 64) limbs[0] &= (std::uint64_t{1} << bits) - 1;
      const nimber x = nimber::from_limbs(limbs);
      const cas::integer expected = x.to_integer() << bits;
      EXPECT_EQ(cas::nim_mul(f, x).to_integer(), expected) << k;
      EXPECT_EQ(cas::nim_mul(x, f).to_integer(), expected) << k;
    }
  }
}

TEST(NimberKnownAnswers, DegreeTraceAndMinimalPolynomials) {
  EXPECT_EQ(cas::nim_degree(0), 1u);
  EXPECT_EQ(cas::nim_degree(1), 1u);
  EXPECT_EQ(cas::nim_degree(2), 2u);
  EXPECT_EQ(cas::nim_degree(15), 4u);
  EXPECT_EQ(cas::nim_degree(16), 8u);
  EXPECT_EQ(cas::nim_degree(nimber::power_of_two(1000)), 1024u);
  // trace(1) is 1 from GF(2) but 0 from GF(4) (docs/spec/arithmetic.md §2).
  EXPECT_EQ(cas::nim_trace(1), 1u);
  EXPECT_EQ(cas::nim_trace(nimber(1), cas::tower_level{1}, cas::tower_level{0}), nimber(0));
  EXPECT_EQ(cas::nim_trace(2), 1u);  // 2 ⊕ 3 = 1
  EXPECT_EQ(cas::nim_trace(nimber(4), cas::tower_level{2}, cas::tower_level{1}),
            nimber(1));  // 4 ⊕ 4^4 = 4 ⊕ 5
  // 2^2 = 3 = 2 ⊕ 1; 4^4 = 5 = 4 ⊕ 1 (from the seed table: 4⊗4 = 6, 6⊗6 = 5).
  EXPECT_EQ(cas::nim_minpoly(2).bits, std::vector<std::uint64_t>{0b111});
  EXPECT_EQ(cas::nim_minpoly(4).bits, std::vector<std::uint64_t>{0b10011});
  EXPECT_EQ(cas::nim_minpoly(1).bits, std::vector<std::uint64_t>{0b11});
  EXPECT_EQ(cas::nim_minpoly(0).bits, std::vector<std::uint64_t>{0b10});
}

TEST(NimberKnownAnswers, OrdersAndArtinSchreier) {
  EXPECT_EQ(cas::nim_order(1), 1);
  EXPECT_EQ(cas::nim_order(2), 3);
  EXPECT_EQ(cas::nim_order(4), 15);  // x^4 + x + 1 is primitive
  // y^2 + y = 1 has the roots 2, 3 in GF(4); y^2 + y = 2 has 4, 5 (4^2 = 6, 6 ⊕ 4 = 2).
  EXPECT_EQ(cas::solve_artin_schreier(1), nimber(2));
  EXPECT_EQ(cas::solve_artin_schreier(2), nimber(4));
  // F_k^2 ⊕ F_k = H_k: the root of y^2 + y = H_k is F_k (docs/spec/arithmetic.md §2).
  for (unsigned k = 0; k <= 9; ++k) {
    EXPECT_EQ(cas::solve_artin_schreier(nimber::power_of_two((std::uint64_t{1} << k) - 1)),
              nimber::fermat_power(cas::tower_level{k}))
        << k;
  }
}

TEST(NimberKnownAnswers, ConversionsAndOrder) {
  const cas::integer big("340282366920938463463374607431768211456");  // 2^128
  const nimber n(big);
  EXPECT_EQ(n, nimber::power_of_two(128));
  EXPECT_EQ(n.to_string(), "340282366920938463463374607431768211456");
  EXPECT_EQ(n.to_integer(), big);
  EXPECT_EQ(n.level(), 8u);
  EXPECT_LT(nimber(5), nimber(6));
  EXPECT_LT(nimber(~std::uint64_t{0}), n);
  EXPECT_EQ(std::hash<nimber>{}(nimber(big)), std::hash<nimber>{}(n));
  EXPECT_EQ(nimber::from_limbs({7, 0, 0}), nimber(7));  // canonical: no trailing zero limbs
  EXPECT_EQ(nimber::from_limbs({7, 0, 0}).limbs().size(), 1u);
}

}  // namespace
