#pragma once
// GF(2^64), the nimbers below 2^64: the tables behind the fixed-width kernels (private to
// cas/src). The product tables of both paths are built at compile time, the discrete logarithms
// of GF(2^16) once on first use; all from the bitwise recursion, immutable afterwards.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "kernels/bitwise_product.hpp"

namespace cas::detail {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// The byte tables of a GF(2)-linear map from the images of its input bits: table i, entry v is
// the image of v·2^(8i), each entry the XOR of a smaller entry and one bit's image (one step per
// entry instead of a product per entry). image_of_bit is called once per entry, so it should read
// images computed beforehand.
template <class Word, std::size_t Bytes, class F>
constexpr std::array<std::array<Word, 256>, Bytes> byte_tables(F image_of_bit) {
  std::array<std::array<Word, 256>, Bytes> table{};
  for (std::size_t i = 0; i < Bytes; ++i) {
    for (unsigned v = 1; v < 256; ++v) {
      const unsigned low = v & (0u - v);
      const auto bit = static_cast<int>(8 * i) + std::countr_zero(v);
      table[i][v] = static_cast<Word>(table[i][v ^ low] ^ image_of_bit(bit));
    }
  }
  return table;
}

struct linear_map64 {
  std::array<std::array<u64, 256>, 8> table{};

  template <class F>
  static constexpr linear_map64 from_bit_images(F image_of_bit) {
    // Each image once: at compile time each costs thousands of steps.
    std::array<u64, 64> image{};
    for (int bit = 0; bit < 64; ++bit) image[static_cast<std::size_t>(bit)] = image_of_bit(bit);
    linear_map64 m;
    for (std::size_t i = 0; i < 8; ++i) {
      for (unsigned v = 1; v < 256; ++v) {
        const unsigned low = v & (0u - v);
        m.table[i][v] =
            m.table[i][v ^ low] ^ image[8 * i + static_cast<std::size_t>(std::countr_zero(v))];
      }
    }
    return m;
  }

  constexpr u64 operator()(u64 x) const {
    u64 r = 0;
    for (std::size_t i = 0; i < 8; ++i) r ^= table[i][(x >> (8 * i)) & 0xff];
    return r;
  }

  // The same image with the eight table reads summed as a tree of pairs, for a caller that waits
  // on the result (the one-at-a-time 128-bit product). operator() chains eight dependent XORs
  // but has fewer instructions, which loops over many independent words want (squares one at a
  // time are slower with the tree). GCC turns a tree back into the chain (its x86 cost model
  // reassociates integer XOR one wide); the empty asms keep the pairs and their sums apart (both
  // levels count in that product). The bytes come from 16-bit pieces of the two halves, so fewer
  // need a shift of their own. The measurements are in docs/benchmarks.md.
  u64 image_by_tree(u64 x) const {
    const u64 high = x >> 32;
    u64 r0 = pair(0, x), r1 = pair(2, static_cast<u32>(x) >> 16);
    u64 r2 = pair(4, high), r3 = pair(6, high >> 16);
    asm("" : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3));
    u64 low_sum = r0 ^ r1, high_sum = r2 ^ r3;
    asm("" : "+r"(low_sum), "+r"(high_sum));
    return low_sum ^ high_sum;
  }

 private:
  // The images of bytes 0 and 1 of piece (bytes first and first + 1 of the word).
  u64 pair(std::size_t first, u64 piece) const {
    return table[first][piece & 0xff] ^ table[first + 1][(piece >> 8) & 0xff];
  }
};

