#pragma once
// Private to the tower layer: the subfield F₂(a) = GF(2^d) of a tower field as a GF(2)-subspace,
// with a basis that lists its elements in Cantor order (primitive_element) or draws them
// uniformly (random_element).
//
// The ordinal of an element is a nim sum of terms ω^β·c; its Cantor order compares the largest β
// where two differ, then c as a natural number: the order of the bit vectors over the coordinates
// (β, bit j of c), most significant first. The powers 1, a, …, a^(d−1) span F₂(a); in reduced
// row echelon form over those coordinates, the element with coefficient bits t (row of the
// least significant pivot = bit 0) is the t-th element of F₂(a) in Cantor order, since the first
// coordinate where two elements differ is the pivot of the first coefficient where they differ,
// where each element's bit is that coefficient. The coordinates are tower_field::cantor_bits; when
// d = E the reduced echelon basis is the unit coordinates themselves.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/tower.hpp"
#include "subfield_lines.hpp"

namespace cas::detail {

class subfield_basis {
 public:
  // F₂(a) inside `field` (which holds a); limit_error when d exceeds max_minpoly_degree.
  // With `echelon` false, the basis is the powers of a, unreduced (enough for random draws).
  subfield_basis(const tower_field& field, const ordinal& a, const context& ctx,
                 bool echelon = true);

  std::uint64_t degree() const noexcept { return degree_; }
  // The element with coefficient bits t (bit i: the basis vector of the i-th least significant
  // pivot); for t < 2^d in increasing order, the elements in Cantor order (echelon form).
  tower_field::element element(const integer& t) const;
  // The basis vector of the i-th least significant pivot (valid as long as the basis).
  const tower_field::element& row(std::size_t i) const;
  // The element whose coefficient bits are `bits` (bit i of word i/64), any d.
  tower_field::element element(const std::vector<std::uint64_t>& bits) const;

 private:
  // The least significant `count` basis vectors as field elements: made when first asked for
  // (the candidates of primitive_element use few), so a basis is not shared between threads.
  void materialise(std::size_t count) const;

  const tower_field* field_;
  std::uint64_t degree_ = 0;
  bool units_ = false;  // the whole field: the unit Cantor coordinates
  // Where the top step has lines and F^d is not monomial: rows made cycle by cycle of the lines.
  std::unique_ptr<subfield_lines> lines_;
  // The echelon form on Cantor coordinates: rows of stride_ words in store_, with distinct
  // leading coordinates (leading_), row_of_ the row of a leading coordinate, order_ the rows by
  // leading coordinate, least first, and leading_mask_ the leading coordinates as bits. Row
  // order_[i] is reduced (cleared at the other leading coordinates) when materialised.
  std::size_t stride_ = 0;
  mutable std::vector<std::uint64_t> store_;
  std::vector<std::size_t> leading_, order_;
  std::vector<std::ptrdiff_t> row_of_;
  std::vector<std::uint64_t> leading_mask_;
  mutable std::vector<tower_field::element> rows_;  // least significant pivot first
};

}  // namespace cas::detail
