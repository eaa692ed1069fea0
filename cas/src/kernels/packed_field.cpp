#include "kernels/packed_field.hpp"

#include <cassert>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"

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
      hardware_(clmul_supported()) {
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
  // Gaussian elimination over GF(2): pivots keyed by their top bit, each with the set of powers
  // it combines; then g^D's combination is P − x^D.
  std::array<std::uint64_t, 64> pivot_value{}, pivot_combination{};
  const auto coordinates_in_powers = [&](std::uint64_t value, std::uint64_t combination,
                                         bool insert) -> std::optional<std::uint64_t> {
    while (value != 0) {
      const auto top = static_cast<std::size_t>(63 - __builtin_clzll(value));
      if (pivot_value[top] == 0) {
        if (!insert) return std::nullopt;
        pivot_value[top] = value;
        pivot_combination[top] = combination;
        return std::nullopt;
      }
      value ^= pivot_value[top];
      combination ^= pivot_combination[top];
    }
    return combination;
  };
  for (unsigned i = 0; i < degree; ++i) {
    if (coordinates_in_powers(powers[i], std::uint64_t{1} << i, true)) return std::nullopt;
  }
  const std::uint64_t modulus_low = *coordinates_in_powers(powers[degree], 0, false);
  std::array<std::uint64_t, 64> to_packed{}, from_packed{};
  for (unsigned b = 0; b < degree; ++b) {
    to_packed[b] = *coordinates_in_powers(std::uint64_t{1} << b, 0, false);
    from_packed[b] = powers[b];
  }
  return polynomial_basis{packed_field(degree, modulus_low), byte_linear_map(to_packed, degree),
                          byte_linear_map(from_packed, degree)};
}

byte_linear_map::byte_linear_map(const std::array<std::uint64_t, 64>& images, unsigned bits)
    : bytes_((bits + 7) / 8) {
  for (unsigned k = 0; k < bytes_; ++k) {
    for (unsigned value = 1; value < 256; ++value) {
      // The image of the value's lowest set bit plus that of the rest, already made.
      const auto low = static_cast<unsigned>(__builtin_ctz(value));
      const unsigned bit = 8 * k + low;
      tables_[k][value] = tables_[k][value & (value - 1)] ^ (bit < bits ? images[bit] : 0);
    }
  }
}

}  // namespace cas::detail
