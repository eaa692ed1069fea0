#include "cas/nimber_kernels.hpp"

#include <immintrin.h>

#include <array>
#include <cassert>

#include "cas/error.hpp"

namespace cas {
namespace {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// A GF(2)-linear map on 64-bit words as eight byte tables: f(x) = ⊕_i table[i][byte i of x].
struct linear_map64 {
  std::array<std::array<u64, 256>, 8> table{};

  template <class F>
  static linear_map64 from_bit_images(F image_of_bit) {
    linear_map64 m;
    for (int i = 0; i < 8; ++i) {
      for (int v = 1; v < 256; ++v) {
        int low = v & -v;
        int bit = __builtin_ctz(static_cast<unsigned>(v));
        m.table[static_cast<std::size_t>(i)][static_cast<std::size_t>(v)] =
            m.table[static_cast<std::size_t>(i)][static_cast<std::size_t>(v ^ low)] ^
            image_of_bit(8 * i + bit);
      }
    }
    return m;
  }

  u64 operator()(u64 x) const {
    u64 r = 0;
    for (std::size_t i = 0; i < 8; ++i) r ^= table[i][(x >> (8 * i)) & 0xff];
    return r;
  }
};

// The portable path: the tower recursion of MATH.md §2 over a 64 KiB GF(2^8) product table,
// with each "times H" (a linear map) read from byte tables.
struct portable_tables {
  std::array<std::array<u8, 256>, 256> mul8{};
  std::array<u8, 256> inv8{};
  std::array<std::array<u16, 256>, 2> times_half16{};  // x ⊗ 2^15, x < 2^16
  std::array<std::array<u32, 256>, 4> times_half32{};  // x ⊗ 2^31, x < 2^32
  linear_map64 times_half64;                           // x ⊗ 2^63
  linear_map64 square64;
  linear_map64 sqrt64;

  portable_tables() {
    for (u64 a = 0; a < 256; ++a)
      for (u64 b = 0; b < 256; ++b) mul8[a][b] = static_cast<u8>(detail::nim_mul_bitwise(a, b, 3));
    for (std::size_t a = 1; a < 256; ++a)
      for (std::size_t b = 1; b < 256; ++b)
        if (mul8[a][b] == 1) inv8[a] = static_cast<u8>(b);
    for (std::size_t i = 0; i < 2; ++i)
      for (u64 v = 0; v < 256; ++v)
        times_half16[i][v] = static_cast<u16>(detail::nim_mul_bitwise(v << (8 * i), u64{1} << 15, 4));
    for (std::size_t i = 0; i < 4; ++i)
      for (u64 v = 0; v < 256; ++v)
        times_half32[i][v] = static_cast<u32>(detail::nim_mul_bitwise(v << (8 * i), u64{1} << 31, 5));
    times_half64 = linear_map64::from_bit_images(
        [](int bit) { return detail::nim_mul_bitwise(u64{1} << bit, u64{1} << 63, 6); });
    // Frobenius is additive, so squaring is GF(2)-linear (MATH.md §2, "Square").
    square64 = linear_map64::from_bit_images([](int bit) {
      u64 x = u64{1} << bit;
      return detail::nim_mul_bitwise(x, x, 6);
    });
    // sqrt(x) = x^(2^63) in GF(2^64): 63 squarings of each basis bit.
    std::array<u64, 64> root_of_bit{};
    for (int bit = 0; bit < 64; ++bit) {
      u64 x = u64{1} << bit;
      for (int i = 0; i < 63; ++i) x = square64(x);
      root_of_bit[static_cast<std::size_t>(bit)] = x;
    }
    sqrt64 = linear_map64::from_bit_images(
        [&](int bit) { return root_of_bit[static_cast<std::size_t>(bit)]; });
  }

