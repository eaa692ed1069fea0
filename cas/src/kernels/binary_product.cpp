#include "kernels/binary_product.hpp"

#include <gf2x.h>
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "kernels/carryless_schoolbook.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas::detail {

namespace {

using word = std::uint64_t;
static_assert(sizeof(unsigned long) == sizeof(word), "gf2x works on unsigned long words");

// Below this many words the schoolbook product is faster than a Karatsuba split.
constexpr std::size_t karatsuba_threshold = 12;

// The Karatsuba leaves of each size n ≤ karatsuba_threshold: c[0, 2n) = a·b in registers
// (carryless_schoolbook.hpp), where the row loop schoolbook_xor's loads and stores form one
// chain.
template <std::size_t N>
ON2_PCLMUL_CAPABLE void leaf_product(const word* a, const word* b, word* c) {
  std::fill(c, c + 2 * N, word{0});
  carryless_schoolbook_inline<N>(a, b, c);
}
using leaf_function = void (*)(const word*, const word*, word*);
template <std::size_t... N>
constexpr std::array<leaf_function, sizeof...(N)> leaf_table(std::index_sequence<N...>) {
  return {&leaf_product<N + 1>...};
}
constexpr std::array<leaf_function, karatsuba_threshold> leaf_products =
    leaf_table(std::make_index_sequence<karatsuba_threshold>{});

// Above this many words gf2x's Toom–Cook and FFT products win over Karatsuba: Debian's generic
// gf2x was slower than this Karatsuba at every size measured up to 2^18 words
// (docs/benchmarks.md, B10, "Elements of large prime degree").
constexpr std::size_t gf2x_threshold = std::size_t{1} << 20;

bool use_clmul() {
  return clmul_enabled();
}

// c ^= a·b (an + bn words of c), schoolbook on PCLMULQDQ: two words of b per step, their two
// 128-bit products combined into one 128-bit update of c and a carry word for the next.
__attribute__((target("pclmul,sse4.1"))) void schoolbook_xor(word* c, const word* a, std::size_t an,
                                                             const word* b, std::size_t bn) {
  const std::size_t pairs = bn / 2;
  for (std::size_t i = 0; i < an; ++i) {
    const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
    __m128i carry = _mm_setzero_si128();
    word* row = c + i;
    for (std::size_t k = 0; k < pairs; ++k) {
      const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 2 * k));
      const __m128i low = _mm_clmulepi64_si128(x, y, 0x00);   // a_i·b_2k at words 2k, 2k+1
      const __m128i high = _mm_clmulepi64_si128(x, y, 0x10);  // a_i·b_(2k+1) at 2k+1, 2k+2
      const __m128i sum = _mm_xor_si128(_mm_xor_si128(low, _mm_slli_si128(high, 8)), carry);
      __m128i* target = reinterpret_cast<__m128i*>(row + 2 * k);
      _mm_storeu_si128(target, _mm_xor_si128(_mm_loadu_si128(target), sum));
      carry = _mm_srli_si128(high, 8);
    }
    word top = static_cast<word>(_mm_cvtsi128_si64(carry));
    if (bn % 2 != 0) {
      const __m128i p =
          _mm_clmulepi64_si128(x, _mm_cvtsi64_si128(static_cast<long long>(b[bn - 1])), 0);
      row[bn - 1] ^= static_cast<word>(_mm_cvtsi128_si64(p)) ^ top;
      top = static_cast<word>(_mm_extract_epi64(p, 1));
    }
    row[bn] ^= top;
  }
}

