// Differential: cas::nim_mul, nim_square, nim_pow and nim_div on ordinals (cas/tower/
// ordinal_product.hpp), whichever path they choose, equal the term product of
// cas/kappa/kappa.hpp on random sparse and dense values; the choice itself follows the cost
// estimate (sparse: terms, dense: tower) and falls back to the term product where no field can be
// built (docs/testing.md, "differential").
#include "cas/tower/ordinal_product.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::product_path;

// κ of the odd prime at `position`: [ω^(ω^position)].
ordinal kappa_at(std::size_t position) {
  return cas::ordinal::term(cas::small_ordinal::omega_power(position, 1), cas::nimber(1));
}

// An element of the field of `generator` with every word of its tower element random: it fills
// the field (E / base_bits terms or nearly).
ordinal random_dense(const ordinal& generator) {
  const cas::tower_field field = cas::tower_field::spanning({generator});
  auto& engine = on2_test::random_engine();
  cas::tower_field::element x(field.words());
  const std::uint64_t mask =
      field.base_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.base_bits()) - 1;
  for (auto& w : x) w = engine() & mask;
  return field.to_ordinal(x);
}

// A few random κ-monomials of the field of `generator` with small coefficients.
ordinal random_sparse(const ordinal& generator, int terms) {
  const ordinal dense = random_dense(generator);
  auto& engine = on2_test::random_engine();
  std::vector<cas::ordinal_term> chosen;
  for (int i = 0; i < terms; ++i) {
    chosen.push_back(dense.terms()[engine() % dense.terms().size()]);
  }
  return ordinal::from_terms(std::move(chosen));
}

// κ_11 (GF(2^220)), κ_13 (GF(2^156)) and κ_17 (GF(2^136)).
const std::vector<std::size_t> positions = {3, 4, 5};

TEST(OrdinalProduct, DenseProductsGoThroughTheTowerAndAgreeWithTheTermProduct) {
  for (std::size_t position : positions) {
    const ordinal g = kappa_at(position);
    for (int i = 0; i < on2_test::scaled(3); ++i) {
      const ordinal a = random_dense(g), b = random_dense(g);
      ASSERT_GE(a.terms().size(), 16u);
      EXPECT_EQ(cas::choose_product_path(a, b), product_path::tower) << a.terms().size();
      EXPECT_EQ(cas::nim_mul(a, b), cas::nim_mul_terms(a, b)) << "position " << position;
      EXPECT_EQ(cas::choose_square_path(a), product_path::tower);
      EXPECT_EQ(cas::nim_square(a), cas::nim_square_terms(a));
      EXPECT_EQ(cas::nim_mul(a, a), cas::nim_square_terms(a));
    }
  }
}

TEST(OrdinalProduct, SparseProductsTakeTheTermProductAndAgreeWithTheTower) {
  for (std::size_t position : positions) {
    const ordinal g = kappa_at(position);
    for (int i = 0; i < on2_test::scaled(20); ++i) {
      const ordinal a = random_sparse(g, 1 + static_cast<int>(on2_test::random_engine()() % 3));
      const ordinal b = random_sparse(g, 1 + static_cast<int>(on2_test::random_engine()() % 3));
      if (!a.is_finite() || !b.is_finite()) {
        EXPECT_EQ(cas::choose_product_path(a, b), product_path::terms);
      }
      EXPECT_EQ(cas::nim_mul(a, b), cas::nim_mul_in_tower(a, b));
      EXPECT_EQ(cas::nim_mul(a, b), cas::nim_mul_terms(a, b));
      EXPECT_EQ(cas::nim_square(a), cas::nim_mul_in_tower(a, a));
    }
  }
}

