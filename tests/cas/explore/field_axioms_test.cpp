// The field checks of cas/explore/field_axioms.hpp: the field sizes pass, other sizes fail at the
// first axiom in docs/spec/language.md's order with the least witness (compared with a brute-force
// search over the arbitrary-size product), broken products fail at the right axiom, and the
// bilinearity reduction at 65536 against direct checks of the laws on random samples.
#include "cas/explore/field_axioms.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "test_support.hpp"

namespace {

using cas::field_axiom;

TEST(FieldAxioms, FermatSizesAreFields) {
  for (std::uint64_t n : {2u, 4u, 16u, 256u}) {
    EXPECT_EQ(cas::first_failed_axiom(n), std::nullopt) << n;
  }
}

TEST(FieldAxioms, EightThirtyTwoAndHundredAreRefusedWithTheirWitnesses) {
  EXPECT_EQ(cas::first_failed_axiom(8),
            (cas::axiom_failure{field_axiom::closure_under_product, "2 ⊗ 4 = 8"}));
  EXPECT_EQ(cas::first_failed_axiom(32),
            (cas::axiom_failure{field_axiom::closure_under_product, "2 ⊗ 16 = 32"}));
  EXPECT_EQ(cas::first_failed_axiom(100),
            (cas::axiom_failure{field_axiom::closure_under_sum, "4 ⊕ 96 = 100"}));
  try {
    cas::require_field(8);
    FAIL() << "8 passed";
  } catch (const cas::math_error& e) {
    EXPECT_STREQ(e.what(),
                 "The nimbers below 8 are not a field: closure under ⊗ fails, 2 ⊗ 4 = 8.");
  }
  EXPECT_THROW(cas::require_field(1), cas::math_error);
  EXPECT_THROW(cas::check_field(65537), cas::limit_error);
}

// The least failing pair in lexicographic order, found with the arbitrary-size nimber product.
std::optional<cas::axiom_failure> brute_force_closure(std::uint64_t n) {
  for (std::uint64_t a = 0; a < n; ++a) {
    for (std::uint64_t b = 0; b < n; ++b) {
      if ((a ^ b) >= n) {
        return cas::axiom_failure{
            field_axiom::closure_under_sum,
            std::to_string(a) + " ⊕ " + std::to_string(b) + " = " + std::to_string(a ^ b)};
      }
    }
  }
  for (std::uint64_t a = 0; a < n; ++a) {
    for (std::uint64_t b = 0; b < n; ++b) {
      const cas::nimber p = cas::nim_mul(cas::nimber(a), cas::nimber(b));
      if (p >= cas::nimber(n)) {
        return cas::axiom_failure{
            field_axiom::closure_under_product,
            std::to_string(a) + " ⊗ " + std::to_string(b) + " = " + p.to_string()};
      }
    }
  }
  return std::nullopt;
}

TEST(FieldAxioms, WitnessIsTheLeastPairForEverySizeUpTo300) {
  for (std::uint64_t n = 2; n <= 300; ++n) {
    EXPECT_EQ(cas::first_failed_axiom(n), brute_force_closure(n)) << n;
  }
  for (std::uint64_t n : {512u, 1000u, 4096u, 32768u, 65535u}) {
    EXPECT_EQ(cas::first_failed_axiom(n), brute_force_closure(n)) << n;
  }
}

cas::product_table table_of(std::uint32_t n,
                            std::uint32_t (*product)(std::uint32_t, std::uint32_t)) {
  cas::product_table t{n, std::vector<std::uint32_t>(std::size_t{n} * n)};
  for (std::uint32_t a = 0; a < n; ++a) {
    for (std::uint32_t b = 0; b < n; ++b) t.products[std::size_t{a} * n + b] = product(a, b);
  }
  return t;
}

std::uint32_t nim16(std::uint32_t a, std::uint32_t b) {
  return cas::nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
}

TEST(FieldAxioms, BrokenProductsFailAtTheRightAxiom) {
  // Not commutative: one entry changed.
  cas::product_table t = cas::fast_product_table(16);
  t.products[2 * 16 + 3] = 7;
  EXPECT_EQ(cas::first_failed_axiom(t),
            (cas::axiom_failure{field_axiom::commutativity, "2 ⊗ 3 = 7 but 3 ⊗ 2 = 1"}));
  // Commutative, not associative: a symmetric pair of entries changed.
  t = cas::fast_product_table(16);
  t.products[2 * 16 + 3] = t.products[3 * 16 + 2] = 7;
  ASSERT_TRUE(cas::first_failed_axiom(t).has_value());
  EXPECT_EQ(cas::first_failed_axiom(t)->axiom, field_axiom::associativity);
  // The nim product carried through a bijection f that is not additive (it swaps 5 and 6):
  // a commutative group law with inverses, but not distributive over ⊕.
  t = table_of(
      16, +[](std::uint32_t a, std::uint32_t b) {
        const auto f = [](std::uint32_t x) { return x == 5 ? 6u : x == 6 ? 5u : x; };
        return f(nim16(f(a), f(b)));
      });
  ASSERT_TRUE(cas::first_failed_axiom(t).has_value());
  EXPECT_EQ(cas::first_failed_axiom(t)->axiom, field_axiom::distributivity);
  // GF(2)[x]/(x^4): a commutative ring in which x = 2 has no inverse.
  t = table_of(
      16, +[](std::uint32_t a, std::uint32_t b) {
        std::uint32_t p = 0;
        for (int i = 0; i < 4; ++i) {
          if ((b >> i & 1) != 0) p ^= a << i;
        }
        return p & 15u;
      });
  EXPECT_EQ(cas::first_failed_axiom(t),
            (cas::axiom_failure{field_axiom::inverses,
                                "2 has no inverse: 2 ⊗ b ≠ 1 for every b below 16"}));
}

TEST(FieldAxioms, CheckOf256IsExhaustive) {
  const cas::field_check_report r = cas::check_field(256);
  EXPECT_EQ(r.method, "exhaustively");
  ASSERT_EQ(r.checks.size(), 6u);
  const std::uint64_t expected[] = {65536, 65536, 65536, 16777216, 16777216, 255};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(r.checks[i].axiom, static_cast<field_axiom>(i));
    EXPECT_EQ(r.checks[i].cases, expected[i]);
  }
  EXPECT_NE(r.to_text().find("all 16,777,216 triples (a, b, c)"), std::string::npos);
}

