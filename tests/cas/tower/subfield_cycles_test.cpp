// Subfields GF(2^d) of tower fields as fixed spaces of F^d, solved cycle by cycle: of the
// monomials where F^d is monomial (cas/src/tower/monomial_fixed_space.hpp, a white-box test), of
// the top step's lines otherwise (tower_field::subfield_by_lines). For divisors d of E: d vectors,
// each fixed by F^d and independent, so they span GF(2^d), whose echelon basis primitive(a)
// lists in Cantor order.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"
#include "tower/monomial_fixed_space.hpp"

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

// d vectors fixed by F^d and independent.
void expect_basis_of_subfield(const cas::tower_field& field, std::uint64_t d,
                              const std::vector<cas::tower_field::element>& basis) {
  ASSERT_EQ(basis.size(), d) << field.degree();
  for (const auto& x : basis) ASSERT_EQ(field.frobenius(x, d), x) << field.degree() << ", " << d;
  EXPECT_EQ(rank(field, basis), d) << field.degree() << ", d = " << d;
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
      expect_basis_of_subfield(field, d, cas::detail::monomial_fixed_space(field, *map));
    }
  }
}

TEST(SubfieldByLines, IsABasisOfEachSubfieldOfAtLeastTheLinesSize) {
  // GF(2^1980) = K(κ_11), K = GF(2^36)(κ_5) of 180 bits, α_11 in K outside GF(2^36); and
  // GF(2^2040) = K(κ_17), K of 120 bits.
  for (const auto& [spanning, degrees] :
       {std::pair{term({3, 1, 0, 1}, 2), std::vector<std::uint64_t>{990, 660, 396, 180}},
        std::pair{term({1, 1, 0, 0, 0, 1}, 4), std::vector<std::uint64_t>{1020, 680, 120}}}) {
    const cas::tower_field field = cas::tower_field::spanning({spanning});
    for (const std::uint64_t d : degrees) {
      expect_basis_of_subfield(field, d, field.subfield_by_lines(d));
    }
  }
  // Below K's size the elimination over the orbits is cheaper: no basis by lines.
  const cas::tower_field field = cas::tower_field::spanning({term({3, 1, 0, 1}, 2)});
  EXPECT_TRUE(field.subfield_by_lines(36).empty());
}

TEST(MonomialFixedSpace, NoMonomialMapWhereAConstantLiesAboveTheBase) {
  // GF(2^1980) = GF(2^36)(κ_5, κ_11) with α_11 outside GF(2^36).
  const cas::tower_field field = cas::tower_field::spanning({term({3, 1, 0, 1}, 2)});
  EXPECT_FALSE(field.frobenius_is_monomial());
  EXPECT_EQ(field.monomial_frobenius_map(990), nullptr);
}

}  // namespace
