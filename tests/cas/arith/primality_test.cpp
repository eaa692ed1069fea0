// Primality of naturals of any size (cas/arith/primality.hpp): exact below 2^64, Baillie–PSW
// above. The composites here pass weaker tests (a Fermat test, or strong tests to many bases),
// which the test checks first, so a weaker implementation would call them prime.
#include "cas/arith/primality.hpp"

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cas/arith/integer_factoring.hpp"
#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"

namespace {

using cas::integer;

integer power_of_two(unsigned k) {
  return integer(1) << k;
}

integer power_mod(const integer& base, const integer& e, const integer& n) {
  integer r;
  mpz_powm(r.backend().data(), base.backend().data(), e.backend().data(), n.backend().data());
  return r;
}

// Whether odd n passes the strong (Miller–Rabin) test to base b.
bool strong_probable_prime(const integer& n, unsigned b) {
  integer d = n - 1;
  unsigned s = 0;
  while (d % 2 == 0) {
    d /= 2;
    ++s;
  }
  integer x = power_mod(integer(b), d, n);
  if (x == 1 || x == n - 1) return true;
  for (unsigned r = 1; r < s; ++r) {
    x = x * x % n;
    if (x == n - 1) return true;
  }
  return false;
}

TEST(Primality, MersennePrimesAndComposites) {
  for (unsigned p : {89u, 107u, 127u, 521u, 607u, 1279u}) {
    EXPECT_TRUE(cas::is_prime_natural(power_of_two(p) - 1)) << p;
  }
  // 2^67 − 1 = 193707721 · 761838257287 (Cole, 1903); 2^101 − 1 and 2^257 − 1 are composite.
  for (unsigned p : {67u, 101u, 257u}) {
    EXPECT_FALSE(cas::is_prime_natural(power_of_two(p) - 1)) << p;
  }
  EXPECT_FALSE(cas::primality_is_exact(power_of_two(89) - 1));
  EXPECT_TRUE(cas::primality_is_exact(power_of_two(64) - 1));
}

TEST(Primality, AroundTwoToThe64) {
  // 2^64 − 59 is the largest prime below 2^64, 2^64 + 13 the least above it.
  const integer base = power_of_two(64);
  for (int k = -58; k < 13; ++k) {
    EXPECT_FALSE(cas::is_prime_natural(base + k)) << k;
  }
  EXPECT_TRUE(cas::is_prime_natural(base - 59));
  EXPECT_TRUE(cas::is_prime_natural(base + 13));
}

TEST(Primality, AgreesWithTheWordTestBelow2To64) {
  for (std::uint64_t n = 0; n < 5000; ++n) {
    ASSERT_EQ(cas::is_prime_natural(integer(n)), cas::is_prime(n)) << n;
  }
  // 3825123056546413051 is a strong pseudoprime to the bases 2, 3, …, 23.
  EXPECT_FALSE(cas::is_prime_natural(integer(3825123056546413051u)));
}

TEST(Primality, CarmichaelNumbersAbove2To64) {
  // (6k + 1)(12k + 1)(18k + 1) with all three factors prime is a Carmichael number (Chernick,
  // 1939): a Fermat pseudoprime to every coprime base.
  int found = 0;
  for (std::uint64_t k = 300000; found < 3; ++k) {
    if (!cas::is_prime(6 * k + 1) || !cas::is_prime(12 * k + 1) || !cas::is_prime(18 * k + 1)) {
      continue;
    }
    const integer n = integer(6 * k + 1) * (12 * k + 1) * (18 * k + 1);
    ASSERT_GT(n, power_of_two(64));
    for (unsigned b : {2u, 3u, 5u}) ASSERT_EQ(power_mod(integer(b), n - 1, n), 1) << n;
    EXPECT_FALSE(cas::is_prime_natural(n)) << n;
    ++found;
  }
}

TEST(Primality, StrongPseudoprimesToManyBases) {
  // ψ_12 and ψ_13 (Sorenson and Webster, "Strong pseudoprimes to twelve prime bases", Math.
  // Comp. 86 (2017)): the least strong pseudoprimes to the first 12 and 13 prime bases.
  const std::vector<std::string> numbers = {"318665857834031151167461",
                                            "3317044064679887385961981"};
  for (const std::string& text : numbers) {
    const integer n(text.c_str());
    for (unsigned b : {2u, 3u, 5u, 7u, 11u, 13u, 17u, 19u, 23u, 29u, 31u, 37u}) {
      ASSERT_TRUE(strong_probable_prime(n, b)) << text << " base " << b;
    }
    EXPECT_FALSE(cas::is_prime_natural(n)) << text;
  }
}

TEST(Primality, ProductOfTwo40DigitPrimes) {
  integer p, q;
  integer ten_to_39 = 1;
  for (int i = 0; i < 39; ++i) ten_to_39 *= 10;
  mpz_nextprime(p.backend().data(), ten_to_39.backend().data());
  const integer start = ten_to_39 * 3;
  mpz_nextprime(q.backend().data(), start.backend().data());
  EXPECT_TRUE(cas::is_prime_natural(p));
  EXPECT_TRUE(cas::is_prime_natural(q));
  EXPECT_FALSE(cas::is_prime_natural(p * q));
  EXPECT_FALSE(cas::is_prime_natural(p * p));
}

TEST(Primality, TheLimitOfBits) {
  cas::context ctx;
  ctx.limits().max_prime_test_bits = 100;
  EXPECT_TRUE(cas::is_prime_natural(power_of_two(89) - 1, ctx));
  try {
    cas::is_prime_natural(power_of_two(127) - 1, ctx);
    FAIL() << "no limit_error";
  } catch (const cas::limit_error& e) {
    EXPECT_NE(std::string(e.what()).find("max_prime_test_bits = 100"), std::string::npos)
        << e.what();
  }
  // Below 2^64 the word test needs no limit.
  ctx.limits().max_prime_test_bits = 1;
  EXPECT_TRUE(cas::is_prime_natural(integer(1000003), ctx));
  // factor_integer names it for the part left after trial division.
  ctx.limits().max_prime_test_bits = 100;
  EXPECT_THROW(cas::factor_integer(power_of_two(127) - 1, ctx), cas::limit_error);
  EXPECT_EQ(cas::factor_integer(power_of_two(200) * 3, ctx).size(), 2u);
}

}  // namespace
