#pragma once
// κ-monomials, shared by the κ product (kappa.cpp) and its step-by-step explanation
// (product_explanation.cpp). Private to cas.

#include <cstdint>
#include <utility>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas::detail {

// A κ-monomial: for each exponent position i (prime p_(i+1)), the base-p digits of b_i, lowest
// first; no trailing zero digits and no trailing empty positions.
using monomial = std::vector<std::vector<std::uint64_t>>;

inline void trim(monomial& m) {
  for (auto& digits : m) {
    while (!digits.empty() && digits.back() == 0) digits.pop_back();
  }
  while (!m.empty() && m.back().empty()) m.pop_back();
}

// The exponent β = ω^t·b_t + … + b_0 the monomial's digits spell.
inline small_ordinal to_exponent(const monomial& m) {
  std::vector<integer> digits(m.size(), 0);
  for (std::size_t i = 0; i < m.size(); ++i) {
    const std::uint64_t p = odd_prime_at(i);
    for (std::size_t k = m[i].size(); k-- > 0;) digits[i] = digits[i] * p + m[i][k];
  }
  return small_ordinal(std::move(digits));
}

}  // namespace cas::detail
