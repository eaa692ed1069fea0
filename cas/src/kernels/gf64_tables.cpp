#include "kernels/gf64_tables.hpp"

#include <atomic>
#include <cassert>

#include "kernels/word_echelon.hpp"

namespace cas::detail {

constexpr linear_maps64 gf64_linear_maps = make_linear_maps64();
// The maps built level by level against the product itself, on bits of both halves.
static_assert(gf64_linear_maps.times_half(u64{1} << 40) ==
              bitwise_nim_product(u64{1} << 40, u64{1} << 63, 6));
static_assert(gf64_linear_maps.square(0x8000'0001'0000'0003) ==
              bitwise_nim_product(0x8000'0001'0000'0003, 0x8000'0001'0000'0003, 6));
static_assert(gf64_linear_maps.square(gf64_linear_maps.sqrt(0x1234'5678'9abc'def0)) ==
              0x1234'5678'9abc'def0);

constexpr norm_maps32 gf32_norm_maps = make_norm_maps32();
static_assert(gf32_norm_maps.square_times_half32[3][0x81] ==
              bitwise_nim_product(bitwise_nim_product(0x8100'0000, 0x8100'0000, 5), u64{1} << 31,
                                  5));
static_assert(gf32_norm_maps.square_times_half16[1][0x3c] ==
              bitwise_nim_product(bitwise_nim_product(0x3c00, 0x3c00, 4), u64{1} << 15, 4));

namespace {
// Set once the tables are built: for the tests that check which ones a path builds.
constinit std::atomic<bool> portable_built{false}, logarithms_built{false};
}  // namespace

// The GF(2^8) product table: for fixed a, b ↦ a ⊗ b is linear, so the row of a bit a = 2^i is
// the byte table of its images 2^i ⊗ 2^j, and the row of any other a is the XOR of the rows of
// two smaller ones (64 products by the recursion and 65536 XORs, instead of 65536 products). The
// linear maps are byte tables of the images of bits, from their level-by-level recursion.
portable_tables::portable_tables() {
  for (unsigned a = 1; a < 256; ++a) {
    const unsigned low = a & (0u - a);
    if (low == a) {
      std::array<u8, 8> image{};  // a ⊗ 2^j
      for (std::size_t j = 0; j < 8; ++j) {
        image[j] = static_cast<u8>(bitwise_nim_product(a, u64{1} << j, 3));
      }
      mul8[a] =
          byte_tables<u8, 1>([&](int bit) { return image[static_cast<std::size_t>(bit)]; })[0];
      continue;
    }
    for (std::size_t b = 0; b < 256; ++b) {
      mul8[a][b] = static_cast<u8>(mul8[a ^ low][b] ^ mul8[low][b]);
    }
  }
  // a^(-1) = a^254 = a^2 ⊗ a^4 ⊗ … ⊗ a^128 in GF(2^8).
  for (std::size_t a = 1; a < 256; ++a) {
    u8 power = static_cast<u8>(a), inverse = 1;
    for (int k = 1; k < 8; ++k) {
      power = mul8[power][power];
      inverse = mul8[inverse][power];
    }
    inv8[a] = inverse;
  }
  const bit_images half16 = linear_maps_of_level(4).times_half;
  const bit_images half32 = linear_maps_of_level(5).times_half;
  const auto index = [](int bit) { return static_cast<std::size_t>(bit); };
  times_half16 = byte_tables<u16, 2>([&](int bit) { return half16.of[index(bit)]; });
  times_half32 = byte_tables<u32, 4>([&](int bit) { return half32.of[index(bit)]; });
  portable_built.store(true, std::memory_order_release);
}

const portable_tables& portable_gf64() {
  static const portable_tables tables;
  return tables;
}

bool portable_tables_built() {
  return portable_built.load(std::memory_order_acquire);
}

namespace {

// Any g ≥ 2^32 would do; g = H = 2^63 makes "times H", the recursion's linear step, the
// multiplication by x: a shift and a conditional XOR of P (clmul_times_half). The powers of H
// are steps of the linear map x ↦ x ⊗ H.
constexpr clmul_tables make_clmul_tables() {
  std::array<u64, 65> power{};
  power[0] = 1;
  for (std::size_t i = 1; i <= 64; ++i) power[i] = gf64_linear_maps.times_half(power[i - 1]);

  // The powers of a degree-64 element are independent, so each finds a free pivot.
  word_echelon powers;
  for (std::size_t i = 0; i < 64; ++i) powers.insert(power[i], u64{1} << i);
  const auto coordinates = [&](u64 value) {
    u64 combination = 0;
    powers.reduce(value, combination);
    return combination;
  };
  clmul_tables t;
  t.to_polynomial =
      linear_map64::from_bit_images([&](int bit) { return coordinates(u64{1} << bit); });
  t.to_nimber =
      linear_map64::from_bit_images([&](int bit) { return power[static_cast<std::size_t>(bit)]; });
  t.modulus_low = coordinates(power[64]);

  // floor(x^128 / P) by long division; the remainder lives in bits 0..128.
  std::array<u64, 3> remainder{0, 0, 1};
  u64 quotient_low = 0;
  for (int degree = 128; degree >= 64; --degree) {
    const auto word = static_cast<std::size_t>(degree / 64);
    if (((remainder[word] >> (degree % 64)) & 1) == 0) continue;
    const int shift = degree - 64;
    if (shift < 64) quotient_low |= u64{1} << shift;
    // remainder ^= P · x^shift, P = x^64 + modulus_low
    remainder[static_cast<std::size_t>((64 + shift) / 64)] ^= u64{1} << ((64 + shift) % 64);
    if (shift == 0) {
      remainder[0] ^= t.modulus_low;
    } else if (shift < 64) {
      remainder[0] ^= t.modulus_low << shift;
      remainder[1] ^= t.modulus_low >> (64 - shift);
    } else {
      remainder[1] ^= t.modulus_low;
    }
  }
  t.barrett_low = quotient_low;
  t.half_polynomial = t.to_polynomial(u64{1} << 63);
  t.sqrt_polynomial = linear_map64::from_bit_images([&](int bit) {
    return t.to_polynomial(gf64_linear_maps.sqrt(power[static_cast<std::size_t>(bit)]));
  });
  return t;
}

// a·b mod P in polynomial coordinates, bit by bit: the reference for the checks below.
constexpr u64 polynomial_product_mod(u64 a, u64 b, u64 modulus_low) {
  u64 result = 0;
  for (int bit = 63; bit >= 0; --bit) {
    result = (result << 1) ^ ((result >> 63) != 0 ? modulus_low : 0);  // result·x mod P
    if ((b >> bit & 1) != 0) result ^= a;
  }
  return result;
}

}  // namespace

constexpr clmul_tables gf64_clmul = make_clmul_tables();
static_assert(gf64_clmul.half_polynomial == 2, "the basis is the powers of H");
static_assert(gf64_clmul.to_nimber(gf64_clmul.to_polynomial(0x0123'4567'89ab'cdef)) ==
              0x0123'4567'89ab'cdef);
// The basis change and P against the recursion: a nim product is a product mod P.
static_assert(gf64_clmul.to_nimber(polynomial_product_mod(
                  gf64_clmul.to_polynomial(0x9e37'79b9'7f4a'7c15),
                  gf64_clmul.to_polynomial(0xc2b2'ae3d'27d4'eb4f), gf64_clmul.modulus_low)) ==
              bitwise_nim_product(0x9e37'79b9'7f4a'7c15, 0xc2b2'ae3d'27d4'eb4f, 6));

gf16_logarithms::gf16_logarithms() {
  // A primitive element g of GF(2^16): the order 65535 = 3·5·17·257 makes g the first element
  // whose g^(65535/p) ≠ 1 for each prime p. The search starts at 2^8: the nimbers below it form
  // the subfield GF(2^8), of order 255. The powers are left-to-right squarings and
  // multiplications by g, both linear maps: the square from gf64_linear_maps, x ↦ x ⊗ g as byte
  // tables of the images g ⊗ 2^j (16 products by the recursion per candidate), which then make
  // exp16 too.
  std::array<std::array<u16, 256>, 2> times_generator{};
  const auto times_g = [&](u64 x) {
    return u64{static_cast<u16>(times_generator[0][x & 0xffu] ^ times_generator[1][x >> 8u])};
  };
  const auto power = [&](unsigned exponent) {
    u64 result = 1;
    for (int bit = 15; bit >= 0; --bit) {
      result = gf64_linear_maps.square(result);
      if ((exponent >> bit & 1u) != 0) result = times_g(result);
    }
    return result;
  };
  for (u64 generator = 256;; ++generator) {
    std::array<u16, 16> image{};  // g ⊗ 2^j
    for (std::size_t j = 0; j < 16; ++j) {
      image[j] = static_cast<u16>(bitwise_nim_product(generator, u64{1} << j, 4));
    }
    times_generator =
        byte_tables<u16, 2>([&](int bit) { return image[static_cast<std::size_t>(bit)]; });
    if (power(65535 / 3) != 1 && power(65535 / 5) != 1 && power(65535 / 17) != 1 &&
        power(65535 / 257) != 1) {
      break;
    }
  }
  u16 x = 1;
  for (std::size_t i = 0; i < 65535; ++i) {
    exp16[i] = x;
    exp16[i + 65535] = x;
    log16[x] = static_cast<u16>(i);
    x = static_cast<u16>(times_g(x));
  }
  assert(x == 1 && "the generator has order 65535");
  logarithms_built.store(true, std::memory_order_release);
}

const gf16_logarithms& gf16_log_tables() {
  static const gf16_logarithms tables;
  return tables;
}

bool gf16_log_tables_built() {
  return logarithms_built.load(std::memory_order_acquire);
}

}  // namespace cas::detail
