#pragma once
// The recursions of docs/spec/arithmetic.md §2 on limb arrays, written once over a "leaf": the
// representation of GF(2^64) the limbs are kept in while the recursion runs (the nimber basis
// itself, or the polynomial basis of the carry-less kernel, where leaf products need no basis
// change). Every operation of the recursion above 64 bits is XOR, leaf products and the
// GF(2)-linear "times H", so any basis of GF(2^64) applied limb by limb commutes with it.
//
// Arrays hold n limbs, n a power of two: an element of GF(2^(64n)), split into halves of
// h = n/2 limbs, a = a1·F + a0 with F = 2^(64h), H = F/2. Outputs never alias inputs.
//
// This header is included by one translation unit per leaf; it uses raw pointers only, so the
// carry-less unit (compiled for PCLMULQDQ) instantiates no shared library templates.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "cas/core/context.hpp"

namespace cas::detail {

using limb = std::uint64_t;

// `limbs` limbs on a 64-byte boundary, freed by free_limbs: the AVX-512 block code reads and
// writes arrays a register (64 bytes, eight limbs) at a time, and at malloc's 16-byte alignment
// most of those accesses would span two cache lines. malloc with the pointer moved up (the
// block's address kept just below it) is much cheaper than aligned_alloc (docs/benchmarks.md).
inline limb* allocate_limbs(std::size_t limbs) {
  void* block = std::malloc(limbs * sizeof(limb) + 64);
  if (block == nullptr) throw std::bad_alloc();
  const auto address = (reinterpret_cast<std::uintptr_t>(block) + 64) & ~std::uintptr_t{63};
  auto* aligned = reinterpret_cast<limb*>(address);
  reinterpret_cast<void**>(aligned)[-1] = block;  // malloc's alignment leaves room for it
  return aligned;
}
inline void free_limbs(limb* memory) {
  if (memory != nullptr) std::free(reinterpret_cast<void**>(memory)[-1]);
}

// Scratch for any operation on n limbs (the square root keeps its constants there too).
constexpr std::size_t scratch_limbs(std::size_t n) {
  return 5 * n + 8;
}

// Large recursive calls poll for cancellation; small ones are too quick to matter.
constexpr std::size_t poll_threshold = 64;

template <class Leaf>
class limb_recursion {
 public:
  limb_recursion(const Leaf& leaf, const context& ctx) : leaf_(leaf), ctx_(ctx) {}

  // out = a ⊗ b: three half products and one "times H" (Karatsuba shape).
  void mul(const limb* a, const limb* b, limb* out, std::size_t n, limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.mul(a[0], b[0]);
      return;
    }
    if (n == 2) {
      const limb c0 = leaf_.mul(a[0], b[0]), c2 = leaf_.mul(a[1], b[1]);
      const limb c12 = leaf_.mul(a[0] ^ a[1], b[0] ^ b[1]);
      out[0] = c0 ^ leaf_.times_half(c2);
      out[1] = c12 ^ c0;
      return;
    }
    if (n >= poll_threshold) ctx_.poll();
    if constexpr (requires { leaf_.batched_mul(a, b, out, n); }) {
      if (leaf_.batched_mul(a, b, out, n)) return;  // a leaf that multiplies whole blocks
    }
    const std::size_t h = n / 2;
    limb* sum_a = scratch;
    limb* sum_b = scratch + h;
    limb* middle = scratch + 2 * h;
    limb* rest = scratch + 3 * h;
    mul(a, b, out, h, rest);              // c0 = a0 ⊗ b0 in the low half
    mul(a + h, b + h, out + h, h, rest);  // c2 = a1 ⊗ b1 in the high half
    for (std::size_t i = 0; i < h; ++i) {
      sum_a[i] = a[i] ^ a[h + i];
      sum_b[i] = b[i] ^ b[h + i];
    }
    mul(sum_a, sum_b, middle, h, rest);   // c12
    times_half(out + h, sum_a, h, rest);  // c2 ⊗ H
    for (std::size_t i = 0; i < h; ++i) {
      out[h + i] = middle[i] ^ out[i];  // (c12 ⊕ c0)·F
      out[i] ^= sum_a[i];               // c0 ⊕ c2 ⊗ H
    }
  }

