#include "subfield_basis.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "cas/core/error.hpp"

namespace cas::detail {
namespace {

// A coordinate of an ordinal: the term exponent β and a bit j of its coefficient.
struct coordinate {
  small_ordinal exponent;
  std::uint64_t bit;
  // More significant first: larger β, then larger j.
  friend bool operator<(const coordinate& x, const coordinate& y) {
    if (const auto c = x.exponent <=> y.exponent; c != 0) return c > 0;
    return x.bit > y.bit;
  }
};

}  // namespace

subfield_basis::subfield_basis(const tower_field& field, const ordinal& a, const context& ctx,
                               bool echelon)
    : field_(&field) {
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t d = field.degree_of(x);
  ctx.check_limit(d, ctx.limits().max_minpoly_degree, "The degree of F₂(a)", "max_minpoly_degree");
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
  // The coordinates of the powers, most significant first.
  std::vector<std::vector<coordinate>> coordinates(d);
  std::map<coordinate, std::size_t> columns;
  for (std::uint64_t i = 0; i < d; ++i) {
    ctx.poll();
    const ordinal power = field.to_ordinal(powers[i]);
    for (const ordinal_term& term : power.terms()) {
      const nimber& c = term.coefficient;
      for (std::uint64_t j = 0; j < c.bit_length(); ++j) {
        if (!c.bit(j)) continue;
        coordinates[i].push_back({term.exponent, j});
        columns.emplace(coordinate{term.exponent, j}, 0);
      }
    }
  }
  std::size_t next = 0;
  for (auto& [key, column] : columns) column = next++;
  const std::size_t words = (columns.size() + 63) / 64;
  std::vector<std::vector<std::uint64_t>> bits(d, std::vector<std::uint64_t>(words, 0));
  for (std::uint64_t i = 0; i < d; ++i) {
    for (const coordinate& c : coordinates[i]) {
      const std::size_t column = columns.at(c);
      bits[i][column / 64] |= std::uint64_t{1} << (column % 64);
    }
  }
  // Gauss–Jordan elimination, the same row operations on the field elements.
  std::size_t rank = 0;
  for (std::size_t column = 0; column < columns.size() && rank < d; ++column) {
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
      for (std::size_t w = word; w < words; ++w) bits[r][w] ^= bits[rank][w];
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
