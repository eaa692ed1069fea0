// Printing ordinals as docs/spec/language.md "Output" says, in Unicode and ASCII.
#include "cas/ordinal/ordinal_format.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "cas/ordinal/ordinal.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::notation;
using cas::ordinal;
using cas::small_ordinal;
using cas::to_string;

using on2_test::exponent_digits;
using on2_test::omega_to;

// Both notations at once: the ASCII text is the Unicode text with w for ω and * for ·.
void expect_prints(const ordinal& value, const std::string& unicode, const std::string& ascii) {
  EXPECT_EQ(to_string(value), unicode);
  EXPECT_EQ(to_string(value, notation::unicode), unicode);
  EXPECT_EQ(to_string(value, notation::ascii), ascii);
}

TEST(OrdinalFormat, FiniteValuesPrintInDecimal) {
  expect_prints(ordinal(), "0", "0");
  expect_prints(ordinal(nimber(12)), "12", "12");
  expect_prints(ordinal(nimber(integer("340282366920938463463374607431768211456"))),
                "340282366920938463463374607431768211456",
                "340282366920938463463374607431768211456");
}

TEST(OrdinalFormat, OmegaItselfHasNoBrackets) {
  expect_prints(ordinal::omega(), "ω", "w");
}

TEST(OrdinalFormat, NotationExamples) {
  expect_prints(ordinal::from_terms({{1, 1}, {0, 1}}), "[ω + 1]", "[w + 1]");
  expect_prints(omega_to(1, 2), "[ω·2]", "[w*2]");
  expect_prints(omega_to(2), "[ω^2]", "[w^2]");
  expect_prints(omega_to(small_ordinal::omega_power(1)), "[ω^ω]", "[w^w]");
  expect_prints(omega_to(exponent_digits({1, 1})), "[ω^(ω+1)]", "[w^(w+1)]");
  expect_prints(omega_to(exponent_digits({0, 5})), "[ω^(ω·5)]", "[w^(w*5)]");
  expect_prints(omega_to(exponent_digits({0, 0, 1})), "[ω^(ω^2)]", "[w^(w^2)]");
  // docs/spec/language.md, "Output": [ω^(ω^2·3+1)·5 + ω + 7].
  expect_prints(ordinal::from_terms({{exponent_digits({1, 0, 3}), 5}, {1, 1}, {0, 7}}),
                "[ω^(ω^2·3+1)·5 + ω + 7]", "[w^(w^2*3+1)*5 + w + 7]");
}

TEST(OrdinalFormat, MoreShapes) {
  // docs/spec/arithmetic.md §3's κ values: κ_9 = [ω^3], κ_25 = [ω^(ω·5)].
  expect_prints(omega_to(3), "[ω^3]", "[w^3]");
  expect_prints(omega_to(small_ordinal::omega_power(1), 3), "[ω^ω·3]", "[w^w*3]");
  expect_prints(ordinal::from_terms({{2, 3}, {1, 2}}), "[ω^2·3 + ω·2]", "[w^2*3 + w*2]");
  expect_prints(omega_to(exponent_digits({5, 1, 0, 2}), 4), "[ω^(ω^3·2+ω+5)·4]",
                "[w^(w^3*2+w+5)*4]");
  // Big numbers stay decimal, in coefficients and exponents alike.
  const integer big = integer(1) << 70;
  expect_prints(omega_to(exponent_digits({big}), nimber(big)),
                "[ω^1180591620717411303424·1180591620717411303424]",
                "[w^1180591620717411303424*1180591620717411303424]");
  expect_prints(omega_to(exponent_digits({0, big})), "[ω^(ω·1180591620717411303424)]",
                "[w^(w*1180591620717411303424)]");
  // ω·1 does not exist as text: coefficient 1 is omitted, but ω + ω is ω·2.
  expect_prints(ordinal::from_terms({{1, 1}, {0, 2}}), "[ω + 2]", "[w + 2]");
}

TEST(OrdinalFormat, SmallOrdinalsPrintLikeTheSameOrdinal) {
  EXPECT_EQ(to_string(small_ordinal()), "0");
  EXPECT_EQ(to_string(small_ordinal(7)), "7");
  EXPECT_EQ(to_string(small_ordinal::omega_power(1)), "ω");
  EXPECT_EQ(to_string(small_ordinal::omega_power(1), notation::ascii), "w");
  EXPECT_EQ(to_string(exponent_digits({1, 0, 3})), "[ω^2·3 + 1]");
  EXPECT_EQ(to_string(exponent_digits({0, 2}), notation::ascii), "[w*2]");
  EXPECT_EQ(to_string(exponent_digits({5, 1})), to_string(ordinal::from_terms({{1, 1}, {0, 5}})));
}

}  // namespace