TEST(FieldAxioms, CheckOf65536UsesTheReduction) {
  const cas::field_check_report r = cas::check_field(65536);
  EXPECT_EQ(r.method, "exhaustively through the bilinearity reduction");
  ASSERT_EQ(r.checks.size(), 6u);
  EXPECT_EQ(r.checks[4].axiom, field_axiom::distributivity);
  EXPECT_EQ(r.checks[4].cases, std::uint64_t{1} << 32);
  EXPECT_EQ(r.checks[3].cases, 4096u);
  EXPECT_EQ(r.checks[5].cases, 65535u);
}

// What the reduction concludes, checked directly on random samples: the laws on arbitrary
// triples, and the row kernel the reduction reads against the scalar kernel.
TEST(FieldAxioms, ReductionAgreesWithBruteForceOnRandomSamples) {
  auto& random = on2_test::random_engine();
  const auto element = [&] { return static_cast<std::uint16_t>(random()); };
  for (int i = 0; i < on2_test::scaled(200000); ++i) {
    const std::uint16_t a = element(), b = element(), c = element();
    const auto mul = cas::nim_mul16;
    ASSERT_EQ(mul(a, b), mul(b, a));
    ASSERT_EQ(mul(mul(a, b), c), mul(a, mul(b, c)));
    ASSERT_EQ(mul(a, static_cast<std::uint16_t>(b ^ c)), mul(a, b) ^ mul(a, c));
    // The product as the reduction sees it: a sum over the bits of a of 2^i ⊗ b.
    std::uint16_t sum = 0;
    for (int bit = 0; bit < 16; ++bit) {
      if ((a >> bit & 1) != 0) sum ^= mul(static_cast<std::uint16_t>(1u << bit), b);
    }
    ASSERT_EQ(sum, mul(a, b));
    // And the same product from the arbitrary-size nimber.
    ASSERT_EQ(cas::nim_mul(cas::nimber(a), cas::nimber(b)), cas::nimber(mul(a, b)));
  }
  std::vector<std::uint16_t> row(65536);
  for (int i = 0; i < on2_test::scaled(16); ++i) {
    const std::uint16_t b = element();
    cas::nim_mul16_row(b, row.data());
    for (std::uint32_t a = 0; a < 65536; ++a) {
      ASSERT_EQ(row[a], cas::nim_mul16(static_cast<std::uint16_t>(a), b)) << a << " " << b;
    }
  }
}

}  // namespace
