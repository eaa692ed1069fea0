// The limb recursion with the carry-less leaves batched in AVX-512 registers. A product of
// 16 to 1024 limbs is one evaluation, one batch of leaf products and one interpolation, instead
// of a recursion whose 3^m leaf products and (m/3)·3^m "times H" steps each touch one limb:
//
// - Evaluation: the Karatsuba step of docs/spec/arithmetic.md §2 needs a0, a1 and a0 ⊕ a1 at each level, so the
//   m levels turn a's 2^m limbs into 3^m values, one per ternary index t = (t_0, …, t_{m−1}):
//   digit t_j picks the half of bit j of the limb index (0 low, 1 high, 2 their sum).
// - Products: the 3^m values of a times those of b, eight at a time (vpclmulqdq).
// - Interpolation: level j (bits below j already combined) turns the three values of digit t_j
//   into two, low = p_0 ⊕ p_1 ⊗ H_j and high = p_2 ⊕ p_0, H_j = 2^(64·2^j − 1) acting on the j
//   combined bits. Stored with t_j above the higher digits, each step is a vector operation on
//   rows of 3^(m−1−j) independent values, and "times H" is the row-wise recursion of
//   limb_recursion::times_half whose leaf (H_6 = x in this basis) is a shift.
//
// For the evaluation to split on bit 0 first, the inputs are read in bit-reversed limb order.
// The lowest three to five evaluation levels, the 3^L products of each column and as many
// interpolation levels run together in registers as one 2^L-limb product per lane, on
// unreduced carry-less products with each level's H moved onto an operand
// (p1 ⊗ H = (a1 ⊗ H)·b1), so 2^L reductions serve 3^L products (multiply_columns); the stored
// evaluation leaves out the sums of the levels above the third. The last levels, where rows get
// narrow, run on transposed columns. Squares run level by level the same way (batched_square),
// the first five in registers, each level keeping its high blocks' x ⊗ H for the next; "times H"
// on narrow rows pairs up its independent halves (times_half_wide). Above 1024 limbs the
// ordinary recursion runs down to these blocks.
//
// Every function here is compiled for AVX-512 and only entered when the CPU has it
// (detail::avx512_batch_supported()); the unit instantiates no standard-library templates.
#include <cstring>

#include "kernels/avx512/avx512_clmul.hpp"
#include "kernels/clmul_leaf.hpp"

