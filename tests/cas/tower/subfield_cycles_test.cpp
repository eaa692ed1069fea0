// Subfields GF(2^d) of tower fields as fixed spaces of F^d, solved cycle by cycle: of the
// monomials where F^d is monomial (cas/src/tower/monomial_fixed_space.hpp, a white-box test), of
// the top step's lines otherwise (cas/src/tower/subfield_lines.hpp, which makes the reduced
// echelon basis itself). For divisors d of E: d vectors, each fixed by F^d and independent, so
// they span GF(2^d), whose echelon basis primitive(a) lists in Cantor order.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"
#include "tower/monomial_fixed_space.hpp"
#include "tower/subfield_lines.hpp"

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

// The unique reduced echelon basis of GF(2^d): rows with increasing leading Cantor coordinates,
// each zero at the others' leading coordinates, fixed by F^d and d of them (then they span it).
void expect_reduced_echelon_basis(const cas::tower_field& field, std::uint64_t d,
                                  const std::vector<cas::tower_field::element>& rows) {
  expect_basis_of_subfield(field, d, rows);
  std::vector<std::size_t> leading;
  for (const auto& x : rows) {
    const std::vector<std::uint64_t> v = field.cantor_bits(x);
    std::size_t w = v.size();
    while (w > 0 && v[w - 1] == 0) --w;
    ASSERT_GT(w, 0u);
    leading.push_back((w - 1) * 64 + 63 - static_cast<std::size_t>(std::countl_zero(v[w - 1])));
  }
  for (std::size_t i = 1; i < leading.size(); ++i) {
    ASSERT_LT(leading[i - 1], leading[i]) << field.degree() << ", d = " << d << ", row " << i;
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::vector<std::uint64_t> v = field.cantor_bits(rows[i]);
    for (std::size_t j = 0; j < rows.size(); ++j) {
      if (j == i) continue;
      ASSERT_EQ((v[leading[j] / 64] >> (leading[j] % 64)) & 1, 0u)
          << field.degree() << ", d = " << d << ": row " << i << " at row " << j << "'s pivot";
    }
  }
}

TEST(SubfieldLines, IsTheReducedEchelonBasisOfEachSubfield) {
  // GF(2^1980) = K(κ_11), K = GF(2^36)(κ_5) of 180 bits, α_11 in K outside GF(2^36); and
  // GF(2^2040) = K(κ_17), K of 120 bits. Degrees above K's size, below it (GF(2^d) inside K: the
  // other cycles fix nothing) and neither (cycles whose fixed points are λ·k, k a proper subfield
  // of K).
  for (const auto& [spanning, degrees] :
       {std::pair{term({3, 1, 0, 1}, 2), std::vector<std::uint64_t>{990, 660, 396, 180, 36, 198}},
        std::pair{term({1, 1, 0, 0, 0, 1}, 4), std::vector<std::uint64_t>{1020, 680, 120, 170}}}) {
    const cas::tower_field field = cas::tower_field::spanning({spanning});
    ASSERT_TRUE(cas::detail::subfield_lines::applies(field));
    for (const std::uint64_t d : degrees) {
      cas::detail::subfield_lines lines(field, d, cas::default_context());
      std::vector<cas::tower_field::element> rows;
      for (std::size_t i = 0; i < d; ++i) rows.push_back(lines.row(i));
      expect_reduced_echelon_basis(field, d, rows);
      EXPECT_THROW(lines.row(d), cas::internal_error);
    }
  }
}

TEST(SubfieldLines, SolvesCyclesWhoseHilbertNinetySumHasAnOddLength) {
  // GF(2^2436) = K(κ_29) and GF(2^1806) = K(κ_43), K of 84 and 42 bits: at d = 29, 58 and 43 the
  // cycles' fixed points are λ·k with λ = Σ_(i<3) Φ^i(θ), a sum of odd length (the doubling's
  // step by one; the fields above have only lengths 1 and 2).
  for (const auto& [prime, degrees] :
       {std::pair{std::uint64_t{29}, std::vector<std::uint64_t>{29, 58}},
        std::pair{std::uint64_t{43}, std::vector<std::uint64_t>{43}}}) {
    const cas::tower_field field = cas::tower_field::spanning({cas::kappa_of_prime_power(prime)});
    for (const std::uint64_t d : degrees) {
      cas::detail::subfield_lines lines(field, d, cas::default_context());
      std::vector<cas::tower_field::element> rows;
      for (std::size_t i = 0; i < d; ++i) rows.push_back(lines.row(i));
      expect_reduced_echelon_basis(field, d, rows);
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