  // out = x ⊗ H_k, H_k = 2^(64n − 1), by the cheap recursion
  // x ⊗ H_k = ((x1 ⊕ x0) ⊗ H_{k−1})·F ⊕ ((x1 ⊗ H_{k−1}) ⊗ H_{k−1}).
  void times_half(const limb* x, limb* out, std::size_t n, limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.times_half(x[0]);
      return;
    }
    if constexpr (requires { leaf_.times_half_limbs(x, out, n); }) {
      if (leaf_.times_half_limbs(x, out, n)) return;  // a leaf that does whole arrays
    }
    if (n == 2) {
      out[1] = leaf_.times_half(x[0] ^ x[1]);
      out[0] = leaf_.times_half_squared(x[1]);
      return;
    }
    const std::size_t h = n / 2;
    limb* temporary = scratch;
    for (std::size_t i = 0; i < h; ++i) temporary[i] = x[i] ^ x[h + i];
    times_half(temporary, out + h, h, scratch + h);  // (x1 ⊕ x0) ⊗ H'
    times_half(x + h, temporary, h, scratch + h);    // x1 ⊗ H'
    times_half(temporary, out, h, scratch + h);      // (x1 ⊗ H') ⊗ H'
  }

  // out = a^2 = a1^2·F ⊕ (a1^2 ⊗ H) ⊕ a0^2 (Frobenius is additive).
  void square(const limb* a, limb* out, std::size_t n, limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.square(a[0]);
      return;
    }
    if (n >= poll_threshold) ctx_.poll();
    if constexpr (requires { leaf_.batched_square(a, out, n); }) {
      if (leaf_.batched_square(a, out, n)) return;
    }
    const std::size_t h = n / 2;
    square(a + h, out + h, h, scratch);
    square(a, out, h, scratch);
    times_half(out + h, scratch, h, scratch + h);
    xor_into(out, scratch, h);
  }

  // out = a^2 ⊗ H (H = 2^(64n − 1)), the norm's a1^2 ⊗ H term, for the price of a square:
  // with q_i = a_i^2 ⊗ H' (H' the half field's H, H = F ⊗ H' and F^2 = F ⊕ H'),
  // a^2 ⊗ H = (q0 ⊕ q1 ⊕ q1 ⊗ H')·F ⊕ q1 ⊗ H' — one "times H'" per level, as in square().
  void square_times_half(const limb* a, limb* out, std::size_t n, limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.times_half(leaf_.square(a[0]));
      return;
    }
    if (n >= poll_threshold) ctx_.poll();
    if constexpr (requires { leaf_.batched_square_times_half(a, out, n); }) {
      if (leaf_.batched_square_times_half(a, out, n)) return;
    }
    const std::size_t h = n / 2;
    limb* low_term = scratch;  // q0
    square_times_half(a, low_term, h, scratch + h);
    square_times_half(a + h, out + h, h, scratch + h);  // q1
    times_half(out + h, out, h, scratch + h);           // q1 ⊗ H'
    for (std::size_t i = 0; i < h; ++i) out[h + i] ^= low_term[i] ^ out[i];
  }

  // out = a^(-1), a ≠ 0, by the norm to the half field: conj(a) = a1·F + (a0 ⊕ a1),
  // N(a) = (a1^2 ⊗ H) ⊕ (a0 ⊗ (a0 ⊕ a1)) lies in the half field, a^(-1) = conj(a) ⊗ N(a)^(-1).
  void inverse(const limb* a, limb* out, std::size_t n, limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.inverse(a[0]);
      return;
    }
    if (n >= poll_threshold) ctx_.poll();
    const std::size_t h = n / 2;
    limb* conjugate_low = scratch;
    limb* norm = scratch + h;
    limb* temporary = scratch + 2 * h;
    limb* rest = scratch + 3 * h;
    for (std::size_t i = 0; i < h; ++i) conjugate_low[i] = a[i] ^ a[h + i];
    square_times_half(a + h, norm, h, rest);
    if constexpr (requires { leaf_.multiply_evaluated(a, a, out, n); }) {
      if (leaf_.is_block(h)) return finish_inverse_of_blocks(a, out, h, scratch);
    }
    mul(a, conjugate_low, temporary, h, rest);
    xor_into(norm, temporary, h);
    inverse(norm, temporary, h, rest);  // N^(-1)
    mul(a + h, temporary, out + h, h, rest);
    mul(conjugate_low, temporary, out, h, rest);
  }

  // out = sqrt(a) = s·F ⊕ (s ⊗ sqrt(H)) ⊕ sqrt(a0) with s = sqrt(a1). The constants sqrt(H_m)
  // for m = 1, 2, 4, …, n/2 limbs are built first, at scratch[0 .. n−1) (size m at offset m − 1).
  void sqrt(const limb* a, limb* out, std::size_t n, limb* scratch) const {
    limb* constants = scratch;
    limb* work = scratch + n;
    if (n >= 2) constants[0] = leaf_.sqrt(leaf_.half());
    for (std::size_t m = 2; m < n; m *= 2) {
      // H_k = H_{k−1}·F_{k−1}: a1 = H_{k−1}, a0 = 0, so sqrt(H_k) = s·F ⊕ s^2, s = sqrt(H_{k−1}).
      const limb* s = constants + (m / 2 - 1);
      limb* next = constants + (m - 1);
      square(s, next, m / 2, work);
      for (std::size_t i = 0; i < m / 2; ++i) next[m / 2 + i] = s[i];
    }
    sqrt_with_constants(a, out, n, constants, work);
  }

 private:
  // The rest of inverse() when the halves (h limbs) are blocks the leaf multiplies from their
  // evaluations (which are linear): a0 ⊕ a1 and N^(-1) take part in two products each and
  // a1 = a0 ⊕ (a0 ⊕ a1), so three evaluations serve the three products instead of six.
  // scratch is inverse()'s, with a0 ⊕ a1 and a1^2 ⊗ H in place.
  void finish_inverse_of_blocks(const limb* a, limb* out, std::size_t h, limb* scratch) const {
    const std::size_t e = leaf_.block_evaluation_limbs(h);
    const limb* conjugate_low = scratch;
    limb* norm = scratch + h;
    limb* temporary = scratch + 2 * h;
    limb* rest = scratch + 3 * h;
    limb* evaluation_low = leaf_.evaluation_slots(h);  // a0's, then a1's
    limb* evaluation_sum = evaluation_low + e;         // (a0 ⊕ a1)'s
    limb* evaluation_norm_inverse = evaluation_sum + e;
    leaf_.evaluate_block(a, evaluation_low, h);
    leaf_.evaluate_block(conjugate_low, evaluation_sum, h);
    leaf_.multiply_evaluated(evaluation_low, evaluation_sum, temporary, h);
    xor_into(norm, temporary, h);
    inverse(norm, temporary, h, rest);  // N^(-1)
    leaf_.evaluate_block(temporary, evaluation_norm_inverse, h);
    // a1's evaluation is a0's ⊕ (a0 ⊕ a1)'s, summed as the product loads them.
    leaf_.multiply_evaluated_sum(evaluation_low, evaluation_sum, evaluation_norm_inverse, out + h,
                                 h);
    leaf_.multiply_evaluated(evaluation_sum, evaluation_norm_inverse, out, h);
  }

  static void xor_into(limb* target, const limb* source, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) target[i] ^= source[i];
  }

  void sqrt_with_constants(const limb* a, limb* out, std::size_t n, const limb* constants,
                           limb* scratch) const {
    if (n == 1) {
      out[0] = leaf_.sqrt(a[0]);
      return;
    }
    if (n >= poll_threshold) ctx_.poll();
    const std::size_t h = n / 2;
    sqrt_with_constants(a + h, out + h, h, constants, scratch);
    sqrt_with_constants(a, out, h, constants, scratch);
    mul(out + h, constants + (h - 1), scratch, h, scratch + h);
    xor_into(out, scratch, h);
  }

  const Leaf& leaf_;
  const context& ctx_;
};

