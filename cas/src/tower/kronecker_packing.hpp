#pragma once
// Kronecker packing of the t-polynomials two power steps above a packed base of at most 32 bits
// (private to cas/src): a polynomial Σ c_j·t^j of d1 base coefficients (D bits each) becomes the
// GF(2)[x] polynomial Σ c_j·x^(j·S) with S = 2D − 1 bits a slot. A product of two coefficients has
// degree < S, so the carry-less product of two packed words holds each coefficient of the
// t-product, a sum of carry-less products, in a slot of its own (Kronecker substitution t = x^S,
// without carries in characteristic 2): W² word products for W packed words replace d1².
#include <cstddef>

#include "kernels/packed_field.hpp"
#include "tower/word_arrays.hpp"

namespace cas::detail {

// The packed shape of t-polynomials of d1 coefficients over a base of `base_bits` bits.
struct kronecker_layout {
  static constexpr std::size_t max_words = 8;  // the fixed schoolbooks go up to 8 words

  unsigned base_bits;
  std::size_t d1;
  unsigned slot_bits;  // 2·base_bits − 1
  std::size_t words;   // of a packed factor; a packed product has 2·words

  kronecker_layout(unsigned base, std::size_t coefficients)
      : base_bits(base),
        d1(coefficients),
        slot_bits(2 * base - 1),
        words((coefficients * (2 * base - 1) + 63) / 64) {}

  // Whether packing applies: slots of at most 63 bits (base ≤ 32) and factors of ≤ 8 words.
  bool applies() const { return base_bits <= 32 && words <= max_words; }

  // packed[0 .. words) = Σ c_j·x^(j·S) for the d1 coefficients c_j < 2^base_bits.
  void pack(const word* coefficients, word* packed) const;
  // The 2·d1 − 1 slots of a packed product (2·words words), each below 2^S.
  void unpack_product(const word* packed, u128* slots) const;
};

// out[0 .. 2W) ^= x·y for W-word polynomials over GF(2), the W² word products unrolled
// (precondition: PCLMULQDQ). Instantiated for W = 1 … 8.
template <std::size_t W>
ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed(const word* x, const word* y, word* out);

// out ^= x·y for polynomials in s of m coefficients, each a packed t-polynomial of layout.words
// words (stride layout.words in x and y); the product's s-coefficients are packed products of
// 2·layout.words words (that stride in out). Karatsuba in s above 6 coefficients; `scratch`
// holds kronecker_scratch_words(layout, m) words. Precondition: layout.applies() and PCLMULQDQ.
std::size_t kronecker_scratch_words(const kronecker_layout& layout, std::size_t m);
ON2_PCLMUL_CAPABLE void kronecker_bivariate_product(const kronecker_layout& layout, const word* x,
                                                    const word* y, std::size_t m, word* out,
                                                    word* scratch);
// The same for coefficients of any `words` ≤ bivariate_max_words words (the s-polynomials over a
// wide polynomial basis of the Kummer products, kummer_minimal_polynomial.cpp).
constexpr std::size_t bivariate_max_words = 12;
std::size_t bivariate_scratch_words(std::size_t words, std::size_t m);
ON2_PCLMUL_CAPABLE void bivariate_carryless_product(std::size_t words, const word* x, const word* y,
                                                    std::size_t m, word* out, word* scratch);

}  // namespace cas::detail
