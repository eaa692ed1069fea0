// Which kernel tables a process builds, and when (issue 20: the first call in a process). The
// carry-less paths read compile-time tables only, so their products build nothing; the portable
// path builds its product tables on its first product; the discrete logarithms of GF(2^16) are
// built on the first inverse, on either path, and need no other table. The tables built at run time
// equal the ones built entry by entry from the bitwise recursion, and threads that all make the
// first call at once get correct answers. ctest runs each test in a process of its own, so each
// sees a process whose kernels nothing has touched yet (run without a filter, the tests run in this
// order and still hold). Registered twice: as found, and with ON2_PORTABLE_KERNEL=1.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <latch>
#include <thread>
#include <vector>

#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/bitwise_product.hpp"  // private: the textbook oracle
#include "kernels/gf64_tables.hpp"      // white-box: cas/src
#include "test_support.hpp"

namespace {

using cas::detail::nim_mul_bitwise;
using std::uint64_t;

constexpr uint64_t first = 0x9e3779b97f4a7c15, second = 0xc2b2ae3d27d4eb4f;

bool on_portable_path() {
  return cas::active_kernel_path() == cas::kernel_path::portable;
}

TEST(LazyKernelTables, ProductsBuildOnlyTheTablesOfTheirPath) {
  EXPECT_FALSE(cas::detail::portable_tables_built());
  EXPECT_FALSE(cas::detail::gf16_log_tables_built());
  // Products, squares and roots of every width the kernels serve, one at a time and in batches,
  // and through the nimber type (the limb recursion).
  EXPECT_EQ(cas::nim_mul64(first, second), nim_mul_bitwise(first, second, 6));
  const cas::nim128 product = cas::nim_mul128({first, second}, {second, first});
  // The Karatsuba step of docs/spec/arithmetic.md §2 on the recursion.
  const uint64_t c0 = nim_mul_bitwise(first, second, 6), c2 = nim_mul_bitwise(second, first, 6);
  const uint64_t c12 = nim_mul_bitwise(first ^ second, second ^ first, 6);
  EXPECT_EQ(product.lo, c0 ^ nim_mul_bitwise(c2, uint64_t{1} << 63, 6));
  EXPECT_EQ(product.hi, c12 ^ c0);
  uint64_t batch[3];
  const uint64_t a[3] = {first, second, 3}, b[3] = {second, first, 5};
  cas::nim_mul64_batch(a, b, batch, 3);
  EXPECT_EQ(batch[2], 15u);
  EXPECT_EQ(cas::nim_square64(cas::nim_sqrt64(first)), first);
  const cas::nimber big = cas::nim_add(cas::nimber::power_of_two(1000), cas::nimber(first));
  EXPECT_EQ(cas::nim_square(big), cas::nim_mul(big, big));
  EXPECT_EQ(cas::detail::portable_tables_built(), on_portable_path());
  EXPECT_FALSE(cas::detail::gf16_log_tables_built()) << "a product built the inverse's tables";
}

TEST(LazyKernelTables, TheFirstInverseBuildsTheLogarithms) {
  EXPECT_FALSE(cas::detail::gf16_log_tables_built());
  const uint64_t inverse = cas::nim_inv64(first);
  EXPECT_TRUE(cas::detail::gf16_log_tables_built());
  EXPECT_EQ(cas::detail::portable_tables_built(), on_portable_path())
      << "the carry-less path's inverse built the portable tables";
  EXPECT_EQ(nim_mul_bitwise(first, inverse, 6), 1u);
  const cas::nim128 inverse128 = cas::nim_inv128({first, second});
  const cas::nim128 one = cas::nim_mul128({first, second}, inverse128);
  EXPECT_EQ(one.lo, 1u);
  EXPECT_EQ(one.hi, 0u);
}

// The portable tables entry by entry against the recursion, as they were built before they were
// built by XOR steps.
TEST(LazyKernelTables, PortableTablesEqualTheRecursion) {
  const cas::detail::portable_tables& t = cas::detail::portable_gf64();
  EXPECT_TRUE(cas::detail::portable_tables_built());
  for (uint64_t a = 0; a < 256; ++a) {
    for (uint64_t b = 0; b < 256; ++b) ASSERT_EQ(t.mul8[a][b], nim_mul_bitwise(a, b, 3)) << a;
  }
  for (uint64_t a = 1; a < 256; ++a) ASSERT_EQ(nim_mul_bitwise(a, t.inv8[a], 3), 1u) << a;
  for (std::size_t i = 0; i < 2; ++i) {
    for (uint64_t v = 0; v < 256; ++v) {
      const uint64_t x = v << (8 * i);
      ASSERT_EQ(t.times_half16[i][v], nim_mul_bitwise(x, uint64_t{1} << 15, 4));
      ASSERT_EQ(cas::detail::gf32_norm_maps.square_times_half16[i][v],
                nim_mul_bitwise(nim_mul_bitwise(x, x, 4), uint64_t{1} << 15, 4));
    }
  }
  for (std::size_t i = 0; i < 4; ++i) {
    for (uint64_t v = 0; v < 256; ++v) {
      const uint64_t x = v << (8 * i);
      ASSERT_EQ(t.times_half32[i][v], nim_mul_bitwise(x, uint64_t{1} << 31, 5));
      ASSERT_EQ(cas::detail::gf32_norm_maps.square_times_half32[i][v],
                nim_mul_bitwise(nim_mul_bitwise(x, x, 5), uint64_t{1} << 31, 5));
    }
  }
}

// exp16 lists the powers of one element g of order 65535, twice, and log16 inverts it.
TEST(LazyKernelTables, LogarithmsEqualThePowersOfAGenerator) {
  const cas::detail::gf16_logarithms& t = cas::detail::gf16_log_tables();
  const uint64_t generator = t.exp16[1];
  EXPECT_EQ(t.exp16[0], 1u);
  std::vector<bool> seen(65536, false);
  for (std::size_t i = 0; i < 65535; ++i) {
    const uint64_t power = t.exp16[i];
    ASSERT_NE(power, 0u);
    ASSERT_FALSE(seen[power]) << "g^" << i << " came earlier: g has order below 65535";
    seen[power] = true;
    ASSERT_EQ(t.log16[power], i);
    ASSERT_EQ(t.exp16[i + 65535], power);
    ASSERT_EQ(t.exp16[(i + 1) % 65535], nim_mul_bitwise(power, generator, 4)) << i;
  }
}

// Threads that make the first calls together (a latch releases them at once): each inverse and
// product against the recursion. Under ThreadSanitizer this is also the check of the
// publication (release stores, acquire loads).
TEST(LazyKernelTables, FirstUseFromManyThreadsAtOnce) {
  constexpr int threads = 8, calls = 200;
  std::vector<uint64_t> inputs;
  for (int i = 0; i < threads * calls; ++i) inputs.push_back(on2_test::random_word() | 1);
  std::vector<uint64_t> inverses(inputs.size()), products(inputs.size());
  std::latch start(threads);
  std::vector<std::thread> running;
  for (int k = 0; k < threads; ++k) {
    running.emplace_back([&, k] {
      start.arrive_and_wait();
      for (int i = k * calls; i < (k + 1) * calls; ++i) {
        const auto at = static_cast<std::size_t>(i);
        // Odd threads multiply first, even ones invert first: both first uses race.
        if (k % 2 == 0) inverses[at] = cas::nim_inv64(inputs[at]);
        products[at] = cas::nim_mul64(inputs[at], second);
        if (k % 2 != 0) inverses[at] = cas::nim_inv64(inputs[at]);
      }
    });
  }
  for (std::thread& t : running) t.join();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ASSERT_EQ(nim_mul_bitwise(inputs[i], inverses[i], 6), 1u) << inputs[i];
    ASSERT_EQ(products[i], nim_mul_bitwise(inputs[i], second, 6)) << inputs[i];
  }
}

}  // namespace
