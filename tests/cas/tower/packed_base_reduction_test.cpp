// The reductions over the packed base (cas/src/tower/packed_base_reduction.hpp, a white-box test):
// each path against a bit-by-bit long division on random sums of every degree below 2D − 1, for
// bases of 1 … 64 bits and random moduli, irreducible or not (the reduction is a polynomial
// identity); and products and squares in GF(2^1980) and GF(2^1260), whose bases of 36 bits take
// the wide path, against the κ schoolbook (cas::nim_mul_terms on their ordinals).
#include "tower/packed_base_reduction.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower.hpp"
#include "kernels/kernel_paths.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::packed_field;
using cas::detail::step_constant;
using cas::detail::u128;
using cas::detail::word;
using on2_test::random_word;

// p modulo x^D + modulus_low, one bit at a time from the top (no Barrett, no carry-less path).
word remainder_by_division(u128 p, const packed_field& field) {
  const unsigned degree = field.degree();
  const u128 modulus = (u128{1} << degree) | field.modulus_low();
  for (unsigned bit = 127; bit >= degree; --bit) {
    if ((p >> bit) & 1) p ^= modulus << (bit - degree);
  }
  return static_cast<word>(p);
}

// Σ c_k·t^k (k < 2·d1 − 1) modulo t^d1 − a1 and P: t^(d1 + i) = a1·t^i, by division alone.
std::vector<word> reference_reduction(const std::vector<u128>& sums, std::size_t d1,
                                      const packed_field& field, word a1) {
  std::vector<word> out(d1);
  for (std::size_t i = 0; i < d1; ++i) {
    out[i] = remainder_by_division(sums[i], field);
    if (i + d1 < sums.size()) {
      const word high = remainder_by_division(sums[i + d1], field);
      out[i] ^= remainder_by_division(packed_field::carryless_software(high, a1), field);
    }
  }
  return out;
}

// A random sum of degree < 2D − 1: dense, sparse, all ones, or of a random degree.
u128 random_sum(unsigned degree) {
  const unsigned bits = 2 * degree - 1;
  const u128 mask = bits == 128 ? ~u128{0} : (u128{1} << bits) - 1;
  const u128 dense = (static_cast<u128>(random_word()) << 64) | random_word();
  switch (random_word() % 4) {
    case 0:
      return dense & mask;
    case 1:
      return dense & mask & ((static_cast<u128>(random_word()) << 64) | random_word());
    case 2:
      return mask;
    default:
      return dense & (mask >> (random_word() % bits));
  }
}

// The reduction against the division for random moduli (the top one x^D + x^(D−1) + … + 1
// included: every Barrett quotient bit set) and random a1 (all ones included).
void check_reduction(cas::detail::packed_base_reduction reduction, unsigned degree) {
  const word mask = cas::detail::low_bits_mask(degree);
  for (int field_round = 0; field_round < on2_test::scaled(4); ++field_round) {
    const word modulus_low = field_round == 0 ? mask : random_word() & mask;
    const packed_field field(degree, modulus_low);
    for (const std::size_t d1 : {1u, 2u, 3u, 5u, 7u, 11u, 17u}) {
      for (int round = 0; round < on2_test::scaled(6); ++round) {
        const word a1 = round == 0 ? mask : random_word() & mask;
        std::vector<u128> sums(2 * d1 - 1);
        for (auto& s : sums) s = random_sum(degree);
        const std::vector<word> expected = reference_reduction(sums, d1, field, a1);
        std::vector<word> out(d1, ~word{0});
        reduction(field, sums.data(), d1, step_constant(field, a1), out.data());
        ASSERT_EQ(out, expected) << "D = " << degree << ", P − x^D = " << modulus_low
                                 << ", d1 = " << d1 << ", a1 = " << a1;
      }
    }
  }
}

TEST(PackedBaseReduction, GenericPathEqualsDivision) {
  for (unsigned degree = 1; degree <= 64; ++degree) {
    check_reduction(cas::detail::reduce_over_packed_base, degree);
  }
}

