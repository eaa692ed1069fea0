#include "subfield_basis.hpp"

#include <algorithm>
#include <utility>

#include "cas/core/error.hpp"

namespace cas::detail {

subfield_basis::subfield_basis(const tower_field& field, const ordinal& a, const context& ctx,
                               bool echelon)
    : field_(&field) {
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t d = field.degree_of(x);
  ctx.check_limit(d, ctx.limits().max_minpoly_degree, "The degree of F₂(a)", "max_minpoly_degree");
  const std::size_t words = (d + 63) / 64;
  if (echelon && field.degree() == d) {
    // F₂(a) is the whole field: its reduced echelon basis is the unit Cantor coordinates.
    std::vector<std::uint64_t> unit(words, 0);
    rows_.reserve(d);
    for (std::uint64_t i = 0; i < d; ++i) {
      if (i % 64 == 0) ctx.poll();
      unit[i / 64] = std::uint64_t{1} << (i % 64);
      rows_.push_back(field.from_cantor_bits(unit));
      unit[i / 64] = 0;
    }
    return;
  }
  std::vector<tower_field::element> powers;
  powers.reserve(d);
  powers.push_back(field.one());
  for (std::uint64_t i = 1; i < d; ++i) {
    ctx.poll();
    powers.push_back(field.mul(powers.back(), x));
  }
  if (!echelon) {
    rows_ = std::move(powers);
    return;
  }
  // The Cantor coordinates of the powers (tower_field::cantor_bits), most significant first.
  std::vector<std::vector<std::uint64_t>> bits(d);
  for (std::uint64_t i = 0; i < d; ++i) bits[i] = field.cantor_bits(powers[i]);
  const std::size_t columns = bits.empty() ? 0 : bits[0].size() * 64;
  // Gauss–Jordan elimination, the same row operations on the field elements.
  std::size_t rank = 0;
  for (std::size_t column = columns; column-- > 0 && rank < d;) {
    if (column % 64 == 0) ctx.poll();
    const std::size_t word = column / 64;
    const std::uint64_t mask = std::uint64_t{1} << (column % 64);
    std::size_t pivot = rank;
    while (pivot < d && (bits[pivot][word] & mask) == 0) ++pivot;
    if (pivot == d) continue;
    std::swap(bits[pivot], bits[rank]);
    std::swap(powers[pivot], powers[rank]);
    for (std::size_t r = 0; r < d; ++r) {
      if (r == rank || (bits[r][word] & mask) == 0) continue;
      for (std::size_t w = 0; w <= word; ++w) bits[r][w] ^= bits[rank][w];
      powers[r] = tower_field::add(powers[r], powers[rank]);
    }
    ++rank;
  }
  if (rank != d) {
    throw internal_error("The powers of an element of degree " + std::to_string(d) + " span only " +
                         std::to_string(rank) + " dimensions.");
  }
  // Row 0 has the most significant pivot; the least significant comes first here.
  rows_.assign(std::make_move_iterator(powers.rbegin()), std::make_move_iterator(powers.rend()));
}

tower_field::element subfield_basis::element(const integer& t) const {
  tower_field::element x = field_->zero();
  if (t == 0) return x;
  for (std::size_t i = 0; i < rows_.size() && i <= msb(t); ++i) {
    if (bit_test(t, static_cast<unsigned>(i))) x = tower_field::add(x, rows_[i]);
  }
  return x;
}

tower_field::element subfield_basis::element(const std::vector<std::uint64_t>& bits) const {
  tower_field::element x = field_->zero();
  for (std::size_t i = 0; i < rows_.size() && i / 64 < bits.size(); ++i) {
    if (((bits[i / 64] >> (i % 64)) & 1) != 0) x = tower_field::add(x, rows_[i]);
  }
  return x;
}

}  // namespace cas::detail
