#pragma once
// How a nim product comes out, step by step, for people exploring (docs/spec/language.md
// "Exploring"). Small finite factors: the mex definition worked by hand (docs/spec/arithmetic.md
// §1) — every pair (a', b'), the value a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' it excludes, the excluded set and
// the least survivor. Larger finite factors: the Fermat rules (§2.1, §2.2) — both split into
// halves at a Fermat 2-power F, the half products (each large one derived beneath it the same
// way) and their sum by F ⊗ F = F ⊕ F/2. Transfinite factors: Conway's κ decomposition
// (docs/spec/arithmetic.md §3) — each factor's terms as a finite coefficient times a κ-monomial,
// then each pair of terms: the coefficients' finite product, the digit additions, every downward
// carry κ_(p^(k+1))^p = κ_(p^k) and every substitution κ_p^p = α_p, ending in the Cantor normal
// form of the result. The κ explanation follows the steps of cas::nim_mul (cas/kappa/kappa.hpp) one
// by one, and both explanations end by checking their result against the fast product.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <string>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// The mex derivation covers finite factors below this (at most 31 × 31 = 961 pairs).
inline constexpr std::uint64_t explain_mex_bound = 32;
// An explanation longer than this many lines is refused (limit_error).
inline constexpr std::uint64_t explain_max_lines = 20000;
// The Fermat derivation covers finite factors below 2^explain_fermat_max_bits (limit_error
// beyond: the derivation of two 256-bit factors runs to tens of thousands of lines).
inline constexpr std::uint64_t explain_fermat_max_bits = 128;

// The explanation of a ⊗ b as lines of text: the mex derivation when both are finite and below
// explain_mex_bound, the Fermat derivation for other finite factors (below
// 2^explain_fermat_max_bits), the κ derivation when one is transfinite.
std::string explain_product(const ordinal& a, const ordinal& b,
                            const context& ctx = default_context());

// The κ decomposition of a, one line per term of its Cantor normal form:
// "[ω^4·3] = 3 ⊗ κ_9 ⊗ κ_3", then the κ's used and what they are ("κ_9 = [ω^3]").
std::string kappa_decomposition_text(const ordinal& a, const context& ctx = default_context());

}  // namespace cas
