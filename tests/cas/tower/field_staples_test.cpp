// Primitive elements, discrete logarithms, random elements and the least irreducible polynomials
// (issue 20: cas/tower/primitive_elements.hpp, discrete_log.hpp, random_elements.hpp,
// cas/poly/irreducible_polynomials.hpp), by identities (g^log(b, g) = b; a^ord(a) = 1 and
// a^(ord/q) ≠ 1 for every prime q of ord(a)) and against PARI/GP's answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cas/arith/integer_factoring.hpp"
#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/poly/irreducible_polynomials.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "cas/tower/discrete_log.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/primitive_elements.hpp"
#include "cas/tower/random_elements.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::ordinal;
using cas::small_ordinal;

ordinal finite(const integer& n) {
  return ordinal(nimber(n));
}
ordinal power_of_two(unsigned k) {
  return finite(integer(1) << k);
}
// ω^β·c with β's digits (b_0, b_1, …).
ordinal term(std::vector<integer> digits, std::uint64_t c) {
  return ordinal::term(small_ordinal(std::move(digits)), nimber(c));
}
ordinal sum(const std::vector<ordinal>& terms) {
  ordinal s;
  for (const ordinal& t : terms) s = cas::nim_add(s, t);
  return s;
}

TEST(FieldStaples, OrdersAgreeWithGp) {
  // gp: f = Mod(1,2)*(minpoly printed by on2); fforder(ffgen(f, 'y)).
  struct known_order {
    ordinal a;
    std::uint64_t degree;
    std::string order;
  };
  const std::vector<known_order> cases = {
      {finite(1000), 16, "21845"},
      {finite(123456789), 32, "4294967295"},
      {finite((integer(1) << 63) + 12345), 64, "1229782938247303441"},
      {sum({term({0, 1}, 1), ordinal::omega(), finite(3)}), 60, "1152921504606846975"},
      {sum({term({2}, 5), ordinal::omega(), finite(1)}), 12, "819"},
  };
  for (const known_order& c : cases) {
    SCOPED_TRACE(cas::to_string(c.a));
    EXPECT_EQ(cas::nim_degree(c.a), c.degree);
    EXPECT_EQ(cas::nim_order(c.a).str(), c.order);
    EXPECT_EQ(cas::is_primitive(c.a), c.order == ((integer(1) << c.degree) - 1).str());
  }
}

TEST(FieldStaples, PrimitiveElementsHaveTheFullOrderAndAreTheLeast) {
  // gp: fforder(ffgen(minpoly)) of on2's answers is 2^d − 1 (65535, 4294967295,
  // 18446744073709551615, 1152921504606846975 for the four below).
  for (unsigned k : {0u, 1u, 2u, 3u, 4u}) {
    const ordinal a = power_of_two(1u << k);  // degree 2^(k+1)
    const ordinal p = cas::primitive_element(a);
    const std::uint64_t d = cas::nim_degree(a);
    SCOPED_TRACE(cas::to_string(p));
    EXPECT_EQ(cas::nim_order(p), (integer(1) << static_cast<unsigned>(d)) - 1);
    EXPECT_TRUE(cas::is_primitive(p));
    // No smaller element of the field has the full order (checked in full up to GF(2^16)).
    if (d <= 16) {
      const integer full = (integer(1) << static_cast<unsigned>(d)) - 1;
      for (integer n = 1; finite(n) < p; ++n) EXPECT_NE(cas::nim_order(finite(n)), full) << n;
    }
  }
  EXPECT_EQ(cas::primitive_element(finite(0)), finite(1));      // GF(2)^× = {1}
  EXPECT_EQ(cas::primitive_element(finite(2)), finite(2));      // GF(4): 2 has order 3
  EXPECT_EQ(cas::primitive_element(finite(200)), finite(18));   // GF(256), by the loop above
  EXPECT_EQ(cas::primitive_element(finite(256)), finite(258));  // GF(2^16)
}

