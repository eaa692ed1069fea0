// The fixed-width kernels against each other and the bitwise textbook recursion: the portable
// tower path, the carry-less (PCLMULQDQ) path where the CPU has it, and the word recursion.
#include "kernels/kernel_paths.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "finite/nimber_on_path.hpp"    // white-box: cas/src
#include "kernels/bitwise_product.hpp"  // private: the textbook oracle
#include "test_support.hpp"

namespace {

using on2_test::random_word;

TEST(KernelPaths, PortableAndBitwiseAgree) {
  for (int i = 0; i < on2_test::scaled(20000); ++i) {
    const std::uint64_t a = random_word(), b = random_word();
    ASSERT_EQ(cas::detail::nim_mul64_portable(a, b), cas::detail::nim_mul_bitwise(a, b, 6));
  }
}

TEST(KernelPaths, ClmulAndPortableAgree) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (int i = 0; i < on2_test::scaled(200000); ++i) {
    const std::uint64_t a = random_word(), b = random_word();
    ASSERT_EQ(cas::detail::nim_mul64_clmul(a, b), cas::detail::nim_mul64_portable(a, b));
  }
  if (std::getenv("ON2_PORTABLE_KERNEL") == nullptr) {
    EXPECT_EQ(cas::active_kernel_path(), cas::detail::avx512_batch_supported()
                                             ? cas::kernel_path::avx512
                                             : cas::kernel_path::clmul);
  } else {
    EXPECT_EQ(cas::active_kernel_path(), cas::kernel_path::portable);
  }
}

// Products of random nimbers of each size on two paths, and of a third of that size by them
// (the chunked product), with the operands swapped on the second path.
void expect_products_agree(cas::kernel_path path, cas::kernel_path reference,
                           std::initializer_list<std::uint64_t> sizes) {
  for (std::uint64_t bits : sizes) {
    const cas::nimber a = on2_test::random_nimber(bits), b = on2_test::random_nimber(bits),
                      small = on2_test::random_nimber(bits / 3 + 1);
    EXPECT_EQ(cas::detail::nim_mul_on_path(path, a, b),
              cas::detail::nim_mul_on_path(reference, a, b))
        << bits;
    EXPECT_EQ(cas::detail::nim_mul_on_path(path, small, b),
              cas::detail::nim_mul_on_path(reference, b, small))
        << bits;
  }
}

TEST(KernelPaths, BigProductsAgreeOnBothPaths) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  expect_products_agree(cas::kernel_path::clmul, cas::kernel_path::portable,
                        {65, 128, 200, 1000, 5000, 40000});
}

// The AVX-512 path multiplies 16 to 1024 limbs as one block (evaluation, batched products,
// interpolation) and recurses above: every block size, the sizes around the block limits, and
// mixed sizes, against the carry-less recursion.
TEST(KernelPaths, BlockProductsAgreeWithTheRecursion) {
  if (!cas::detail::avx512_batch_supported()) {
    GTEST_SKIP() << "this CPU lacks AVX-512 VBMI, GFNI or VPCLMULQDQ";
  }
  expect_products_agree(
      cas::kernel_path::avx512, cas::kernel_path::clmul,
      {65, 512, 513, 600, 1024, 1025, 2048, 4096, 8192, 16384, 32768, 32769, 65536, 65537, 140000});
  // All-ones operands: every evaluation value and product is as large as it gets.
  const cas::nimber ones =
      cas::nimber::from_limbs(std::vector<std::uint64_t>(128, ~std::uint64_t{0}));
  EXPECT_EQ(cas::detail::nim_mul_on_path(cas::kernel_path::avx512, ones, ones),
            cas::detail::nim_mul_on_path(cas::kernel_path::clmul, ones, ones));
}

