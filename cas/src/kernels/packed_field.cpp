#include "kernels/packed_field.hpp"

#include <cassert>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/word_echelon.hpp"

namespace cas::detail {

ON2_PCLMUL_CAPABLE u128 packed_field::carryless_hardware(std::uint64_t a, std::uint64_t b) {
  return pclmulqdq(a, b);
}

u128 packed_field::carryless_software(std::uint64_t a, std::uint64_t b) {
  u128 product = 0;
  for (; a != 0; a &= a - 1) product ^= static_cast<u128>(b) << __builtin_ctzll(a);
  return product;
}

packed_field::packed_field(unsigned degree, std::uint64_t modulus_low)
    : degree_(degree),
      modulus_low_(modulus_low),
      barrett_low_(0),
      mask_(degree == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << degree) - 1),
      hardware_(clmul_enabled()) {
  assert(degree >= 1 && degree <= 64 && (modulus_low & ~mask_) == 0);
  // μ = ⌊x^(2D) / P⌋ by long division; the remainder has bits 0 … 2D ≤ 128 (three words).
  std::uint64_t remainder[3] = {0, 0, 0};
  remainder[(2 * degree) / 64] |= std::uint64_t{1} << ((2 * degree) % 64);
  const auto bit = [&](unsigned i) { return (remainder[i / 64] >> (i % 64)) & 1; };
  const auto flip = [&](unsigned i) { remainder[i / 64] ^= std::uint64_t{1} << (i % 64); };
  for (unsigned top = 2 * degree; top >= degree; --top) {
    if (bit(top) == 0) continue;
    const unsigned shift = top - degree;  // subtract P·x^shift
    if (shift < degree) barrett_low_ |= std::uint64_t{1} << shift;
    flip(top);
    for (std::uint64_t m = modulus_low; m != 0; m &= m - 1) {
      flip(shift + static_cast<unsigned>(__builtin_ctzll(m)));
    }
  }
}

std::array<std::uint64_t, 64> packed_field::frobenius_images(unsigned shift) const {
  std::uint64_t z = degree_ > 1 ? 2 : 1;  // x (in GF(2), x = 1)
  for (unsigned i = 0; i < shift; ++i) z = square(z);
  std::array<std::uint64_t, 64> images{};
  std::uint64_t power = 1;
  for (unsigned i = 0; i < degree_; ++i) {
    images[i] = power;
    power = mul(power, z);
  }
  return images;
}

std::uint64_t packed_field::inverse(std::uint64_t a) const {
  // a^(2^D − 2) = ∏_{i=1}^{D−1} a^(2^i).
  std::uint64_t result = 1, power = a;
  for (unsigned i = 1; i < degree_; ++i) {
    power = square(power);
    result = mul(result, power);
  }
  return result;
}

std::optional<polynomial_basis> polynomial_basis_from_powers(
    unsigned degree, const std::vector<std::uint64_t>& powers) {
  // g^D's coordinates in the powers below it are P − x^D.
  word_echelon echelon;
  for (unsigned i = 0; i < degree; ++i) {
    if (!echelon.insert(powers[i], std::uint64_t{1} << i)) return std::nullopt;
  }
  // A vector's coordinates in the powers (which span everything now).
  const auto coordinates_in_powers = [&](std::uint64_t value) {
    std::uint64_t combination = 0;
    echelon.reduce(value, combination);
    return combination;
  };
  const std::uint64_t modulus_low = coordinates_in_powers(powers[degree]);
  std::array<std::uint64_t, 64> to_packed{}, from_packed{};
  for (unsigned b = 0; b < degree; ++b) {
    to_packed[b] = coordinates_in_powers(std::uint64_t{1} << b);
    from_packed[b] = powers[b];
  }
  return polynomial_basis{packed_field(degree, modulus_low), byte_linear_map(to_packed, degree),
                          byte_linear_map(from_packed, degree)};
}

byte_linear_map::byte_linear_map(const std::array<std::uint64_t, 64>& images, unsigned bits) {
  for (unsigned k = 0; k < (bits + 7) / 8; ++k) {
    for (unsigned value = 1; value < 256; ++value) {
      // The image of the value's lowest set bit plus that of the rest, already made.
      const auto low = static_cast<unsigned>(__builtin_ctz(value));
      const unsigned bit = 8 * k + low;
      tables_[k][value] = tables_[k][value & (value - 1)] ^ (bit < bits ? images[bit] : 0);
    }
  }
}

}  // namespace cas::detail
