#pragma once
// A copy of the subfield GF(2^m) of a tower field in a polynomial basis (private to
// cas/src/tower): GF(2)[z]/(μ) with μ the minimal polynomial of a generator γ of the subfield
// (the trace of a pseudo-random element, kept when its degree is m), and the GF(2)-linear map
// from the tower's words of a subfield element to its coordinates in the basis 1, γ, …, γ^(m−1).
// Made from m products in the tower field and an elimination of m vectors; a conversion then
// reads m bits of the element (the pivots of the powers' echelon form) and sums as many rows.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/tower/tower.hpp"
#include "tower/wide_polynomial_field.hpp"

namespace cas::detail {

class tower_subfield_copy {
 public:
  using word = std::uint64_t;

  // m divides the field's degree. Polls the context.
  tower_subfield_copy(const tower_field& field, std::uint64_t m, const context& ctx);

  const wide_polynomial_field& field() const noexcept { return copy_; }
  // v's coordinates (copy's words), for v in GF(2^m); another v gives a meaningless value.
  std::vector<word> coordinates(const tower_field::element& v) const;
  void coordinates(const word* v, word* out) const;
  // The inverse: out (the tower field's words) = Σ c_i·γ^i for the copy's coordinates c.
  void to_field(const word* coordinates, word* out) const;

 private:
  wide_polynomial_field copy_;
  std::vector<std::size_t> pivot_word_;  // pivot s: a bit of the element's word pivot_word_[s]
  std::vector<word> pivot_mask_;
  std::vector<word> rows_;  // m rows of copy_.words() words: the coordinates pivot s adds
  std::size_t field_words_ = 0;
  std::vector<word> powers_;  // γ^i, i < m, the tower field's words each
};

}  // namespace cas::detail