// Squares run level by level on the AVX-512 path (with narrow rows paired up), and inverses and
// square roots use them and the block products: each against the carry-less product.
TEST(KernelPaths, BigSquaresInversesAndRootsAgreeWithTheProduct) {
  if (cas::active_kernel_path() != cas::kernel_path::avx512) {
    GTEST_SKIP() << "the AVX-512 path is not active here";
  }
  // Inverses whose halves are every block size (16 to 1024 limbs, evaluations shared) and,
  // at 300000 bits, larger halves on the recursion above the blocks.
  for (std::uint64_t bits : {100, 1024, 4096, 40000, 65536, 131072, 300000}) {
    const cas::nimber a = on2_test::random_nimber(bits);
    const cas::nimber square = cas::detail::nim_mul_on_path(cas::kernel_path::clmul, a, a);
    EXPECT_EQ(cas::nim_square(a), square) << bits;
    EXPECT_EQ(cas::nim_sqrt(square), a) << bits;
    EXPECT_EQ(cas::detail::nim_mul_on_path(cas::kernel_path::clmul, a, cas::nim_inv(a)),
              cas::nimber(1))
        << bits;
  }
}

TEST(KernelPaths, NarrowWidthsAgreeWithTheWideOne) {
  for (int i = 0; i < on2_test::scaled(20000); ++i) {
    const std::uint64_t a = random_word(), b = random_word();
    EXPECT_EQ(cas::nim_mul32(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)),
              cas::nim_mul64(a & 0xffffffff, b & 0xffffffff));
    EXPECT_EQ(cas::nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)),
              cas::detail::nim_mul_bitwise(a & 0xffff, b & 0xffff, 4));
    EXPECT_EQ(cas::nim_times_half64(a), cas::nim_mul64(a, std::uint64_t{1} << 63));
    EXPECT_EQ(cas::nim_square64(a), cas::nim_mul64(a, a));
    EXPECT_EQ(cas::nim_square64(cas::nim_sqrt64(a)), a);
    if (a != 0) {
      EXPECT_EQ(cas::nim_mul64(a, cas::nim_inv64(a)), 1u);
    }
  }
}

// Words whose 16-bit pieces are often zero or equal to a neighbour, so the zero cases of the
// table-driven square, root and inverse (a half, a quarter or a half-sum vanishing) all occur.
std::uint64_t structured_word() {
  std::uint64_t word = random_word();
  const std::uint64_t choice = random_word();
  for (int piece = 0; piece < 4; ++piece) {
    const int shift = 16 * piece;
    switch ((choice >> (2 * piece)) & 3) {
      case 0:
        word &= ~(std::uint64_t{0xffff} << shift);
        break;
      case 1:  // equal to the piece below (or, for the lowest, to the one above)
        word &= ~(std::uint64_t{0xffff} << shift);
        word |= piece == 0 ? (word >> 16) & 0xffff : ((word >> (shift - 16)) & 0xffff) << shift;
        break;
      default:
        break;
    }
  }
  if ((choice >> 8) % 8 == 0) word &= 0xff;  // small values now and then
  return word;
}

TEST(KernelPaths, SquareRootAndInverseAgreeWithTheBitwiseRecursion) {
  for (int i = 0; i < on2_test::scaled(20000); ++i) {
    for (const std::uint64_t a : {random_word(), structured_word()}) {
      const std::uint64_t square = cas::detail::nim_mul_bitwise(a, a, 6);
      ASSERT_EQ(cas::nim_square64(a), square) << a;
      ASSERT_EQ(cas::nim_sqrt64(square), a) << a;
      if (a == 0) continue;
      const std::uint64_t inverse = cas::nim_inv64(a);
      ASSERT_EQ(cas::detail::nim_mul_bitwise(a, inverse, 6), 1u) << a;
      ASSERT_EQ(cas::nim_inv64(inverse), a) << a;
    }
  }
  for (int bit = 0; bit < 64; ++bit) {  // the Fermat 2-powers and H's among the powers of two
    const std::uint64_t a = std::uint64_t{1} << bit;
    EXPECT_EQ(cas::nim_square64(a), cas::detail::nim_mul_bitwise(a, a, 6)) << bit;
    EXPECT_EQ(cas::detail::nim_mul_bitwise(a, cas::nim_inv64(a), 6), 1u) << bit;
    if (bit != 0) {
      EXPECT_EQ(cas::detail::nim_mul_bitwise(a ^ 1, cas::nim_inv64(a ^ 1), 6), 1u) << bit;
    }
  }
  EXPECT_EQ(cas::nim_inv64(1), 1u);
  EXPECT_THROW(static_cast<void>(cas::nim_inv64(0)), cas::math_error);
}

