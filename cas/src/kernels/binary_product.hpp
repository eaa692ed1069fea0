#pragma once
// The product of two GF(2)[x] polynomials on 64-bit words (private to cas): Karatsuba on
// PCLMULQDQ products when the CPU has them and the operands are at most a few thousand words,
// gf2x (gf2x_mul_r: its Toom–Cook and FFT products) otherwise. Debian's gf2x is a generic build
// without PCLMULQDQ, so the carry-less instruction is used here directly where it counts.

#include <cstddef>
#include <cstdint>

namespace cas::detail {

// c = a·b; c has room for an + bn words and may not overlap a or b. an, bn ≥ 1.
void binary_product(std::uint64_t* c, const std::uint64_t* a, std::size_t an,
                    const std::uint64_t* b, std::size_t bn);
// c = a² (2·an words of c): each word's bits spread apart, by PCLMULQDQ or by shifts.
void binary_square(std::uint64_t* c, const std::uint64_t* a, std::size_t an);
// The same through gf2x alone (the reference of the tests, and the path for large operands).
void binary_product_gf2x(std::uint64_t* c, const std::uint64_t* a, std::size_t an,
                         const std::uint64_t* b, std::size_t bn);

}  // namespace cas::detail