// The operations on whole padded arrays, for one leaf: they convert the inputs to the leaf's
// basis in place, run the recursion and convert the result back.
struct limb_arithmetic {
  // out (nb limbs) = x (na limbs) ⊗ y (nb limbs), na ≤ nb: chunk by chunk, since a nimber below
  // F = 2^(64·na) multiplies Σ y_j·F^j as Σ (x ⊗ y_j)·F^j (F^j is an ordinary product of
  // distinct Fermat 2-powers ≥ F, docs/spec/arithmetic.md §2 rule 1).
  void (*mul)(limb* x, std::size_t na, limb* y, std::size_t nb, limb* out, limb* scratch,
              const context& ctx);
  void (*square)(limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx);
  void (*inverse)(limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx);
  void (*sqrt)(limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx);
};

// Whole arrays into and out of the leaf's basis, by its array functions where it has them.
template <class Leaf>
void to_leaf_basis(const Leaf& leaf, limb* x, std::size_t n) {
  if constexpr (requires { leaf.to_leaf_array(x, n); }) {
    leaf.to_leaf_array(x, n);
  } else {
    for (std::size_t i = 0; i < n; ++i) x[i] = leaf.to_leaf(x[i]);
  }
}
template <class Leaf>
void from_leaf_basis(const Leaf& leaf, limb* x, std::size_t n) {
  if constexpr (requires { leaf.from_leaf_array(x, n); }) {
    leaf.from_leaf_array(x, n);
  } else {
    for (std::size_t i = 0; i < n; ++i) x[i] = leaf.from_leaf(x[i]);
  }
}