TEST(KernelPaths, BatchEqualsScalarIncludingAliasing) {
  std::vector<std::uint64_t> a(1000), b(1000), out(1000);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = random_word(), b[i] = random_word();
  cas::nim_mul64_batch(a.data(), b.data(), out.data(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(out[i], cas::nim_mul64(a[i], b[i]));
  cas::nim_mul64_batch(a.data(), b.data(), a.data(), a.size());  // out aliases a
  EXPECT_EQ(a, out);
}

// Every length from 0 to 40 (whole groups of eight and the masked tail), then a long run, with
// the structured words that make bytes and halves vanish; the output may alias an input.
TEST(KernelPaths, Avx512BatchAgreesWithThePortablePath) {
  if (!cas::detail::avx512_batch_supported()) {
    GTEST_SKIP() << "this CPU lacks AVX-512 VBMI, GFNI or VPCLMULQDQ";
  }
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<std::uint64_t> a(n), b(n), out(n + 1, 0x5555);
    for (std::size_t i = 0; i < n; ++i) a[i] = structured_word(), b[i] = random_word();
    cas::detail::nim_mul64_batch_avx512(a.data(), b.data(), out.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], cas::detail::nim_mul64_portable(a[i], b[i])) << n << " " << i;
    }
    EXPECT_EQ(out[n], 0x5555u) << "wrote past the end, n = " << n;
  }
  const std::size_t n = static_cast<std::size_t>(on2_test::scaled(100000));
  std::vector<std::uint64_t> a(n), b(n), expected(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = structured_word(), b[i] = structured_word();
    expected[i] = cas::detail::nim_mul64_portable(a[i], b[i]);
  }
  cas::detail::nim_mul64_batch_avx512(a.data(), b.data(), b.data(), n);  // out aliases b
  EXPECT_EQ(b, expected);
}

// A batch of 2^20 products and more is stored with non-temporal stores from the first 64-byte
// boundary of the output on: an output starting one word past a boundary, and a ragged end.
TEST(KernelPaths, Avx512StreamingBatchAgreesWithThePortablePath) {
  if (!cas::detail::avx512_batch_supported()) {
    GTEST_SKIP() << "this CPU lacks AVX-512 VBMI, GFNI or VPCLMULQDQ";
  }
  const std::size_t n = (std::size_t{1} << 20) + 13;
  std::vector<std::uint64_t> a(n), b(n), out(n + 16, 0x5555);
  for (std::size_t i = 0; i < n; ++i) a[i] = random_word(), b[i] = structured_word();
  std::uint64_t* unaligned = out.data() + 1;
  while (reinterpret_cast<std::uintptr_t>(unaligned) % 64 != 8) ++unaligned;
  cas::detail::nim_mul64_batch_avx512(a.data(), b.data(), unaligned, n);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(unaligned[i], cas::detail::nim_mul64_portable(a[i], b[i])) << i;
  }
  EXPECT_EQ(unaligned[n], 0x5555u);
}

// The 128-bit kernel against docs/spec/arithmetic.md §2's Karatsuba step written out over the
// portable 64-bit product: (a1·F ⊕ a0)(b1·F ⊕ b0) = (c12 ⊕ c0)·F ⊕ c0 ⊕ c2 ⊗ 2^63 with F = 2^64.
cas::nim128 karatsuba128(cas::nim128 a, cas::nim128 b) {
  const auto mul = cas::detail::nim_mul64_portable;
  const std::uint64_t c0 = mul(a.lo, b.lo), c2 = mul(a.hi, b.hi);
  const std::uint64_t c12 = mul(a.lo ^ a.hi, b.lo ^ b.hi);
  return {c0 ^ mul(c2, std::uint64_t{1} << 63), c12 ^ c0};
}

