#pragma once
// GF(2^D), D ≤ 64, packed in one machine word in a polynomial basis GF(2)[x]/(P) (private to
// cas/src): the base of the materialised tower fields (tower.cpp). A product is one carry-less
// multiplication (PCLMULQDQ where the CPU has it, a shift-and-add loop otherwise) and a Barrett
// reduction, which needs no table; the basis is found from the powers of a generator.

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

// Functions that may execute PCLMULQDQ, guarded by packed_field's run-time check: compiled for it
// so that carryless_hardware (always inlined) can live in them; callers compiled the same way
// inline them in turn. Nothing else in them changes (SSE2 is x86-64's baseline).
#define ON2_PCLMUL_CAPABLE __attribute__((target("pclmul")))

namespace cas::detail {

// Products of two words; __extension__ keeps -Wpedantic quiet about the GCC type.
__extension__ typedef unsigned __int128 u128;

class packed_field {
 public:
  // GF(2)[x]/(x^degree + modulus_low), the polynomial irreducible, 1 ≤ degree ≤ 64 and
  // modulus_low < 2^degree.
  packed_field(unsigned degree, std::uint64_t modulus_low);

  unsigned degree() const noexcept { return degree_; }
  // P's terms below x^D, and μ's (reduce below), for reductions written with vector intrinsics.
  std::uint64_t modulus_low() const noexcept { return modulus_low_; }
  std::uint64_t barrett_low() const noexcept { return barrett_low_; }
  ON2_PCLMUL_CAPABLE std::uint64_t mul(std::uint64_t a, std::uint64_t b) const {
    return reduce(carryless(a, b));
  }
  ON2_PCLMUL_CAPABLE std::uint64_t square(std::uint64_t a) const { return reduce(carryless(a, a)); }
  // a^(−1) for a ≠ 0, as a^(2^D − 2).
  std::uint64_t inverse(std::uint64_t a) const;
  // The images of the D basis bits under the Frobenius x ↦ x^(2^shift) (GF(2)-linear): bit i is
  // x^i, and its image z^i for z = x^(2^shift), so shift squarings and D products.
  std::array<std::uint64_t, 64> frobenius_images(unsigned shift) const;

  // The carry-less product of two words, on the path this machine takes, and on each path.
  ON2_PCLMUL_CAPABLE u128 carryless(std::uint64_t a, std::uint64_t b) const {
    return hardware_ ? pclmulqdq(a, b) : carryless_software(a, b);
  }
  static u128 carryless_hardware(std::uint64_t a, std::uint64_t b);  // precondition: PCLMULQDQ
  static u128 carryless_software(std::uint64_t a, std::uint64_t b);

  // A polynomial of degree < 2D modulo P, so sums of carry-less products can be reduced once.
  // Barrett: with hi = ⌊p / x^D⌋ and μ = ⌊x^(2D)/P⌋ =
  // x^D + barrett_low, the quotient ⌊hi·μ / x^D⌋ = hi ⊕ ⌊hi·barrett_low / x^D⌋ is exact over GF(2).
  ON2_PCLMUL_CAPABLE std::uint64_t reduce(u128 p) const {
    const auto high = static_cast<std::uint64_t>(p >> degree_);
    const auto quotient =
        high ^ static_cast<std::uint64_t>(carryless(high, barrett_low_) >> degree_);
    return (static_cast<std::uint64_t>(p) ^
            static_cast<std::uint64_t>(carryless(quotient, modulus_low_))) &
           mask_;
  }

 private:
  ON2_PCLMUL_CAPABLE __attribute__((always_inline)) static u128 pclmulqdq(std::uint64_t a,
                                                                          std::uint64_t b) {
    const __m128i product =
        _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                             _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
    const auto low = static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
    const auto high =
        static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(product, product)));
    return (static_cast<u128>(high) << 64) | low;
  }

  unsigned degree_;
  std::uint64_t modulus_low_;
  std::uint64_t barrett_low_;
  std::uint64_t mask_;  // the low D bits
  bool hardware_;
};

// A GF(2)-linear map of vectors of at most 64 bits, from the images of the bits: a table of the
// images of the 256 values of each byte, so a vector costs a lookup per byte where a sum over its
// set bits costs a step per bit (the tower's conversions map every word of an element).
class byte_linear_map {
 public:
  byte_linear_map() = default;
  byte_linear_map(const std::array<std::uint64_t, 64>& images, unsigned bits);
  // The loop stops at x's last nonzero byte (the tables of bytes above `bits` are zero).
  std::uint64_t operator()(std::uint64_t x) const {
    std::uint64_t y = 0;
    for (unsigned k = 0; x != 0; ++k, x >>= 8) y ^= tables_[k][x & 0xff];
    return y;
  }

 private:
  std::array<std::array<std::uint64_t, 256>, 8> tables_{};
};

// A field of degree D ≤ 64 over GF(2), given by coordinates (D-bit vectors in any basis),
// changed to the polynomial basis of a generator g: the packed field and the two linear maps.
struct polynomial_basis {
  packed_field field;
  byte_linear_map to_packed;    // from the coordinates
  byte_linear_map from_packed;  // to the coordinates (bit i: g^i's coordinates)

  std::uint64_t pack(std::uint64_t coordinates) const { return to_packed(coordinates); }
  std::uint64_t unpack(std::uint64_t packed) const { return from_packed(packed); }
};

// From the coordinates of g^0, …, g^D (D + 1 vectors); nothing when g's degree is below D.
std::optional<polynomial_basis> polynomial_basis_from_powers(
    unsigned degree, const std::vector<std::uint64_t>& powers);

}  // namespace cas::detail