// A unary operation on a whole array: into the leaf basis, the recursion, back.
template <class Leaf,
          void (limb_recursion<Leaf>::*operation)(const limb*, limb*, std::size_t, limb*) const>
void run_unary(limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx) {
  const Leaf leaf;
  to_leaf_basis(leaf, a, n);
  (limb_recursion<Leaf>(leaf, ctx).*operation)(a, out, n, scratch);
  from_leaf_basis(leaf, out, n);
}

template <class Leaf>
void run_product(limb* x, std::size_t na, limb* y, std::size_t nb, limb* out, limb* scratch,
                 const context& ctx) {
  const Leaf leaf;
  to_leaf_basis(leaf, x, na);
  to_leaf_basis(leaf, y, nb);
  const limb_recursion<Leaf> recursion(leaf, ctx);
  for (std::size_t j = 0; j < nb; j += na) recursion.mul(x, y + j, out + j, na, scratch);
  from_leaf_basis(leaf, out, nb);
}

template <class Leaf>
limb_arithmetic make_limb_arithmetic() {
  return {&run_product<Leaf>, &run_unary<Leaf, &limb_recursion<Leaf>::square>,
          &run_unary<Leaf, &limb_recursion<Leaf>::inverse>,
          &run_unary<Leaf, &limb_recursion<Leaf>::sqrt>};
}

// The leaf in the nimber basis (portable tables), and the ones in the carry-less polynomial basis.
const limb_arithmetic& tower_limb_arithmetic();
const limb_arithmetic& clmul_limb_arithmetic();  // precondition: clmul_supported()
// The carry-less leaf with block products and "times H" in AVX-512 registers.
const limb_arithmetic& avx512_limb_arithmetic();  // precondition: avx512_batch_supported()

}  // namespace cas::detail
