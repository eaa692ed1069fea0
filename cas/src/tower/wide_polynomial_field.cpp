#include "tower/wide_polynomial_field.hpp"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "cas/core/error.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/packed_field.hpp"

namespace cas::detail {
namespace {

using word = std::uint64_t;

std::size_t words_for(std::uint64_t bits) {
  return static_cast<std::size_t>((bits + 63) / 64);
}

bool bit_of(const std::vector<word>& v, std::uint64_t i) {
  return i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1) != 0;
}

// n words of scratch: on the stack up to N (fields of a few thousand bits), on the heap above.
template <std::size_t N>
class scratch_words {
 public:
  explicit scratch_words(std::size_t n) {
    if (n > N) heap_.resize(n);
  }
  word* data() { return heap_.empty() ? stack_.data() : heap_.data(); }

 private:
  std::array<word, N> stack_;
  std::vector<word> heap_;
};

// Diagonal k of a·b (an and bn words) holds a[i]·b[k − i] for first ≤ i ≤ last; its two-word
// sum goes to words k and k + 1 of the product, those inside [low, high) only. The diagonals
// from low − 1 up to high − 1 reach that range.
struct diagonal {
  std::size_t first, last;
};
inline diagonal diagonal_at(std::size_t k, std::size_t an, std::size_t bn) {
  return {k + 1 > bn ? k + 1 - bn : 0, std::min(k, an - 1)};
}
inline std::size_t first_diagonal(std::size_t low) {
  return low == 0 ? 0 : low - 1;
}
inline void add_diagonal(word sum_low, word sum_high, std::size_t k, std::size_t low,
                         std::size_t high, word* out) {
  if (k >= low) out[k] ^= sum_low;
  if (k + 1 < high) out[k + 1] ^= sum_high;
}
inline word high_half(__m128i v) {
  return static_cast<word>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)));
}

// out[k] ^= word k of a·b for low ≤ k < high only: the diagonal i + j = k, summed in a register,
// gives word k's low half and word k + 1's high half. The schoolbook takes every word; Barrett
// needs only the top half of its first product and the bottom half of its second.
ON2_PCLMUL_CAPABLE void product_words_hardware(const word* a, std::size_t an, const word* b,
                                               std::size_t bn, std::size_t low, std::size_t high,
                                               word* out) {
  for (std::size_t k = first_diagonal(low); k < high && k + 1 < an + bn; ++k) {
    __m128i sum = _mm_setzero_si128(), other = _mm_setzero_si128();
    const auto [first, last] = diagonal_at(k, an, bn);
    std::size_t i = first;
    // Two products a word pair: (a[i], a[i + 1]) against (b[k − i − 1], b[k − i]), crosswise.
    for (; i + 1 <= last; i += 2) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
      const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + (k - i - 1)));
      sum = _mm_xor_si128(sum, _mm_clmulepi64_si128(x, y, 0x10));
      other = _mm_xor_si128(other, _mm_clmulepi64_si128(x, y, 0x01));
    }
    if (i == last) {
      sum = _mm_xor_si128(
          sum, _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a[i])),
                                    _mm_cvtsi64_si128(static_cast<long long>(b[k - i])), 0x00));
    }
    sum = _mm_xor_si128(sum, other);
    add_diagonal(static_cast<word>(_mm_cvtsi128_si64(sum)), high_half(sum), k, low, high, out);
  }
}