// The GF(2)-linear maps of GF(2^64) that the one-at-a-time kernels read: built at compile time
// (gf64_linear_maps), so nim_square64, nim_sqrt64 and nim_times_half64 need no initialisation,
// neither a guard nor a pointer to test, and work from any static initialiser.
struct linear_maps64 {
  linear_map64 times_half;  // x ⊗ 2^63
  linear_map64 square;  // Frobenius is additive, so squaring is linear (docs/spec/arithmetic.md §2,
                        // "Square")
  linear_map64 sqrt;
};
// A linear map of GF(2^64) as the images of the 64 basis bits, cheap to build in a constant
// expression (each application XORs up to 64 images).
struct bit_images {
  std::array<u64, 64> of{};
  constexpr u64 operator()(u64 x) const {
    u64 r = 0;
    for (std::size_t bit = 0; bit < 64; ++bit) r ^= (x >> bit & 1) != 0 ? of[bit] : 0;
    return r;
  }
};
// The maps level by level from GF(2) (H = 1, x^2 = x) up, on the basis bits of each level's
// halves (limb_recursion::times_half and square): x ⊗ H = (x1 ⊕ x0) ⊗ H'·F ⊕ (x1 ⊗ H') ⊗ H' and
// x^2 = x1^2·F ⊕ x1^2 ⊗ H' ⊕ x0^2. The product itself (bitwise_nim_product) takes too many steps
// for a compiler's constant evaluation here. At level L, H = 2^(2^L − 1); the square does not
// depend on the level (its images of bits below 2^L are those of level 6).
struct level_linear_maps {
  bit_images times_half, square;
};
constexpr level_linear_maps linear_maps_of_level(int top_level) {
  bit_images times_half, square;
  times_half.of[0] = 1;
  square.of[0] = 1;
  for (int level = 1; level <= top_level; ++level) {
    const std::size_t half = std::size_t{1} << (level - 1);
    bit_images next_times_half = times_half, next_square = square;
    for (std::size_t j = 0; j < half; ++j) {
      next_times_half.of[j] = times_half.of[j] << half;
      next_times_half.of[half + j] = times_half.of[j] << half ^ times_half(times_half.of[j]);
      next_square.of[half + j] = square.of[j] << half ^ times_half(square.of[j]);
    }
    times_half = next_times_half;
    square = next_square;
  }
  return {times_half, square};
}
// The root inverts the square's matrix over GF(2) (squaring is a bijection of GF(2^64)) by
// Gauss–Jordan elimination.
constexpr linear_maps64 make_linear_maps64() {
  const level_linear_maps maps = linear_maps_of_level(6);
  bit_images image = maps.square, root;  // invariant: square(root.of[r]) = image.of[r]
  for (std::size_t bit = 0; bit < 64; ++bit) root.of[bit] = u64{1} << bit;
  for (std::size_t bit = 0; bit < 64; ++bit) {
    std::size_t pivot = bit;
    while ((image.of[pivot] >> bit & 1) == 0) ++pivot;
    std::swap(image.of[bit], image.of[pivot]);
    std::swap(root.of[bit], root.of[pivot]);
    for (std::size_t r = 0; r < 64; ++r) {
      if (r != bit && (image.of[r] >> bit & 1) != 0) {
        image.of[r] ^= image.of[bit];
        root.of[r] ^= root.of[bit];
      }
    }
  }
  const auto table_of = [](const bit_images& map) {
    return linear_map64::from_bit_images(
        [&](int bit) { return map.of[static_cast<std::size_t>(bit)]; });
  };
  return {table_of(maps.times_half), table_of(maps.square), table_of(root)};
}
extern const linear_maps64 gf64_linear_maps;  // constant-initialised (gf64_tables.cpp)

// The portable path: the tower recursion of docs/spec/arithmetic.md §2 over a 64 KiB GF(2^8)
// product table, with each "times H" (a linear map) read from byte tables; the 64-bit linear maps
// are gf64_linear_maps. Built on first use (portable_gf64()), in well under a millisecond.
struct portable_tables {
  std::array<std::array<u8, 256>, 256> mul8{};
  std::array<u8, 256> inv8{};
  std::array<std::array<u16, 256>, 2> times_half16{};  // x ⊗ 2^15, x < 2^16
  std::array<std::array<u32, 256>, 4> times_half32{};  // x ⊗ 2^31, x < 2^32

  constexpr u16 mul16(u16 a, u16 b) const {
    unsigned a1 = a >> 8u, a0 = a & 0xffu, b1 = b >> 8u, b0 = b & 0xffu;
    unsigned c0 = mul8[a0][b0], c2 = mul8[a1][b1], c12 = mul8[a0 ^ a1][b0 ^ b1];
    return static_cast<u16>(((c12 ^ c0) << 8u) | (c0 ^ mul8[c2][0x80]));
  }
  constexpr u32 th16(u32 x) const { return times_half16[0][x & 0xff] ^ times_half16[1][x >> 8]; }
  constexpr u32 mul32(u32 a, u32 b) const {
    u32 a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
    u32 c0 = mul16(static_cast<u16>(a0), static_cast<u16>(b0));
    u32 c2 = mul16(static_cast<u16>(a1), static_cast<u16>(b1));
    u32 c12 = mul16(static_cast<u16>(a0 ^ a1), static_cast<u16>(b0 ^ b1));
    return ((c12 ^ c0) << 16) | (c0 ^ th16(c2));
  }
  constexpr u64 th32(u64 x) const {
    return times_half32[0][x & 0xff] ^ times_half32[1][(x >> 8) & 0xff] ^
           times_half32[2][(x >> 16) & 0xff] ^ times_half32[3][(x >> 24) & 0xff];
  }
  constexpr u64 mul64(u64 a, u64 b) const {
    u32 a1 = static_cast<u32>(a >> 32), a0 = static_cast<u32>(a);
    u32 b1 = static_cast<u32>(b >> 32), b0 = static_cast<u32>(b);
    u64 c0 = mul32(a0, b0), c2 = mul32(a1, b1), c12 = mul32(a0 ^ a1, b0 ^ b1);
    return ((c12 ^ c0) << 32) | (c0 ^ th32(c2));
  }

