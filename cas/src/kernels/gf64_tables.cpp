#include "kernels/gf64_tables.hpp"

#include <cassert>

namespace cas::detail {

constexpr linear_maps64 gf64_linear_maps = make_linear_maps64();
// The maps built level by level against the product itself, on bits of both halves.
static_assert(gf64_linear_maps.times_half(u64{1} << 40) ==
              bitwise_nim_product(u64{1} << 40, u64{1} << 63, 6));
static_assert(gf64_linear_maps.square(0x8000'0001'0000'0003) ==
              bitwise_nim_product(0x8000'0001'0000'0003, 0x8000'0001'0000'0003, 6));
static_assert(gf64_linear_maps.square(gf64_linear_maps.sqrt(0x1234'5678'9abc'def0)) ==
              0x1234'5678'9abc'def0);

portable_tables::portable_tables() {
  for (u64 a = 0; a < 256; ++a)
    for (u64 b = 0; b < 256; ++b) mul8[a][b] = static_cast<u8>(nim_mul_bitwise(a, b, 3));
  for (std::size_t a = 1; a < 256; ++a)
    for (std::size_t b = 1; b < 256; ++b)
      if (mul8[a][b] == 1) inv8[a] = static_cast<u8>(b);
  for (std::size_t i = 0; i < 2; ++i)
    for (u64 v = 0; v < 256; ++v)
      times_half16[i][v] = static_cast<u16>(nim_mul_bitwise(v << (8 * i), u64{1} << 15, 4));
  for (std::size_t i = 0; i < 4; ++i)
    for (u64 v = 0; v < 256; ++v)
      times_half32[i][v] = static_cast<u32>(nim_mul_bitwise(v << (8 * i), u64{1} << 31, 5));
  times_half64 = gf64_linear_maps.times_half;
  square64 = gf64_linear_maps.square;
  sqrt64 = gf64_linear_maps.sqrt;

  // A primitive element of GF(2^16): the order 65535 = 3·5·17·257 is the first g whose
  // g^(65535/p) ≠ 1 for each prime p.
  auto power16 = [&](u16 base, unsigned exponent) {
    u16 result = 1;
    for (; exponent != 0; exponent >>= 1) {
      if ((exponent & 1) != 0) result = mul16(result, base);
      base = mul16(base, base);
    }
    return result;
  };
  u16 generator = 2;
  for (;; ++generator) {
    if (power16(generator, 65535 / 3) != 1 && power16(generator, 65535 / 5) != 1 &&
        power16(generator, 65535 / 17) != 1 && power16(generator, 65535 / 257) != 1) {
      break;
    }
  }
  u16 x = 1;
  for (std::size_t i = 0; i < 65535; ++i) {
    exp16[i] = x;
    exp16[i + 65535] = x;
    log16[x] = static_cast<u16>(i);
    x = mul16(x, generator);
  }
  assert(x == 1 && "the generator has order 65535");
  for (std::size_t i = 0; i < 2; ++i)
    for (u32 v = 0; v < 256; ++v) {
      const auto y = static_cast<u16>(v << (8 * i));
      square_times_half16[i][v] = static_cast<u16>(th16(mul16(y, y)));
    }
  for (std::size_t i = 0; i < 4; ++i)
    for (u32 v = 0; v < 256; ++v) {
      const u32 y = v << (8 * i);
      square_times_half32[i][v] = static_cast<u32>(th32(mul32(y, y)));
    }
}

clmul_tables::clmul_tables() {
  const portable_tables& t = portable_gf64();
  // Any g ≥ 2^32 would do; g = H = 2^63 makes "times H", the recursion's linear step, the
  // multiplication by x: a shift and a conditional XOR of P (clmul_times_half).
  constexpr u64 generator = u64{1} << 63;
  std::array<u64, 65> power{};
  power[0] = 1;
  for (std::size_t i = 1; i <= 64; ++i) power[i] = t.mul64(power[i - 1], generator);

  // Gaussian elimination over GF(2): basis vectors keyed by their top bit, each with the set
  // of powers it combines.
  std::array<u64, 64> pivot_value{}, pivot_combination{};
  auto reduce = [&](u64 value, u64 combination) {
    while (value != 0) {
      auto top = static_cast<std::size_t>(63 - __builtin_clzll(value));
      if (pivot_value[top] == 0) {
        pivot_value[top] = value;
        pivot_combination[top] = combination;
        return u64{0};
      }
      value ^= pivot_value[top];
      combination ^= pivot_combination[top];
    }
    return combination;
  };
  for (std::size_t i = 0; i < 64; ++i) {
    [[maybe_unused]] u64 leftover = reduce(power[i], u64{1} << i);
    assert(leftover == 0 && "the powers of a degree-64 element are independent");
  }
  auto coordinates = [&](u64 value) {
    u64 combination = 0;
    while (value != 0) {
      auto top = static_cast<std::size_t>(63 - __builtin_clzll(value));
      value ^= pivot_value[top];
      combination ^= pivot_combination[top];
    }
    return combination;
  };
  to_polynomial =
      linear_map64::from_bit_images([&](int bit) { return coordinates(u64{1} << bit); });
  to_nimber =
      linear_map64::from_bit_images([&](int bit) { return power[static_cast<std::size_t>(bit)]; });
  modulus_low = coordinates(power[64]);

  // floor(x^128 / P) by long division; the remainder lives in bits 0..128.
  std::array<u64, 3> remainder{0, 0, 1};
  u64 quotient_low = 0;
  for (int degree = 128; degree >= 64; --degree) {
    auto word = static_cast<std::size_t>(degree / 64);
    if (((remainder[word] >> (degree % 64)) & 1) == 0) continue;
    int shift = degree - 64;
    if (shift < 64) quotient_low |= u64{1} << shift;
    // remainder ^= P · x^shift, P = x^64 + modulus_low
    remainder[static_cast<std::size_t>((64 + shift) / 64)] ^= u64{1} << ((64 + shift) % 64);
    if (shift == 0) {
      remainder[0] ^= modulus_low;
    } else if (shift < 64) {
      remainder[0] ^= modulus_low << shift;
      remainder[1] ^= modulus_low >> (64 - shift);
    } else {
      remainder[1] ^= modulus_low;
    }
  }
  barrett_low = quotient_low;
  half_polynomial = to_polynomial(u64{1} << 63);
  assert(half_polynomial == 2 && "the basis is the powers of H");
  sqrt_polynomial = linear_map64::from_bit_images(
      [&](int bit) { return to_polynomial(t.sqrt64(power[static_cast<std::size_t>(bit)])); });
}

const portable_tables& portable_gf64() {
  static const portable_tables tables;
  return tables;
}

const clmul_tables& clmul_gf64() {
  static const clmul_tables tables;
  return tables;
}

}  // namespace cas::detail
