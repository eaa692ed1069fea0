// The subfields GF(2^d) of Kummer towers over the packed base, cycle by cycle of the monomial map
// F^d (cas/src/tower/monomial_fixed_space.hpp, a white-box test): for divisors d of E, d vectors,
// each fixed by F^d and independent, so they span GF(2^d), whose echelon basis primitive(a) lists
// in Cantor order; and no monomial map where a step's constant lies above the base.
#include "tower/monomial_fixed_space.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using on2_test::term;

// The rank over GF(2) of the vectors' Cantor coordinates.
std::size_t rank(const cas::tower_field& field, const std::vector<cas::tower_field::element>& xs) {
  std::vector<std::vector<std::uint64_t>> pivots;  // pivot rows, by insertion
  std::vector<std::size_t> pivot_bit;
  for (const auto& x : xs) {
    std::vector<std::uint64_t> v = field.cantor_bits(x);
    for (std::size_t i = 0; i < pivots.size(); ++i) {
      if (((v[pivot_bit[i] / 64] >> (pivot_bit[i] % 64)) & 1) == 0) continue;
      for (std::size_t w = 0; w < v.size(); ++w) v[w] ^= pivots[i][w];
    }
    for (std::size_t w = v.size(); w-- > 0;) {
      if (v[w] == 0) continue;
      pivot_bit.push_back(w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(v[w])));
      pivots.push_back(v);
      break;
    }
  }
  return pivots.size();
}

TEST(MonomialFixedSpace, IsABasisOfEachSubfield) {
  // GF(2^2040) = GF(2^24)(κ_5, κ_17) and GF(2^1260) = GF(2^36)(κ_5, κ_7).
  for (const auto& [spanning, degrees] :
       {std::pair{term({1, 1, 0, 0, 0, 1}, 4), std::vector<std::uint64_t>{1020, 680, 120, 24, 8}},
        std::pair{term({3, 1, 1}, 12), std::vector<std::uint64_t>{630, 420, 252, 180, 36, 4}}}) {
    const cas::tower_field field = cas::tower_field::spanning({spanning});
    for (const std::uint64_t d : degrees) {
      const auto map = field.monomial_frobenius_map(d);
      ASSERT_NE(map, nullptr) << field.degree() << ", d = " << d;
      const std::vector<cas::tower_field::element> basis =
          cas::detail::monomial_fixed_space(field, *map);
      ASSERT_EQ(basis.size(), d) << field.degree();
      for (const auto& x : basis)
        ASSERT_EQ(field.frobenius(x, d), x) << field.degree() << ", " << d;
      EXPECT_EQ(rank(field, basis), d) << field.degree() << ", d = " << d;
    }
  }
}

TEST(MonomialFixedSpace, NoMonomialMapWhereAConstantLiesAboveTheBase) {
  // GF(2^1980) = GF(2^36)(κ_5, κ_11) with α_11 outside GF(2^36).
  const cas::tower_field field = cas::tower_field::spanning({term({3, 1, 0, 1}, 2)});
  EXPECT_FALSE(field.frobenius_is_monomial());
  EXPECT_EQ(field.monomial_frobenius_map(990), nullptr);
}

}  // namespace
