#include "subfield_basis.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "monomial_fixed_space.hpp"

namespace cas::detail {

subfield_basis::subfield_basis(const tower_field& field, const ordinal& a, const context& ctx,
                               bool echelon)
    : field_(&field) {
  const tower_field::element x = field.from_ordinal(a);
  const std::uint64_t d = field.degree_of(x);
  ctx.check_limit(d, ctx.limits().max_minpoly_degree, "The degree of F₂(a)", "max_minpoly_degree");
  degree_ = d;
  rows_.reserve(d);  // materialise never moves a row: row() hands out references
  if (echelon && field.degree() == d) {
    units_ = true;  // F₂(a) is the whole field: its reduced echelon basis is the unit coordinates
    return;
  }
  if (!echelon) {
    rows_.push_back(field.one());
    for (std::uint64_t i = 1; i < d; ++i) {
      ctx.poll();
      // a^(2k) = (a^k)^2: a squaring costs a fraction of a product in a tower field.
      rows_.push_back(i % 2 == 0 ? field.square(rows_[i / 2]) : field.mul(rows_.back(), x));
    }
    return;
  }
  const std::shared_ptr<const monomial_frobenius> frobenius_d =
      field.monomial_frobenius_map(integer(d));
  if (!frobenius_d && subfield_lines::applies(field)) {
    lines_ = std::make_unique<subfield_lines>(field, d, ctx);
    return;
  }
  // A spanning set that costs squarings: the conjugates y, y^2, y^4, … of y = a, a^3, a^5, …, each
  // orbit up to its first conjugate in the span so far (the span of an orbit is closed under
  // squaring, so none after it adds anything). They span F₂(a): a^(odd · 2^j) runs over all a^i,
  // 1 ≤ i ≤ d, which is a·(1, a, …, a^(d−1)). Each row goes in by its Cantor coordinates
  // (tower_field::cantor_bits, a GF(2)-linear map) into a semi-echelon form (distinct leading
  // coordinates), each row reduced and mapped back (from_cantor_bits) when first used.
  stride_ = field.cantor_bits(x).size();
  store_.reserve(d * stride_);  // row r: words [r·stride_, (r + 1)·stride_)
  row_of_.assign(stride_ * 64, -1);
  auto insert = [&](std::vector<std::uint64_t>& v) {
    for (std::size_t w = stride_; w-- > 0;) {
      while (v[w] != 0) {
        const std::size_t column = w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(v[w]));
        const std::ptrdiff_t r = row_of_[column];
        if (r < 0) {
          row_of_[column] = static_cast<std::ptrdiff_t>(leading_.size());
          leading_.push_back(column);
          store_.insert(store_.end(), v.begin(), v.end());
          return true;
        }
        const std::uint64_t* row = store_.data() + static_cast<std::size_t>(r) * stride_;
        for (std::size_t k = 0; k <= w; ++k) v[k] ^= row[k];  // the row is zero above word w
      }
    }
    return false;
  };
  // Where F^d is monomial, a basis of GF(2^d) cycle by cycle of its monomials
  // (monomial_fixed_space.hpp): each vector lies on one cycle's coordinates, so it reduces
  // against its own cycle's few.
  if (frobenius_d) {
    for (const tower_field::element& y : monomial_fixed_space(field, *frobenius_d)) {
      std::vector<std::uint64_t> v = field.cantor_bits(y);
      if (!insert(v)) throw internal_error("A basis of GF(2^d) by cycles is dependent.");
    }
  }
  const tower_field::element x_squared = field.square(x);
  tower_field::element start = x;
  for (std::uint64_t orbit = 0; leading_.size() < d; ++orbit) {
    if (orbit > d) {
      throw internal_error("The powers of an element of degree " + std::to_string(d) +
                           " span only " + std::to_string(leading_.size()) + " dimensions.");
    }
    tower_field::element y = start;
    for (std::uint64_t j = 0; j < d && leading_.size() < d; ++j) {
      if (j % 64 == 0) ctx.poll();
      std::vector<std::uint64_t> v = field.cantor_bits(y);
      if (!insert(v)) break;
      y = field.square(y);
    }
    start = field.mul(start, x_squared);
  }
  leading_mask_.assign(stride_, 0);
  for (const std::size_t column : leading_) {
    leading_mask_[column / 64] |= std::uint64_t{1} << (column % 64);
  }
  order_.resize(d);
  for (std::size_t r = 0; r < d; ++r) order_[r] = r;
  std::sort(order_.begin(), order_.end(),
            [&](std::size_t i, std::size_t j) { return leading_[i] < leading_[j]; });
}

void subfield_basis::materialise(std::size_t count) const {
  count = std::min<std::size_t>(count, degree_);
  std::vector<std::uint64_t> bits;
  while (rows_.size() < count) {
    const std::size_t i = rows_.size();
    if (lines_) {
      rows_.push_back(lines_->row(i));
      continue;
    }
    if (units_) {
      bits.assign((degree_ + 63) / 64, 0);
      bits[i / 64] = std::uint64_t{1} << (i % 64);
      rows_.push_back(field_->from_cantor_bits(bits));
      continue;
    }
    // Reduced form, from the least significant leading coordinate up: the row is cleared at the
    // leading coordinates below its own by the rows reduced before it, which are zero at every
    // other leading coordinate, so the leading bits to clear are read once per word.
    std::uint64_t* target = store_.data() + order_[i] * stride_;
    const std::size_t top = leading_[order_[i]];
    for (std::size_t w = top / 64 + 1; w-- > 0;) {
      std::uint64_t clear = target[w] & leading_mask_[w];
      if (w == top / 64) clear &= ~(std::uint64_t{1} << (top % 64));
      while (clear != 0) {
        const std::size_t bit = 63 - static_cast<std::size_t>(std::countl_zero(clear));
        clear &= ~(std::uint64_t{1} << bit);
        const std::uint64_t* source =
            store_.data() + static_cast<std::size_t>(row_of_[w * 64 + bit]) * stride_;
        for (std::size_t k = 0; k <= w; ++k) target[k] ^= source[k];
      }
    }
    bits.assign(target, target + stride_);
    rows_.push_back(field_->from_cantor_bits(bits));
  }
}

const tower_field::element& subfield_basis::row(std::size_t i) const {
  materialise(i + 1);
  return rows_[i];
}

tower_field::element subfield_basis::element(const integer& t) const {
  tower_field::element x = field_->zero();
  if (t == 0) return x;
  materialise(msb(t) + 1);
  for (std::size_t i = 0; i < rows_.size() && i <= msb(t); ++i) {
    if (bit_test(t, static_cast<unsigned>(i))) x = tower_field::add(x, rows_[i]);
  }
  return x;
}

tower_field::element subfield_basis::element(const std::vector<std::uint64_t>& bits) const {
  tower_field::element x = field_->zero();
  materialise(bits.size() * 64);
  for (std::size_t i = 0; i < rows_.size() && i / 64 < bits.size(); ++i) {
    if (((bits[i / 64] >> (i % 64)) & 1) != 0) x = tower_field::add(x, rows_[i]);
  }
  return x;
}

}  // namespace cas::detail
