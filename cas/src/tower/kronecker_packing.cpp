// Kronecker packing of t-polynomials over a packed base (kronecker_packing.hpp).
#include "tower/kronecker_packing.hpp"

#include <immintrin.h>

#include <algorithm>

#include "kernels/carryless_schoolbook.hpp"

namespace cas::detail {

void kronecker_layout::pack(const word* coefficients, word* packed) const {
  std::fill(packed, packed + words, word{0});
  for (std::size_t j = 0; j < d1; ++j) {
    const std::size_t bit = j * slot_bits, at = bit / 64, shift = bit % 64;
    packed[at] |= coefficients[j] << shift;
    if (shift + base_bits > 64) packed[at + 1] |= coefficients[j] >> (64 - shift);
  }
}

void kronecker_layout::unpack_product(const word* packed, u128* slots) const {
  const word mask = low_bits_mask(slot_bits);
  for (std::size_t k = 0; k < 2 * d1 - 1; ++k) {
    const std::size_t bit = k * slot_bits, at = bit / 64, shift = bit % 64;
    word value = packed[at] >> shift;
    // A slot ends below bit 2·d1·S ≤ 128·words, so the next word exists when the slot reaches it.
    if (shift + slot_bits > 64) value |= packed[at + 1] << (64 - shift);
    slots[k] = value & mask;
  }
}

template <std::size_t W>
ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed(const word* x, const word* y, word* out) {
  carryless_schoolbook_inline<W>(x, y, out);
}

template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<1>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<2>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<3>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<4>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<5>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<6>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<7>(const word*, const word*, word*);
template ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed<8>(const word*, const word*, word*);

namespace {

// Karatsuba's split of m coefficients into h = ⌊m/2⌋ and m − h, as in kronecker_bivariate_product.
std::size_t scratch_for(std::size_t m, std::size_t w) {
  if (m <= 6) return 0;
  const std::size_t h = m / 2, high = m - h;
  const std::size_t own = 2 * high * w + (2 * h - 1) * 2 * w + 2 * (2 * high - 1) * 2 * w;
  return own + std::max(scratch_for(h, w), scratch_for(high, w));
}

template <std::size_t W>
ON2_PCLMUL_CAPABLE void bivariate_product(const word* x, const word* y, std::size_t m, word* out,
                                          word* scratch) {
  constexpr std::size_t product_words = 2 * W;
  if (m <= 6) {
    for (std::size_t i = 0; i < m; ++i) {
      if (all_zero(x + i * W, W)) continue;
      for (std::size_t k = 0; k < m; ++k) {
        carryless_schoolbook_inline<W>(x + i * W, y + k * W, out + (i + k) * product_words);
      }
    }
    return;
  }
  const std::size_t h = m / 2, high = m - h;
  const std::size_t low_size = (2 * h - 1) * product_words;
  const std::size_t high_size = (2 * high - 1) * product_words;
  word* sum_x = scratch;
  word* sum_y = sum_x + high * W;
  word* low = sum_y + high * W;
  word* top = low + low_size;
  word* middle = top + high_size;
  word* rest = middle + high_size;
  std::copy(x + h * W, x + m * W, sum_x);
  std::copy(y + h * W, y + m * W, sum_y);
  xor_into(sum_x, x, h * W);
  xor_into(sum_y, y, h * W);
  std::fill(low, rest, word{0});
  bivariate_product<W>(x, y, h, low, rest);
  bivariate_product<W>(x + h * W, y + h * W, high, top, rest);
  bivariate_product<W>(sum_x, sum_y, high, middle, rest);
  xor_into(middle, low, low_size);
  xor_into(middle, top, high_size);
  xor_into(out, low, low_size);
  xor_into(out + h * product_words, middle, high_size);
  xor_into(out + 2 * h * product_words, top, high_size);
}

}  // namespace

std::size_t kronecker_scratch_words(const kronecker_layout& layout, std::size_t m) {
  return bivariate_scratch_words(layout.words, m);
}

ON2_PCLMUL_CAPABLE void kronecker_bivariate_product(const kronecker_layout& layout, const word* x,
                                                    const word* y, std::size_t m, word* out,
                                                    word* scratch) {
  bivariate_carryless_product(layout.words, x, y, m, out, scratch);
}

std::size_t bivariate_scratch_words(std::size_t words, std::size_t m) {
  return scratch_for(m, words);
}

ON2_PCLMUL_CAPABLE void bivariate_carryless_product(std::size_t words, const word* x, const word* y,
                                                    std::size_t m, word* out, word* scratch) {
  switch (words) {
    case 1:
      return bivariate_product<1>(x, y, m, out, scratch);
    case 2:
      return bivariate_product<2>(x, y, m, out, scratch);
    case 3:
      return bivariate_product<3>(x, y, m, out, scratch);
    case 4:
      return bivariate_product<4>(x, y, m, out, scratch);
    case 5:
      return bivariate_product<5>(x, y, m, out, scratch);
    case 6:
      return bivariate_product<6>(x, y, m, out, scratch);
    case 7:
      return bivariate_product<7>(x, y, m, out, scratch);
    case 8:
      return bivariate_product<8>(x, y, m, out, scratch);
    case 9:
      return bivariate_product<9>(x, y, m, out, scratch);
    case 10:
      return bivariate_product<10>(x, y, m, out, scratch);
    case 11:
      return bivariate_product<11>(x, y, m, out, scratch);
    default:
      return bivariate_product<12>(x, y, m, out, scratch);
  }
}

}  // namespace cas::detail
