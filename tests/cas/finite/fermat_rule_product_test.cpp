// The big product against the plain Fermat-rule product computed bit by bit: a ⊗ b is the nim
// sum of 2^i ⊗ 2^j over the bits of a and b, and 2^i ⊗ 2^j follows from the two rules of
// docs/spec/arithmetic.md §2 (distinct Fermat 2-powers multiply as integers; F ⊗ F = F ⊕ F/2).
#include <gtest/gtest.h>

#include <map>

#include "cas/finite/nimber.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;

class fermat_rule_oracle {
 public:
  nimber power_product(std::uint64_t i, std::uint64_t j) {
    if (i > j) std::swap(i, j);
    if (i == 0) return nimber::power_of_two(j);
    const auto key = std::make_pair(i, j);
    if (auto found = memo_.find(key); found != memo_.end()) return found->second;
    // t: the highest Fermat level present; 2^i = F_t · 2^(i − T) with T = 2^t when bit t is set.
    const int t = 63 - __builtin_clzll(i | j);
    const std::uint64_t T = std::uint64_t{1} << t;
    nimber result;
    if ((i & T) && (j & T)) {
      // F_t^2 ⊗ y = (F_t ⊕ H_t) ⊗ y = y·F_t ⊕ 2^(T−1) ⊗ y, y = 2^(i−T) ⊗ 2^(j−T) < F_t.
      const nimber y = power_product(i - T, j - T);
      result = shift(y, T);
      for (std::uint64_t u = 0; u < y.bit_length(); ++u) {
        if (y.bit(u)) result = cas::nim_add(result, power_product(T - 1, u));
      }
    } else {
      // Only one has bit t: F_t ⊗ x = F_t · x for x < F_t.
      result = shift(power_product(i & (T - 1), j & (T - 1)), T);
    }
    memo_.emplace(key, result);
    return result;
  }

  nimber product(const nimber& a, const nimber& b) {
    nimber sum;
    for (std::uint64_t i = 0; i < a.bit_length(); ++i) {
      if (!a.bit(i)) continue;
      for (std::uint64_t j = 0; j < b.bit_length(); ++j) {
        if (b.bit(j)) sum = cas::nim_add(sum, power_product(i, j));
      }
    }
    return sum;
  }

 private:
  static nimber shift(const nimber& x, std::uint64_t bits) {
    return nimber(x.to_integer() << bits);
  }
  std::map<std::pair<std::uint64_t, std::uint64_t>, nimber> memo_;
};

TEST(FermatRuleProduct, AgreesWithTheSeedsOnSmallValues) {
  fermat_rule_oracle oracle;
  EXPECT_EQ(oracle.product(2, 2), nimber(3));
  EXPECT_EQ(oracle.product(4, 4), nimber(6));
  EXPECT_EQ(oracle.product(2, 4), nimber(8));
  EXPECT_EQ(oracle.product(16, 16), nimber(24));
  EXPECT_EQ(oracle.product(15, 13), nimber(12));  // from the seed table
}

TEST(FermatRuleProduct, BigProductEqualsBitByBitProduct) {
  fermat_rule_oracle oracle;
  for (std::uint64_t bits : {64, 65, 100, 128, 129, 255, 256, 400, 512}) {
    for (int i = 0; i < on2_test::scaled(4); ++i) {
      const nimber a = on2_test::random_nimber(bits), b = on2_test::random_nimber(bits);
      EXPECT_EQ(cas::nim_mul(a, b), oracle.product(a, b)) << bits << " bits";
    }
  }
}

TEST(FermatRuleProduct, SparseProductsUpTo2048Bits) {
  fermat_rule_oracle oracle;
  for (int i = 0; i < on2_test::scaled(20); ++i) {
    nimber a, b;
    for (int k = 0; k < 3; ++k) {
      a = cas::nim_add(a, nimber::power_of_two(on2_test::random_word() % 2048));
      b = cas::nim_add(b, nimber::power_of_two(on2_test::random_word() % 2048));
    }
    EXPECT_EQ(cas::nim_mul(a, b), oracle.product(a, b));
  }
}

}  // namespace