TEST(FieldStaples, TransfinitePrimitiveElementsAreTheLeastInCantorOrder) {
  // F₂(ω) = GF(64): its elements are [ω^2·c2 + ω·c1 + c0], c_i < 4, in Cantor order (c2, c1, c0).
  const ordinal p = cas::primitive_element(ordinal::omega());
  EXPECT_EQ(cas::nim_order(p), 63);
  std::vector<ordinal> field;
  for (std::uint64_t c2 = 0; c2 < 4; ++c2)
    for (std::uint64_t c1 = 0; c1 < 4; ++c1)
      for (std::uint64_t c0 = 0; c0 < 4; ++c0)
        field.push_back(sum({term({2}, c2), term({1}, c1), finite(c0)}));
  std::sort(field.begin(), field.end());
  for (const ordinal& x : field) {
    if (x == p) break;
    EXPECT_FALSE(cas::is_primitive(x) && cas::nim_degree(x) == 6) << cas::to_string(x);
  }
  // A field of degree 1260 (issue 20's example): the answer generates it.
  const ordinal big = term({3, 1, 1}, 12);
  const ordinal q = cas::primitive_element(big);
  EXPECT_EQ(cas::nim_degree(q), 1260u);
  EXPECT_TRUE(cas::is_primitive(q));
}

// The elements of GF(2^m) ⊂ F₂(h), h of order 2^m − 1: 0 and the powers of h, sorted (the
// ordinals' order is Cantor order). Listed without primitive_element's echelon basis.
std::vector<ordinal> subfield_by_powers(const ordinal& h, std::uint64_t m) {
  std::vector<ordinal> elements{finite(0)};
  ordinal x = finite(1);
  for (std::uint64_t k = 0; k + 1 < (std::uint64_t{1} << m); ++k) {
    elements.push_back(x);
    x = cas::nim_mul(x, h);
  }
  EXPECT_EQ(x, finite(1));
  std::sort(elements.begin(), elements.end());
  return elements;
}

TEST(FieldStaples, PrimitiveElementsOfProperSubfieldsAreTheLeastInCantorOrder) {
  // F₂(a) a proper subfield of the tower field that holds a (so not a field of κ's itself):
  // GF(8) inside F₂(ω) = GF(64), and GF(2^10) inside F₂(ω^ω) = GF(2^20) ((ω^ω)^5 = 4). The
  // answer is the least element of the subfield, in Cantor order, whose order is 2^m − 1 (the
  // subfield listed by powers, not by primitive_element's echelon basis); is_primitive agrees with
  // the orders on every element (x generates F₂(x)^×). (These groups are below the layers' 100
  // bits: the degree-630 test below checks the layers.)
  struct subfield_case {
    ordinal generator;  // of the tower field, of degree n
    std::uint64_t n, m;
  };
  for (const subfield_case& c :
       {subfield_case{ordinal::omega(), 6, 3}, subfield_case{term({0, 1}, 1), 20, 10}}) {
    const ordinal g = cas::primitive_element(c.generator);
    ASSERT_EQ(cas::nim_degree(g), c.n);
    const integer cofactor = ((integer(1) << c.n) - 1) / ((integer(1) << c.m) - 1);
    const ordinal h = cas::nim_pow(g, cofactor);  // order 2^m − 1
    SCOPED_TRACE(cas::to_string(h));
    ASSERT_EQ(cas::nim_degree(h), c.m);
    const integer full = (integer(1) << c.m) - 1;
    ordinal least;
    for (const ordinal& x : subfield_by_powers(h, c.m)) {
      if (x.is_zero()) continue;
      const integer order = cas::nim_order(x);
      const bool generates = order == full;
      EXPECT_EQ(cas::is_primitive(x), order == (integer(1) << cas::nim_degree(x)) - 1)
          << cas::to_string(x);
      if (generates && least.is_zero()) least = x;
    }
    EXPECT_EQ(cas::primitive_element(h), least);
    // Any element of degree m names the same subfield.
    EXPECT_EQ(cas::primitive_element(cas::nim_pow(h, 3)), least);
  }
}

