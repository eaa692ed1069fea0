#pragma once
// Private to cas: Gaussian elimination over GF(2) on vectors of a fixed number of words (bit i in
// word i/64), the pivots keyed by their top bit, and the reduced echelon form of what was
// inserted. word_echelon.hpp is the one-word form.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cas::detail {

class wide_echelon {
 public:
  explicit wide_echelon(std::size_t words) : words_(words), row_of_(words * 64, -1) {}

  std::size_t rank() const noexcept { return pivots_.size(); }
  // Reduces v (words() words) by the pivots until its top bit is not one of theirs; true when v
  // reached 0.
  bool reduce(std::uint64_t* v) const {
    for (std::size_t w = words_; w-- > 0;) {
      while (v[w] != 0) {
        const std::size_t column = w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(v[w]));
        const std::ptrdiff_t r = row_of_[column];
        if (r < 0) return false;
        const std::uint64_t* row = rows_.data() + static_cast<std::size_t>(r) * words_;
        for (std::size_t k = 0; k <= w; ++k) v[k] ^= row[k];  // the row is zero above word w
      }
    }
    return true;
  }
  // reduce, then keep what is left as a pivot; true when v was independent of the pivots.
  bool insert(std::vector<std::uint64_t> v) {
    if (reduce(v.data())) return false;
    std::size_t w = words_;
    while (v[w - 1] == 0) --w;
    const std::size_t column =
        (w - 1) * 64 + 63 - static_cast<std::size_t>(std::countl_zero(v[w - 1]));
    row_of_[column] = static_cast<std::ptrdiff_t>(pivots_.size());
    pivots_.push_back(column);
    rows_.insert(rows_.end(), v.begin(), v.end());
    return true;
  }
  // The reduced echelon form, least pivot first: each row cleared at the other rows' pivots.
  // From the least pivot up, a row is cleared at the pivots below its own by rows already
  // reduced, which are zero at every other pivot.
  std::vector<std::vector<std::uint64_t>> reduced_rows() const {
    std::vector<std::size_t> order(pivots_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t i, std::size_t j) { return pivots_[i] < pivots_[j]; });
    std::vector<std::uint64_t> pivot_mask(words_, 0);
    for (const std::size_t column : pivots_)
      pivot_mask[column / 64] |= std::uint64_t{1} << (column % 64);
    std::vector<std::vector<std::uint64_t>> reduced(order.size());
    std::vector<std::ptrdiff_t> reduced_of(words_ * 64, -1);
    for (std::size_t i = 0; i < order.size(); ++i) {
      const std::size_t top = pivots_[order[i]];
      std::vector<std::uint64_t> row(
          rows_.begin() + static_cast<std::ptrdiff_t>(order[i] * words_),
          rows_.begin() + static_cast<std::ptrdiff_t>((order[i] + 1) * words_));
      for (std::size_t w = top / 64 + 1; w-- > 0;) {
        std::uint64_t clear = row[w] & pivot_mask[w];
        if (w == top / 64) clear &= ~(std::uint64_t{1} << (top % 64));
        while (clear != 0) {
          const std::size_t bit = 63 - static_cast<std::size_t>(std::countl_zero(clear));
          clear &= ~(std::uint64_t{1} << bit);
          const std::vector<std::uint64_t>& source =
              reduced[static_cast<std::size_t>(reduced_of[w * 64 + bit])];
          for (std::size_t k = 0; k <= w; ++k) row[k] ^= source[k];
        }
      }
      reduced_of[top] = static_cast<std::ptrdiff_t>(i);
      reduced[i] = std::move(row);
    }
    return reduced;
  }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> rows_;  // row r: words [r·words_, (r + 1)·words_)
  std::vector<std::size_t> pivots_;  // row r's top bit
  std::vector<std::ptrdiff_t> row_of_;
};

}  // namespace cas::detail
