// The materialised tower fields and the field functions of transfinite nimbers.
#include <gtest/gtest.h>

#include "cas/error.hpp"
#include "cas/kappa.hpp"
#include "cas/ordinal_field.hpp"
#include "cas/tower.hpp"
#include "ordinal_builders.hpp"

namespace cas {
inline void PrintTo(const ordinal& o, std::ostream* out) { *out << to_string(o); }
}  // namespace cas

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

const ordinal omega = ordinal::omega();

TEST(TowerField, ShapeOfTheFieldOfOmega) {
  const cas::tower_field field = cas::tower_field::spanning({omega});
  EXPECT_EQ(field.degree(), 6);  // GF(64) = {a·[ω^2] + b·ω + c : a, b, c < 4} (MATH.md §5)
  EXPECT_EQ(field.base_bits(), 2u);
  EXPECT_EQ(field.words(), 3u);
  EXPECT_EQ(field.steps().size(), 1u);
  EXPECT_EQ(field.to_ordinal(field.from_ordinal(sum({term({2}, 3), term({1}, 2), finite(1)}))),
            sum({term({2}, 3), term({1}, 2), finite(1)}));
}

TEST(TowerField, InverseOfOmega) {
  // NOTATION.md: ω^-1 == [ω^2·3].
  EXPECT_EQ(cas::nim_inv(omega), term({2}, 3));
  EXPECT_EQ(cas::nim_pow(omega, -1), term({2}, 3));
  EXPECT_EQ(cas::nim_mul(cas::nim_inv(omega), omega), finite(1));
  EXPECT_EQ(cas::nim_div(finite(1), omega), term({2}, 3));
  const ordinal x = sum({omega, finite(1)});
  EXPECT_EQ(cas::nim_mul(cas::nim_pow(x, -5), cas::nim_pow(x, 5)), finite(1));
  EXPECT_EQ(cas::nim_pow(omega, -2), cas::nim_square(term({2}, 3)));
  EXPECT_EQ(cas::nim_pow(finite(2), -1), finite(3));
}

TEST(TowerField, FieldDescriptions) {
  EXPECT_EQ(cas::field_description(omega), "GF(2^6), spanned by κ_2, κ_3");
  EXPECT_EQ(cas::field_description(term({3})), "GF(2^18), spanned by κ_2, κ_3, κ_9");
  EXPECT_EQ(cas::field_description(term({0, 1})), "GF(2^20), spanned by κ_2, κ_4, κ_5");
  EXPECT_EQ(cas::field_description(finite(1)), "GF(2^1)");
  EXPECT_EQ(cas::field_description(finite(300)), "GF(2^16), spanned by κ_2, κ_4, κ_8, κ_16");
}

TEST(TowerField, DegreesConjugatesTraceAndMinimalPolynomial) {
  EXPECT_EQ(cas::nim_degree(omega), 6u);
  EXPECT_EQ(cas::nim_degree(term({0, 1})), 20u);       // [ω^ω]: 5 · d(4)
  EXPECT_EQ(cas::nim_degree(term({0, 0, 1})), 42u);    // κ_7: 7 · d(ω + 1)
  EXPECT_EQ(cas::nim_degree(sum({omega, finite(1)})), 6u);
  EXPECT_EQ(cas::conjugates(omega).size(), 6u);
  EXPECT_EQ(cas::conjugates(omega)[1], term({2}));  // ω^2
  // ω^3 = 2: the minimal polynomial is (x^3 + 2)(x^3 + 3) = x^6 + x^3 + 1.
  EXPECT_EQ(cas::nim_minpoly(omega).bits, std::vector<std::uint64_t>{0b1001001});
  EXPECT_EQ(cas::nim_trace(omega), 0u);
  EXPECT_EQ(cas::nim_sqrt(term({2})), omega);
  EXPECT_EQ(cas::nim_square(cas::nim_sqrt(omega)), omega);
}

TEST(TowerField, BadInput) {
  EXPECT_THROW(cas::nim_inv(ordinal()), cas::math_error);
  EXPECT_THROW(cas::nim_div(omega, ordinal()), cas::math_error);
  cas::limits small;
  small.max_tower_degree = 100;
  const cas::context ctx(small);
  try {
    cas::tower_field::spanning({term({0, 0, 0, 1})}, ctx);  // κ_11: GF(2^220)
    FAIL() << "expected a limit_error";
  } catch (const cas::limit_error& e) {
    EXPECT_STREQ(e.what(), "The degree E of the tower field GF(2^E) is 220, above the limit "
                           "max_tower_degree = 100.");
  }
  const cas::tower_field field = cas::tower_field::spanning({omega});
  EXPECT_THROW(field.from_ordinal(term({0, 1})), cas::range_error);  // [ω^ω] is not in GF(64)
  EXPECT_THROW(field.from_ordinal(finite(16)), cas::range_error);
}

}  // namespace
