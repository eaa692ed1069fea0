// The one-at-a-time 128-bit nimber product in AVX-512 registers, as the kernel dispatch enters it
// (mul128_avx512.hpp; private to cas/src).
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/avx512/avx512_clmul.hpp"
#include "kernels/avx512/avx512_gfni.hpp"
#include "kernels/avx512/mul128_avx512.hpp"
#include "kernels/gf64_tables.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas::detail {
namespace {

// The tables of the product below, null until published (mul128_avx512.hpp): constant-
// initialised, so the product works from any static initialiser (nimber_kernels.cpp, issue 16),
// and read with plain loads instead of wide()'s guard test and call. The clmul tables are stored
// first, so an acquire load that finds the wide ones set makes both visible.
constinit std::atomic<const wide_tables*> wide_tables_for_mul128{nullptr};
constinit std::atomic<const clmul_tables*> clmul_tables_for_mul128{nullptr};

// nim_mul128_avx512 reads a nim128 as one 16-byte vector, lo first.
static_assert(sizeof(nim128) == 16 && offsetof(nim128, lo) == 0 && offsetof(nim128, hi) == 8);

// The byte permutations of nim_mul128_avx512, fixed at compile time. Its input register holds
// the halves (a0, a1, b0, b1) in qwords 0–3.
struct mul128_permutations {
  // by_input_byte[j]: in every lane, byte j of the halves a0, a1, b0, b1, a0, b0, a1, b1 (the
  // rows apply() reads back from memory, here made by one vpermb each). The repeats make the
  // sums a0 ⊕ a1 and b0 ⊕ b1 one shift away after the basis change.
  std::array<std::array<u8, 64>, 8> by_input_byte{};
  // x_operands, y_operands: the qwords (a0, a1, a0 ⊕ a1, a0) and (b0, b1, b0 ⊕ b1, b0) from the
  // byte-transposed halves, whose lane i holds byte i of each (sum in bytes 4 and 5).
  std::array<u8, 64> x_operands{}, y_operands{};
  // Constants read from memory: built in a register they would take a vpbroadcastq or kmov from
  // a general register, on the vector shuffle port this product is short of. (sum_bytes goes
  // through broadcast(), or GCC, seeing its value, builds it from an immediate after all.)
  std::array<u64, 8> lane_1{};         // all ones in qword 1 (x's a1, which is multiplied by H)
  u64 sum_bytes = 0x0000ffff00000000;  // bytes 4 and 5 of a lane, where a0 ⊕ a1, b0 ⊕ b1 go

  constexpr mul128_permutations() {
    constexpr std::array<unsigned, 8> half_in_byte = {0, 1, 2, 3, 0, 2, 1, 3};
    for (unsigned j = 0; j < 8; ++j) {
      for (unsigned b = 0; b < 64; ++b)
        by_input_byte[j][b] = static_cast<u8>(8 * half_in_byte[b % 8] + j);
    }
    constexpr std::array<unsigned, 4> x_byte = {0, 1, 4, 0}, y_byte = {2, 3, 5, 2};
    for (unsigned q = 0; q < 4; ++q) {
      for (unsigned i = 0; i < 8; ++i) {
        x_operands[8 * q + i] = static_cast<u8>(8 * i + x_byte[q]);
        y_operands[8 * q + i] = static_cast<u8>(8 * i + y_byte[q]);
      }
    }
    lane_1[1] = ~u64{0};
  }
};
alignas(64) constexpr mul128_permutations mul128_bytes{};  // each array 64-byte aligned

}  // namespace

// One product of two nimbers below 2^128: the Karatsuba step of docs/spec/arithmetic.md §2 in
// polynomial coordinates, low = a0·b0 ⊕ (a1 ⊗ H)·b1 and high = (a0 ⊕ a1)·(b0 ⊕ b1) ⊕ a0·b0. One
// call is one long chain of latencies, so what counts is how much of the next call can overlap it.
// - The four input halves change basis together by GFNI, as in apply(), but the rows "byte j of
//   each half" come from one vpermb each instead of a store and eight reloads from it.
// - The sums a0 ⊕ a1 and b0 ⊕ b1 are formed in the byte-transposed result by one shift and one
//   ternary logic; a1 ⊗ H is a1·x (a shift), in its lane only.
// - Each 128-bit lane then sums two carry-less products: lane 0 is low and lane 1 is high, so one
//   reduction serves both and no lane moves before it.
// - The two results change basis back by byte tables: for two words that is faster than GFNI,
//   each word's reads summed as a tree (linear_map64::image_by_tree).
// - The operands come by reference and load straight into the input register.
// Each of these steps made the product faster in B1 (docs/benchmarks.md).
ON2_AVX512_TARGET nim128 nim_mul128_avx512_published(const nim128& a, const nim128& b) {
  const wide_tables& t = *wide_tables_for_mul128.load(std::memory_order_relaxed);
  const __m512i halves = _mm512_castsi256_si512(_mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&a))),
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(&b)), 1));
  __m512i part[8];
  for (std::size_t j = 0; j < 8; ++j) {
    const __m512i rows = _mm512_permutexvar_epi8(load(mul128_bytes.by_input_byte[j]), halves);
    part[j] = _mm512_gf2p8affine_epi64_epi8(rows, load(t.to_polynomial.column[j]), 0);
  }
  const __m512i transposed =
      _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(part[0], part[1], part[2], 0x96),
                                _mm512_ternarylogic_epi64(part[3], part[4], part[5], 0x96),
                                _mm512_xor_si512(part[6], part[7]), 0x96);
  // Bytes 4 and 5 of each lane hold a0 and b0; adding bytes 6 and 7 (a1 and b1) makes them the
  // sums. Ternary logic 0x78 is a ⊕ (b ∧ c).
  const __m512i with_sums = _mm512_ternarylogic_epi64(transposed, _mm512_srli_epi64(transposed, 16),
                                                      broadcast(mul128_bytes.sum_bytes), 0x78);
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  __m512i x = _mm512_permutexvar_epi8(load(mul128_bytes.x_operands), with_sums);
  const __m512i y = _mm512_permutexvar_epi8(load(mul128_bytes.y_operands), with_sums);
  // Ternary logic 0xca is a ? b : c, bit by bit.
  x = _mm512_ternarylogic_epi64(load(mul128_bytes.lane_1), times_half(x, modulus), x, 0xca);
  const __m512i reduced = reduce(
      _mm512_xor_si512(_mm512_clmulepi64_epi128(x, y, 0x00), _mm512_clmulepi64_epi128(x, y, 0x11)),
      barrett, modulus);
  const clmul_tables& c = *clmul_tables_for_mul128.load(std::memory_order_relaxed);
  return {c.to_nimber.image_by_tree(
              static_cast<u64>(_mm_cvtsi128_si64(_mm512_castsi512_si128(reduced)))),
          c.to_nimber.image_by_tree(
              static_cast<u64>(_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(reduced, 1))))};
}

void publish_mul128_avx512_tables() {
  clmul_tables_for_mul128.store(&clmul_gf64(), std::memory_order_release);
  wide_tables_for_mul128.store(&wide(), std::memory_order_release);
}

nim128 nim_mul128_avx512(const nim128& a, const nim128& b) {
  if (wide_tables_for_mul128.load(std::memory_order_acquire) == nullptr) {
    publish_mul128_avx512_tables();
  }
  return nim_mul128_avx512_published(a, b);
}

}  // namespace cas::detail
