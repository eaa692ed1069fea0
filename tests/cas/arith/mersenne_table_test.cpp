// The shipped factorisations of 2^m − 1 (cas/data/mersenne_factors.txt, docs/data.md) and the
// multiplicative orders they make possible.
#include "cas/arith/mersenne_table.hpp"

#include <gmp.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/kappa_index.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "ordinal_builders.hpp"

namespace {

using cas::integer;
using cas::mersenne_table;
using on2_test::term;

std::string committed_file() {
  std::ifstream in(ON2_MERSENNE_FACTORS_FILE, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

integer mersenne(std::uint64_t m) {
  return (integer(1) << static_cast<unsigned>(m)) - 1;
}

// Every entry of the committed file: the product of the factors is 2^m − 1, computed here from the
// returned factorisation, and every prime on every line is a probable prime (25 Miller–Rabin rounds
// in GMP). The table is the Cunningham Project's: all m ≤ 1206, 2296 values up to 5964.
TEST(MersenneTable, EveryEntry) {
  const mersenne_table table = mersenne_table::from_text(committed_file(), "mersenne_factors.txt");
  EXPECT_EQ(table.size(), 2296u);
  EXPECT_EQ(table.largest(), 5964u);
  for (std::uint64_t m = 1; m <= 1206; ++m) EXPECT_TRUE(table.contains(m)) << m;
  std::uint64_t primes = 0;
  for (std::uint64_t m = 1; m <= table.largest(); ++m) {
    if (!table.contains(m)) continue;
    for (const integer& p : table.primitive_primes(m)) {
      ++primes;
      EXPECT_NE(mpz_probab_prime_p(p.backend().data(), 25), 0) << "m = " << m << ": " << p;
    }
    const auto factors = table.factorization(m);
    ASSERT_TRUE(factors.has_value()) << m;
    integer product = 1;
    for (const auto& [p, e] : *factors) {
      for (unsigned i = 0; i < e; ++i) product *= p;
    }
    EXPECT_EQ(product, mersenne(m)) << m;
  }
  EXPECT_EQ(primes, 10496u);  // the distinct primes of the source
}

TEST(MersenneTable, EmbeddedIsTheCommittedFile) {
  const mersenne_table& embedded = cas::embedded_mersenne_table();
  const mersenne_table committed = mersenne_table::from_text(committed_file());
  ASSERT_EQ(embedded.size(), committed.size());
  for (std::uint64_t m = 1; m <= committed.largest(); ++m) {
    ASSERT_EQ(embedded.contains(m), committed.contains(m)) << m;
    if (committed.contains(m)) {
      ASSERT_EQ(embedded.primitive_primes(m), committed.primitive_primes(m)) << m;
    }
  }
}

TEST(MersenneTable, KnownLines) {
  const mersenne_table table = mersenne_table::from_text("# comment\n2 3\n3 7\n4 5\n6\n12 13\n");
  EXPECT_EQ(table.primitive_primes(6), std::vector<integer>{});  // 63 = 3^2·7: nothing new
  using factors = std::vector<std::pair<integer, unsigned>>;
  EXPECT_EQ(table.factorization(6), (factors{{3, 2}, {7, 1}}));
  EXPECT_EQ(table.factorization(12), (factors{{3, 2}, {5, 1}, {7, 1}, {13, 1}}));  // 4095
  EXPECT_EQ(table.factorization(1), factors{});
  EXPECT_FALSE(table.factorization(5).has_value());
}

// The message of the mersenne_table_error that reading (and then using) `text` raises.
std::string error_of(const std::string& text, std::uint64_t use = 0) {
  try {
    const mersenne_table table = mersenne_table::from_text(text, "t.txt");
    if (use != 0) (void)table.factorization(use);
  } catch (const cas::mersenne_table_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(MersenneTable, MalformedOrInconsistentTables) {
  EXPECT_EQ(
      error_of("2 3\n3 x7\n"),
      "t.txt:2: a line is m and primes, decimal naturals separated by single spaces, not '3 x7'.");
  EXPECT_EQ(
      error_of("2 3\n3  7\n"),
      "t.txt:2: a line is m and primes, decimal naturals separated by single spaces, not '3  7'.");
  EXPECT_EQ(
      error_of("2 3\r\n"),
      "t.txt:1: a line is m and primes, decimal naturals separated by single spaces, not '2 3?'.");
  EXPECT_EQ(
      error_of("2 3\n\n"),
      "t.txt:2: a line is m and primes, decimal naturals separated by single spaces, not ''.");
  EXPECT_EQ(error_of("3 7\n2 3\n"), "t.txt:2: m = 2 does not come after m = 3 (line 1).");
  EXPECT_EQ(error_of("2 3\n2 3\n"), "t.txt:2: m = 2 does not come after m = 2 (line 1).");
  EXPECT_EQ(error_of("1\n"), "t.txt:1: the exponent m must be at least 2.");
  EXPECT_EQ(
      error_of("2 03\n"),
      "t.txt:1: a line is m and primes, decimal naturals separated by single spaces, not '2 03'.");
  EXPECT_EQ(error_of("12345678901 3\n"), "t.txt:1: the exponent m is beyond 10^9.");
  EXPECT_EQ(error_of("2 1 3\n"), "t.txt:1: the factor 1 is not a prime.");
  EXPECT_EQ(error_of("2 3\n3 7\n4 5\n6\n12 13 11\n"),
            "t.txt:5: the primes of m = 12 are not increasing.");
  EXPECT_EQ(error_of("2 3\n4 5\n6\n"), "t.txt:3: m = 6 is listed but its divisor 3 is not.");
  // Values are checked when used: a wrong prime, a missing one, one listed twice.
  EXPECT_EQ(error_of("2 3\n3 5\n", 3), "t.txt:2: the prime 5 of m = 3 does not divide 2^3 − 1.");
  EXPECT_EQ(error_of("2 3\n3\n", 3),
            "t.txt:2: the primes of m = 3 and of its divisors leave a cofactor of 2^3 − 1.");
  EXPECT_EQ(error_of("2 3\n4 3 5\n", 4),
            "t.txt:2: the prime 3 is listed for m = 4 and for m = 2 (2 has one order modulo p).");
}

// [ω^(ω^2+ω+3)·12] has degree 1260: Φ_1260(2) has a 228-bit composite part that rho did not split
// within max_factoring_steps (issue 20); the Cunningham table has 2^1260 − 1.
TEST(MersenneTable, OrderOfAnElementOfDegree1260) {
  const cas::ordinal a = term({3, 1, 1}, 12);
  ASSERT_EQ(cas::degree_over_gf2(a), 1260u);
  const integer order = cas::nim_order(a);
  EXPECT_EQ(cas::nim_pow(a, order), on2_test::finite(1));
  for (const auto& [q, e] : cas::mersenne_factorization(1260)) {
    if (order % q == 0) {
      EXPECT_NE(cas::nim_pow(a, order / q), on2_test::finite(1)) << q;
    }
  }
  EXPECT_EQ(mersenne(1260) % order, 0);
}

// Degrees in the table beyond 1206: 2^1320 − 1 (1320 = 2^3·3·5·11) and 2^5964 − 1, the largest.
TEST(MersenneTable, LargeDegreesFromTheTable) {
  cas::limits small;
  small.max_factoring_steps = 1;  // the table needs no search
  const cas::context ctx(small);
  for (const std::uint64_t d : {1260u, 1320u, 5964u}) {
    integer product = 1;
    for (const auto& [p, e] : cas::mersenne_factorization(d, ctx)) {
      for (unsigned i = 0; i < e; ++i) product *= p;
    }
    EXPECT_EQ(product, mersenne(d)) << d;
  }
}

// Beyond the table, Φ_k(2) for the divisors k of d in the table comes from there: 2^1683 − 1
// (1683 = 3^2·11·17) is not in the table, but only Φ_1683(2) needs a search within 20 000 steps.
TEST(MersenneTable, DivisorsFromTheTable) {
  ASSERT_FALSE(cas::embedded_mersenne_table().contains(1683));
  cas::limits small;
  small.max_factoring_steps = 20000;
  const cas::context ctx(small);
  integer product = 1;
  for (const auto& [p, e] : cas::mersenne_factorization(1683, ctx)) {
    EXPECT_NE(mpz_probab_prime_p(p.backend().data(), 25), 0) << p;
    for (unsigned i = 0; i < e; ++i) product *= p;
  }
  EXPECT_EQ(product, mersenne(1683));
}

// Beyond the table the search and its limit are unchanged: 1213 is prime, not in the table, and
// 2^1213 − 1 has no factor rho finds in 100 steps.
TEST(MersenneTable, BeyondTheTableTheLimitHolds) {
  ASSERT_FALSE(cas::embedded_mersenne_table().contains(1213));
  cas::limits small;
  small.max_factoring_steps = 100;
  const cas::context ctx(small);
  EXPECT_THROW(cas::mersenne_factorization(1213, ctx), cas::limit_error);
}

}  // namespace
