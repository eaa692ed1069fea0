// Minimal polynomials through the top step's Kummer structure
// (cas/src/tower/kummer_minimal_polynomial.hpp, a white-box test): for elements of subfields
// GF(2^d) not inside the field K below the top step, the polynomial has degree d and vanishes at
// the element (Horner's rule in the tower field, a check independent of the method), so it is the
// minimal polynomial; where the method does not apply it declines.
#include "tower/kummer_minimal_polynomial.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/primitive_elements.hpp"
#include "cas/tower/tower.hpp"
#include "tower/field_operations.hpp"
#include "tower/layered_group_tests.hpp"
#include "tower/tower_subfield_copy.hpp"

namespace {

using element = cas::tower_field::element;

// The trace down to GF(2^d) of a pseudo-random element: an element of degree d for most seeds.
element element_of_subfield(const cas::tower_field& field, std::uint64_t d, std::uint64_t seed) {
  element y(field.words());
  const std::uint64_t mask = (std::uint64_t{1} << field.base_bits()) - 1;
  for (std::uint64_t& w : y) {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    w = (seed >> 7) & mask;
  }
  return field.trace_to_subfield(y, d);
}

element evaluate(const cas::tower_field& field, const cas::gf2_polynomial& f, const element& x) {
  element sum = field.zero();
  for (std::uint64_t i = f.degree() + 1; i-- > 0;) {
    sum = field.mul(sum, x);
    if (f.coefficient(i)) sum = cas::tower_field::add(sum, field.one());
  }
  return sum;
}

void expect_minimal_polynomials(const cas::tower_field& field,
                                const std::vector<std::uint64_t>& degrees) {
  for (const std::uint64_t d : degrees) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const element x = element_of_subfield(field, d, seed);
      ASSERT_EQ(field.degree_of(x), d) << "seed " << seed;
      const auto f =
          cas::detail::minimal_polynomial_by_kummer_step(field, x, d, cas::default_context());
      ASSERT_TRUE(f.has_value()) << field.degree() << ", d = " << d;
      EXPECT_EQ(f->degree(), d) << field.degree() << ", d = " << d;
      EXPECT_TRUE(cas::tower_field::is_zero(evaluate(field, *f, x)))
          << field.degree() << ", d = " << d << ", seed " << seed;
    }
  }
}

TEST(KummerMinimalPolynomial, VanishesAtTheElementAndHasItsDegree) {
  // GF(2^220) = GF(2^20)(κ_11): k0 = GF(2^(d/11)) from GF(2) to GF(2^20), k1 = K or GF(2^10).
  expect_minimal_polynomials(cas::tower_field::spanning({cas::kappa_of_prime_power(11)}),
                             {11, 22, 44, 55, 110, 220});
  // GF(2^44220) = GF(2^60)(κ_11, κ_67) over K = GF(2^660): k1 = GF(2^66), GF(2^66), GF(2^330).
  expect_minimal_polynomials(cas::tower_field::spanning({cas::kappa_of_prime_power(67)}),
                             {67, 134, 335});
  // GF(2^4112) = GF(2^16)(κ_257): k1 = K = GF(2^16), whose coefficients are multiplied by
  // Kronecker substitution in slots of 31 bits, across word boundaries.
  expect_minimal_polynomials(cas::tower_field::spanning({cas::kappa_of_prime_power(257)}), {257});
}

TEST(KummerMinimalPolynomial, DeclinesWhereItDoesNotApply) {
  const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(67)});
  // In K = GF(2^660) itself.
  const element in_k = element_of_subfield(field, 660, 3);
  EXPECT_FALSE(
      cas::detail::minimal_polynomial_by_kummer_step(field, in_k, 660, cas::default_context()));
  // k0 = GF(2^(4020/67)) = GF(2^60) is a word; GF(2^22110) would need k0 = GF(2^330).
  const element wide = element_of_subfield(field, 22110, 4);
  EXPECT_FALSE(
      cas::detail::minimal_polynomial_by_kummer_step(field, wide, 22110, cas::default_context()));
}

TEST(KummerMinimalPolynomial, NimMinpolyAgreesWithTheRecurrenceOfPowers) {
  // nim_minpoly takes the Kummer step where it applies; the subfield copy's coordinates of
  // γ^i are the unit vectors (a copy of GF(2^66) in K = GF(2^660)).
  const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(67)});
  const cas::tower_field k = field.field_below_top();
  EXPECT_EQ(k.degree(), 660);
  const cas::detail::tower_subfield_copy copy(k, 66, cas::default_context());
  EXPECT_EQ(copy.field().degree(), 66u);
  const element x = element_of_subfield(field, 67, 5);
  const cas::ordinal a = field.to_ordinal(x);
  const cas::gf2_polynomial f = cas::nim_minpoly(a);
  EXPECT_EQ(f.degree(), 67u);
  EXPECT_TRUE(cas::tower_field::is_zero(evaluate(field, f, x)));
}

