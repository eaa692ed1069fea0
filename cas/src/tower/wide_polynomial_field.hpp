#pragma once
// GF(2^m) of any size m ≥ 1 in a polynomial basis GF(2)[z]/(μ) (private to cas/src/tower): an
// element is w = ⌈m/64⌉ words, bit i of word i/64 the coefficient of z^i. A product is a word
// schoolbook of carry-less products (PCLMULQDQ where detail::clmul_enabled()) reduced by
// Barrett's method, ⌊v/μ⌋ = ⌊⌊v/z^m⌋·ν/z^m⌋ with ν = ⌊z^(2m)/μ⌋, exact over GF(2) for
// deg v < 2m: so a sum of products is reduced once. The small copies of tower subfields
// (tower_subfield_copy.hpp) compute in it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cas::detail {

// The carry-less products' instructions: words in software, PCLMULQDQ on 128 bits, or VPCLMULQDQ
// on 256 bits; the best one this CPU has, unless ON2_PORTABLE_KERNEL turns them off
// (detail::clmul_enabled). White-box tests run each supported one.
enum class wide_kernel { software, pclmul, vpclmul };
bool kernel_supported(wide_kernel kernel);
wide_kernel best_wide_kernel();

class wide_polynomial_field {
 public:
  using word = std::uint64_t;

  // μ as bits (bit i: the coefficient of z^i), of degree m ≥ 1; irreducible for a field.
  explicit wide_polynomial_field(std::vector<word> modulus,
                                 wide_kernel kernel = best_wide_kernel());

  std::uint64_t degree() const noexcept { return m_; }
  std::size_t words() const noexcept { return w_; }  // of an element
  const std::vector<word>& modulus() const noexcept { return modulus_; }

  // out[0, 2w) ^= a·b for elements a, b (w words each): the unreduced product.
  void multiply_add(const word* a, const word* b, word* out) const;
  // out[0, w) = v mod μ for v of 2w words of degree < 2m (v is left as it was).
  void reduce(const word* v, word* out) const;
  // out[0, w) = a·b mod μ (out may alias neither operand).
  void mul(const word* a, const word* b, word* out) const;
  std::vector<word> mul(const std::vector<word>& a, const std::vector<word>& b) const;
  void square(const word* a, word* out) const;
  std::vector<word> square(const std::vector<word>& a) const;
  std::vector<word> one() const;

 private:
  // out = the product product_into writes into 2w zeroed words, reduced.
  template <class Product>
  void reduce_product(Product product_into, word* out) const;

  std::uint64_t m_;
  std::size_t w_;
  std::vector<word> modulus_;  // μ, words_for(m + 1) words
  std::vector<word> nu_;       // ⌊z^(2m)/μ⌋, of degree m
  wide_kernel kernel_;
};

}  // namespace cas::detail