  portable_tables();
};

// The polynomial-basis path. Any g ≥ 2^32 has degree 64 over GF(2) (docs/spec/arithmetic.md §2,
// "Degree"), so 1, g, …, g^63 is a basis of GF(2^64) and the field is GF(2)[x]/(P) with P the
// minimal polynomial of g; g = H = 2^63, so that H is x. A product is: change basis (eight byte
// lookups per operand), one carry-less multiply, a Barrett reduction (two more), change basis back.
// Built at compile time (gf64_clmul).
struct clmul_tables {
  linear_map64 to_polynomial;
  linear_map64 to_nimber;
  u64 modulus_low = 0;  // P − x^64
  u64 barrett_low = 0;  // floor(x^128 / P) − x^64

  linear_map64 sqrt_polynomial;  // the square root in polynomial coordinates
  u64 half_polynomial = 0;       // 2^63 in polynomial coordinates: x, since g = 2^63
};

// Thread-safe (a function-local static); the same object on every call.
const portable_tables& portable_gf64();
// Whether portable_gf64() has built its tables in this process (for tests: the carry-less path
// builds none).
bool portable_tables_built();
// Constant-initialised (gf64_tables.cpp): usable from any static initialiser, nothing to build.
extern const clmul_tables gf64_clmul;
inline const clmul_tables& clmul_gf64() {
  return gf64_clmul;
}

// x ↦ (x ⊗ x) ⊗ 2^15 for x < 2^16 and x ↦ (x ⊗ x) ⊗ 2^31 for x < 2^32: the a1² ⊗ H term of the
// norm to the half field (docs/spec/arithmetic.md §2, "Inverse"), linear, built at compile time
// (gf32_norm_maps) from the level-by-level maps.
struct norm_maps32 {
  std::array<std::array<u16, 256>, 2> square_times_half16{};
  std::array<std::array<u32, 256>, 4> square_times_half32{};
};
constexpr norm_maps32 make_norm_maps32() {
  const bit_images half16 = linear_maps_of_level(4).times_half;
  const bit_images half32 = linear_maps_of_level(5).times_half;
  const bit_images square = linear_maps_of_level(6).square;
  const auto index = [](int bit) { return static_cast<std::size_t>(bit); };
  norm_maps32 m;
  m.square_times_half16 =
      byte_tables<u16, 2>([&](int bit) { return half16(square.of[index(bit)]); });
  m.square_times_half32 =
      byte_tables<u32, 4>([&](int bit) { return half32(square.of[index(bit)]); });
  return m;
}
extern const norm_maps32 gf32_norm_maps;  // constant-initialised (gf64_tables.cpp)

// GF(2^16) by discrete logarithms to a primitive element g: log16[x] for x ≠ 0 (log16[0] is
// unused), exp16[i] = g^(i mod 65535) for i < 2·65535, so the sum of two logs needs no reduction.
// 384 KiB, built at run time on the first call of gf16_log_tables() (the first inverse), not at
// compile time: a constant would add them to the program's size and its build time, and building
// them is 65535 steps of one multiplication by g (two byte-table reads).
struct gf16_logarithms {
  std::array<u16, 65536> log16;
  std::array<u16, 2 * 65535> exp16;

  gf16_logarithms();
};
// Thread-safe (a function-local static); the same object on every call.
const gf16_logarithms& gf16_log_tables();
// Whether gf16_log_tables() has built its tables in this process (for tests: the products build
// none).
bool gf16_log_tables_built();

}  // namespace cas::detail
