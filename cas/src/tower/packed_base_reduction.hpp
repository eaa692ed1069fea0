#pragma once
// The reduction of t-polynomials of unreduced carry-less sums over a packed base GF(2^D)
// (private to cas/src): the first power step above the base, t^d1 = a1, and then each coefficient
// modulo the base's P, once per coefficient instead of once per product. On three paths: u128
// arithmetic through packed_field (any machine), and PCLMULQDQ in vector registers for D ≤ 32
// (every sum in one 64-bit lane) and for 32 < D ≤ 64 (sums of up to 127 bits across both lanes).
// None needs P irreducible: each step is a polynomial identity modulo x^D + modulus_low.
#include <cstddef>

#include "kernels/packed_field.hpp"
#include "tower/word_arrays.hpp"

namespace cas::detail {

// The constants of the reductions for t^d1 = a1: a1 and x^D·a1 in the base GF(2^D).
struct step_constant {
  word a1, a1_shifted;
  ON2_PCLMUL_CAPABLE step_constant(const packed_field& field, word a)
      : a1(a), a1_shifted(field.mul(field.reduce(u128{1} << field.degree()), a)) {}
};

// out[0 .. d1) = the t-polynomial product[0 .. 2·d1 − 1) modulo t^d1 − a1 and P, each sum of
// degree < 2D − 1 (products of two D-bit values and sums of them). product is overwritten.
using packed_base_reduction = void (*)(const packed_field& field, u128* product, std::size_t d1,
                                       const step_constant& a, word* out);

// Any machine, any D ≤ 64.
void reduce_over_packed_base(const packed_field& field, u128* product, std::size_t d1,
                             const step_constant& a, word* out);
// Precondition: PCLMULQDQ and D ≤ 32.
void reduce_over_small_packed_base_pclmul(const packed_field& field, u128* product, std::size_t d1,
                                          const step_constant& a, word* out);
// Precondition: PCLMULQDQ (and D ≤ 64); meant for 32 < D.
void reduce_over_wide_packed_base_pclmul(const packed_field& field, u128* product, std::size_t d1,
                                         const step_constant& a, word* out);

// The reduction this field and machine take.
packed_base_reduction reduction_for(const packed_field& field);

}  // namespace cas::detail