namespace cas::detail {
namespace {

constexpr std::size_t min_batched_limbs = 16;
constexpr std::size_t max_batched_limbs = 1024;
// Squares run level by level up to this size (2^22 bits), and split by the recursion above.
constexpr std::size_t max_batched_square_limbs = std::size_t{1} << 16;
// Interpolation levels run on rows of at least this many values (rows of 9 fill one register and
// an eighth of another, and still beat 9 columns one at a time by 2%; rows of 3 lose), then on
// transposed columns.
constexpr std::size_t min_row_width = 8;

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

// "Times H" on every block of S lanes of v, S = 1, 2, 4, 8: H_k = 2^(64·S − 1), by
// x ⊗ H_k = ((x1 ⊗ H') ⊗ H', (x0 ⊕ x1) ⊗ H') (limb_recursion::times_half). A block's limbs are
// Stride lanes apart (S·Stride ≤ 8): rows of Stride independent values, one row per limb.
template <unsigned S, unsigned Stride = 1>
ON2_AVX512_INLINE __m512i times_half_blocks(__m512i v, __m512i modulus) {
  if constexpr (S == 1) {
    return times_half(v, modulus);
  } else {
    constexpr unsigned k = S / 2 * Stride;
    // Lane i ↔ lane i ^ k swaps the halves of each block; high halves are the lanes with bit k.
    const __m512i swap = _mm512_set_epi64(7 ^ k, 6 ^ k, 5 ^ k, 4 ^ k, 3 ^ k, 2 ^ k, 1 ^ k, 0 ^ k);
    constexpr auto high = static_cast<__mmask8>(k == 1 ? 0xaa : k == 2 ? 0xcc : 0xf0);
    const __m512i swapped = _mm512_permutexvar_epi64(swap, v);
    // low halves ← x1, high halves ← x0 ⊕ x1
    const __m512i y = _mm512_mask_xor_epi64(swapped, high, swapped, v);
    const __m512i z = times_half_blocks<S / 2, Stride>(y, modulus);
    return _mm512_mask_mov_epi64(z, static_cast<__mmask8>(~high),
                                 times_half_blocks<S / 2, Stride>(z, modulus));
  }
}

ON2_AVX512_INLINE __m512i lanes_xor(__m512i v, unsigned k) {  // v[i] ⊕ v[i ^ k]
  const __m512i swap = _mm512_set_epi64(7 ^ k, 6 ^ k, 5 ^ k, 4 ^ k, 3 ^ k, 2 ^ k, 1 ^ k, 0 ^ k);
  return _mm512_xor_si512(v, _mm512_permutexvar_epi64(swap, v));
}

// The nine values of a two-level evaluation of four limbs w0..w3 (lanes 4g..4g+3 of v, with
// v ⊕ swap(v) over lane bits 0, 1 and both precomputed): w0, w1, w0⊕w1, w2, w3, w2⊕w3, w0⊕w2,
// w1⊕w3, w0⊕w1⊕w2⊕w3.
ON2_AVX512_INLINE void store_nine(__m512i v, __m512i sum1, __m512i sum2, __m512i sum3, unsigned g,
                                  limb* out) {
  const long long o = 4 * g;
  // from (v, sum1): lanes 0–5; from (sum2, sum3): lanes 6, 7
  const __m512i first = _mm512_permutex2var_epi64(
      v, _mm512_set_epi64(0, 0, 8 + o + 2, o + 3, o + 2, 8 + o, o + 1, o), sum1);
  const __m512i last =
      _mm512_permutex2var_epi64(sum2, _mm512_set_epi64(o + 1, o, 0, 0, 0, 0, 0, 0), sum3);
  _mm512_storeu_si512(out, _mm512_mask_blend_epi64(0xc0, first, last));
  _mm512_mask_storeu_epi64(out + 8 - o, static_cast<__mmask8>(1u << o), sum3);  // lane o → out[8]
}

// The 27 values of the evaluation of eight limbs (bit-reversed order), in registers: lanes 0–3
// and 4–7 are the halves split on first, and their sum is the third group of nine.
ON2_AVX512_INLINE void evaluate8(const limb* x, limb* out) {
  const __m512i v = load(x);
  const __m512i halves_sum = lanes_xor(v, 4);
  const __m512i sum1 = lanes_xor(v, 1), sum2 = lanes_xor(v, 2), sum3 = lanes_xor(sum1, 2);
  store_nine(v, sum1, sum2, sum3, 0, out);
  store_nine(v, sum1, sum2, sum3, 1, out + 9);
  const __m512i h1 = lanes_xor(halves_sum, 1), h2 = lanes_xor(halves_sum, 2);
  store_nine(halves_sum, h1, h2, lanes_xor(h1, 2), 0, out + 18);
}

// "Times H" on R rows held in R registers, the same recursion over whole registers. Each lane
// is a separate column (S = 1), or each register holds S rows of Stride columns (S·Stride = 8).
template <unsigned R, unsigned S = 1, unsigned Stride = 1>
ON2_AVX512_INLINE void times_half_vertical(const __m512i* x, __m512i* out, __m512i modulus) {
  if constexpr (R == 1) {
    out[0] = times_half_blocks<S, Stride>(x[0], modulus);
  } else {
    constexpr unsigned h = R / 2;
    __m512i sum[h], high_times_half[h];
    for (unsigned i = 0; i < h; ++i) sum[i] = _mm512_xor_si512(x[i], x[h + i]);
    times_half_vertical<h, S, Stride>(sum, out + h, modulus);
    times_half_vertical<h, S, Stride>(x + h, high_times_half, modulus);
    times_half_vertical<h, S, Stride>(high_times_half, out, modulus);
  }
}

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

// The offsets 0, stride, …, 7·stride, to gather or scatter eight limbs of a column.
ON2_AVX512_INLINE __m512i row_offsets(std::size_t stride) {
  return _mm512_mul_epu32(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
                          _mm512_set1_epi64(static_cast<long long>(stride)));
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

// What one level of an interpolation combines (combine_rows_step).
enum class level_kind { product, square, square_times_half };
constexpr unsigned values_per_row(level_kind kind) {
  return kind == level_kind::product ? 3 : 2;
}

// A level's low and high results (combine_rows_step lists them) from p_0, p_1, p_1 ⊗ H and,
// for a product, p_2.
struct level_results {
  __m512i low, high;
};
template <level_kind Kind>
ON2_AVX512_INLINE level_results combine_values(__m512i p0, __m512i p1, __m512i p1_times_half,
                                               __m512i p2) {
  if constexpr (Kind == level_kind::product) {
    return {_mm512_xor_si512(p0, p1_times_half), _mm512_xor_si512(p2, p0)};
  } else if constexpr (Kind == level_kind::square) {
    return {_mm512_xor_si512(p0, p1_times_half), p1};
  } else {
    return {p1_times_half, _mm512_ternarylogic_epi64(p0, p1, p1_times_half, 0x96)};
  }
}

// One level on R rows in one pass, eight columns at a time through registers.
// - A product's interpolation: values holds R × 3 rows (p_0, p_1, p_2 of each combined-bits row)
//   of `width` values, and next gets the R low rows p_0 ⊕ p_1 ⊗ H, then the R high rows p_2 ⊕ p_0.
// - A square: R × 2 rows (the squares of the low and the high half), and next gets
//   low ⊕ high ⊗ H, then high unchanged (a^2 = a1^2·F ⊕ a1^2 ⊗ H ⊕ a0^2).
// - A square times H: R × 2 rows (q0, q1: the halves' squares times their H), and next gets
//   q1 ⊗ H, then q0 ⊕ q1 ⊕ q1 ⊗ H (limb_recursion::square_times_half).
template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_rows_step(const limb* values, limb* next, std::size_t width,
                                         std::size_t c, __mmask8 lanes, __m512i modulus) {
  constexpr unsigned v = values_per_row(Kind);
  __m512i p1[R], product[R];
  for (unsigned i = 0; i < R; ++i) {
    p1[i] = _mm512_maskz_loadu_epi64(lanes, values + (v * i + 1) * width + c);
  }
  times_half_vertical<R>(p1, product, modulus);
  for (unsigned i = 0; i < R; ++i) {
    const __m512i p0 = _mm512_maskz_loadu_epi64(lanes, values + v * i * width + c);
    const __m512i p2 = Kind == level_kind::product
                           ? _mm512_maskz_loadu_epi64(lanes, values + (v * i + 2) * width + c)
                           : p0;
    const level_results r = combine_values<Kind>(p0, p1[i], product[i], p2);
    _mm512_mask_storeu_epi64(next + i * width + c, lanes, r.low);
    _mm512_mask_storeu_epi64(next + (R + i) * width + c, lanes, r.high);
  }
}

// combine_rows_step on the last column alone (c = width − 1), its R rows gathered eight to a
// register as in times_half_single_column.
template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_single_column(const limb* values, limb* next, std::size_t width,
                                             std::size_t c, __m512i modulus) {
  constexpr unsigned v = values_per_row(Kind);
  const __m512i value_rows = row_offsets(v * width), next_rows = row_offsets(width);
  const auto* from = reinterpret_cast<const long long*>(values + c);
  auto* to = reinterpret_cast<long long*>(next + c);
  __m512i p1[R / 8], product[R / 8];
  for (unsigned i = 0; i < R / 8; ++i) {
    p1[i] = _mm512_i64gather_epi64(value_rows, from + (8 * i * v + 1) * width, 8);
  }
  times_half_vertical<R / 8, 8, 1>(p1, product, modulus);
  for (unsigned i = 0; i < R / 8; ++i) {
    const __m512i p0 = _mm512_i64gather_epi64(value_rows, from + 8 * i * v * width, 8);
    const __m512i p2 = Kind == level_kind::product
                           ? _mm512_i64gather_epi64(value_rows, from + (8 * i * v + 2) * width, 8)
                           : p0;
    const level_results r = combine_values<Kind>(p0, p1[i], product[i], p2);
    _mm512_i64scatter_epi64(to + 8 * i * width, next_rows, r.low, 8);
    _mm512_i64scatter_epi64(to + (R + 8 * i) * width, next_rows, r.high, 8);
  }
}

template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_rows(const limb* values, limb* next, std::size_t width,
                                    __m512i modulus) {
  std::size_t c = 0;
  for (; c + 8 <= width; c += 8) {
    combine_rows_step<R, Kind>(values, next, width, c, 0xff, modulus);
  }
  if constexpr (R % 8 == 0) {
    if (c + 1 == width) return combine_single_column<R, Kind>(values, next, width, c, modulus);
  }
  if (c < width) {
    combine_rows_step<R, Kind>(values, next, width, c, first_lanes(width - c), modulus);
  }
}

// The product of two values of 2^L limbs (row i of a, b: limb i) in every lane, unreduced: the
// Karatsuba step of docs/spec/arithmetic.md §2 with the reduction left to the end (it is linear) and
// p1 ⊗ H' = (a1 ⊗ H')·b1, so every level is XORs of 128-bit products. Each level's products
// and XORs alternate, so the carry-less port and the shift/XOR port both have work.
template <unsigned L>
ON2_AVX512_INLINE void unreduced_product(const __m512i* a, const __m512i* b, lane_products* out,
                                         __m512i modulus) {
  if constexpr (L == 0) {
    out[0] = carryless_products(a[0], b[0]);
  } else {
    constexpr unsigned h = 1u << (L - 1);
    __m512i a1_times_half[h], a_sum[h], b_sum[h];
    times_half_vertical<h>(a + h, a1_times_half, modulus);
    for (unsigned i = 0; i < h; ++i) {
      a_sum[i] = _mm512_xor_si512(a[i], a[h + i]);
      b_sum[i] = _mm512_xor_si512(b[i], b[h + i]);
    }
    lane_products p0[h], p1[h], p2[h];
    unreduced_product<L - 1>(a, b, p0, modulus);
    unreduced_product<L - 1>(a1_times_half, b + h, p1, modulus);
    unreduced_product<L - 1>(a_sum, b_sum, p2, modulus);
    for (unsigned i = 0; i < h; ++i) {
      out[i] = xor_products(p0[i], p1[i]);
      out[h + i] = xor_products(p2[i], p0[i]);
    }
  }
}

// The middle of a block product, eight columns at a time: the (8·Parts)-limb products of the
// columns of a and b in registers, on unreduced carry-less products (8·Parts reductions serve
// 27·3^log2(Parts)). A column's limbs are the 8 rows (the lowest three index bits, read in
// bit-reversed order, rows `stride` apart) of each of its Parts parts (the next index bits,
// `part` apart); out gets the 8·Parts limbs in order, rows out_stride apart. With a_addend, the
// first factor is a ⊕ a_addend (evaluations are linear), summed as it is loaded.
template <unsigned Parts, bool SumA>
ON2_AVX512_INLINE void multiply_columns(const limb* a, const limb* a_addend, const limb* b,
                                        std::size_t stride, std::size_t part, limb* out,
                                        std::size_t out_stride, __mmask8 lanes, __m512i barrett,
                                        __m512i modulus) {
  constexpr unsigned part_bits = std::countr_zero(Parts);
  __m512i limbs_a[8 * Parts], limbs_b[8 * Parts];
  for (unsigned k = 0; k < Parts; ++k) {
    for (unsigned r = 0; r < 8; ++r) {
      const std::size_t limb_index = 8 * reversed_index(k, part_bits) + reversed_index(r, 3);
      const std::size_t offset = r * stride + k * part;
      limbs_a[limb_index] = _mm512_maskz_loadu_epi64(lanes, a + offset);
      if constexpr (SumA) {
        limbs_a[limb_index] = _mm512_xor_si512(limbs_a[limb_index],
                                               _mm512_maskz_loadu_epi64(lanes, a_addend + offset));
      }
      limbs_b[limb_index] = _mm512_maskz_loadu_epi64(lanes, b + offset);
    }
  }
  lane_products product[8 * Parts];
  unreduced_product<3 + std::countr_zero(Parts)>(limbs_a, limbs_b, product, modulus);
  for (unsigned r = 0; r < 8 * Parts; ++r) {
    _mm512_mask_storeu_epi64(out + r * out_stride, lanes,
                             reduce_products(product[r], barrett, modulus));
  }
}

// The evaluation of x (s limbs, bit-reversed order) into its 3^log2(s) values.
// Parts of 1, 2 or 4 limbs (blocks of 16 to 64 limbs), one limb at a time and without calls:
// vector stores of a limb or two, read back at once, would stall on store forwarding.
void evaluate_small(const limb* x, std::size_t s, limb* out) {
  const auto two = [](limb x0, limb x1, limb* to) {  // the evaluation of two limbs
    to[0] = x0;
    to[1] = x1;
    to[2] = x0 ^ x1;
  };
  if (s == 1) {
    out[0] = x[0];
  } else if (s == 2) {
    two(x[0], x[1], out);
  } else {
    two(x[0], x[1], out);
    two(x[2], x[3], out + 3);
    two(x[0] ^ x[2], x[1] ^ x[3], out + 6);
  }
}

ON2_AVX512_TARGET void evaluate(const limb* x, std::size_t s, limb* out, limb* scratch) {
  if (s == 8) return evaluate8(x, out);
  if (s < 8) return evaluate_small(x, s, out);
  const std::size_t h = s / 2, third = power_of_three(std::countr_zero(h));
  evaluate(x, h, out, scratch);
  evaluate(x + h, h, out + third, scratch);
  xor_words(x, x + h, scratch, h);
  evaluate(scratch, h, out + 2 * third, scratch + h);
}

// out = x ⊗ H_j row by row: x has 2^j rows of `width` independent values (the bits below j
// index the rows, the highest bit first), scratch takes 2^j·width limbs.
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
    case 32:  // five levels per pass instead of three: 2^20-bit products 2% faster, squares 6%
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

constexpr std::size_t max_register_rows = 32;

template <level_kind Kind>
ON2_AVX512_TARGET void combine_rows_in_registers(const limb* values, limb* next, std::size_t rows,
                                                 std::size_t width, __m512i modulus) {
  switch (rows) {
    case 1:
      return combine_rows<1, Kind>(values, next, width, modulus);
    case 2:
      return combine_rows<2, Kind>(values, next, width, modulus);
    case 4:
      return combine_rows<4, Kind>(values, next, width, modulus);
    case 8:
      return combine_rows<8, Kind>(values, next, width, modulus);
    case 16:
      return combine_rows<16, Kind>(values, next, width, modulus);
    default:
      return combine_rows<32, Kind>(values, next, width, modulus);
  }
}

// Rows of `width` = 1, 2 or 4 values from two arrays side by side: a[0..w), b[0..w), a[w..2w), …
struct interleaving {
  __m512i first, second;  // the two halves of a merge, as vpermt2q indices
  __m512i evens, odds;    // the two arrays back out of 16 merged words
  ON2_AVX512_TARGET explicit interleaving(std::size_t width) {
    alignas(64) long long index[4][8];
    for (unsigned k = 0; k < 16; ++k) {  // merged word k: block k / (2w), offset k % (2w)
      const unsigned block = k / (2 * static_cast<unsigned>(width));
      const unsigned offset = k % (2 * static_cast<unsigned>(width));
      const unsigned from_b = offset >= width ? 8u : 0u;
      const unsigned source =
          block * static_cast<unsigned>(width) + offset % static_cast<unsigned>(width);
      index[k / 8][k % 8] = from_b + source;  // merged word k ← a or b
      index[2 + (from_b != 0)][source] = k;   // a or b word ← merged word k
    }
    first = _mm512_load_si512(index[0]);
    second = _mm512_load_si512(index[1]);
    evens = _mm512_load_si512(index[2]);
    odds = _mm512_load_si512(index[3]);
  }
  // Eight words of each array → 16 merged words.
  ON2_AVX512_TARGET void interleave(__m512i a, __m512i b, limb* out) const {
    store(out, _mm512_permutex2var_epi64(a, first, b));
    store(out + 8, _mm512_permutex2var_epi64(a, second, b));
  }
  // 16 merged words → eight words of each array.
  ON2_AVX512_TARGET void separate(const limb* merged, limb* a, limb* b) const {
    __m512i words_a, words_b;
    split(merged, words_a, words_b);
    store(a, words_a);
    store(b, words_b);
  }
  ON2_AVX512_TARGET void split(const limb* merged, __m512i& a, __m512i& b) const {
    const __m512i low = load(merged), high = load(merged + 8);
    a = _mm512_permutex2var_epi64(low, evens, high);
    b = _mm512_permutex2var_epi64(low, odds, high);
  }
};

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

// The interleavings of widths 1, 2 and 4, built once (building one per call took a quarter of
// times_half_wide's own time).
const interleaving& interleaving_of(std::size_t width) {
  static const interleaving orders[3] = {interleaving(1), interleaving(2), interleaving(4)};
  return orders[width == 1 ? 0 : width == 2 ? 1 : 2];
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

// "Times H" on 2^k rows of fewer than eight values would leave most lanes idle. The recursion
// x ⊗ H = ((x1 ⊗ H') ⊗ H', (x0 ⊕ x1) ⊗ H') applies H' to x1 and to x0 ⊕ x1 independently, so
// those two go side by side as rows twice as wide; only polynomially many of the 3^k leaf
// steps are left at narrow widths. Scratch: times_half_wide_scratch(rows, width) limbs.
bool times_half_in_place(std::size_t rows, std::size_t width) {
  return width >= 8 || rows <= 8 || rows * width <= max_narrow_limbs;
}

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

// out[j] = column j of the 8×8 matrix of limbs whose rows are row[0..7]: pairs of rows
// interleaved, then pairs of 128-bit lanes, then pairs of 256-bit halves.
ON2_AVX512_INLINE void transpose8(const __m512i* row, __m512i* out) {
  __m512i pairs[8], quads[8];
  for (unsigned i = 0; i < 4; ++i) {
    pairs[2 * i] = _mm512_unpacklo_epi64(row[2 * i], row[2 * i + 1]);      // columns 0, 2, 4, 6
    pairs[2 * i + 1] = _mm512_unpackhi_epi64(row[2 * i], row[2 * i + 1]);  // columns 1, 3, 5, 7
  }
  for (unsigned h = 0; h < 2; ++h) {    // rows 0–3, rows 4–7
    for (unsigned k = 0; k < 2; ++k) {  // even columns, odd columns
      const __m512i upper = pairs[4 * h + k], lower = pairs[4 * h + 2 + k];
      quads[4 * h + k] = _mm512_shuffle_i64x2(upper, lower, 0x88);      // columns k, 4 + k
      quads[4 * h + 2 + k] = _mm512_shuffle_i64x2(upper, lower, 0xdd);  // columns 2 + k, 6 + k
    }
  }
  for (unsigned q = 0; q < 4; ++q) {  // quads[q], quads[4 + q]: columns q and 4 + q
    out[q] = _mm512_shuffle_i64x2(quads[q], quads[4 + q], 0x88);
    out[q + 4] = _mm512_shuffle_i64x2(quads[q], quads[4 + q], 0xdd);
  }
}

// out[c·rows + r] = x[r·columns + c]: `rows` (a multiple of 8) rows of `columns` limbs become
// `columns` rows of `rows`, through 8×8 blocks in registers (a limb at a time, the writes
// `rows` limbs apart fell on a few cache sets and took 8% of a 2^16-bit product).
ON2_AVX512_TARGET void transpose(const limb* x, limb* out, std::size_t rows, std::size_t columns) {
  for (std::size_t r = 0; r < rows; r += 8) {
    for (std::size_t c = 0; c < columns; c += 8) {
      const std::size_t count = columns - c < 8 ? columns - c : 8;
      const __mmask8 lanes = first_lanes(count);
      __m512i block[8], transposed[8];
      for (unsigned i = 0; i < 8; ++i) {
        block[i] = _mm512_maskz_loadu_epi64(lanes, x + (r + i) * columns + c);
      }
      transpose8(block, transposed);
      for (std::size_t j = 0; j < count; ++j) store(out + (c + j) * rows + r, transposed[j]);
    }
  }
}

// Three vectors of n limbs (n a multiple of 8, one after another at x) as n rows of four limbs,
// the fourth zero: out[4i + c] = x[c·n + i]; from_rows_of_four is the way back.
ON2_AVX512_TARGET void to_rows_of_four(const limb* x, limb* out, std::size_t n) {
  const __m512i pairs_low = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0);
  const __m512i pairs_high = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  // from (a_k, b_k pairs in order, c): rows 2j and 2j + 1 of four, lanes 3 and 7 zeroed
  const __m512i rows_01 = _mm512_set_epi64(0, 9, 3, 2, 0, 8, 1, 0);
  const __m512i rows_23 = _mm512_set_epi64(0, 11, 7, 6, 0, 10, 5, 4);
  const __m512i rows_45 = _mm512_set_epi64(0, 13, 3, 2, 0, 12, 1, 0);
  const __m512i rows_67 = _mm512_set_epi64(0, 15, 7, 6, 0, 14, 5, 4);
  for (std::size_t i = 0; i < n; i += 8) {
    const __m512i a = load(x + i), b = load(x + n + i), c = load(x + 2 * n + i);
    const __m512i ab_low = _mm512_permutex2var_epi64(a, pairs_low, b);    // a0 b0 … a3 b3
    const __m512i ab_high = _mm512_permutex2var_epi64(a, pairs_high, b);  // a4 b4 … a7 b7
    limb* to = out + 4 * i;
    store(to, _mm512_maskz_permutex2var_epi64(0x77, ab_low, rows_01, c));
    store(to + 8, _mm512_maskz_permutex2var_epi64(0x77, ab_low, rows_23, c));
    store(to + 16, _mm512_maskz_permutex2var_epi64(0x77, ab_high, rows_45, c));
    store(to + 24, _mm512_maskz_permutex2var_epi64(0x77, ab_high, rows_67, c));
  }
}

ON2_AVX512_TARGET void from_rows_of_four(const limb* x, limb* out, std::size_t n) {
  // lanes c and 4 + c of two registers of rows: column c of four rows, twice
  const __m512i columns_01 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);   // a0–a3, b0–b3
  const __m512i columns_2 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);  // c0–c3, (padding)
  for (std::size_t i = 0; i < n; i += 8) {
    const limb* from = x + 4 * i;
    const __m512i r0 = load(from), r1 = load(from + 8), r2 = load(from + 16), r3 = load(from + 24);
    const __m512i ab_low = _mm512_permutex2var_epi64(r0, columns_01, r1);
    const __m512i ab_high = _mm512_permutex2var_epi64(r2, columns_01, r3);
    const __m512i c_low = _mm512_permutex2var_epi64(r0, columns_2, r1);
    const __m512i c_high = _mm512_permutex2var_epi64(r2, columns_2, r3);
    store(out + i, _mm512_shuffle_i64x2(ab_low, ab_high, 0x44));
    store(out + n + i, _mm512_shuffle_i64x2(ab_low, ab_high, 0xee));
    store(out + 2 * n + i, _mm512_shuffle_i64x2(c_low, c_high, 0x44));
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

// Buffers for one block product, allocated once per thread for the largest block.
struct block_workspace {
  // 3^10 values and a register's worth more, rounded to whole cache lines
  static constexpr std::size_t values =
      (power_of_three(std::countr_zero(max_batched_limbs)) + 8 + 7) / 8 * 8;
  static constexpr std::size_t limbs = max_batched_limbs + 6 * values;
  limb* memory;
  block_workspace() : memory(allocate_limbs(limbs)) {
    std::memset(memory, 0, limbs * sizeof(limb));
  }
  ~block_workspace() { free_limbs(memory); }
  block_workspace(const block_workspace&) = delete;
  block_workspace& operator=(const block_workspace&) = delete;
  limb* reversed() const { return memory; }  // an operand in bit-reversed order
  limb* buffer(std::size_t k) const { return memory + max_batched_limbs + k * values; }
};

// The evaluation of a block of n = 2^m limbs (wide_leaf::evaluate_block): eight rows, one for
// each value of the lowest three index bits, each the evaluations of its parts (the next zero to
// two index bits, whose sums multiply_columns forms), 3^(m−3−log2 parts) values per part. Fewer
// parts for small blocks keep more lanes busy (64-limb products 2.11 -> 0.96 us with one part).
constexpr std::size_t column_parts(std::size_t n) {
  return n >= 512 ? 4 : n >= 128 ? 2 : 1;
}
constexpr std::size_t block_evaluation_limbs(std::size_t n) {
  const unsigned m = static_cast<unsigned>(std::countr_zero(n));
  const std::size_t parts = column_parts(n);
  return 8 * parts * power_of_three(m - 3 - static_cast<unsigned>(std::countr_zero(parts)));
}

// Three block evaluations for each block size, 2^4 to 2^10 limbs, allocated once per thread.
struct evaluation_store {
  static constexpr unsigned min_m = std::countr_zero(min_batched_limbs);
  static constexpr unsigned max_m = std::countr_zero(max_batched_limbs);
  static constexpr std::size_t offset(unsigned m) {  // of the slots for 2^m limbs
    std::size_t limbs = 0;
    for (unsigned k = min_m; k < m; ++k) limbs += 3 * block_evaluation_limbs(std::size_t{1} << k);
    return limbs;
  }
  limb* memory;
  evaluation_store() : memory(allocate_limbs(offset(max_m + 1))) {}
  ~evaluation_store() { free_limbs(memory); }
  evaluation_store(const evaluation_store&) = delete;
  evaluation_store& operator=(const evaluation_store&) = delete;
  limb* slots(std::size_t n) const {
    return memory + offset(static_cast<unsigned>(std::countr_zero(n)));
  }
};

// The workspace of the squares by levels on this thread (both kinds share it).
growing_buffer& square_workspace() {
  thread_local growing_buffer workspace;
  return workspace;
}

// The block workspace of this thread, allocated on first use.
const block_workspace& thread_block_workspace() {
  thread_local const block_workspace workspace;
  return workspace;
}

// From 64 limbs up, 8×8 blocks: read as rows q of eight limbs (i = 8q + r), the eight rows
// q = rev(s)·2^(m−6) + rev(u), s = 0–7, land after a transpose as eight runs of eight: column r
// goes to rev(r)·n/8 + 8u. (One limb at a time took 1 µs of a 2^16-bit square.)
ON2_AVX512_TARGET void reverse_bits(const limb* x, limb* out, std::size_t n) {
  const unsigned m = static_cast<unsigned>(std::countr_zero(n));
  if (m < 6) {
    for (std::size_t i = 0; i < n; ++i) out[reversed_index(i, m)] = x[i];
    return;
  }
  const std::size_t eighth = n / 8, spread = n / 64;
  for (std::size_t u = 0; u < spread; ++u) {
    const std::size_t base = reversed_index(u, m - 6);
    __m512i block[8], transposed[8];
    for (unsigned s = 0; s < 8; ++s)
      block[s] = load(x + 8 * (reversed_index(s, 3) * spread + base));
    transpose8(block, transposed);
    for (unsigned r = 0; r < 8; ++r)
      store(out + reversed_index(r, 3) * eighth + 8 * u, transposed[r]);
  }
}

struct wide_leaf : clmul_leaf {
  static void to_leaf_array(limb* x, std::size_t n) { to_polynomial_basis_avx512(x, n); }
  static void from_leaf_array(limb* x, std::size_t n) { to_nimber_basis_avx512(x, n); }

  static bool is_block(std::size_t n) { return n >= min_batched_limbs && n <= max_batched_limbs; }

  // out = a ⊗ b (n limbs each, leaf basis) when n is a block size; false otherwise.
  ON2_AVX512_TARGET bool batched_mul(const limb* a, const limb* b, limb* out, std::size_t n) const {
    if (!is_block(n)) return false;
    const block_workspace& w = thread_block_workspace();
    limb *values_a = w.buffer(0), *values_b = w.buffer(1);
    evaluate_block(a, values_a, n);
    evaluate_block(b, values_b, n);
    multiply_evaluated(values_a, values_b, out, n);
    return true;
  }

  // A block product in two steps, so that an operand of several products is evaluated once
  // (limb_recursion::inverse): the evaluation of x (n limbs, a block size) takes
  // block_evaluation_limbs(n) limbs, and it is linear, so the evaluation of a sum is the sum of
  // the evaluations. It covers the index bits above the register levels (column_parts);
  // multiply_columns evaluates those in registers.
  static std::size_t block_evaluation_limbs(std::size_t n) {
    return detail::block_evaluation_limbs(n);
  }
  ON2_AVX512_TARGET void evaluate_block(const limb* x, limb* evaluation, std::size_t n) const {
    const block_workspace& w = thread_block_workspace();
    reverse_bits(x, w.reversed(), n);
    // The eight rows of the three lowest index bits (the highest of the reversed order), each
    // as its parts' evaluations.
    const std::size_t parts = column_parts(n), part_limbs = n / 8 / parts;
    const std::size_t part_values = block_evaluation_limbs(n) / 8 / parts;
    for (std::size_t r = 0; r < 8 * parts; ++r) {
      evaluate(w.reversed() + r * part_limbs, part_limbs, evaluation + r * part_values,
               w.buffer(5));
    }
  }

  // Room for three evaluations of a block of n limbs, apart for each block size, since the
  // inverse keeps them across its recursion, which reaches every smaller size.
  static limb* evaluation_slots(std::size_t n) {
    thread_local const evaluation_store store;
    return store.slots(n);
  }

  // out = a ⊗ b (n limbs, a block size) from the evaluations of a and b.
  ON2_AVX512_TARGET void multiply_evaluated(const limb* values_a, const limb* values_b, limb* out,
                                            std::size_t n) const {
    multiply_all_columns<false>(values_a, nullptr, values_b, n);
    interpolate_products(out, n);
  }
  // out = (a ⊕ a') ⊗ b from the evaluations of a, a' and b, without a pass that sums the two
  // evaluations first (multiply_columns sums them as it loads them).
  ON2_AVX512_TARGET void multiply_evaluated_sum(const limb* values_a, const limb* values_a_addend,
                                                const limb* values_b, limb* out,
                                                std::size_t n) const {
    multiply_all_columns<true>(values_a, values_a_addend, values_b, n);
    interpolate_products(out, n);
  }

  // The products of the columns of a block's evaluations (a ⊕ a_addend when SumA), into the
  // workspace's buffer 2, where interpolate_products reads them.
  template <bool SumA>
  ON2_AVX512_TARGET void multiply_all_columns(const limb* values_a, const limb* values_a_addend,
                                              const limb* values_b, std::size_t n) const {
    const std::size_t parts = column_parts(n), stored = block_evaluation_limbs(n) / 8;
    const std::size_t columns = stored / parts;
    limb* values = thread_block_workspace().buffer(2);
    const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
    const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
    for (std::size_t column = 0; column < columns; column += 8) {
      const __mmask8 lanes = column + 8 <= columns ? 0xff : first_lanes(columns - column);
      const limb *a = values_a + column, *b = values_b + column;
      const limb* a_addend = SumA ? values_a_addend + column : nullptr;
      if (parts == 4) {
        multiply_columns<4, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                  barrett, modulus);
      } else if (parts == 2) {
        multiply_columns<2, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                  barrett, modulus);
      } else {
        multiply_columns<1, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                  barrett, modulus);
      }
    }
  }

