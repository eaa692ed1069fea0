#pragma once
// What the AVX-512 block kernels share (private to cas/src; the design is in
// limb_recursion_avx512.cpp): the batched block sizes, bit-reversed indices, loads and stores of
// limbs a register at a time, and a buffer kept per thread.
#include "kernels/avx512/avx512_clmul.hpp"
#include "kernels/limb_recursion.hpp"

namespace cas::detail::avx512 {

constexpr std::size_t min_batched_limbs = 16;
constexpr std::size_t max_batched_limbs = 1024;

constexpr std::size_t power_of_three(unsigned e) {
  std::size_t p = 1;
  while (e-- > 0) p *= 3;
  return p;
}

// The bits of each byte in reverse order.
struct byte_reversal {
  unsigned char of[256];
};
constexpr byte_reversal make_byte_reversal() {
  byte_reversal table{};
  for (unsigned v = 0; v < 256; ++v) {
    unsigned r = 0;
    for (unsigned bit = 0; bit < 8; ++bit) r |= ((v >> bit) & 1u) << (7 - bit);
    table.of[v] = static_cast<unsigned char>(r);
  }
  return table;
}
constexpr byte_reversal reversed_byte = make_byte_reversal();

// i (below 2^16) with its lowest `bits` bits reversed.
constexpr std::size_t reversed_index(std::size_t i, unsigned bits) {
  const std::size_t reversed16 =
      std::size_t{reversed_byte.of[i & 0xff]} << 8 | reversed_byte.of[(i >> 8) & 0xff];
  return reversed16 >> (16 - bits);
}

ON2_AVX512_INLINE __m512i load(const limb* p) {
  return _mm512_loadu_si512(p);
}
ON2_AVX512_INLINE void store(limb* p, __m512i v) {
  _mm512_storeu_si512(p, v);
}

// out[r] = a[r] for r < count.
ON2_AVX512_INLINE void copy_words(const limb* a, limb* out, std::size_t count) {
  std::size_t r = 0;
  for (; r + 8 <= count; r += 8) store(out + r, load(a + r));
  if (r < count) {
    const __mmask8 lanes = first_lanes(count - r);
    _mm512_mask_storeu_epi64(out + r, lanes, _mm512_maskz_loadu_epi64(lanes, a + r));
  }
}

// out[r] = a[r] ⊕ b[r] for r < count.
ON2_AVX512_INLINE void xor_words(const limb* a, const limb* b, limb* out, std::size_t count) {
  std::size_t r = 0;
  for (; r + 8 <= count; r += 8) store(out + r, _mm512_xor_si512(load(a + r), load(b + r)));
  if (r < count) {
    const __mmask8 lanes = first_lanes(count - r);
    _mm512_mask_storeu_epi64(out + r, lanes,
                             _mm512_xor_si512(_mm512_maskz_loadu_epi64(lanes, a + r),
                                              _mm512_maskz_loadu_epi64(lanes, b + r)));
  }
}

// A buffer that grows to the largest size asked of it on this thread.
struct growing_buffer {
  limb* memory = nullptr;
  std::size_t size = 0;
  growing_buffer() = default;
  growing_buffer(const growing_buffer&) = delete;
  growing_buffer& operator=(const growing_buffer&) = delete;
  ~growing_buffer() { free_limbs(memory); }
  limb* at_least(std::size_t limbs) {
    if (limbs > size) {
      free_limbs(memory);
      memory = nullptr;  // nothing left to free if the allocation throws
      size = 0;
      memory = allocate_limbs(limbs);
      size = limbs;
    }
    return memory;
  }
};

}  // namespace cas::detail::avx512
