#pragma once
// Private to cas: Gaussian elimination over GF(2) on vectors of at most 64 bits, the pivots keyed
// by their top bit, each with the combination (a set of up to 64 inserted vectors, as bits) it
// stands for. Reducing a vector to 0 gives the combination of inserted vectors equal to it: the
// coordinates of a value in a basis, or a kernel vector of a linear map. constexpr, so tables
// built at compile time use it too.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace cas::detail {

class word_echelon {
 public:
  // Reduces value by the pivots, combination along with it; true when value reached 0 (then
  // combination, with the caller's starting bits, is the combination that sums to the value).
  constexpr bool reduce(std::uint64_t& value, std::uint64_t& combination) const {
    while (value != 0) {
      const auto top = static_cast<std::size_t>(63 - std::countl_zero(value));
      if (value_[top] == 0) return false;
      value ^= value_[top];
      combination ^= combination_[top];
    }
    return true;
  }
  // reduce, then keep what is left as a new pivot; true when the value was independent.
  constexpr bool insert(std::uint64_t value, std::uint64_t combination) {
    if (reduce(value, combination)) return false;
    const auto top = static_cast<std::size_t>(63 - std::countl_zero(value));
    value_[top] = value;
    combination_[top] = combination;
    return true;
  }

 private:
  std::array<std::uint64_t, 64> value_{}, combination_{};
};

}  // namespace cas::detail
