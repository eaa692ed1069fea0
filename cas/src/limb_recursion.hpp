#pragma once
// The recursions of MATH.md §2 on limb arrays. Every array holds n limbs, n a power of two: an
// element of GF(2^(64n)), split into halves of h = n/2 limbs, a = a1·F + a0 with F = 2^(64h) and
// H = F/2. Outputs never alias inputs. `scratch` must hold scratch_limbs(n) limbs.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cas/context.hpp"

namespace cas::detail {

using limb = std::uint64_t;

constexpr std::size_t scratch_limbs(std::size_t n) { return 4 * n + 8; }

// out = a ⊗ b (Karatsuba shape: three half products and one "times H").
void mul_limbs(const limb* a, const limb* b, limb* out, std::size_t n, limb* scratch,
               const context& ctx);
// out = x ⊗ H with H = 2^(64n − 1), by the cheap recursion
// x ⊗ H_k = ((x1 ⊕ x0) ⊗ H_{k−1})·F ⊕ ((x1 ⊗ H_{k−1}) ⊗ H_{k−1}).
void times_half_limbs(const limb* x, limb* out, std::size_t n, limb* scratch);
// out = a^2 = a1^2·F ⊕ (a1^2 ⊗ H) ⊕ a0^2.
void square_limbs(const limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx);
// out = a^(-1) by the norm to the half field; a ≠ 0.
void inverse_limbs(const limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx);
// The constants sqrt(2^(64m − 1)) for m = 1, 2, 4, …, n/2 (entry i has 2^i limbs).
std::vector<std::vector<limb>> sqrt_half_constants(std::size_t n, const context& ctx);
// out = sqrt(a) = s·F ⊕ (s ⊗ sqrt(H)) ⊕ sqrt(a0), s = sqrt(a1).
void sqrt_limbs(const limb* a, limb* out, std::size_t n, limb* scratch,
                const std::vector<std::vector<limb>>& sqrt_half, const context& ctx);

}  // namespace cas::detail