  u16 mul16(u16 a, u16 b) const {
    unsigned a1 = a >> 8u, a0 = a & 0xffu, b1 = b >> 8u, b0 = b & 0xffu;
    unsigned c0 = mul8[a0][b0], c2 = mul8[a1][b1], c12 = mul8[a0 ^ a1][b0 ^ b1];
    return static_cast<u16>(((c12 ^ c0) << 8u) | (c0 ^ mul8[c2][0x80]));
  }
  u32 th16(u32 x) const { return times_half16[0][x & 0xff] ^ times_half16[1][x >> 8]; }
  u32 mul32(u32 a, u32 b) const {
    u32 a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
    u32 c0 = mul16(static_cast<u16>(a0), static_cast<u16>(b0));
    u32 c2 = mul16(static_cast<u16>(a1), static_cast<u16>(b1));
    u32 c12 = mul16(static_cast<u16>(a0 ^ a1), static_cast<u16>(b0 ^ b1));
    return ((c12 ^ c0) << 16) | (c0 ^ th16(c2));
  }
  u64 th32(u64 x) const {
    return times_half32[0][x & 0xff] ^ times_half32[1][(x >> 8) & 0xff] ^
           times_half32[2][(x >> 16) & 0xff] ^ times_half32[3][(x >> 24) & 0xff];
  }
  u64 mul64(u64 a, u64 b) const {
    u32 a1 = static_cast<u32>(a >> 32), a0 = static_cast<u32>(a);
    u32 b1 = static_cast<u32>(b >> 32), b0 = static_cast<u32>(b);
    u64 c0 = mul32(a0, b0), c2 = mul32(a1, b1), c12 = mul32(a0 ^ a1, b0 ^ b1);
    return ((c12 ^ c0) << 32) | (c0 ^ th32(c2));
  }
};

const portable_tables& portable() {
  static const portable_tables tables;
  return tables;
}

// The polynomial-basis path. Any g ≥ 2^32 has degree 64 over GF(2) (MATH.md §2, "Degree"), so
// 1, g, …, g^63 is a basis of GF(2^64) and the field is GF(2)[x]/(P) with P the minimal
// polynomial of g. A product is: change basis (eight byte lookups per operand), one carry-less
// multiply, a Barrett reduction (two more), change basis back.
struct clmul_tables {
  linear_map64 to_polynomial;
  linear_map64 to_nimber;
  u64 modulus_low = 0;  // P − x^64
  u64 barrett_low = 0;  // floor(x^128 / P) − x^64

  clmul_tables() {
    const portable_tables& t = portable();
    constexpr u64 generator = (u64{1} << 32) | 0x2;  // any value ≥ 2^32 works
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
    to_polynomial = linear_map64::from_bit_images([&](int bit) { return coordinates(u64{1} << bit); });
    to_nimber = linear_map64::from_bit_images([&](int bit) { return power[static_cast<std::size_t>(bit)]; });
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
  }
};

const clmul_tables& clmul() {
  static const clmul_tables tables;
  return tables;
}

__attribute__((target("pclmul,sse4.1"))) inline u64 clmul_product(u64 a, u64 b,
                                                                   const clmul_tables& t) {
  __m128i pa = _mm_cvtsi64_si128(static_cast<long long>(t.to_polynomial(a)));
  __m128i pb = _mm_cvtsi64_si128(static_cast<long long>(t.to_polynomial(b)));
  __m128i product = _mm_clmulepi64_si128(pa, pb, 0x00);
  auto low = static_cast<u64>(_mm_cvtsi128_si64(product));
  auto high = static_cast<u64>(_mm_extract_epi64(product, 1));
  // Barrett: quotient = floor(high · floor(x^128/P) / x^64), exact over GF(2).
  __m128i mu = _mm_cvtsi64_si128(static_cast<long long>(t.barrett_low));
  __m128i q = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(high)), mu, 0x00);
  u64 quotient = high ^ static_cast<u64>(_mm_extract_epi64(q, 1));
  __m128i p = _mm_cvtsi64_si128(static_cast<long long>(t.modulus_low));
  __m128i qp = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(quotient)), p, 0x00);
  u64 remainder = low ^ static_cast<u64>(_mm_cvtsi128_si64(qp));
  return t.to_nimber(remainder);
}

__attribute__((target("pclmul,sse4.1"))) void clmul_batch(const u64* a, const u64* b, u64* out,
                                                          std::size_t n) {
  const clmul_tables& t = clmul();
  for (std::size_t i = 0; i < n; ++i) out[i] = clmul_product(a[i], b[i], t);
}