// c = a·b for n-word a and b (2n words of c), Karatsuba: with a = a0 + X·a1, b = b0 + X·b1,
// a·b = a0b0 + X·((a0 + a1)(b0 + b1) + a0b0 + a1b1) + X²·a1b1. `scratch` holds 4n words more
// than the recursion below needs (8n in all suffices).
void karatsuba(word* c, const word* a, const word* b, std::size_t n, word* scratch) {
  if (n <= karatsuba_threshold) {
    leaf_products[n - 1](a, b, c);
    return;
  }
  const std::size_t h = (n + 1) / 2;  // the low halves' length
  const std::size_t l = n - h;        // the high halves', l ≤ h
  word* sa = scratch;
  word* sb = scratch + h;
  word* middle = scratch + 2 * h;
  word* rest = scratch + 4 * h;
  for (std::size_t i = 0; i < h; ++i) {
    sa[i] = a[i] ^ (i < l ? a[h + i] : 0);
    sb[i] = b[i] ^ (i < l ? b[h + i] : 0);
  }
  karatsuba(middle, sa, sb, h, rest);
  karatsuba(c, a, b, h, rest);                  // a0b0 in c[0, 2h)
  karatsuba(c + 2 * h, a + h, b + h, l, rest);  // a1b1 in c[2h, 2n)
  for (std::size_t i = 0; i < 2 * h; ++i) middle[i] ^= c[i];
  for (std::size_t i = 0; i < 2 * l; ++i) middle[i] ^= c[2 * h + i];
  for (std::size_t i = 0; i < 2 * h; ++i) c[h + i] ^= middle[i];
}

// The 32 bits of x spread to the even positions of a word (bit i to bit 2i).
word spread(word x) {
  x &= 0xffffffffu;
  x = (x | (x << 16)) & 0x0000ffff0000ffffu;
  x = (x | (x << 8)) & 0x00ff00ff00ff00ffu;
  x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fu;
  x = (x | (x << 2)) & 0x3333333333333333u;
  x = (x | (x << 1)) & 0x5555555555555555u;
  return x;
}

__attribute__((target("pclmul,sse4.1"))) void square_clmul(word* c, const word* a, std::size_t an) {
  for (std::size_t i = 0; i < an; ++i) {
    const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
    const __m128i p = _mm_clmulepi64_si128(x, x, 0);
    c[2 * i] = static_cast<word>(_mm_cvtsi128_si64(p));
    c[2 * i + 1] = static_cast<word>(_mm_extract_epi64(p, 1));
  }
}

}  // namespace

void binary_square(word* c, const word* a, std::size_t an) {
  if (use_clmul()) {
    square_clmul(c, a, an);
    return;
  }
  for (std::size_t i = 0; i < an; ++i) {
    c[2 * i] = spread(a[i]);
    c[2 * i + 1] = spread(a[i] >> 32);
  }
}

void binary_product_gf2x(word* c, const word* a, std::size_t an, const word* b, std::size_t bn) {
  // gf2x_mul passes one static scratch pool to gf2x_mul_r for every caller; with no pool,
  // gf2x_mul_r makes its own, so threads may multiply at once (docs/architecture.md, "Thread
  // safety").
  if (gf2x_mul_r(c, a, an, b, bn, nullptr) != 0) {
    throw internal_error("gf2x_mul_r failed (out of memory?).");
  }
}

void binary_product(word* c, const word* a, std::size_t an, const word* b, std::size_t bn) {
  if (an < bn) {
    std::swap(a, b);
    std::swap(an, bn);
  }
  if (!use_clmul() || an > gf2x_threshold) {
    binary_product_gf2x(c, a, an, b, bn);
    return;
  }
  if (an == bn && bn <= karatsuba_threshold) {
    leaf_products[bn - 1](a, b, c);
    return;
  }
  std::fill(c, c + an + bn, 0);
  if (bn <= karatsuba_threshold) {
    schoolbook_xor(c, a, an, b, bn);
    return;
  }
  // a in pieces of bn words, each multiplied by b with Karatsuba (the last piece padded).
  std::vector<word> scratch(8 * bn + 2 * bn + bn);
  word* piece_product = scratch.data() + 8 * bn;
  word* padded = piece_product + 2 * bn;
  for (std::size_t start = 0; start < an; start += bn) {
    const std::size_t length = std::min(bn, an - start);
    const word* piece = a + start;
    if (length < bn) {
      std::fill(padded, padded + bn, 0);
      std::copy(a + start, a + an, padded);
      piece = padded;
    }
    karatsuba(piece_product, piece, b, bn, scratch.data());
    const std::size_t used = std::min(2 * bn, an + bn - start);
    for (std::size_t i = 0; i < used; ++i) c[start + i] ^= piece_product[i];
  }
}

}  // namespace cas::detail
