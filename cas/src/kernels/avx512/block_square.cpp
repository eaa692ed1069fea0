// The square and the square times H of a block of 16 to 2^16 limbs by levels, in AVX-512
// registers (wide_leaf's batched_square; the design is in limb_recursion_avx512.cpp).
#include "kernels/avx512/interpolation_levels.hpp"
#include "kernels/avx512/times_half.hpp"
#include "kernels/avx512/transposes.hpp"
#include "kernels/avx512/wide_leaf.hpp"

namespace cas::detail::avx512 {
namespace {

// Squares run level by level up to this size (2^22 bits), and split by the recursion above.
constexpr std::size_t max_batched_square_limbs = std::size_t{1} << 16;

// The square (Kind square) or the square times H (Kind square_times_half) of 2^L limbs x
// (natural order) in every lane, by the recursion a^2 = (a0^2 ⊕ a1^2 ⊗ H') + a1^2·F and
// a^2 ⊗ H = (q1 ⊗ H') + (q0 ⊕ q1 ⊕ q1 ⊗ H')·F with q_i = a_i^2 ⊗ H' (limb_recursion).
template <level_kind Kind, unsigned L>
ON2_AVX512_INLINE void square_vertical(__m512i* x, __m512i barrett, __m512i modulus) {
  if constexpr (L == 0) {
    const __m512i square = multiply_mod(x[0], x[0], barrett, modulus);
    x[0] = Kind == level_kind::square ? square : detail::times_half(square, modulus);
  } else {
    constexpr unsigned h = 1u << (L - 1);
    square_vertical<Kind, L - 1>(x, barrett, modulus);
    square_vertical<Kind, L - 1>(x + h, barrett, modulus);
    __m512i high_times_half[h];
    times_half_vertical<h>(x + h, high_times_half, modulus);
    for (unsigned i = 0; i < h; ++i) {
      if constexpr (Kind == level_kind::square) {
        x[i] = _mm512_xor_si512(x[i], high_times_half[i]);
      } else {
        const __m512i q0 = x[i];
        x[i] = high_times_half[i];
        x[h + i] = _mm512_ternarylogic_epi64(q0, x[h + i], high_times_half[i], 0x96);
      }
    }
  }
}

// The squares by levels, first five levels: eight 32-limb blocks, lanes of the bit-reversed
// values (a limb at position k of block c sits at row rev(k), column c, rows `columns` apart),
// into the level-5 state (row k, natural order).
constexpr std::size_t square_register_rows = 32;
template <level_kind Kind>
ON2_AVX512_INLINE void square_columns(const limb* values, limb* out, std::size_t columns,
                                      __m512i barrett, __m512i modulus) {
  __m512i x[square_register_rows];
  for (unsigned k = 0; k < square_register_rows; ++k) {
    x[k] = load(values + reversed_index(k, 5) * columns);
  }
  square_vertical<Kind, 5>(x, barrett, modulus);
  for (unsigned k = 0; k < square_register_rows; ++k) store(out + k * columns, x[k]);
}

// Rows of 2·width words, each a row of a then a row of b, split into a and b (count words each,
// a multiple of 8); a may be null, where the low halves are read in place (add_low_rows).
ON2_AVX512_TARGET void separate_rows(const limb* merged, limb* a, limb* b, std::size_t count,
                                     std::size_t width) {
  if (width >= 8) {
    for (std::size_t r = 0; r < count; r += width) {
      if (a != nullptr) copy_words(merged + 2 * r, a + r, width);
      copy_words(merged + 2 * r + width, b + r, width);
    }
    return;
  }
  const interleaving& order = interleaving_of(width);
  for (std::size_t i = 0; i < count; i += 8) {
    __m512i low, high;
    order.split(merged + 2 * i, low, high);
    if (a != nullptr) store(a + i, low);
    store(b + i, high);
  }
}

ON2_AVX512_INLINE __m512i low_sum(__m512i low, const limb* addend, const limb* second_addend) {
  const __m512i first = _mm512_xor_si512(low, load(addend));
  return second_addend == nullptr ? first : _mm512_xor_si512(first, load(second_addend));
}

// out = the low halves of rows of 2·width words (as separate_rows' a) ⊕ addend (⊕ second_addend
// unless null), read where they lie instead of copied out first.
ON2_AVX512_TARGET void add_low_rows(const limb* merged, const limb* addend,
                                    const limb* second_addend, limb* out, std::size_t count,
                                    std::size_t width) {
  if (width >= 8) {  // a power of two, so whole registers
    for (std::size_t r = 0; r < count; r += width) {
      for (std::size_t i = 0; i < width; i += 8) {
        const std::size_t k = r + i;
        store(out + k, low_sum(load(merged + 2 * r + i), addend + k,
                               second_addend == nullptr ? nullptr : second_addend + k));
      }
    }
    return;
  }
  const interleaving& order = interleaving_of(width);
  for (std::size_t i = 0; i < count; i += 8) {
    __m512i low, high;
    order.split(merged + 2 * i, low, high);
    store(out + i,
          low_sum(low, addend + i, second_addend == nullptr ? nullptr : second_addend + i));
  }
}

// The workspace of the squares by levels on this thread (both kinds share it).
growing_buffer& square_workspace() {
  thread_local growing_buffer workspace;
  return workspace;
}

}  // namespace

ON2_AVX512_TARGET bool wide_leaf::batched_square(const limb* a, limb* out, std::size_t n) const {
  return squares_by_levels<level_kind::square>(a, out, n);
}

ON2_AVX512_TARGET bool wide_leaf::batched_square_times_half(const limb* a, limb* out,
                                                            std::size_t n) const {
  return squares_by_levels<level_kind::square_times_half>(a, out, n);
}

template <level_kind Kind>
ON2_AVX512_TARGET bool wide_leaf::squares_by_levels(const limb* a, limb* out, std::size_t n) const {
  if (n < 16 || n > max_batched_square_limbs) return false;
  growing_buffer& workspace = square_workspace();
  std::size_t scratch_limbs = 0;
  for (std::size_t rows = 1; rows < n; rows *= 2) {
    const std::size_t need = times_half_wide_scratch(rows, n / (2 * rows));
    scratch_limbs = need > scratch_limbs ? need : scratch_limbs;
  }
  limb* values = workspace.at_least(7 * n + scratch_limbs);
  limb *other = values + n, *gathered = other + n, *times_h = gathered + n;
  limb *kept_times_h = times_h + n, *paired = kept_times_h + n;
  limb* scratch = paired + n;  // n / 2 for a paired level's results, then times_half_wide's
  bool kept = false;           // kept_times_h holds the last level's high ⊗ H
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  reverse_bits(a, values, n);
  std::size_t first_rows = 1;
  if (n >= 8 * square_register_rows) {
    // The first five levels in registers, a 32-limb block per lane (square_columns).
    const std::size_t columns = n / square_register_rows;
    for (std::size_t c = 0; c < columns; c += 8) {
      square_columns<Kind>(values + c, other + c, columns, barrett, modulus);
    }
    first_rows = square_register_rows;
    limb* const swap = values;
    values = other;
    other = swap;
  } else {
    for (std::size_t i = 0; i < n; i += 8) {  // each limb's square (times H), level 0
      __m512i v[1] = {load(values + i)};
      square_vertical<Kind, 0>(v, barrett, modulus);
      store(values + i, v[0]);
    }
  }
  for (std::size_t rows = first_rows; rows < n; rows *= 2) {
    const std::size_t width = n / (2 * rows), count = rows * width;
    limb* next = rows * 2 == n ? out : other;
    if (rows <= max_register_rows && width >= 8) {
      combine_rows_in_registers<Kind>(values, next, rows, width, modulus);
    } else if constexpr (Kind == level_kind::square) {
      // The high halves go straight to next's high rows, where they stay; the low halves are
      // read where they are, by the last step.
      limb* high = next + count;
      separate_rows(values, nullptr, high, count, width);
      if (kept) {
        // A high block x = (x0, x1) has x ⊗ H = ((x1 ⊗ H') ⊗ H', (x0 ⊕ x1) ⊗ H'), and x1 ⊗ H'
        // was the last level's (x1 was its high block): two of the three H' products, side by
        // side in one call, rows of [x1 ⊗ H' | x0 ⊕ x1].
        const std::size_t half = rows / 2, half_count = count / 2;
        if (width >= 8) {
          for (std::size_t r = 0; r < half; ++r) {
            copy_words(kept_times_h + (2 * r + 1) * width, paired + 2 * r * width, width);
            xor_words(high + r * width, high + (half + r) * width, paired + (2 * r + 1) * width,
                      width);
          }
        } else {  // narrow rows, eight words at a time through the interleavings
          const interleaving& order = interleaving_of(width);
          // At 16 limbs a half has four words, half a register: the loads stop at its end
          // (the high rows of the last level end where out does).
          const __mmask8 lanes = half_count >= 8 ? 0xff : first_lanes(half_count);
          const __mmask8 second_kept_lanes = half_count >= 8 ? 0xff : 0;
          for (std::size_t i = 0; i < half_count; i += 8) {
            const __m512i x1_times_half = _mm512_permutex2var_epi64(
                load(kept_times_h + 2 * i), order.odds,
                _mm512_maskz_loadu_epi64(second_kept_lanes, kept_times_h + 2 * i + 8));
            const __m512i sum =
                _mm512_xor_si512(_mm512_maskz_loadu_epi64(lanes, high + i),
                                 _mm512_maskz_loadu_epi64(lanes, high + half_count + i));
            order.interleave(x1_times_half, sum, paired + 2 * i);
          }
        }
        times_half_wide(paired, scratch, half, 2 * width, scratch + count, modulus);
        separate_rows(scratch, times_h, times_h + count / 2, count / 2, width);
      } else {
        times_half_wide(high, times_h, rows, width, scratch, modulus);
      }
      add_low_rows(values, times_h, nullptr, next, count, width);
      limb* const swap = kept_times_h;
      kept_times_h = times_h;
      times_h = swap;
      kept = true;
    } else {
      limb* high = times_h;
      separate_rows(values, nullptr, high, count, width);
      times_half_wide(high, next, rows, width, scratch, modulus);    // low rows: q1 ⊗ H
      add_low_rows(values, high, next, next + count, count, width);  // q0 ⊕ q1 ⊕ q1 ⊗ H
    }
    other = values;
    values = next;
  }
  return true;
}

}  // namespace cas::detail::avx512
