// The Fermat-number factorisations behind nim_order.
#include "cas/arith/fermat_numbers.hpp"

#include <gmp.h>
#include <gtest/gtest.h>

#include "cas/core/error.hpp"

namespace {

TEST(FermatNumbers, FactorisationsMultiplyBackAndArePrime) {
  for (unsigned i = 0; i <= cas::largest_factored_fermat_index; ++i) {
    cas::integer product = 1;
    for (const cas::integer& p : cas::fermat_number_prime_factors(i)) {
      product *= p;
      EXPECT_NE(mpz_probab_prime_p(p.backend().data(), 25), 0) << "F" << i << ": " << p;
    }
    EXPECT_EQ(product, cas::fermat_number(i)) << "F" << i;
  }
}

TEST(FermatNumbers, KnownCounts) {
  // F0..F4 are prime; F5 = 641 · 6700417 (Euler); F11 has five prime factors (Brent 1988).
  EXPECT_EQ(cas::fermat_number_prime_factors(4).size(), 1u);
  EXPECT_EQ(cas::fermat_number_prime_factors(4)[0], 65537);
  EXPECT_EQ(cas::fermat_number_prime_factors(5).size(), 2u);
  EXPECT_EQ(cas::fermat_number_prime_factors(5)[1], 6700417);
  EXPECT_EQ(cas::fermat_number_prime_factors(11).size(), 5u);
  EXPECT_EQ(cas::fermat_number_prime_factors(11).back().str().size(), 564u);
}

TEST(FermatNumbers, BeyondTheKnownFactorisations) {
  EXPECT_THROW(cas::fermat_number_prime_factors(12), cas::limit_error);
}

}  // namespace
