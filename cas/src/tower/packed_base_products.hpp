#pragma once
// Unreduced products of polynomials over a packed base GF(2^D) (private to cas/src): each
// coefficient of a product a sum of carry-less products of base words, of degree < 2D − 1, left
// for one reduction per coefficient (tower/packed_base_reduction.hpp). Schoolbooks in vector
// registers where the CPU has PCLMULQDQ (unrolled for 3 … 7 coefficients), packed_field's
// carry-less path otherwise, Karatsuba above them.
#include <cstddef>

#include "kernels/packed_field.hpp"
#include "tower/word_arrays.hpp"

namespace cas::detail {

// out[0 .. 2m − 1) ^= x·y row by row, skipping the zero coefficients of x: for a sparse x (the
// constants of the steps, often one or two words).
void carryless_sparse_product(const packed_field& field, const word* x, const word* y,
                              std::size_t m, u128* out);

// out[0 .. 2m − 1) = x^2 = Σ x_j^2·t^(2j) (written, the odd coefficients zero).
void carryless_square(const packed_field& field, const word* x, std::size_t m, u128* out);

// out[0 .. 2m − 1) ^= x·y for polynomials of m packed-base coefficients. Karatsuba above 24
// coefficients.
void carryless_polynomial_product(const packed_field& field, const word* x, const word* y,
                                  std::size_t m, u128* out);

// out ^= x·y for polynomials in s of m coefficients, each a polynomial in t of d1 packed-base
// coefficients: the product's s-coefficients are t-polynomials of 2·d1 − 1 unreduced carry-less
// sums (stride 2·d1 − 1 in out). Karatsuba in s above 6 coefficients; `scratch` holds
// 8·m·(2·d1 − 1) values and `words_scratch` 3·m·d1 words (a level of m takes under 3·m and m + 1
// of them, the levels below the rest).
void carryless_bivariate_product(const packed_field& field, const word* x, const word* y,
                                 std::size_t d1, std::size_t m, u128* out, u128* scratch,
                                 word* words_scratch);

}  // namespace cas::detail