  // The levels of a block product above its columns: out (n limbs) from the column products in
  // the workspace's buffer 2.
  ON2_AVX512_TARGET void interpolate_products(limb* out, std::size_t n) const {
    const block_workspace& w = thread_block_workspace();
    const std::size_t parts = column_parts(n), columns = block_evaluation_limbs(n) / 8 / parts;
    limb *times_h = w.buffer(0), *values = w.buffer(2);
    limb *other = w.buffer(3), *gathered = w.buffer(4), *scratch = w.buffer(5);
    const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
    // A block has more limbs than a column (8·parts < n), so the levels below always run.

    // Level j: `values` holds 2^j × 3 rows (combined bits, then t_j) of width 3^(m−1−j).
    std::size_t width = columns / 3, rows = 8 * parts;
    for (; width >= min_row_width; rows *= 2, width /= 3) {
      limb* next = rows * 2 == n ? out : other;
      if (rows <= max_register_rows) {
        combine_rows_in_registers<level_kind::product>(values, next, rows, width, modulus);
        other = values;
        values = next;
        continue;
      }
      for (std::size_t r = 0; r < rows; ++r) {  // the p_1 rows, side by side
        for (std::size_t i = 0; i < width; ++i)
          gathered[r * width + i] = values[(3 * r + 1) * width + i];
      }
      times_half_rows(gathered, times_h, rows, width, scratch, modulus);
      for (std::size_t r = 0; r < rows; ++r) {
        const limb* p0 = values + 3 * r * width;
        const limb* p2 = p0 + 2 * width;
        xor_words(p0, times_h + r * width, next + r * width, width);  // new bit 0
        xor_words(p2, p0, next + (rows + r) * width, width);          // new bit 1
      }
      other = values;
      values = next;
    }

    // Narrow rows would make every step a masked operation of a few lanes; from here on the
    // 3·width columns (t_j, then the higher digits) are transposed into contiguous vectors of
    // `rows` limbs, and each level combines three of them by the ordinary Karatsuba step.
    transpose(values, other, rows, 3 * width);
    values = other;
    other = w.buffer(2) == values ? w.buffer(3) : w.buffer(2);
    for (; rows < n; rows *= 2, width /= 3) {
      limb* next = rows * 2 == n ? out : other;
      const limb* p1_rows = values + width * rows;
      if (width == 3) {
        // The three p_1 side by side as rows of four (one padding column): "times H" on a
        // single value costs 1.7–3.4 times as much per leaf step as on rows four wide (256-limb
        // block products 6.9 → 6.3 µs, 512-limb 18.2 → 17.4, 2^16-bit inverses 86.0 → 81.9).
        limb* padded_times_h = scratch;
        to_rows_of_four(p1_rows, gathered, rows);
        times_half_wide(gathered, padded_times_h, rows, 4, scratch + 4 * rows, modulus);
        from_rows_of_four(padded_times_h, times_h, rows);
      } else {
        for (std::size_t rest = 0; rest < width; ++rest) {
          times_half_wide(p1_rows + rest * rows, times_h + rest * rows, rows, 1, scratch, modulus);
        }
      }
      for (std::size_t rest = 0; rest < width; ++rest) {
        const limb* p0 = values + rest * rows;
        const limb* p2 = p1_rows + width * rows + rest * rows;
        xor_words(p0, times_h + rest * rows, next + 2 * rest * rows, rows);
        xor_words(p2, p0, next + (2 * rest + 1) * rows, rows);
      }
      other = values;
      values = next;
    }
  }

