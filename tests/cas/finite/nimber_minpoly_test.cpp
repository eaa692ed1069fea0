// The minimal polynomial of finite nimbers of large degree (white-box: the private pieces of
// cas/src/finite/minpoly_by_projection.cpp): the trace form, Berlekamp–Massey, nim_minpoly
// against the product of the conjugates, an element of degree 2^15 against the identities that
// define its minimal polynomial, and the limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "finite/gf2_berlekamp_massey.hpp"
#include "finite/trace_dual.hpp"
#include "poly/binary_factoring.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;
using on2_test::message_of;
using on2_test::random_nimber;
using on2_test::random_word;
using on2_test::scaled;
using u64 = std::uint64_t;

// A random nimber of level exactly `level` (its top bit set), so of degree 2^level.
nimber random_of_level(unsigned level) {
  const u64 bits = u64{1} << level;
  nimber a = random_nimber(bits);
  if (!a.bit(bits - 1)) a = cas::nim_add(a, nimber::power_of_two(bits - 1));
  return a;
}

TEST(TraceDual, TurnsTheTraceFormIntoParity) {
  for (unsigned level = 0; level <= 10; ++level) {
    const u64 bits = u64{1} << level;
    const std::size_t words = std::max<std::size_t>(1, bits / 64);
    for (int i = 0; i < scaled(20); ++i) {
      const nimber u = random_nimber(bits), v = random_nimber(bits);
      std::vector<u64> dual(words, 0), low(words, 0);
      std::copy(v.limbs().begin(), v.limbs().end(), dual.begin());
      std::copy(u.limbs().begin(), u.limbs().end(), low.begin());
      cas::detail::trace_dual_in_place(dual.data(), level);
      u64 parity = 0;
      for (std::size_t w = 0; w < words; ++w) parity ^= low[w] & dual[w];
      // Tr from level n to GF(2) is the top bit of the field (docs/spec/arithmetic.md §2).
      EXPECT_EQ(std::popcount(parity) % 2 == 1, cas::nim_mul(u, v).bit(bits - 1)) << level;
    }
  }
}

std::vector<u64> bits_of(const std::vector<int>& values) {
  std::vector<u64> words((values.size() + 63) / 64, 0);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] != 0) words[i / 64] |= u64{1} << (i % 64);
  }
  return words;
}

TEST(BerlekampMassey, FindsTheFibonacciRecurrence) {
  // s_n = s_(n−1) + s_(n−2) mod 2: 0 1 1 0 1 1 …, connection polynomial 1 + x + x^2.
  const std::vector<int> s = {0, 1, 1, 0, 1, 1, 0, 1, 1, 0};
  const auto r = cas::detail::gf2_berlekamp_massey(bits_of(s), s.size(), cas::default_context());
  EXPECT_EQ(r.length, 2u);
  EXPECT_EQ(r.connection, std::vector<u64>{0b111});
}

TEST(BerlekampMassey, RegeneratesARandomShiftRegister) {
  for (int round = 0; round < scaled(5); ++round) {
    const std::size_t degree = 150;
    std::vector<int> taps(degree + 1), s(2 * degree + 40);
    for (std::size_t i = 1; i < degree; ++i) taps[i] = static_cast<int>(random_word() & 1);
    taps[degree] = 1;
    for (std::size_t i = 0; i < degree; ++i) s[i] = static_cast<int>(random_word() & 1);
    for (std::size_t n = degree; n < s.size(); ++n) {
      for (std::size_t i = 1; i <= degree; ++i) s[n] ^= taps[i] & s[n - i];
    }
    const auto r = cas::detail::gf2_berlekamp_massey(bits_of(s), s.size(), cas::default_context());
    ASSERT_LE(r.length, degree);
    ASSERT_EQ(r.connection[0] & 1, 1u);
    for (std::size_t n = r.length; n < s.size(); ++n) {
      int next = 0;
      for (std::size_t i = 1; i <= r.length; ++i) {
        next ^= static_cast<int>((r.connection[i / 64] >> (i % 64)) & 1) & s[n - i];
      }
      ASSERT_EQ(next, s[n]) << n;
    }
  }
}

