#pragma once
// The finite fields polynomial factoring computes in (private to cas). Both offer the same
// operations, so the algorithms in field_polynomials.hpp are written once:
//   - word_field: the nimbers below 2^b, b = 1, 2, 4, …, 64, as machine words (the Fermat field
//     GF(2^b); products from the fixed-width kernels, and their log/exp tables up to b = 16);
//   - tower_adapter: any materialised tower field GF(2^E) (transfinite or big finite values).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

class word_field {
 public:
  using element = std::uint64_t;
  explicit word_field(unsigned bits);  // 1, 2, 4, 8, 16, 32 or 64

  std::uint64_t degree() const noexcept { return bits_; }  // E
  element zero() const noexcept { return 0; }
  element one() const noexcept { return 1; }
  static bool is_zero(element x) noexcept { return x == 0; }
  static element add(element x, element y) noexcept { return x ^ y; }
  element mul(element x, element y) const noexcept;
  element square(element x) const noexcept;
  element inverse(element x) const;
  element sqrt(element x) const noexcept;
  element frobenius(element x, std::uint64_t s) const noexcept;  // x^(2^s)
  // dst[i] += c·src[i] for i < n: through the kernels' batch product in GF(2^64), through the
  // logarithm of c once in the fields up to GF(2^16).
  void multiply_add(element* dst, element c, const element* src, std::size_t n) const;
  // A uniformly random element of the subfield GF(2^d), d dividing E.
  element random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const;
  element random(std::mt19937_64& rng) const noexcept {
    return bits_ == 64 ? rng() : rng() & ((std::uint64_t{1} << bits_) - 1);
  }
  element from_ordinal(const ordinal& a) const { return a.finite_part().low_word(); }
  ordinal to_ordinal(element x) const { return ordinal(nimber(x)); }

 private:
  unsigned bits_;
  const std::uint16_t* log_ = nullptr;  // the kernels' log/exp tables of GF(2^16), bits_ ≤ 16
  const std::uint16_t* exp_ = nullptr;
};

class tower_adapter {
 public:
  using element = tower_field::element;
  explicit tower_adapter(tower_field field);

  std::uint64_t degree() const noexcept { return degree_; }
  element zero() const { return field_.zero(); }
  element one() const { return field_.one(); }
  static bool is_zero(const element& x) { return tower_field::is_zero(x); }
  static element add(const element& x, const element& y) { return tower_field::add(x, y); }
  static void add_into(element& x, const element& y) {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] ^= y[i];
  }
  // The dense-polynomial core's Karatsuba threshold: products cost far more than sums here.
  static constexpr std::size_t karatsuba_threshold = 8;
  element mul(const element& x, const element& y) const { return field_.mul(x, y); }
  element square(const element& x) const { return field_.square(x); }
  element inverse(const element& x) const { return field_.inverse(x); }
  element sqrt(const element& x) const { return field_.frobenius(x, degree_ - 1); }
  void multiply_add(element* dst, const element& c, const element* src, std::size_t n) const {
    field_.multiply_add(dst, c, src, n);
  }
  element frobenius(const element& x, std::uint64_t s) const {  // x^(2^s)
    return field_.frobenius(x, integer(s % degree_));
  }
  // x^(2^(s·i)) for i < count, the Frobenius planned once.
  std::vector<element> frobenius_orbit(const element& x, std::uint64_t s, std::size_t count) const {
    return field_.frobenius_orbit(x, integer(s % degree_), count);
  }
  element random(std::mt19937_64& rng) const;
  unsigned base_bits() const noexcept { return field_.base_bits(); }
  // Whether x lies in the packed base (every word but the first zero): products by it scale.
  static bool in_packed_base(const element& x) {
    return std::all_of(x.begin() + 1, x.end(), [](std::uint64_t w) { return w == 0; });
  }
  // A uniformly random element of the subfield GF(2^d), d dividing E: the trace down to it of a
  // random element (the trace is GF(2^d)-linear and onto).
  element random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const;
  element from_ordinal(const ordinal& a) const { return field_.from_ordinal(a); }
  ordinal to_ordinal(const element& x) const { return field_.to_ordinal(x); }
  const tower_field& field() const noexcept { return field_; }

 private:
  tower_field field_;
  std::uint64_t degree_;
};

}  // namespace cas::detail