  // out = a^2 (n limbs, leaf basis) for 16 ≤ n ≤ max_batched_square_limbs; false otherwise.
  // The recursion a^2 = a1^2·F ⊕ (a1^2 ⊗ H) ⊕ a0^2 unrolled: the limbs are squared in
  // bit-reversed order, and level j joins the halves of bit j for all 2^(m−1−j) blocks at once,
  // low ⊕ high ⊗ H_j, with the blocks side by side as columns (as the product's interpolation).
  ON2_AVX512_TARGET bool batched_square(const limb* a, limb* out, std::size_t n) const {
    return squares_by_levels<level_kind::square>(a, out, n);
  }
  // out = a^2 ⊗ H the same way (limb_recursion::square_times_half): each limb's square times
  // x, and level j joins q0, q1 into q1 ⊗ H_j, q0 ⊕ q1 ⊕ q1 ⊗ H_j.
  ON2_AVX512_TARGET bool batched_square_times_half(const limb* a, limb* out, std::size_t n) const {
    return squares_by_levels<level_kind::square_times_half>(a, out, n);
  }

  template <level_kind Kind>
  ON2_AVX512_TARGET bool squares_by_levels(const limb* a, limb* out, std::size_t n) const {
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

  // out = x ⊗ H (n limbs, leaf basis): 8 to 64 limbs in registers, more by times_half_wide;
  // false below eight (the caller's recursion).
  ON2_AVX512_TARGET bool times_half_limbs(const limb* x, limb* out, std::size_t n) const {
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
};

}  // namespace

const limb_arithmetic& avx512_limb_arithmetic() {
  static const limb_arithmetic arithmetic = make_limb_arithmetic<wide_leaf>();
  return arithmetic;
}

}  // namespace cas::detail