TEST(FieldStaples, PrimitiveElementOfDegree630InsideDegree1260) {
  // g^(2^630 + 1), g = primitive([ω^(ω^2+ω+3)·12]): F₂(a) = GF(2^630), half of its tower field.
  const ordinal g = cas::primitive_element(term({3, 1, 1}, 12));
  const ordinal a = cas::nim_pow(g, (integer(1) << 630) + 1);
  ASSERT_EQ(cas::nim_degree(a), 630u);
  const ordinal p = cas::primitive_element(a);
  EXPECT_EQ(cas::nim_degree(p), 630u);  // in F₂(a): the one subfield of degree 630
  EXPECT_EQ(cas::nim_order(p), (integer(1) << 630) - 1);
  EXPECT_TRUE(cas::is_primitive(p));
  const integer n = (integer(1) << 630) - 1;
  EXPECT_EQ(cas::nim_pow(p, n), finite(1));
  EXPECT_NE(cas::nim_pow(p, n / 3), finite(1));
  EXPECT_NE(cas::nim_pow(p, n / 631), finite(1));
  // Orders by layers (norms to subfields), where 3^3 divides 2^630 − 1 and 2^2 − 1 = 3 too.
  EXPECT_EQ(cas::nim_order(cas::nim_pow(p, 9)), n / 9);
  EXPECT_EQ(cas::nim_order(cas::nim_pow(p, n / 7)), 7);
  EXPECT_EQ(cas::nim_order(cas::nim_pow(p, 631 * 127)), n / (631 * 127));
  // p^q for each prime q of 2^630 − 1 (33 of them, in every layer of the tests): not primitive,
  // of order n/q.
  for (const auto& [q, e] : cas::mersenne_factorization(630)) {
    const ordinal x = cas::nim_pow(p, q);
    EXPECT_FALSE(cas::is_primitive(x)) << q;
    EXPECT_EQ(cas::nim_order(x), n / q) << q;
  }
  EXPECT_TRUE(cas::is_primitive(cas::nim_mul(p, p)));   // a conjugate
  EXPECT_FALSE(cas::is_primitive(cas::nim_pow(p, 3)));  // 3 and 7 divide 2^630 − 1
  EXPECT_FALSE(cas::is_primitive(cas::nim_pow(p, 7)));
  EXPECT_FALSE(cas::is_primitive(cas::nim_pow(p, 631)));  // 631 = 630 + 1 does too
  cas::context ctx;
  const ordinal b = cas::random_element(a, ctx);
  ASSERT_EQ(cas::nim_degree(b), 630u);
  EXPECT_EQ(cas::primitive_element(b), p);
}

TEST(FieldStaples, OrderIdentities) {
  // a^ord(a) = 1 and a^(ord/q) ≠ 1 for every prime q of ord(a).
  for (const ordinal& a : {finite(1000), finite((integer(1) << 100) + 7), term({0, 1}, 1),
                           sum({term({2}, 5), ordinal::omega(), finite(1)})}) {
    SCOPED_TRACE(cas::to_string(a));
    const integer n = cas::nim_order(a);
    EXPECT_EQ(cas::nim_pow(a, n), finite(1));
    for (const auto& [q, e] : cas::factor_integer(n)) {
      EXPECT_NE(cas::nim_pow(a, n / q), finite(1)) << q;
    }
  }
}

TEST(FieldStaples, LogarithmsInvertPowers) {
  auto& random = on2_test::random_engine();
  // (2^256 − 1 has a 56-bit prime, beyond the default max_log_prime_bits = 50.)
  for (unsigned bits : {16u, 32u, 64u, 128u}) {
    const ordinal g = cas::primitive_element(power_of_two(bits - 1));
    const integer n = cas::nim_order(g);
    for (int i = 0; i < (bits < 128 ? 5 : 1); ++i) {
      integer x = 0;
      for (unsigned w = 0; w < bits / 64 + 1; ++w) x = (x << 64) + random();
      x %= n;
      const ordinal b = cas::nim_pow(g, x);
      EXPECT_EQ(cas::discrete_log(b, g), x) << bits;
    }
  }
  // Transfinite: in F₂([ω^ω + ω + 3]), degree 60.
  const ordinal g = sum({term({0, 1}, 1), ordinal::omega(), finite(3)});
  EXPECT_EQ(cas::discrete_log(cas::nim_pow(g, 123456789), g), 123456789);
  EXPECT_EQ(cas::discrete_log(finite(1), g), 0);
  // A base that is not primitive: the answer is below its order.
  const ordinal h = cas::nim_pow(g, 15);
  EXPECT_EQ(cas::discrete_log(cas::nim_pow(h, 1000), h), 1000);
}