// ∏ (x ⊕ a^(2^i)) over the Frobenius orbit, with nimber coefficients (d²/2 products).
cas::gf2_polynomial product_of_conjugates(const nimber& a) {
  const u64 degree = cas::nim_degree(a);
  std::vector<nimber> product = {nimber(1)};
  nimber conjugate = a;
  for (u64 i = 0; i < degree; ++i) {
    std::vector<nimber> next(product.size() + 1, nimber(0));
    for (std::size_t k = 0; k < product.size(); ++k) {
      next[k + 1] = cas::nim_add(next[k + 1], product[k]);
      next[k] = cas::nim_add(next[k], cas::nim_mul(product[k], conjugate));
    }
    product = std::move(next);
    conjugate = cas::nim_square(conjugate);
  }
  cas::gf2_polynomial result;
  result.bits.assign(product.size() / 64 + 1, 0);
  for (std::size_t k = 0; k < product.size(); ++k) {
    EXPECT_TRUE(product[k].is_zero() || product[k].is_one());
    if (product[k].is_one()) result.bits[k / 64] |= u64{1} << (k % 64);
  }
  return result;
}

TEST(PowerProjectionMinpoly, AgreesWithTheProductOfConjugates) {
  for (unsigned level = 1; level <= 9; ++level) {
    for (int i = 0; i < scaled(level <= 6 ? 10 : 1); ++i) {
      const nimber a = random_of_level(level);
      EXPECT_EQ(cas::nim_minpoly(a), product_of_conjugates(a)) << level;
    }
  }
  // Sparse elements too: Fermat 2-powers and their halves.
  for (const u64 exponent : {1u, 2u, 3u, 64u, 127u, 128u, 255u}) {
    const nimber a = nimber::power_of_two(exponent);
    EXPECT_EQ(cas::nim_minpoly(a), product_of_conjugates(a)) << exponent;
  }
}

// p(a) by Paterson–Stockmeyer: the powers a^0 … a^(m−1), then Horner in a^m over blocks of m
// coefficients, each block a sum of those powers (about 2√d products instead of d).
nimber evaluate(const cas::gf2_polynomial& p, const nimber& a) {
  const u64 m = 256;
  std::vector<nimber> powers = {nimber(1)};
  while (powers.size() < m) powers.push_back(cas::nim_mul(powers.back(), a));
  const nimber step = cas::nim_mul(powers.back(), a);
  const u64 blocks = p.degree() / m + 1;
  nimber value = 0;
  for (u64 b = blocks; b-- > 0;) {
    nimber block = 0;
    for (u64 i = 0; i < m; ++i) {
      if (p.coefficient(b * m + i)) block = cas::nim_add(block, powers[i]);
    }
    value = cas::nim_add(cas::nim_mul(value, step), block);
  }
  return value;
}

TEST(PowerProjectionMinpoly, AnElementOfDegree2To15) {
  const nimber a = random_of_level(15);
  const cas::gf2_polynomial m = cas::nim_minpoly(a);
  ASSERT_EQ(m.degree(), u64{1} << 15);
  EXPECT_EQ(evaluate(m, a), nimber(0));
  EXPECT_EQ(evaluate(m, cas::nim_square(a)), nimber(0));  // a conjugate
  EXPECT_NE(evaluate(m, cas::nim_add(a, nimber(1))), nimber(0));
  // A monic polynomial of degree [F₂(a) : F₂] with a as a root is the minimal polynomial, so
  // it is irreducible; Rabin's test says so directly at degree 2^12 (at 2^15 it takes seconds).
}

TEST(PowerProjectionMinpoly, IsIrreducibleAtDegree2To12) {
  const nimber a = random_of_level(12);
  const cas::gf2_polynomial m = cas::nim_minpoly(a);
  ASSERT_EQ(m.degree(), u64{1} << 12);
  EXPECT_EQ(evaluate(m, a), nimber(0));
  EXPECT_TRUE(cas::detail::binary_is_irreducible(cas::detail::binary_polynomial(m.bits),
                                                 cas::default_context()));
}

TEST(PowerProjectionMinpoly, TheLimit) {
  EXPECT_EQ(message_of<cas::limit_error>(
                [] { cas::nim_minpoly(nimber::power_of_two((u64{1} << 20) + 1)); }),
            "The degree of the minimal polynomial is 2097152, above the limit "
            "max_nimber_minpoly_degree = 1048576.");
  cas::context small;
  small.limits().max_nimber_minpoly_degree = 1024;
  EXPECT_EQ(message_of<cas::limit_error>([&] { cas::nim_minpoly(random_of_level(11), small); }),
            "The degree of the minimal polynomial is 2048, above the limit "
            "max_nimber_minpoly_degree = 1024.");
  EXPECT_EQ(cas::nim_minpoly(random_of_level(10), small).degree(), 1024u);
}

}  // namespace
