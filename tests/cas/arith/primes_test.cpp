// Primality, factoring and the order of 2 on 64-bit integers (cas/arith/primes.hpp). Trial division
// up to √n hung on 18446744073709551557 (prime·prime overflowed beyond 2^32) and ignored Ctrl-C on
// 2^61 − 1 (issue 16); these check the replacements against a sieve and the literature.
#include "cas/arith/primes.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"

namespace {

using factors = std::vector<std::pair<std::uint64_t, unsigned>>;

constexpr std::uint64_t largest_64_bit_prime = 18446744073709551557u;  // 2^64 − 59
constexpr std::uint64_t mersenne_61 = (std::uint64_t{1} << 61) - 1;    // a Mersenne prime

TEST(Primes, IsPrimeAgreesWithASieve) {
  constexpr std::size_t bound = 1 << 18;
  std::vector<bool> composite(bound, false);
  composite[0] = composite[1] = true;
  for (std::size_t n = 2; n * n < bound; ++n) {
    if (!composite[n]) {
      for (std::size_t m = n * n; m < bound; m += n) composite[m] = true;
    }
  }
  for (std::uint64_t n = 0; n < bound; ++n) {
    ASSERT_EQ(cas::is_prime(n), !composite[n]) << n;
  }
}

TEST(Primes, PseudoprimesAreComposite) {
  // Carmichael numbers (OEIS A002997) fool the Fermat test to every coprime base.
  for (const std::uint64_t n : {561u, 1105u, 1729u, 2465u, 2821u, 6601u, 8911u, 41041u, 825265u}) {
    EXPECT_FALSE(cas::is_prime(n)) << n;
  }
  // Strong pseudoprimes to base 2 (OEIS A001262) and to several bases (OEIS A014233).
  for (const std::uint64_t n : {2047u, 3277u, 4033u, 4681u, 8321u})
    EXPECT_FALSE(cas::is_prime(n)) << n;
  EXPECT_FALSE(cas::is_prime(3215031751u));            // bases 2, 3, 5, 7
  EXPECT_FALSE(cas::is_prime(2152302898747u));         // bases 2 to 11
  EXPECT_FALSE(cas::is_prime(3825123056546413051u));   // bases 2 to 23
  EXPECT_FALSE(cas::is_prime(18446744030759878681u));  // (2^32 − 5)^2
  EXPECT_FALSE(cas::is_prime(18446744073709551615u));  // 2^64 − 1
}

TEST(Primes, KnownPrimes) {
  for (const std::uint64_t p : {2147483647u, 1000000007u, 4294967291u})
    EXPECT_TRUE(cas::is_prime(p)) << p;
  EXPECT_TRUE(cas::is_prime(mersenne_61));
  EXPECT_TRUE(cas::is_prime(largest_64_bit_prime));
  EXPECT_FALSE(cas::is_prime(largest_64_bit_prime - 2));  // 2^64 − 61 is divisible by 3
}

TEST(Primes, FactorizationsKnownAnswers) {
  EXPECT_EQ(cas::factorize(1), factors{});
  EXPECT_EQ(cas::factorize(2), (factors{{2, 1}}));
  EXPECT_EQ(cas::factorize(600851475143u), (factors{{71, 1}, {839, 1}, {1471, 1}, {6857, 1}}));
  // 2^64 − 1 = 3·5·17·257·641·65537·6700417 (the Fermat numbers F_0 to F_5).
  EXPECT_EQ(cas::factorize(18446744073709551615u),
            (factors{{3, 1}, {5, 1}, {17, 1}, {257, 1}, {641, 1}, {65537, 1}, {6700417, 1}}));
  EXPECT_EQ(cas::factorize(std::uint64_t{1} << 63), (factors{{2, 63}}));
  EXPECT_EQ(cas::factorize(largest_64_bit_prime), (factors{{largest_64_bit_prime, 1}}));
  EXPECT_EQ(cas::factorize(mersenne_61), (factors{{mersenne_61, 1}}));
  // The hard case for rho: two 32-bit primes, and a square of one.
  EXPECT_EQ(cas::factorize(18446743979220271189u), (factors{{4294967279u, 1}, {4294967291u, 1}}));
  EXPECT_EQ(cas::factorize(18446744030759878681u), (factors{{4294967291u, 2}}));
  // 2^64 − 60 = 2^2·11·137·547·5594472617641.
  EXPECT_EQ(cas::factorize(largest_64_bit_prime - 1),
            (factors{{2, 2}, {11, 1}, {137, 1}, {547, 1}, {5594472617641u, 1}}));
  EXPECT_THROW(cas::factorize(0), cas::range_error);
}

TEST(Primes, FactorizationsMultiplyBack) {
  std::mt19937_64 engine(16);  // this test's own seed
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t n = engine() >> (i % 40);
    if (n == 0) continue;
    std::uint64_t product = 1, previous = 1;
    for (const auto& [p, k] : cas::factorize(n)) {
      EXPECT_TRUE(cas::is_prime(p)) << n << ": " << p;
      EXPECT_GT(p, previous) << n;
      previous = p;
      for (unsigned j = 0; j < k; ++j) product *= p;
    }
    EXPECT_EQ(product, n) << "seed 16, draw " << i;
  }
}