const bool use_clmul = detail::clmul_supported();

// Inverse by the norm to the half field (MATH.md §2, "Inverse"); a < 2^(2^level), a ≠ 0.
u64 inverse_in_level(u64 a, int level) {
  if (level <= 3) return portable().inv8[a];
  const int half = 1 << (level - 1);
  const u64 mask = (u64{1} << half) - 1;
  const u64 a1 = a >> half, a0 = a & mask;
  const u64 norm = nim_mul64(nim_square64(a1), u64{1} << (half - 1)) ^ nim_mul64(a0, a0 ^ a1);
  const u64 norm_inverse = inverse_in_level(norm, level - 1);
  return (nim_mul64(a1, norm_inverse) << half) | nim_mul64(a0 ^ a1, norm_inverse);
}

}  // namespace

namespace detail {

u64 nim_mul_bitwise(u64 a, u64 b, int level) {
  if (level == 0) return a & b;
  const int half = 1 << (level - 1);
  const u64 mask = (u64{1} << half) - 1;
  const u64 a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
  const u64 c0 = nim_mul_bitwise(a0, b0, level - 1);
  const u64 c2 = nim_mul_bitwise(a1, b1, level - 1);
  const u64 c12 = nim_mul_bitwise(a0 ^ a1, b0 ^ b1, level - 1);
  return ((c12 ^ c0) << half) ^ c0 ^ nim_mul_bitwise(c2, u64{1} << (half - 1), level - 1);
}

u64 nim_mul64_portable(u64 a, u64 b) { return portable().mul64(a, b); }

bool clmul_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

u64 nim_mul64_clmul(u64 a, u64 b) { return clmul_product(a, b, clmul()); }

}  // namespace detail

kernel_path active_kernel_path() { return use_clmul ? kernel_path::clmul : kernel_path::portable; }

u8 nim_mul8(u8 a, u8 b) { return portable().mul8[a][b]; }
u16 nim_mul16(u16 a, u16 b) { return portable().mul16(a, b); }
u32 nim_mul32(u32 a, u32 b) { return portable().mul32(a, b); }

u64 nim_mul64(u64 a, u64 b) {
  return use_clmul ? clmul_product(a, b, clmul()) : portable().mul64(a, b);
}

void nim_mul64_batch(const u64* a, const u64* b, u64* out, std::size_t n) {
  if (use_clmul) {
    clmul_batch(a, b, out, n);
    return;
  }
  const portable_tables& t = portable();
  for (std::size_t i = 0; i < n; ++i) out[i] = t.mul64(a[i], b[i]);
}

nim128 nim_mul128(nim128 a, nim128 b) {
  const u64 c0 = nim_mul64(a.lo, b.lo), c2 = nim_mul64(a.hi, b.hi);
  const u64 c12 = nim_mul64(a.lo ^ a.hi, b.lo ^ b.hi);
  return {c0 ^ nim_times_half64(c2), c12 ^ c0};
}

u64 nim_square64(u64 a) { return portable().square64(a); }

nim128 nim_square128(nim128 a) {
  const u64 high_square = nim_square64(a.hi);
  return {nim_square64(a.lo) ^ nim_times_half64(high_square), high_square};
}

u64 nim_sqrt64(u64 a) { return portable().sqrt64(a); }
u64 nim_times_half64(u64 x) { return portable().times_half64(x); }

u64 nim_inv64(u64 a) {
  if (a == 0) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  return inverse_in_level(a, 6);
}

nim128 nim_inv128(nim128 a) {
  if (a.hi == 0) return {nim_inv64(a.lo), 0};
  const u64 conjugate_low = a.lo ^ a.hi;
  const u64 norm = nim_times_half64(nim_square64(a.hi)) ^ nim_mul64(a.lo, conjugate_low);
  const u64 norm_inverse = nim_inv64(norm);
  return {nim_mul64(conjugate_low, norm_inverse), nim_mul64(a.hi, norm_inverse)};
}

}  // namespace cas