TEST(KernelPaths, Kernel128AgreesWithTheKaratsubaStepOnThePortablePath) {
  for (int i = 0; i < on2_test::scaled(20000); ++i) {
    const cas::nim128 a{structured_word(), structured_word()}, b{random_word(), structured_word()};
    const cas::nim128 expected = karatsuba128(a, b);
    ASSERT_EQ(cas::nim_mul128(a, b), expected);
    if (cas::detail::clmul_supported()) {
      ASSERT_EQ(cas::detail::nim_mul128_clmul(a, b), expected);
    }
    if (cas::detail::avx512_batch_supported()) {
      ASSERT_EQ(cas::detail::nim_mul128_avx512(a, b), expected);
    }
  }
}

// The batches of 128-bit products, squares, square roots and inverses against the one-at-a-time
// operations: the public functions (whichever path this CPU takes) and, where the CPU has it,
// the AVX-512 path called directly; lengths around the groups of eight and the inverse's blocks
// of 2048, and outputs aliasing the input.
TEST(KernelPaths, BatchOperationsAgreeWithTheScalarOnes) {
  const bool avx512 = cas::detail::avx512_batch_supported();
  for (std::size_t n : {0, 1, 7, 8, 9, 23, 24, 25, 100, 2047, 2048, 2049, 5000}) {
    std::vector<std::uint64_t> x(n), out(n);
    std::vector<cas::nim128> a(n), b(n), products(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = i % 3 == 0 ? structured_word() | 1 : random_word() | (std::uint64_t{1} << 40);
      a[i] = {random_word(), structured_word()};
      b[i] = {structured_word(), random_word()};
    }
    auto check_words = [&](auto batch, auto scalar, const char* name) {
      batch(x.data(), out.data(), n);
      for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(out[i], scalar(x[i])) << name << " " << n << " " << i;
      std::vector<std::uint64_t> in_place = x;
      batch(in_place.data(), in_place.data(), n);
      EXPECT_EQ(in_place, out) << name << " in place, " << n;
    };
    check_words(cas::nim_square64_batch, cas::nim_square64, "square");
    check_words(cas::nim_sqrt64_batch, cas::nim_sqrt64, "sqrt");
    check_words(cas::nim_inv64_batch, cas::nim_inv64, "inverse");
    if (avx512) {
      check_words(cas::detail::nim_square64_batch_avx512, cas::nim_square64, "square (AVX-512)");
      check_words(cas::detail::nim_sqrt64_batch_avx512, cas::nim_sqrt64, "sqrt (AVX-512)");
      check_words(cas::detail::nim_inv64_batch_avx512, cas::nim_inv64, "inverse (AVX-512)");
    }
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(cas::detail::nim_mul_bitwise(x[i], out[i], 6), 1u) << i;  // out: the inverses
    }
    cas::nim_mul128_batch(a.data(), b.data(), products.data(), n);
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(products[i], karatsuba128(a[i], b[i])) << n << " " << i;
    if (avx512) {
      cas::detail::nim_mul128_batch_avx512(a.data(), b.data(), a.data(), n);  // out aliases a
      EXPECT_EQ(a, products) << n;
    }
  }
}

TEST(KernelPaths, BatchInverseOfZeroWritesNothing) {
  std::vector<std::uint64_t> x = {3, 5, 7, 0, 9}, out(5, 0x77);
  EXPECT_THROW(cas::nim_inv64_batch(x.data(), out.data(), x.size()), cas::math_error);
  EXPECT_EQ(out, std::vector<std::uint64_t>(5, 0x77));
}

TEST(KernelPaths, Kernel128AgreesWithTheFieldLaws) {
  for (int i = 0; i < on2_test::scaled(5000); ++i) {
    const cas::nim128 a{random_word(), random_word()}, b{random_word(), random_word()},
        c{random_word(), random_word()};
    const cas::nim128 ab = cas::nim_mul128(a, b);
    EXPECT_EQ(ab, cas::nim_mul128(b, a));
    EXPECT_EQ(cas::nim_mul128(ab, c), cas::nim_mul128(a, cas::nim_mul128(b, c)));
    EXPECT_EQ(cas::nim_square128(a), cas::nim_mul128(a, a));
    EXPECT_EQ(cas::nim_mul128(a, cas::nim_inv128(a)), (cas::nim128{1, 0}));
  }
}

}  // namespace