// The same with VPCLMULQDQ on 256 bits: four products of a diagonal per two instructions,
// (a[i], …, a[i + 3]) against b[k − i − 3 … k − i] with its halves swapped.
__attribute__((target("pclmul,avx2,vpclmulqdq"))) void product_words_wide(
    const word* a, std::size_t an, const word* b, std::size_t bn, std::size_t low, std::size_t high,
    word* out) {
  for (std::size_t k = first_diagonal(low); k < high && k + 1 < an + bn; ++k) {
    __m256i sum = _mm256_setzero_si256(), other = _mm256_setzero_si256();
    const auto [first, last] = diagonal_at(k, an, bn);
    std::size_t i = first;
    for (; i + 3 <= last; i += 4) {
      const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
      const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + (k - i - 3)));
      const __m256i swapped = _mm256_permute2x128_si256(y, y, 0x01);
      sum = _mm256_xor_si256(sum, _mm256_clmulepi64_epi128(x, swapped, 0x10));
      other = _mm256_xor_si256(other, _mm256_clmulepi64_epi128(x, swapped, 0x01));
    }
    sum = _mm256_xor_si256(sum, other);
    __m128i total = _mm_xor_si128(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    for (; i <= last; ++i) {
      total = _mm_xor_si128(
          total, _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a[i])),
                                      _mm_cvtsi64_si128(static_cast<long long>(b[k - i])), 0x00));
    }
    add_diagonal(static_cast<word>(_mm_cvtsi128_si64(total)), high_half(total), k, low, high, out);
  }
}

// The whole product of two N-word operands, N small and fixed: the N² word products are
// independent, so they overlap in the pipeline, where the diagonal loop's sums form chains (at 4
// words the loop took about four times as long). Words [low, high) of it go into out.
template <std::size_t N>
ON2_PCLMUL_CAPABLE void product_fixed(const word* a, const word* b, std::size_t low,
                                      std::size_t high, word* out) {
  __m128i sums[2 * N - 1];
  for (__m128i& sum : sums) sum = _mm_setzero_si128();
  __m128i bs[N];
  for (std::size_t j = 0; j < N; ++j) bs[j] = _mm_cvtsi64_si128(static_cast<long long>(b[j]));
#pragma GCC unroll 16
  for (std::size_t i = 0; i < N; ++i) {
    const __m128i x = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
#pragma GCC unroll 16
    for (std::size_t j = 0; j < N; ++j) {
      sums[i + j] = _mm_xor_si128(sums[i + j], _mm_clmulepi64_si128(x, bs[j], 0x00));
    }
  }
  for (std::size_t k = first_diagonal(low); k < high && k < 2 * N - 1; ++k) {
    add_diagonal(static_cast<word>(_mm_cvtsi128_si64(sums[k])), high_half(sums[k]), k, low, high,
                 out);
  }
}

// Up to this many words a side, product_fixed: for a whole product, and for part of one (Barrett's
// halves), where the loop computes only the diagonals needed.
constexpr std::size_t fixed_words = 12, fixed_words_of_part = 8;

template <std::size_t... N>
bool product_fixed_of_size(std::size_t n, const word* a, const word* b, std::size_t low,
                           std::size_t high, word* out, std::index_sequence<N...>) {
  return ((n == N + 1 ? (product_fixed<N + 1>(a, b, low, high, out), true) : false) || ...);
}

void product_words(const word* a, std::size_t an, const word* b, std::size_t bn, std::size_t low,
                   std::size_t high, word* out, wide_kernel kernel) {
  const bool whole = low == 0 && high >= an + bn;
  if (kernel != wide_kernel::software && an == bn &&
      an <= (whole ? fixed_words : fixed_words_of_part) &&
      product_fixed_of_size(an, a, b, low, high, out, std::make_index_sequence<fixed_words>{})) {
    return;
  }
  if (kernel == wide_kernel::vpclmul) return product_words_wide(a, an, b, bn, low, high, out);
  if (kernel == wide_kernel::pclmul) return product_words_hardware(a, an, b, bn, low, high, out);
  for (std::size_t k = first_diagonal(low); k < high && k + 1 < an + bn; ++k) {
    u128 sum = 0;
    const auto [first, last] = diagonal_at(k, an, bn);
    for (std::size_t i = first; i <= last; ++i) {
      sum ^= packed_field::carryless_software(a[i], b[k - i]);
    }
    add_diagonal(static_cast<word>(sum), static_cast<word>(sum >> 64), k, low, high, out);
  }
}

void schoolbook(const word* a, std::size_t an, const word* b, std::size_t bn, word* out,
                wide_kernel kernel);

