// A block product of 16 to 1024 limbs in AVX-512 registers: the evaluation of each operand, the
// column products (batch_products.cpp) and the interpolation (the design is in
// limb_recursion_avx512.cpp).
#include "kernels/avx512/block_layout.hpp"
#include "kernels/avx512/interpolation_levels.hpp"
#include "kernels/avx512/times_half.hpp"
#include "kernels/avx512/transposes.hpp"
#include "kernels/avx512/wide_leaf.hpp"

namespace cas::detail::avx512 {
namespace {

// Interpolation levels run on rows of at least this many values (rows of 9 fill one register and
// an eighth of another, and still beat 9 columns one at a time; rows of 3 lose:
// docs/benchmarks.md), then on transposed columns.
constexpr std::size_t min_row_width = 8;

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

}  // namespace

const block_workspace& thread_block_workspace() {
  thread_local const block_workspace workspace;
  return workspace;
}

ON2_AVX512_TARGET bool wide_leaf::batched_mul(const limb* a, const limb* b, limb* out,
                                              std::size_t n) const {
  if (!is_block(n)) return false;
  const block_workspace& w = thread_block_workspace();
  limb *values_a = w.buffer(0), *values_b = w.buffer(1);
  evaluate_block(a, values_a, n);
  evaluate_block(b, values_b, n);
  multiply_evaluated(values_a, values_b, out, n);
  return true;
}

std::size_t wide_leaf::block_evaluation_limbs(std::size_t n) {
  return avx512::block_evaluation_limbs(n);
}

ON2_AVX512_TARGET void wide_leaf::evaluate_block(const limb* x, limb* evaluation,
                                                 std::size_t n) const {
  const block_workspace& w = thread_block_workspace();
  reverse_bits(x, w.reversed(), n);
  // The eight rows of the three lowest index bits (the highest of the reversed order), each
  // as its parts' evaluations.
  const std::size_t parts = column_parts(n), part_limbs = n / 8 / parts;
  const std::size_t part_values = block_evaluation_limbs(n) / 8 / parts;
  for (std::size_t r = 0; r < 8 * parts; ++r) {
    evaluate(w.reversed() + r * part_limbs, part_limbs, evaluation + r * part_values, w.buffer(5));
  }
}

limb* wide_leaf::evaluation_slots(std::size_t n) {
  thread_local const evaluation_store store;
  return store.slots(n);
}

ON2_AVX512_TARGET void wide_leaf::multiply_evaluated(const limb* values_a, const limb* values_b,
                                                     limb* out, std::size_t n) const {
  multiply_all_columns<false>(values_a, nullptr, values_b, n);
  interpolate_products(out, n);
}

ON2_AVX512_TARGET void wide_leaf::multiply_evaluated_sum(const limb* values_a,
                                                         const limb* values_a_addend,
                                                         const limb* values_b, limb* out,
                                                         std::size_t n) const {
  multiply_all_columns<true>(values_a, values_a_addend, values_b, n);
  interpolate_products(out, n);
}

ON2_AVX512_TARGET void wide_leaf::interpolate_products(limb* out, std::size_t n) const {
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
      // single value costs more per leaf step than on rows four wide (docs/benchmarks.md).
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

}  // namespace cas::detail::avx512
