// Random field-law checks (docs/testing.md, "property") on 64-bit, 128-bit, 4096-bit and 2^16-bit
// nimbers; iteration counts scale with ON2_TEST_MULTIPLIER.
#include <gtest/gtest.h>

#include "cas/arith/fermat_numbers.hpp"
#include "cas/finite/nimber.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;
using on2_test::random_nimber;
using on2_test::scaled;

struct law_case {
  std::uint64_t bits;
  int iterations;
};

class FieldLaws : public ::testing::TestWithParam<law_case> {};

TEST_P(FieldLaws, SumAndProductAxioms) {
  const auto [bits, iterations] = GetParam();
  for (int i = 0; i < scaled(iterations); ++i) {
    const nimber a = random_nimber(bits), b = random_nimber(bits), c = random_nimber(bits);
    const nimber ab = cas::nim_mul(a, b);
    EXPECT_EQ(ab, cas::nim_mul(b, a));
    EXPECT_EQ(cas::nim_mul(ab, c), cas::nim_mul(a, cas::nim_mul(b, c)));
    EXPECT_EQ(cas::nim_mul(a, cas::nim_add(b, c)), cas::nim_add(ab, cas::nim_mul(a, c)));
    EXPECT_EQ(cas::nim_mul(a, nimber(1)), a);
    EXPECT_EQ(cas::nim_add(a, a), nimber(0));
    EXPECT_LE(ab.level(), std::max(a.level(), b.level()));  // closure in GF(2^(2^k))
  }
}

TEST_P(FieldLaws, InverseSquareAndSquareRoot) {
  const auto [bits, iterations] = GetParam();
  for (int i = 0; i < scaled(iterations); ++i) {
    const nimber a = random_nimber(bits), b = random_nimber(bits);
    const nimber square = cas::nim_square(a);
    EXPECT_EQ(square, cas::nim_mul(a, a));
    EXPECT_EQ(cas::nim_sqrt(square), a);
    EXPECT_EQ(cas::nim_square(cas::nim_sqrt(a)), a);
    // Frobenius is additive.
    EXPECT_EQ(cas::nim_square(cas::nim_add(a, b)), cas::nim_add(square, cas::nim_square(b)));
    if (!a.is_zero()) {
      const nimber inverse = cas::nim_inv(a);
      EXPECT_EQ(cas::nim_mul(a, inverse), nimber(1));
      EXPECT_EQ(cas::nim_div(b, a), cas::nim_mul(b, inverse));
    }
  }
}