// Below this many words a side, the schoolbook: Karatsuba's sums cost more than they save.
constexpr std::size_t karatsuba_words = 12;

// out[0, 2n) ^= a·b for n words each: a·b = a0b0 + x^h·((a0 + a1)(b0 + b1) + a0b0 + a1b1) +
// x^(2h)·a1b1 with a = a0 + x^h·a1, h = ⌈n/2⌉ words (Karatsuba and Ofman, 1962).
void karatsuba(const word* a, const word* b, std::size_t n, word* out, wide_kernel kernel) {
  if (n < karatsuba_words) return schoolbook(a, n, b, n, out, kernel);
  const std::size_t h = (n + 1) / 2, l = n - h;
  scratch_words<256> scratch(8 * h);  // the halves' sums and the three products
  word *sa = scratch.data(), *sb = sa + h, *low = sb + h, *high = low + 2 * h,
       *middle = high + 2 * l;
  std::fill(low, middle + 2 * h, word{0});
  for (std::size_t i = 0; i < h; ++i) {
    sa[i] = a[i] ^ (i < l ? a[h + i] : 0);
    sb[i] = b[i] ^ (i < l ? b[h + i] : 0);
  }
  karatsuba(a, b, h, low, kernel);
  karatsuba(a + h, b + h, l, high, kernel);
  karatsuba(sa, sb, h, middle, kernel);
  for (std::size_t i = 0; i < 2 * h; ++i) middle[i] ^= low[i] ^ (i < 2 * l ? high[i] : 0);
  for (std::size_t i = 0; i < 2 * h; ++i) out[i] ^= low[i];
  for (std::size_t i = 0; i < 2 * l; ++i) out[2 * h + i] ^= high[i];
  for (std::size_t i = 0; i < 2 * h && h + i < 2 * n; ++i) out[h + i] ^= middle[i];
}

void schoolbook(const word* a, std::size_t an, const word* b, std::size_t bn, word* out,
                wide_kernel kernel) {
  if (an == bn && an >= karatsuba_words) return karatsuba(a, b, an, out, kernel);
  product_words(a, an, b, bn, 0, an + bn, out, kernel);
}

// out[0, n) = ⌊v / z^shift⌋ for v of vn words, the bits above n words dropped.
void shift_down(const word* v, std::size_t vn, std::uint64_t shift, word* out, std::size_t n) {
  const std::size_t whole = static_cast<std::size_t>(shift / 64);
  const unsigned bits = static_cast<unsigned>(shift % 64);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = i + whole;
    word low = k < vn ? v[k] : 0, high = k + 1 < vn ? v[k + 1] : 0;
    out[i] = bits == 0 ? low : (low >> bits) | (high << (64 - bits));
  }
}

}  // namespace

bool kernel_supported(wide_kernel kernel) {
  switch (kernel) {
    case wide_kernel::software:
      return true;
    case wide_kernel::pclmul:
      return clmul_supported();
    case wide_kernel::vpclmul:
      __builtin_cpu_init();
      return clmul_supported() && __builtin_cpu_supports("avx2") &&
             __builtin_cpu_supports("vpclmulqdq");
  }
  return false;
}

wide_kernel best_wide_kernel() {
  static const wide_kernel best = !clmul_enabled()                         ? wide_kernel::software
                                  : kernel_supported(wide_kernel::vpclmul) ? wide_kernel::vpclmul
                                                                           : wide_kernel::pclmul;
  return best;
}