TEST(FieldStaples, LogarithmErrors) {
  const ordinal g = cas::nim_pow(cas::primitive_element(finite(256)), 5);  // order 13107
  EXPECT_THROW(cas::discrete_log(cas::primitive_element(finite(256)), g), cas::math_error);
  EXPECT_THROW(cas::discrete_log(finite(0), g), cas::math_error);
  EXPECT_THROW(cas::discrete_log(finite(1), finite(0)), cas::math_error);
  // b outside the field of g.
  EXPECT_THROW(cas::discrete_log(ordinal::omega(), finite(2)), cas::math_error);
  // The largest prime of 2^64 − 1 is 6700417 (23 bits).
  cas::limits small;
  small.max_log_prime_bits = 22;
  cas::context ctx(small);
  const ordinal p64 = cas::primitive_element(power_of_two(32));
  try {
    cas::discrete_log(cas::nim_pow(p64, 77), p64, ctx);
    ADD_FAILURE() << "no limit error";
  } catch (const cas::limit_error& e) {
    EXPECT_NE(std::string(e.what()).find("6700417 (23 bits), above the limit max_log_prime_bits"),
              std::string::npos)
        << e.what();
  }
  small.max_log_prime_bits = 23;
  cas::context enough(small);
  EXPECT_EQ(cas::discrete_log(cas::nim_pow(p64, 77), p64, enough), 77);
}

TEST(FieldStaples, PollardRhoLogarithms) {
  // 2^128 − 1 has the prime 67280421310721 (46 bits), above the baby-step giant-step range.
  const ordinal g = cas::primitive_element(power_of_two(64));
  const integer x = (integer(1) << 120) + 987654321;
  EXPECT_EQ(cas::discrete_log(cas::nim_pow(g, x), g), x);
}

TEST(FieldStaples, RandomElementsAreUniformAndReproducible) {
  cas::context ctx;
  ctx.random().reseed(7);
  std::vector<ordinal> first;
  for (int i = 0; i < 20; ++i) first.push_back(cas::random_element(ordinal::omega(), ctx));
  ctx.random().reseed(7);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(cas::random_element(ordinal::omega(), ctx), first[i]);
  // Every draw lies in F₂(a); over GF(16) 1600 draws hit each element about 100 times.
  std::vector<int> counts(16, 0);
  for (int i = 0; i < 1600; ++i) {
    const ordinal r = cas::random_element(finite(5), ctx);
    ASSERT_TRUE(r.is_finite());
    ASSERT_LT(r.finite_part().low_word(), 16u);
    ++counts[r.finite_part().low_word()];
  }
  for (int c : counts) {
    EXPECT_GT(c, 50);
    EXPECT_LT(c, 160);
  }
  // Transfinite draws lie in F₂(a): their degree divides degree(a).
  const ordinal a = sum({term({2}, 5), ordinal::omega(), finite(1)});  // degree 12
  std::set<ordinal> seen;
  for (int i = 0; i < 50; ++i) {
    const ordinal r = cas::random_element(a, ctx);
    EXPECT_EQ(12 % cas::nim_degree(r), 0u) << cas::to_string(r);
    seen.insert(r);
  }
  EXPECT_GT(seen.size(), 45u);  // 4096 elements: repeats are rare
  // Two contexts draw independently: the generator is the context's, not global.
  cas::context one, two;
  const ordinal from_one = cas::random_element(finite(1u << 31), one);
  for (int i = 0; i < 5; ++i) cas::random_element(finite(1u << 31), one);
  EXPECT_EQ(cas::random_element(finite(1u << 31), two), from_one);
}

TEST(FieldStaples, LeastIrreduciblePolynomials) {
  // The least irreducible polynomials over GF(2) of degrees 1 … 8 as binary numbers (OEIS
  // A014580's least entry of each degree): x, 7, 11, 19, 37, 67, 131, 283.
  const std::vector<std::uint64_t> expected = {2, 7, 11, 19, 37, 67, 131, 283};
  for (std::uint64_t d = 1; d <= expected.size(); ++d) {
    const cas::polynomial f = cas::least_irreducible_polynomial(d);
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < f.coefficients().size(); ++i) {
      if (!f.coefficients()[i].is_zero()) bits |= std::uint64_t{1} << i;
    }
    EXPECT_EQ(bits, expected[d - 1]) << d;
  }
  EXPECT_THROW(cas::least_irreducible_polynomial(0), cas::range_error);
  cas::limits small;
  small.max_polynomial_degree = 10;
  cas::context ctx(small);
  EXPECT_THROW(cas::least_irreducible_polynomial(11, ctx), cas::limit_error);
}

TEST(FieldStaples, SubfieldDegreeLimit) {
  cas::limits small;
  small.max_minpoly_degree = 1000;
  cas::context ctx(small);
  EXPECT_THROW(cas::primitive_element(term({3, 1, 1}, 12), ctx), cas::limit_error);
  EXPECT_THROW(cas::random_element(term({3, 1, 1}, 12), ctx), cas::limit_error);
}

}  // namespace
