// Factoring integers of any size (cas/arith/integer_factoring.hpp): trial division, Pollard rho
// and GMP-ECM, its limits and its interruption. The primes below were made by PARI/GP
// (setrand(20); nextprime(10^29 + random(9*10^29)), twice; setrand(25) and 10^24 for the 25-digit
// ones, setrand(3) and 10^19 for the 20-digit ones); gp's factor() gives the same factorisations.
#include "cas/arith/integer_factoring.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using factors = std::vector<std::pair<integer, unsigned>>;

const integer p20a("73429027871554828387"), p20b("15384048289235048897");
const integer p25a("8699227972541864313686381"), p25b("8376655317493681502148143");
const integer p30a("748337066109740154123892907989"), p30b("562175849916862913239207533991");

TEST(IntegerFactoring, SmallNumbersAgreeWithTheMachineWordFactoring) {
  auto& random = on2_test::random_engine();
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t n = random() >> (random() % 60) | 1;
    factors expected;
    for (const auto& [p, e] : cas::factorize(n)) expected.emplace_back(integer(p), e);
    EXPECT_EQ(cas::factor_integer(integer(n)), expected) << n;
  }
  EXPECT_TRUE(cas::factor_integer(integer(1)).empty());
  EXPECT_THROW(cas::factor_integer(integer(0)), cas::range_error);
}

TEST(IntegerFactoring, TwoTwentyDigitPrimesNeedEcm) {
  // Beyond Pollard rho's budget here, so ECM's curves find them.
  cas::limits l;
  l.max_factoring_steps = 1000;
  cas::context ctx(l);
  EXPECT_EQ(cas::factor_integer(p20a * p20b * 12, ctx),
            (factors{{2, 2}, {3, 1}, {p20b, 1}, {p20a, 1}}));
}

// Larger factors need more and longer curves (the parameters grow with the size). Two 30-digit
// primes take about a minute (docs/testing.md), so CI's case has 25 digits.
TEST(IntegerFactoring, TwoTwentyFiveDigitPrimes) {
  EXPECT_EQ(cas::factor_integer(p25a * p25b), (factors{{p25b, 1}, {p25a, 1}}));
}

TEST(IntegerFactoring, PerfectPowersOfLargePrimes) {
  // p30a^2 · p20a^3: ECM finds p20a, and what is left is a square whose root holds p30a (rho
  // and ECM would find p30a no sooner in p30a^2 than in the product of two 30-digit primes).
  EXPECT_EQ(cas::factor_integer(p30a * p30a * p20a * p20a * p20a), (factors{{p20a, 3}, {p30a, 2}}));
  EXPECT_EQ(cas::factor_integer(p30a * p30a * p30a * p30a), (factors{{p30a, 4}}));
}

TEST(IntegerFactoring, ProbablePrimes) {
  EXPECT_TRUE(cas::is_probable_prime(p30a));
  EXPECT_FALSE(cas::is_probable_prime(p30a * p30b));
  EXPECT_FALSE(cas::is_probable_prime(integer(1)));
  EXPECT_TRUE(cas::is_probable_prime((integer(1) << 127) - 1));
}

TEST(IntegerFactoring, LimitsNameThemselves) {
  cas::limits l;
  l.max_factoring_steps = 1000;
  l.max_ecm_curves = 0;
  cas::context ctx(l);
  try {
    cas::factor_integer(p20a * p20b, ctx);
    ADD_FAILURE() << "no limit error";
  } catch (const cas::limit_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "The factorisation needs a composite factor of 130 bits that on2 could not split "
              "within the limits max_factoring_steps = 1000, max_ecm_curves = 0 and max_ecm_bits "
              "= 512.");
  }
  l.max_ecm_curves = 1000;
  l.max_ecm_bits = 100;  // the composite has 130 bits: no ECM
  cas::context small(l);
  EXPECT_THROW(cas::factor_integer(p20a * p20b, small), cas::limit_error);
}

TEST(IntegerFactoring, AnInterruptionStopsEcm) {
  // Two 60-digit primes: hours of curves. A request from another thread ends the work.
  const integer p("622288097498926496141095869268883999563096063592498055290461");
  const integer q("610540229658533603202487354917160736483364367423992413326147");
  cas::limits l;
  l.max_ecm_curves = 1000000;
  cas::context ctx(l);
  std::thread requester([&ctx] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ctx.cancellation().request();
  });
  EXPECT_THROW(cas::factor_integer(p * q, ctx), cas::interrupted_error);
  requester.join();
}

}  // namespace
