// Random field laws for the κ product on ordinals below ω^(ω^8) with big coefficients
// (docs/testing.md, "property"); iteration counts scale with ON2_TEST_MULTIPLIER.
#include <gtest/gtest.h>

#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;

// A random ordinal below ω^(ω^max_positions): up to `max_terms` terms, exponent digits below 30
// in random positions, coefficients of up to `coefficient_bits` bits.
ordinal random_ordinal(std::size_t max_positions, std::size_t max_terms,
                       std::uint64_t coefficient_bits) {
  auto& engine = on2_test::random_engine();
  std::vector<cas::ordinal_term> terms;
  const std::size_t count = 1 + engine() % max_terms;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<cas::integer> digits(1 + engine() % max_positions, 0);
    for (auto& d : digits) d = engine() % 2 == 0 ? engine() % 60 : 0;
    terms.push_back({cas::small_ordinal(std::move(digits)),
                     on2_test::random_nimber(1 + engine() % coefficient_bits)});
  }
  return ordinal::from_terms(std::move(terms));
}

TEST(KappaLaws, CommutativeAssociativeDistributive) {
  for (int i = 0; i < on2_test::scaled(300); ++i) {
    const ordinal a = random_ordinal(8, 4, 100), b = random_ordinal(8, 4, 100),
                  c = random_ordinal(8, 3, 100);
    const ordinal ab = cas::nim_mul_terms(a, b);
    EXPECT_EQ(ab, cas::nim_mul_terms(b, a));
    EXPECT_EQ(cas::nim_mul_terms(ab, c), cas::nim_mul_terms(a, cas::nim_mul_terms(b, c)));
    EXPECT_EQ(cas::nim_mul_terms(a, cas::nim_add(b, c)),
              cas::nim_add(ab, cas::nim_mul_terms(a, c)));
    EXPECT_EQ(cas::nim_mul_terms(a, ordinal(cas::nimber(1))), a);
  }
}

TEST(KappaLaws, FrobeniusIsAdditiveAndPowersAgree) {
  for (int i = 0; i < on2_test::scaled(40); ++i) {
    const ordinal a = random_ordinal(6, 3, 70), b = random_ordinal(6, 3, 70);
    // a ⊗ a itself is computed as the square, so the schoolbook product checks it by
    // distributivity: a ⊗ (a ⊕ b) ⊕ a ⊗ b.
    EXPECT_EQ(cas::nim_square_terms(a),
              cas::nim_add(cas::nim_mul_terms(a, cas::nim_add(a, b)), cas::nim_mul_terms(a, b)));
    EXPECT_EQ(cas::nim_square_terms(cas::nim_add(a, b)),
              cas::nim_add(cas::nim_square_terms(a), cas::nim_square_terms(b)));
    EXPECT_EQ(cas::nim_pow_terms(a, 5),
              cas::nim_mul_terms(cas::nim_square_terms(cas::nim_square_terms(a)), a));
  }
}

// a^(2^E) = a in the field GF(2^E) its κ's span, and the degree divides E.
TEST(KappaLaws, FieldOfTheClosureHoldsTheElement) {
  for (int i = 0; i < on2_test::scaled(10); ++i) {
    const ordinal a = random_ordinal(4, 3, 8);
    const cas::integer field = cas::closure_of(a).field_exponent();
    if (field > 2000) continue;
    ordinal x = a;
    for (cas::integer n = 0; n < field; ++n) x = cas::nim_square_terms(x);
    EXPECT_EQ(x, a) << "E = " << field;
  }
}

}  // namespace
