// The packed base of the tower fields (cas/src/kernels/packed_field.hpp, a white-box test): GF(2^D)
// in a polynomial basis for known irreducible polynomials, against a bit-by-bit reference, and the
// change to the polynomial basis of a generator, checked on the nimbers below 16 and 256.
#include "kernels/packed_field.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::packed_field;
using cas::detail::u128;
using on2_test::random_word;

// a·b mod (x^D + low), shifting and reducing one bit at a time.
std::uint64_t reference_product(std::uint64_t a, std::uint64_t b, unsigned degree,
                                std::uint64_t low) {
  const u128 modulus = (u128{1} << degree) | low;
  u128 product = packed_field::carryless_software(a, b);
  for (unsigned bit = 2 * degree; bit-- > degree;) {
    if ((product >> bit) & 1) product ^= modulus << (bit - degree);
  }
  return static_cast<std::uint64_t>(product);
}

struct irreducible {
  unsigned degree;
  std::uint64_t low;  // the polynomial is x^degree + low
};

// x + 1, x^2 + x + 1, x^3 + x + 1, the AES polynomial x^8 + x^4 + x^3 + x + 1, x^31 + x^3 + 1,
// x^63 + x + 1 and x^64 + x^4 + x^3 + x + 1 (standard irreducible polynomials).
const std::vector<irreducible> irreducibles = {{1, 1},       {2, 0b11},  {3, 0b11}, {8, 0x1b},
                                               {31, 0b1001}, {63, 0b11}, {64, 0x1b}};

TEST(PackedField, CarrylessProductsAgreeOnBothPaths) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (int i = 0; i < on2_test::scaled(20000); ++i) {
    const std::uint64_t a = random_word(), b = random_word();
    ASSERT_TRUE(packed_field::carryless_hardware(a, b) == packed_field::carryless_software(a, b));
  }
}

TEST(PackedField, ProductsInverseAndFrobeniusForKnownIrreducibles) {
  for (const irreducible& p : irreducibles) {
    const packed_field field(p.degree, p.low);
    const std::uint64_t mask =
        p.degree == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << p.degree) - 1;
    for (int i = 0; i < on2_test::scaled(2000); ++i) {
      const std::uint64_t a = random_word() & mask, b = random_word() & mask;
      ASSERT_EQ(field.mul(a, b), reference_product(a, b, p.degree, p.low)) << p.degree;
      ASSERT_EQ(field.square(a), field.mul(a, a));
      if (a != 0) {
        ASSERT_EQ(field.mul(a, field.inverse(a)), 1u) << p.degree;
      }
    }
    std::uint64_t x = 0b10 & mask, power = x;  // x^(2^D) = x in GF(2^D)
    for (unsigned i = 0; i < p.degree; ++i) power = field.square(power);
    EXPECT_EQ(power, x) << p.degree;
  }
}

// GF(16) and GF(256) as the nimbers below 16 and 256 change to the polynomial basis of a
// generator; an element of a proper subfield is refused.
TEST(PackedField, PolynomialBasisOfNimberFields) {
  for (const unsigned degree : {4u, 8u}) {
    const auto powers_of = [&](std::uint8_t g) {
      std::vector<std::uint64_t> powers{1};
      for (unsigned i = 0; i < degree; ++i) {
        powers.push_back(cas::nim_mul8(static_cast<std::uint8_t>(powers.back()), g));
      }
      return powers;
    };
    EXPECT_FALSE(cas::detail::polynomial_basis_from_powers(degree, powers_of(2)).has_value())
        << "2 lies in GF(4)";
    const auto basis =
        cas::detail::polynomial_basis_from_powers(degree, powers_of(degree == 4 ? 4 : 16));
    ASSERT_TRUE(basis.has_value());
    for (unsigned a = 0; a < (1u << degree); ++a) {
      ASSERT_EQ(basis->unpack(basis->pack(a)), a);
      for (unsigned b = 0; b < (1u << degree); ++b) {
        const std::uint8_t nim =
            cas::nim_mul8(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b));
        ASSERT_EQ(basis->field.mul(basis->pack(a), basis->pack(b)), basis->pack(nim))
            << a << " " << b;
      }
    }
  }
}

}  // namespace