// A pre-cancelled token stops the factoring of a number without small factors at its first poll:
// deterministic, no timing.
TEST(Primes, FactoringPollsTheCancellationToken) {
  cas::context cancelled;
  cancelled.cancellation().request();
  EXPECT_THROW(cas::factorize(18446743979220271189u, cancelled), cas::interrupted_error);
  EXPECT_THROW(cas::order_of_two_modulo(18446743979220271189u, cancelled), cas::interrupted_error);
  // Trial division by the small primes finishes without polling; primes need no search at all.
  EXPECT_EQ(cas::factorize(12, cancelled), (factors{{2, 2}, {3, 1}}));
  EXPECT_EQ(cas::factorize(largest_64_bit_prime, cancelled), (factors{{largest_64_bit_prime, 1}}));
}

TEST(Primes, OrderOfTwoAgreesWithCounting) {
  for (std::uint64_t n = 3; n < 20000; n += 2) {
    std::uint64_t power = 2 % n, order = 1;
    for (; power != 1; ++order) power = power * 2 % n;
    ASSERT_EQ(cas::order_of_two_modulo(n), order) << n;
  }
}

TEST(Primes, OrderOfTwoOnSixtyFourBits) {
  EXPECT_EQ(cas::order_of_two_modulo(mersenne_61), 61u);
  EXPECT_EQ(cas::order_of_two_modulo(18446744073709551615u), 64u);
  // ord_(3^k)(2) = 2·3^(k−1): 2 is a primitive root modulo every power of 3.
  std::uint64_t three_to_40 = 1;
  for (int i = 0; i < 40; ++i) three_to_40 *= 3;
  EXPECT_EQ(cas::order_of_two_modulo(three_to_40), 2 * (three_to_40 / 3));
  // 2 is a primitive root modulo 2^64 − 59: 2^((p−1)/r) ≠ 1 for r = 2, 11, 137, 547, 5594472617641
  // (checked outside on2 with Python's pow).
  EXPECT_EQ(cas::order_of_two_modulo(largest_64_bit_prime), largest_64_bit_prime - 1);
  EXPECT_THROW(cas::order_of_two_modulo(1), cas::range_error);
  EXPECT_THROW(cas::order_of_two_modulo(4), cas::range_error);
}

TEST(Primes, PositionsOfOddPrimes) {
  EXPECT_EQ(cas::position_of_odd_prime(3), 0u);
  EXPECT_EQ(cas::position_of_odd_prime(1299721), cas::max_odd_prime_positions - 1);
  EXPECT_THROW(cas::position_of_odd_prime(9), cas::range_error);
  EXPECT_THROW(cas::position_of_odd_prime(1299723), cas::range_error);  // 3·433241
  // A prime beyond the indexed ones is a limit, not "not a prime".
  EXPECT_THROW(cas::position_of_odd_prime(1299743), cas::limit_error);
  EXPECT_THROW(cas::position_of_odd_prime(largest_64_bit_prime), cas::limit_error);
}

}  // namespace
