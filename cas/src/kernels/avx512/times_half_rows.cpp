// "Times H" on rows of limbs in memory, and the leaf's x ⊗ H of a whole array
// (wide_leaf::times_half_limbs); the design is in limb_recursion_avx512.cpp.
#include "kernels/avx512/times_half.hpp"
#include "kernels/avx512/transposes.hpp"
#include "kernels/avx512/wide_leaf.hpp"

namespace cas::detail::avx512 {
namespace {

// x ⊗ H on 8R/W rows of W < 8 values (8R limbs, row-major) in R registers.
template <unsigned R, unsigned W>
ON2_AVX512_INLINE void times_half_in_registers(const limb* x, limb* out, __m512i modulus) {
  __m512i v[R], r[R];
  for (unsigned i = 0; i < R; ++i) v[i] = load(x + 8 * i);
  times_half_vertical<R, 8 / W, W>(v, r, modulus);
  for (unsigned i = 0; i < R; ++i) store(out + 8 * i, r[i]);
}

// Narrow rows of 8 to 64 limbs in all (max_narrow_limbs) stay in registers.
constexpr std::size_t max_narrow_limbs = 64;

template <unsigned W>
ON2_AVX512_INLINE void times_half_narrow(const limb* x, limb* out, std::size_t limbs,
                                         __m512i modulus) {
  switch (limbs) {
    case 8:
      return times_half_in_registers<1, W>(x, out, modulus);
    case 16:
      return times_half_in_registers<2, W>(x, out, modulus);
    case 32:
      return times_half_in_registers<4, W>(x, out, modulus);
    default:
      return times_half_in_registers<8, W>(x, out, modulus);
  }
}

// out = x ⊗ H on one column of R rows (`width` limbs apart), a single value of R limbs: gathered
// eight limbs to a register, so that all eight lanes work (times_half_in_registers' layout),
// where a pass of the rows would use one lane. Interpolation widths are powers of three, and 9
// and 81 leave one column after the groups of eight.
template <unsigned R>
ON2_AVX512_INLINE void times_half_single_column(const limb* x, limb* out, std::size_t width,
                                                __m512i modulus) {
  const __m512i rows = row_offsets(width);
  const auto* from = reinterpret_cast<const long long*>(x);
  auto* to = reinterpret_cast<long long*>(out);
  __m512i v[R / 8], r[R / 8];
  for (unsigned i = 0; i < R / 8; ++i) {
    v[i] = _mm512_i64gather_epi64(rows, from + 8 * i * width, 8);
  }
  times_half_vertical<R / 8, 8, 1>(v, r, modulus);
  for (unsigned i = 0; i < R / 8; ++i) _mm512_i64scatter_epi64(to + 8 * i * width, rows, r[i], 8);
}

// out = x ⊗ H on R rows of `width` values, eight columns per pass through registers (R = 32
// spills some, to the level-1 cache).
template <unsigned R>
ON2_AVX512_INLINE void times_half_columns(const limb* x, limb* out, std::size_t width,
                                          __m512i modulus) {
  __m512i v[R], r[R];
  std::size_t c = 0;
  for (; c + 8 <= width; c += 8) {
    for (unsigned i = 0; i < R; ++i) v[i] = load(x + i * width + c);
    times_half_vertical<R>(v, r, modulus);
    for (unsigned i = 0; i < R; ++i) store(out + i * width + c, r[i]);
  }
  if constexpr (R % 8 == 0) {
    if (c + 1 == width) return times_half_single_column<R>(x + c, out + c, width, modulus);
  }
  if (c < width) {
    const __mmask8 lanes = first_lanes(width - c);
    for (unsigned i = 0; i < R; ++i) v[i] = _mm512_maskz_loadu_epi64(lanes, x + i * width + c);
    times_half_vertical<R>(v, r, modulus);
    for (unsigned i = 0; i < R; ++i) _mm512_mask_storeu_epi64(out + i * width + c, lanes, r[i]);
  }
}

}  // namespace

ON2_AVX512_TARGET void times_half_rows(const limb* x, limb* out, std::size_t rows,
                                       std::size_t width, limb* scratch, __m512i modulus) {
  const std::size_t limbs = rows * width;
  if (width < 8 && limbs >= 8 && limbs <= max_narrow_limbs) {
    if (width == 1) return times_half_narrow<1>(x, out, limbs, modulus);
    if (width == 2) return times_half_narrow<2>(x, out, limbs, modulus);
    return times_half_narrow<4>(x, out, limbs, modulus);
  }
  if (width == 1 && rows < 8) {  // one register, partly (a masked load waits for any store)
    const __mmask8 lanes = first_lanes(rows);
    const __m512i v = _mm512_maskz_loadu_epi64(lanes, x);
    const __m512i r = rows == 4   ? times_half_blocks<4>(v, modulus)
                      : rows == 2 ? times_half_blocks<2>(v, modulus)
                                  : times_half_blocks<1>(v, modulus);
    return _mm512_mask_storeu_epi64(out, lanes, r);
  }
  switch (rows) {
    case 1:
      return times_half_columns<1>(x, out, width, modulus);
    case 2:
      return times_half_columns<2>(x, out, width, modulus);
    case 4:
      return times_half_columns<4>(x, out, width, modulus);
    case 8:
      return times_half_columns<8>(x, out, width, modulus);
    case 32:  // five levels per pass instead of three: faster products and squares (benchmarks.md)
      return times_half_columns<32>(x, out, width, modulus);
    default:
      break;
  }
  const std::size_t half = rows / 2 * width;
  xor_words(x, x + half, scratch, half);
  times_half_rows(scratch, out + half, rows / 2, width, scratch + half, modulus);  // (x0 ⊕ x1) ⊗ H'
  times_half_rows(x + half, scratch, rows / 2, width, scratch + half, modulus);  // x1 ⊗ H'
  times_half_rows(scratch, out, rows / 2, width, scratch + half, modulus);  // (x1 ⊗ H') ⊗ H'
}

namespace {

bool times_half_in_place(std::size_t rows, std::size_t width) {
  return width >= 8 || rows <= 8 || rows * width <= max_narrow_limbs;
}

}  // namespace

std::size_t times_half_wide_scratch(std::size_t rows, std::size_t width) {
  if (times_half_in_place(rows, width)) return rows * width;
  const std::size_t wider = times_half_wide_scratch(rows / 2, 2 * width);
  const std::size_t same = times_half_wide_scratch(rows / 2, width);
  return 2 * rows * width + (wider > same ? wider : same);
}

ON2_AVX512_TARGET void times_half_wide(const limb* x, limb* out, std::size_t rows,
                                       std::size_t width, limb* scratch, __m512i modulus) {
  if (times_half_in_place(rows, width)) {
    return times_half_rows(x, out, rows, width, scratch, modulus);
  }
  std::size_t count = rows / 2 * width;    // a half's limbs, a multiple of 8
  limb* pairs = scratch;                   // row r: x1[r], then x0[r] ⊕ x1[r]
  limb* results = scratch + rows * width;  // row r: x1[r] ⊗ H', then (x0 ⊕ x1)[r] ⊗ H'
  limb* rest = results + rows * width;
  const interleaving& order = interleaving_of(width);
  for (std::size_t i = 0; i < count; i += 8) {
    const __m512i x1 = load(x + count + i);
    order.interleave(x1, _mm512_xor_si512(load(x + i), x1), pairs + 2 * i);
  }
  // Each round: out's high half gets (x0 ⊕ x1) ⊗ H', and x becomes y = x1 ⊗ H' for its low
  // half. y is paired for the next round in the pass that separates the results.
  for (;;) {
    const std::size_t half = rows / 2;
    times_half_wide(pairs, results, half, 2 * width, rest, modulus);
    limb* high = out + count;
    if (times_half_in_place(half, width)) {
      limb* y = pairs;  // the pairs are no longer needed
      for (std::size_t i = 0; i < count; i += 8) order.separate(results + 2 * i, y + i, high + i);
      return times_half_rows(y, out, half, width, rest, modulus);
    }
    const std::size_t quarter = count / 2;  // results: y0 in its first count limbs, y1 after
    for (std::size_t i = 0; i < quarter; i += 8) {
      __m512i y0, high0, y1, high1;
      order.split(results + 2 * i, y0, high0);
      order.split(results + count + 2 * i, y1, high1);
      store(high + i, high0);
      store(high + quarter + i, high1);
      order.interleave(y1, _mm512_xor_si512(y0, y1), pairs + 2 * i);
    }
    rows = half;
    count = quarter;
  }
}

// out = x ⊗ H (n limbs, leaf basis): 8 to 64 limbs in registers, more by times_half_wide;
// false below eight (the caller's recursion).
ON2_AVX512_TARGET bool wide_leaf::times_half_limbs(const limb* x, limb* out, std::size_t n) const {
  if (n < 8) return false;
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  if (n <= max_narrow_limbs) {
    times_half_narrow<1>(x, out, n, modulus);
    return true;
  }
  thread_local growing_buffer scratch;
  times_half_wide(x, out, n, 1, scratch.at_least(times_half_wide_scratch(n, 1)), modulus);
  return true;
}

}  // namespace cas::detail::avx512