TEST(KummerMinimalPolynomial, OrdersInTheSmallCopyAgreeWithTheLayers) {
  // E = 44220 bits is at least 16·d for these d: nim_order and is_primitive compute in
  // GF(2)[z]/(f); the layers compute in E itself.
  const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(67)});
  for (const std::uint64_t d : {67u, 134u, 335u, 670u}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const element x = element_of_subfield(field, d, seed);
      ASSERT_EQ(field.degree_of(x), d);
      ASSERT_TRUE(cas::detail::small_copy_of_element_field(field, x, d, cas::default_context()));
      const cas::ordinal a = field.to_ordinal(x);
      const auto factors = cas::mersenne_factorization(d);
      const cas::integer order =
          cas::detail::order_by_layers(field, x, d, factors, cas::default_context());
      EXPECT_EQ(cas::nim_order(a), order) << "d = " << d << ", seed " << seed;
      EXPECT_EQ(cas::is_primitive(a), order == (cas::integer(1) << d) - 1)
          << "d = " << d << ", seed " << seed;
      // A non-generator too: x^q for the least prime q of the order, where q divides it.
      const cas::integer q = factors.front().first;
      const element y = field.pow(x, q);
      EXPECT_EQ(cas::nim_order(field.to_ordinal(y)),
                cas::detail::order_by_layers(field, y, field.degree_of(y),
                                             cas::mersenne_factorization(field.degree_of(y)),
                                             cas::default_context()));
    }
  }
}

TEST(KummerMinimalPolynomial, PowersThroughTheStepEqualTheFieldsPowers) {
  // θ^k computed in L and carried back into E, against products in E: GF(2^44220) with k1 of
  // 66 and 330 bits (register products), GF(2^4112) with k1 of 16 bits (Kronecker's); and
  // nothing in K itself.
  for (const auto& [prime, degrees] :
       {std::pair{std::uint64_t{67}, std::vector<std::uint64_t>{67, 134, 335}},
        std::pair{std::uint64_t{257}, std::vector<std::uint64_t>{257}}}) {
    const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(prime)});
    for (const std::uint64_t d : degrees) {
      const element theta = element_of_subfield(field, d, 9);
      const auto powers =
          cas::detail::powers_by_kummer_step(field, theta, d, 12, 7, cas::default_context());
      ASSERT_TRUE(powers.has_value()) << field.degree() << ", d = " << d;
      ASSERT_EQ(powers->powers.size(), 7u);
      ASSERT_EQ(powers->first_words.size(), 12u);
      element expected = field.one();
      for (std::size_t k = 0; k < 12; ++k) {
        if (k < 7) {
          ASSERT_EQ(powers->powers[k], expected)
              << field.degree() << ", d = " << d << ", k = " << k;
        }
        ASSERT_EQ(powers->first_words[k], expected[0])
            << field.degree() << ", d = " << d << ", k = " << k;
        expected = field.mul(expected, theta);
      }
    }
  }
  const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(67)});
  EXPECT_FALSE(cas::detail::powers_by_kummer_step(field, element_of_subfield(field, 660, 3), 660, 4,
                                                  4, cas::default_context()));
}

TEST(KummerMinimalPolynomial, GeneratorTestsAgreeWithTheLayers) {
  // Elements of GF(2^670) in E = GF(2^44220): pseudo-random ones, powers x^q that fail at one
  // prime q (a small one, which the norm to k0 = GF(2^10) catches, and the largest), and
  // elements of the subfields GF(2^335) and GF(2^134), which the copy must reject.
  const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(67)});
  const std::uint64_t d = 670;
  const std::vector<cas::integer> primes =
      cas::detail::group_order_primes(d, cas::default_context());
  std::vector<element> elements;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const element x = element_of_subfield(field, d, seed);
    elements.push_back(x);
    elements.push_back(field.pow(x, primes.front()));
    elements.push_back(field.pow(x, primes.back()));
  }
  elements.push_back(element_of_subfield(field, 335, 7));
  elements.push_back(element_of_subfield(field, 134, 8));
  std::size_t generators = 0;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const bool by_layers =
        cas::detail::generates_by_layers(field, elements[i], d, primes, cas::default_context());
    const auto by_copy = cas::detail::generates_by_kummer_step(field, elements[i], d, primes,
                                                               cas::default_context());
    ASSERT_TRUE(by_copy.has_value());
    EXPECT_EQ(*by_copy, by_layers) << "element " << i;
    generators += by_layers ? 1 : 0;
  }
  EXPECT_GT(generators, 0u);  // the test meets both answers
  EXPECT_LT(generators, elements.size());
}

}  // namespace