TEST(PackedBaseReduction, SmallBasePathEqualsDivision) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (unsigned degree = 1; degree <= 32; ++degree) {
    check_reduction(cas::detail::reduce_over_small_packed_base_pclmul, degree);
  }
}

TEST(PackedBaseReduction, WideBasePathEqualsDivision) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (unsigned degree = 33; degree <= 64; ++degree) {
    check_reduction(cas::detail::reduce_over_wide_packed_base_pclmul, degree);
  }
}

TEST(PackedBaseReduction, BasesAboveThirtyTwoBitsTakeTheWidePath) {
  const packed_field small(32, 0x8d), wide(36, 0x3d), widest(64, 0x1b);
  if (!cas::detail::clmul_enabled()) {
    EXPECT_EQ(cas::detail::reduction_for(wide), cas::detail::reduce_over_packed_base);
    return;
  }
  EXPECT_EQ(cas::detail::reduction_for(small), cas::detail::reduce_over_small_packed_base_pclmul);
  EXPECT_EQ(cas::detail::reduction_for(wide), cas::detail::reduce_over_wide_packed_base_pclmul);
  EXPECT_EQ(cas::detail::reduction_for(widest), cas::detail::reduce_over_wide_packed_base_pclmul);
}

// A random element with `words` random base words (the rest zero), so the κ schoolbook stays
// quick; at least two words, so no factor lies in the base (which mul scales word by word).
cas::tower_field::element random_tower_element(const cas::tower_field& field, std::size_t words) {
  cas::tower_field::element x(field.words(), 0);
  const word mask = cas::detail::low_bits_mask(field.base_bits());
  x[1 + random_word() % (x.size() - 1)] = random_word() & mask;
  for (std::size_t i = 1; i < words; ++i) x[random_word() % x.size()] = random_word() & mask;
  return x;
}

// GF(2^1980) = the field of [ω^(ω^3+ω+3)·2] (κ_11·κ_5·κ_9·2) and GF(2^1260) = that of
// [ω^(ω^2+ω+3)·12]: a base of 36 bits under power steps of degree 5 and 11, and 5 and 7.
void check_tower_products(const cas::ordinal& top, int degree, std::size_t steps_above) {
  const cas::tower_field field = cas::tower_field::spanning({top});
  ASSERT_EQ(field.degree(), degree);
  ASSERT_EQ(field.base_bits(), 36u);
  ASSERT_EQ(field.steps().size(), 2u);
  ASSERT_EQ(field.steps()[1].degree, steps_above);
  for (int i = 0; i < on2_test::scaled(3); ++i) {
    const auto x = random_tower_element(field, 1 + random_word() % 6),
               y = random_tower_element(field, 1 + random_word() % 6);
    const cas::ordinal a = field.to_ordinal(x), b = field.to_ordinal(y);
    EXPECT_EQ(field.to_ordinal(field.mul(x, y)), cas::nim_mul_terms(a, b));
    EXPECT_EQ(field.to_ordinal(field.square(x)), cas::nim_square_terms(a));
  }
  // Dense elements: the laws, every word of every coefficient in play.
  for (int i = 0; i < on2_test::scaled(5); ++i) {
    const auto x = random_tower_element(field, field.words()),
               y = random_tower_element(field, field.words()),
               z = random_tower_element(field, field.words());
    ASSERT_EQ(field.mul(x, x), field.square(x));
    ASSERT_EQ(field.mul(field.mul(x, y), z), field.mul(x, field.mul(y, z)));
    ASSERT_EQ(field.mul(x, cas::tower_field::add(y, z)),
              cas::tower_field::add(field.mul(x, y), field.mul(x, z)));
  }
}

TEST(PackedBaseReduction, ProductsInGF2To1980EqualTheKappaSchoolbook) {
  check_tower_products(
      cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{3, 1, 0, 1}), cas::nimber(2)),
      1980, 11);
}

TEST(PackedBaseReduction, ProductsInGF2To1260EqualTheKappaSchoolbook) {
  check_tower_products(
      cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{3, 1, 1}), cas::nimber(12)),
      1260, 7);
}

}  // namespace