// One sparse and one dense operand, and finite coefficients times dense values.
TEST(OrdinalProduct, MixedDensitiesAgreeWithTheTermProduct) {
  const ordinal g = kappa_at(3);
  for (int i = 0; i < on2_test::scaled(5); ++i) {
    const ordinal dense = random_dense(g), sparse = random_sparse(g, 2);
    EXPECT_EQ(cas::nim_mul(dense, sparse), cas::nim_mul_terms(dense, sparse));
    EXPECT_EQ(cas::nim_mul(sparse, dense), cas::nim_mul_terms(dense, sparse));
    const ordinal scalar(on2_test::random_nimber(4));
    EXPECT_EQ(cas::nim_mul(scalar, dense), cas::nim_mul_terms(scalar, dense));
  }
}

TEST(OrdinalProduct, PowersAndQuotientsAgreeWithTheTermPath) {
  auto& engine = on2_test::random_engine();
  for (std::size_t position : positions) {
    const ordinal g = kappa_at(position);
    for (int i = 0; i < on2_test::scaled(4); ++i) {
      const ordinal a = i % 2 == 0 ? random_dense(g) : random_sparse(g, 2);
      const ordinal b = i % 2 == 0 ? random_sparse(g, 1) : random_dense(g);
      const cas::integer e = 3 + engine() % 300;
      EXPECT_EQ(cas::nim_pow(a, e), cas::nim_pow_terms(a, e)) << "e = " << e;
      if (b.is_zero()) continue;
      const ordinal q = cas::nim_div(a, b);
      EXPECT_EQ(cas::nim_mul_terms(q, b), a);
      EXPECT_EQ(cas::nim_pow(b, -2), cas::nim_square_terms(cas::nim_inv(b)));
    }
  }
}

// A power whose partial powers fill the field halfway through: the rest is finished in the tower.
TEST(OrdinalProduct, PowerOfASparseElementFinishedInTheTower) {
  const ordinal a = cas::nim_add(kappa_at(4), ordinal(cas::nimber(3)));  // κ_13 + 3
  for (const cas::integer& e : {cas::integer(1000), cas::integer(65537), cas::integer(123456789)}) {
    EXPECT_EQ(cas::nim_pow(a, e), cas::nim_pow_terms(a, e)) << "e = " << e;
  }
}

// Where no tower field can be built (E above max_tower_degree) the product still works, by the
// term product; only the inverse needs the field and names the limit.
TEST(OrdinalProduct, WithoutABuildableFieldTheTermProductServes) {
  cas::limits small;
  small.max_tower_degree = 100;  // below κ_11's E = 220
  const cas::context ctx(small);
  const ordinal a = random_dense(kappa_at(3)), b = random_dense(kappa_at(3));
  EXPECT_EQ(cas::choose_product_path(a, b, ctx), product_path::terms);
  EXPECT_EQ(cas::nim_mul(a, b, ctx), cas::nim_mul_terms(a, b));
  EXPECT_EQ(cas::nim_square(a, ctx), cas::nim_square_terms(a));
  EXPECT_EQ(cas::nim_pow(a, 5, ctx), cas::nim_pow_terms(a, 5));
  EXPECT_THROW(cas::nim_div(a, b, ctx), cas::limit_error);
  EXPECT_THROW(cas::nim_mul_in_tower(a, b, ctx), cas::limit_error);
}

TEST(OrdinalProduct, FiniteOperandsTakeTheFiniteCore) {
  EXPECT_EQ(cas::choose_product_path(on2_test::finite(7), on2_test::finite(9)),
            product_path::finite);
  EXPECT_EQ(cas::nim_mul(on2_test::finite(7), on2_test::finite(9)),
            on2_test::finite(cas::nim_mul64(7, 9)));
}

// Products poll the cancellation token on either path.
TEST(OrdinalProduct, BothPathsPollTheCancellationToken) {
  cas::context cancelled;
  const ordinal dense = random_dense(kappa_at(3));
  cancelled.cancellation().request();
  EXPECT_THROW(cas::nim_mul(dense, cas::nim_add(dense, on2_test::finite(1)), cancelled),
               cas::interrupted_error);
  EXPECT_THROW(cas::nim_mul(on2_test::term({1}), on2_test::term({0, 1}), cancelled),
               cas::interrupted_error);
}

}  // namespace
