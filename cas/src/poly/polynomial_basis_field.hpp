#pragma once
// The Fermat field of the nimbers below 2^b (b = 1, 2, 4, …, 64) in a polynomial basis, for the
// factoring of polynomials of large degree (private to cas). An element is a word of b bits, its
// coordinates in the basis 1, α, …, α^(b−1) of a nimber α of degree b over GF(2), so the field is
// GF(2)[t]/(p) with p the minimal polynomial of α: a product is one carry-less product and a
// Barrett reduction modulo p (two more), and a polynomial product over the field is, for b ≤ 32,
// one product in GF(2)[x] by Kronecker substitution (each coefficient in a slot of 2b bits; sums
// of products of degree ≤ 2b − 2 never carry) on the packed GF(2)[x] core (binary_product:
// PCLMULQDQ Karatsuba, gf2x), for b = 64 Karatsuba on the coefficient words with 128-bit
// unreduced sums; then each coefficient is reduced modulo p once. Conversions to and from the
// nimbers are linear maps over GF(2), by byte tables. Same interface as word_field
// (factoring_fields.hpp), plus `multiply_polynomials`, which field_polynomials uses for its
// products when present.
//
// References: Kronecker substitution, von zur Gathen and Gerhard, Modern Computer Algebra, §8.4;
// Karatsuba, ibid. §8.1;
// Barrett reduction, ibid. §9.1 (here for one word: the quotient from μ = ⌊t^(2b)/p⌋).

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>

#include "cas/ordinal/ordinal.hpp"

namespace cas::detail {

class polynomial_basis_field {
 public:
  using element = std::uint64_t;
  explicit polynomial_basis_field(unsigned bits);  // 1, 2, 4, 8, 16, 32 or 64

  std::uint64_t degree() const noexcept { return bits_; }  // E
  element zero() const noexcept { return 0; }
  element one() const noexcept { return 1; }  // α^0
  static bool is_zero(element x) noexcept { return x == 0; }
  static element add(element x, element y) noexcept { return x ^ y; }
  element mul(element x, element y) const noexcept;
  element square(element x) const noexcept { return mul(x, x); }
  element inverse(element x) const;
  element sqrt(element x) const noexcept;
  element frobenius(element x, std::uint64_t s) const noexcept;  // x^(2^s)
  // dst[i] += c·src[i] for i < n.
  void multiply_add(element* dst, element c, const element* src, std::size_t n) const;
  // out[0, an + bn − 1) = a·b, for an, bn ≥ 1 (out may not overlap a or b).
  void multiply_polynomials(element* out, const element* a, std::size_t an, const element* b,
                            std::size_t bn) const;
  // A uniformly random element of the subfield GF(2^d), d dividing E.
  element random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const;
  element random(std::mt19937_64& rng) const noexcept {
    return bits_ == 64 ? rng() : rng() & ((std::uint64_t{1} << bits_) - 1);
  }
  element from_nimber(std::uint64_t x) const noexcept { return apply(tables_->to_basis, x); }
  std::uint64_t to_nimber(element x) const noexcept { return apply(tables_->to_nimber, x); }
  element from_ordinal(const ordinal& a) const { return from_nimber(a.finite_part().low_word()); }
  ordinal to_ordinal(element x) const { return ordinal(nimber(to_nimber(x))); }

  // The field's description, built once per b: the minimal polynomial p = t^b + p_low of α, the
  // Barrett constant μ = ⌊t^(2b)/p⌋ = t^b + mu_low, and the two conversions (byte k of the input
  // selects the XOR of its bits' images).
  struct description {
    std::uint64_t p_low = 0;
    std::uint64_t mu_low = 0;
    std::uint64_t alpha = 0;  // α as a nimber
    std::array<std::array<std::uint64_t, 256>, 8> to_basis{};
    std::array<std::array<std::uint64_t, 256>, 8> to_nimber{};
  };

 private:
  static std::uint64_t apply(const std::array<std::array<std::uint64_t, 256>, 8>& table,
                             std::uint64_t x) noexcept {
    std::uint64_t y = 0;
    for (int k = 0; k < 8 && x != 0; ++k, x >>= 8) y ^= table[k][x & 0xff];
    return y;
  }

  unsigned bits_;
  const description* tables_;
};

}  // namespace cas::detail