wide_polynomial_field::wide_polynomial_field(std::vector<word> modulus, wide_kernel kernel)
    : modulus_(std::move(modulus)), kernel_(kernel) {
  if (!kernel_supported(kernel_)) throw internal_error("That product kernel needs another CPU.");
  while (!modulus_.empty() && modulus_.back() == 0) modulus_.pop_back();
  if (modulus_.empty() || (modulus_.size() == 1 && modulus_[0] == 1)) {
    throw internal_error("A polynomial field needs a modulus of degree at least 1.");
  }
  m_ = 64 * (modulus_.size() - 1) + 63 -
       static_cast<std::uint64_t>(std::countl_zero(modulus_.back()));
  w_ = words_for(m_);
  modulus_.resize(words_for(m_ + 1), 0);
  // ν = ⌊z^(2m)/μ⌋ by long division, bit by bit from the top, μ shifted a word at a time.
  std::vector<word> rest(words_for(2 * m_ + 1) + 1, 0), quotient(words_for(m_ + 1), 0);
  rest[(2 * m_) / 64] |= word{1} << ((2 * m_) % 64);
  for (std::uint64_t i = 2 * m_ + 1; i-- > m_;) {
    if (!bit_of(rest, i)) continue;
    const std::uint64_t shift = i - m_;
    quotient[shift / 64] |= word{1} << (shift % 64);
    const auto whole = static_cast<std::size_t>(shift / 64);
    const auto bits = static_cast<unsigned>(shift % 64);
    for (std::size_t k = 0; k < modulus_.size(); ++k) {
      rest[k + whole] ^= modulus_[k] << bits;
      if (bits != 0) rest[k + whole + 1] ^= modulus_[k] >> (64 - bits);
    }
  }
  nu_ = std::move(quotient);
}

void wide_polynomial_field::multiply_add(const word* a, const word* b, word* out) const {
  schoolbook(a, w_, b, w_, out, kernel_);
}

void wide_polynomial_field::reduce(const word* v, word* out) const {
  const std::size_t mw = modulus_.size();  // ν and μ have m + 1 bits
  scratch_words<4 * 64 + 1> scratch(4 * mw + 1);
  word *high = scratch.data(), *quotient = high + mw, *product = high + 2 * mw;
  std::fill(product, product + 2 * mw + 1, word{0});
  shift_down(v, 2 * w_, m_, high, mw);
  // Only the words from m on of high·ν, and those below w of quotient·μ, are read.
  product_words(high, mw, nu_.data(), mw, static_cast<std::size_t>(m_ / 64), 2 * mw, product,
                kernel_);
  shift_down(product, 2 * mw, m_, quotient, mw);
  std::fill(product, product + 2 * mw + 1, word{0});
  product_words(quotient, mw, modulus_.data(), mw, 0, w_, product, kernel_);
  for (std::size_t i = 0; i < w_; ++i) out[i] = v[i] ^ product[i];
  if (m_ % 64 != 0) out[w_ - 1] &= (word{1} << (m_ % 64)) - 1;
}

template <class Product>
void wide_polynomial_field::reduce_product(Product product_into, word* out) const {
  scratch_words<128> scratch(2 * w_);
  word* product = scratch.data();
  std::fill(product, product + 2 * w_, word{0});
  product_into(product);
  reduce(product, out);
}

void wide_polynomial_field::mul(const word* a, const word* b, word* out) const {
  reduce_product([&](word* product) { multiply_add(a, b, product); }, out);
}

void wide_polynomial_field::square(const word* a, word* out) const {
  reduce_product(
      [&](word* product) {
        for (std::size_t i = 0; i < w_; ++i) {  // a square spreads the bits: no cross terms
          const u128 p = kernel_ != wide_kernel::software
                             ? packed_field::carryless_hardware(a[i], a[i])
                             : packed_field::carryless_software(a[i], a[i]);
          product[2 * i] = static_cast<word>(p);
          product[2 * i + 1] = static_cast<word>(p >> 64);
        }
      },
      out);
}

std::vector<word> wide_polynomial_field::square(const std::vector<word>& a) const {
  std::vector<word> out(w_);
  square(a.data(), out.data());
  return out;
}

std::vector<word> wide_polynomial_field::mul(const std::vector<word>& a,
                                             const std::vector<word>& b) const {
  std::vector<word> out(w_);
  mul(a.data(), b.data(), out.data());
  return out;
}

std::vector<word> wide_polynomial_field::one() const {
  std::vector<word> x(w_, 0);
  x[0] = 1;
  return x;
}

}  // namespace cas::detail
