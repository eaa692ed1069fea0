// The limb recursion with the carry-less leaves batched in AVX-512 registers. A product of
// 16 to 1024 limbs is one evaluation, one batch of leaf products and one interpolation, instead
// of a recursion whose 3^m leaf products and (m/3)·3^m "times H" steps each touch one limb:
//
// - Evaluation: the Karatsuba step of docs/spec/arithmetic.md §2 needs a0, a1 and a0 ⊕ a1 at
//   each level, so the m levels turn a's 2^m limbs into 3^m values, one per ternary index
//   t = (t_0, …, t_{m−1}): digit t_j picks the half of bit j of the limb index (0 low, 1 high,
//   2 their sum).
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
// This unit instantiates that recursion (limb_recursion.hpp) with the leaf of wide_leaf.hpp,
// whose block functions are compiled for AVX-512 and only entered when the CPU has it
// (detail::avx512_batch_supported()). They live one concept a file: block_product.cpp (evaluation
// and interpolation), batch_products.cpp (the products of the columns), block_square.cpp
// (squares by levels), times_half_rows.cpp ("times H" on rows in memory), transposes.cpp (layout
// changes), with what they share in block_helpers.hpp, block_layout.hpp, times_half.hpp and
// interpolation_levels.hpp.
#include "kernels/avx512/wide_leaf.hpp"

namespace cas::detail {

const limb_arithmetic& avx512_limb_arithmetic() {
  static const limb_arithmetic arithmetic = make_limb_arithmetic<avx512::wide_leaf>();
  return arithmetic;
}

}  // namespace cas::detail