TEST_P(FieldLaws, MixedSizesMultiplyConsistently) {
  const auto [bits, iterations] = GetParam();
  for (int i = 0; i < scaled(iterations); ++i) {
    const nimber small = random_nimber(1 + on2_test::random_word() % 200);
    const nimber a = random_nimber(bits), b = random_nimber(bits);
    EXPECT_EQ(cas::nim_mul(small, cas::nim_add(a, b)),
              cas::nim_add(cas::nim_mul(a, small), cas::nim_mul(small, b)));
    EXPECT_EQ(cas::nim_mul(cas::nim_mul(small, a), b), cas::nim_mul(small, cas::nim_mul(a, b)));
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FieldLaws,
                         ::testing::Values(law_case{64, 2000}, law_case{128, 1000},
                                           law_case{300, 200}, law_case{4096, 20},
                                           law_case{1 << 16, 2}),
                         [](const auto& test_info) {
                           return "Bits" + std::to_string(test_info.param.bits);
                         });

// a^(2^degree) = a, and the trace is the sum of the conjugates.
TEST(FieldLawsFrobenius, PowerOfTwoToTheDegreeIsIdentity) {
  for (std::uint64_t bits : {1, 2, 5, 17, 64, 100, 256, 1024, 4096}) {
    for (int i = 0; i < scaled(3); ++i) {
      const nimber a = random_nimber(bits);
      nimber x = a, conjugate_sum = 0;
      const std::uint64_t degree = cas::nim_degree(a);
      for (std::uint64_t j = 0; j < degree; ++j) {
        conjugate_sum = cas::nim_add(conjugate_sum, x);
        x = cas::nim_square(x);
      }
      EXPECT_EQ(x, a) << bits;
      EXPECT_EQ(conjugate_sum, nimber(cas::nim_trace(a))) << bits;
    }
  }
}

TEST(FieldLawsPower, PowerAgreesWithRepeatedProductsAndInverse) {
  for (std::uint64_t bits : {3, 64, 200}) {
    const nimber a = random_nimber(bits);
    nimber product = 1;
    for (int e = 0; e < 40; ++e) {
      EXPECT_EQ(cas::nim_pow(a, e), product) << bits << "^" << e;
      product = cas::nim_mul(product, a);
    }
    if (!a.is_zero()) {
      EXPECT_EQ(cas::nim_pow(a, -1), cas::nim_inv(a));
      EXPECT_EQ(cas::nim_mul(cas::nim_pow(a, -5), cas::nim_pow(a, 5)), nimber(1));
      // Exponents beyond the group order reduce: a^(2^d − 1) = 1.
      const cas::integer group = (cas::integer(1) << cas::nim_degree(a)) - 1;
      EXPECT_EQ(cas::nim_pow(a, group), nimber(1));
      EXPECT_EQ(cas::nim_pow(a, group * 12345 + 7), cas::nim_pow(a, 7));
    }
  }
}

// Evaluates a GF(2) polynomial at a nimber (Horner).
nimber evaluate(const cas::gf2_polynomial& p, const nimber& a) {
  nimber value = 0;
  for (std::uint64_t i = p.degree() + 1; i-- > 0;) {
    value = cas::nim_add(cas::nim_mul(value, a), nimber(p.coefficient(i) ? 1 : 0));
  }
  return value;
}

TEST(FieldLawsMinimalPolynomial, VanishesAndHasTheDegree) {
  for (std::uint64_t bits : {2, 4, 9, 16, 33, 64, 65, 128, 256, 1024}) {
    const nimber a = random_nimber(bits);
    const cas::gf2_polynomial m = cas::nim_minpoly(a);
    EXPECT_EQ(m.degree(), cas::nim_degree(a)) << bits;
    EXPECT_EQ(evaluate(m, a), nimber(0)) << bits;
    // Every conjugate is a root as well.
    EXPECT_EQ(evaluate(m, cas::nim_square(a)), nimber(0)) << bits;
  }
}

TEST(FieldLawsOrder, OrderIsExactOnRandomElements) {
  for (std::uint64_t bits : {8, 32, 64, 128, 512}) {
    const nimber a = random_nimber(bits);
    if (a.is_zero()) continue;
    const cas::integer order = cas::nim_order(a);
    EXPECT_EQ(cas::nim_pow(a, order), nimber(1));
    for (unsigned i = 0; i < a.level(); ++i) {
      for (const cas::integer& p : cas::fermat_number_prime_factors(i)) {
        if (order % p == 0) {
          EXPECT_NE(cas::nim_pow(a, order / p), nimber(1)) << bits << " " << p;
        }
      }
    }
  }
}

TEST(FieldLawsArtinSchreier, SolutionsSolveAndLieInTheRightField) {
  for (std::uint64_t bits : {1, 2, 7, 63, 64, 65, 128, 1000}) {
    for (int i = 0; i < scaled(20); ++i) {
      const nimber c = random_nimber(bits);
      const nimber y = cas::solve_artin_schreier(c);
      EXPECT_EQ(cas::nim_add(cas::nim_square(y), y), c) << bits;
      EXPECT_FALSE(y.bit(0));
      const unsigned expected_level = c.level() + (c.bit(cas::nim_degree(c) - 1) ? 1 : 0);
      EXPECT_LE(y.level(), expected_level);
    }
  }
}

TEST(FieldLawsTrace, TraceIsLinearAndNormIsMultiplicative) {
  for (int i = 0; i < scaled(200); ++i) {
    const nimber a = random_nimber(256), b = random_nimber(256);
    EXPECT_EQ(cas::nim_trace(cas::nim_add(a, b), cas::tower_level{8}, cas::tower_level{3}),
              cas::nim_add(cas::nim_trace(a, cas::tower_level{8}, cas::tower_level{3}),
                           cas::nim_trace(b, cas::tower_level{8}, cas::tower_level{3})));
    EXPECT_EQ(cas::nim_norm(cas::nim_mul(a, b), cas::tower_level{8}, cas::tower_level{4}),
              cas::nim_mul(cas::nim_norm(a, cas::tower_level{8}, cas::tower_level{4}),
                           cas::nim_norm(b, cas::tower_level{8}, cas::tower_level{4})));
    if (!a.is_zero()) {
      EXPECT_EQ(cas::nim_norm(a, cas::tower_level{8}, cas::tower_level{0}), nimber(1));
    }
  }
}

}  // namespace
