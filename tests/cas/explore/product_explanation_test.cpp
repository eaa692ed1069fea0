// The explanations of cas/explore/product_explanation.hpp: the essay's worked mex examples, carries
// and α_p substitutions in the κ derivation, and every derivation ending in the product nim_mul
// gives.
#include "cas/explore/product_explanation.hpp"

#include <gtest/gtest.h>

#include <string>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "test_support.hpp"

namespace {

cas::ordinal n(std::uint64_t v) {
  return cas::ordinal(cas::nimber(v));
}
cas::ordinal omega_power(std::uint64_t e, std::uint64_t c = 1) {
  return cas::ordinal::term(cas::small_ordinal(e), cas::nimber(c));
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string last_line(const std::string& text) {
  const std::size_t end = text.size() - 1;  // the final '\n'
  return text.substr(text.rfind('\n', end - 1) + 1, end - text.rfind('\n', end - 1) - 1);
}

TEST(ProductExplanation, MexByHand) {
  const std::string two = cas::explain_product(n(2), n(2));
  EXPECT_TRUE(contains(two, "  a' = 1, b' = 1:  1 ⊗ 2 ⊕ 2 ⊗ 1 ⊕ 1 ⊗ 1 = 2 ⊕ 2 ⊕ 1 = 1\n"));
  EXPECT_TRUE(contains(two, "excluded: {0, 1, 2}\n"));
  EXPECT_EQ(last_line(two), "least survivor: 3, so 2 ⊗ 2 = 3");
  const std::string four = cas::explain_product(n(4), n(4));
  EXPECT_TRUE(contains(four, "excluded: {0, 1, 2, 3, 4, 5, 8, 11, 12, 14}\n"));
  EXPECT_EQ(last_line(four), "least survivor: 6, so 4 ⊗ 4 = 6");
  for (std::uint64_t a = 0; a < 32; a += 5) {
    for (std::uint64_t b = 0; b < 32; b += 3) {
      EXPECT_EQ(last_line(cas::explain_product(n(a), n(b))),
                "least survivor: " + to_string(cas::nim_mul(n(a), n(b))) + ", so " +
                    std::to_string(a) + " ⊗ " + std::to_string(b) + " = " +
                    to_string(cas::nim_mul(n(a), n(b))));
    }
  }
}

// From 32 on, finite factors get the Fermat-rule derivation (docs/spec/arithmetic.md §2.1, §2.2).
TEST(ProductExplanation, FermatRulesForLargerFiniteFactors) {
  const std::string forty = cas::explain_product(n(40), n(3));
  EXPECT_TRUE(contains(forty, "40 ⊗ 3 with F = 16, H = 8: 40 = 2·16 ⊕ 8, 3 = 0·16 ⊕ 3\n"));
  EXPECT_TRUE(contains(forty, "  a1 ⊗ b0 = 2 ⊗ 3 = 1\n"));
  EXPECT_TRUE(contains(forty, "  a0 ⊗ b0 = 8 ⊗ 3 = 4\n"));
  EXPECT_TRUE(contains(forty, "  = (0 ⊕ 1 ⊕ 0)·16 ⊕ 4 ⊕ 0 = 1·16 ⊕ 4 = 20\n"));
  EXPECT_EQ(last_line(forty).rfind("so 40 ⊗ 3 = 20; ", 0), 0u);
  // The 3/2 rule itself: 256 ⊗ 256 = 384, with the half product 1 ⊗ 1 times H = 128.
  const std::string fermat = cas::explain_product(n(256), n(256));
  EXPECT_TRUE(contains(fermat, "256 ⊗ 256 with F = 256, H = 128: 256 = 1·256 ⊕ 0"));
  EXPECT_TRUE(contains(fermat, "  (a1 ⊗ b1) ⊗ H = 1 ⊗ 128 = 128\n"));
  EXPECT_EQ(last_line(fermat).rfind("so 256 ⊗ 256 = 384; ", 0), 0u);
  // A large half product is derived beneath its line, indented.
  const std::string nested = cas::explain_product(n(1000), n(40000));
  EXPECT_TRUE(contains(nested,
                       "  a1 ⊗ b1 = 3 ⊗ 156 = 120\n"
                       "    3 ⊗ 156 with F = 16, H = 8: 3 = 0·16 ⊕ 3, 156 = 9·16 ⊕ 12\n"))
      << nested;
  auto& random = on2_test::random_engine();
  for (int t = 0; t < on2_test::scaled(40); ++t) {
    const std::uint64_t a = random() >> (random() % 64), b = 32 + (random() >> (random() % 64));
    const std::string product = to_string(cas::nim_mul(n(a), n(b)));
    EXPECT_EQ(
        last_line(cas::explain_product(n(a), n(b)))
            .rfind("so " + std::to_string(a) + " ⊗ " + std::to_string(b) + " = " + product + "; ",
                   0),
        0u);
  }
}

// The derivation of factors of 2^128 and more is refused, before any line is written.
TEST(ProductExplanation, FermatDerivationHasALimit) {
  const cas::ordinal big(cas::nimber::power_of_two(cas::explain_fermat_max_bits));
  const cas::ordinal below(cas::nimber::power_of_two(cas::explain_fermat_max_bits - 1));
  EXPECT_THROW(cas::explain_product(big, n(3)), cas::limit_error);
  EXPECT_THROW(cas::explain_product(n(3), big), cas::limit_error);
  EXPECT_LT(cas::explain_product(below, below).size(), 100000u);
}

TEST(ProductExplanation, KappaDigitsCarriesAndAlphas) {
  const cas::ordinal w = cas::ordinal::omega();
  // [ω^6] ⊗ [ω^3]: digits (2, 0) + (1, 0) in base 3 overflow into (0, 1) (docs/spec/arithmetic.md
  // §3).
  const std::string carry = cas::explain_product(omega_power(6), omega_power(3));
  EXPECT_TRUE(contains(carry, "[ω^6] = κ_9^2\n"));
  EXPECT_TRUE(contains(carry, "digits add: κ_9: 2 + 1 = 3"));
  EXPECT_TRUE(contains(carry, "carry down: κ_9^3 = κ_3"));
  EXPECT_EQ(last_line(carry), "= ω");
  const std::string alpha = cas::explain_product(w, omega_power(2));
  EXPECT_TRUE(contains(alpha, "κ_3^3 = α_3 = 2"));
  EXPECT_EQ(last_line(alpha), "= 2");
  // (ω + 2) ⊗ (ω + 3) = [ω^2] + ω + 1.
  EXPECT_EQ(last_line(cas::explain_product(cas::nim_add(w, n(2)), cas::nim_add(w, n(3)))),
            "= [ω^2 + ω + 1]");
  // [ω^(ω^2)]^7 = α_7 = ω + 1.
  const cas::ordinal kappa7 = cas::ordinal::term(cas::small_ordinal::omega_power(2), 1);
  const std::string seven = cas::explain_product(kappa7, cas::nim_pow(kappa7, 6));
  EXPECT_TRUE(contains(seven, "κ_7^7 = α_7 = [ω + 1]"));
  EXPECT_EQ(last_line(seven), "= [ω + 1]");
}

TEST(ProductExplanation, EveryDerivationEndsInTheProduct) {
  auto& random = on2_test::random_engine();
  for (int t = 0; t < on2_test::scaled(40); ++t) {
    cas::ordinal a = omega_power(random() % 30, 1 + random() % 20);
    a = cas::nim_add(a, omega_power(random() % 10, random() % 5));
    const cas::ordinal b =
        cas::nim_add(cas::ordinal::term(cas::small_ordinal::omega_power(1, random() % 6),
                                        cas::nimber(1 + random() % 7)),
                     n(random() % 9));
    EXPECT_EQ(last_line(cas::explain_product(a, b)), "= " + to_string(cas::nim_mul(a, b)));
  }
}

TEST(ProductExplanation, KappaDecomposition) {
  const std::string text =
      cas::kappa_decomposition_text(cas::nim_add(omega_power(4, 3), cas::ordinal::omega()));
  EXPECT_EQ(text,
            "[ω^4·3 + ω] = 3 ⊗ κ_9 ⊗ κ_3 ⊕ κ_3\n"
            "  [ω^4·3] = 3 ⊗ κ_9 ⊗ κ_3   (b_0 = 4 = (11) in base 3)\n"
            "  ω = κ_3   (b_0 = 1 = (1) in base 3)\n"
            "where κ_9 = [ω^3], κ_3 = ω\n");
  EXPECT_EQ(
      cas::kappa_decomposition_text(cas::ordinal::term(cas::small_ordinal::omega_power(1, 7), 1)),
      "[ω^(ω·7)] = κ_25 ⊗ κ_5^2\n"
      "  [ω^(ω·7)] = κ_25 ⊗ κ_5^2   (b_1 = 7 = (12) in base 5)\n"
      "where κ_25 = [ω^(ω·5)], κ_5 = [ω^ω]\n");
}

}  // namespace
