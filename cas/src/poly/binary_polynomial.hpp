#pragma once
// Packed polynomials over GF(2) (private to cas): bit i of word i / 64 is the coefficient of x^i,
// with no zero word at the top, so the zero polynomial has no words. Products by binary_product
// (PCLMULQDQ Karatsuba, or gf2x), squares by spreading the bits, remainders modulo a fixed f by
// Barrett's method with the quotient's inverse from Newton's iteration, or by shifted words when f
// is sparse (binary_modulus).
//
// References: Barrett reduction for polynomials and the Newton inverse of the reversed divisor,
// von zur Gathen and Gerhard, Modern Computer Algebra, §9.1 (Algorithm 9.3, Theorem 9.6).

#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"

namespace cas::detail {

class binary_polynomial {
 public:
  using word = std::uint64_t;
  binary_polynomial() = default;  // zero
  explicit binary_polynomial(std::vector<word> words);
  static binary_polynomial one() { return binary_polynomial(std::vector<word>{1}); }
  static binary_polynomial x() { return binary_polynomial(std::vector<word>{2}); }
  static binary_polynomial monomial(std::uint64_t n);

  const std::vector<word>& words() const noexcept { return words_; }
  std::vector<word>& mutable_words() noexcept { return words_; }  // call trim() afterwards
  bool is_zero() const noexcept { return words_.empty(); }
  bool is_one() const noexcept { return words_.size() == 1 && words_[0] == 1; }
  // −1 for the zero polynomial.
  long long degree() const noexcept;
  bool coefficient(std::uint64_t i) const noexcept {
    return i / 64 < words_.size() && ((words_[i / 64] >> (i % 64)) & 1) != 0;
  }
  // The number of nonzero coefficients.
  std::uint64_t weight() const noexcept;
  void trim() noexcept;

  friend bool operator==(const binary_polynomial&, const binary_polynomial&) = default;

 private:
  std::vector<word> words_;
};

binary_polynomial add(const binary_polynomial& a, const binary_polynomial& b);
binary_polynomial mul(const binary_polynomial& a, const binary_polynomial& b);
binary_polynomial square(const binary_polynomial& a);
// a = q·b + r with deg r < deg b, b ≠ 0, by long division on words. These take quadratic time,
// so with a context they poll its cancellation token as they go.
std::pair<binary_polynomial, binary_polynomial> divmod(const binary_polynomial& a,
                                                       const binary_polynomial& b,
                                                       const context* ctx = nullptr);
binary_polynomial rem(const binary_polynomial& a, const binary_polynomial& b,
                      const context* ctx = nullptr);
binary_polynomial quo(const binary_polynomial& a, const binary_polynomial& b,
                      const context* ctx = nullptr);
// The gcd (monic: over GF(2) every nonzero polynomial is); 0 when both are 0.
binary_polynomial gcd(binary_polynomial a, binary_polynomial b, const context* ctx = nullptr);
binary_polynomial derivative(const binary_polynomial& a);
// The square root of a polynomial whose odd coefficients are zero.
binary_polynomial square_root(const binary_polynomial& a);

// Arithmetic modulo a fixed f of degree n ≥ 1: operands and results have degree < n.
class binary_modulus {
 public:
  explicit binary_modulus(binary_polynomial f);
  const binary_polynomial& modulus() const noexcept { return f_; }
  std::uint64_t degree() const noexcept { return n_; }
  // a mod f, for any a.
  binary_polynomial reduce(binary_polynomial a) const;
  binary_polynomial multiply(const binary_polynomial& a, const binary_polynomial& b) const;
  binary_polynomial square(const binary_polynomial& a) const;
  binary_polynomial times_x(binary_polynomial a) const;

 private:
  binary_polynomial reduce_sparse(binary_polynomial a) const;
  binary_polynomial reduce_barrett(binary_polynomial a) const;

  binary_polynomial f_;
  std::uint64_t n_;
  // Sparse f: the exponents below n, and how many bits one step folds down (≤ 64).
  std::vector<std::uint64_t> low_exponents_;
  std::uint64_t fold_width_ = 0;
  bool sparse_ = false;
  // Dense f: μ = floor(x^(2n) / f).
  binary_polynomial mu_;
};

}  // namespace cas::detail
