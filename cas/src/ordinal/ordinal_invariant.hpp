#pragma once
// The invariants of cas::small_ordinal and cas::ordinal on their representations (private to
// cas/src): an exponent's digits are natural numbers with no zero top digit; an ordinal's terms
// have strictly decreasing exponents and non-zero coefficients. Debug builds assert them wherever
// the representation is set (docs/style.md, item 2); white-box tests call them directly, on
// valid and invalid representations.
#include <cstddef>
#include <vector>

#include "cas/core/integer.hpp"
#include "finite/nimber_invariant.hpp"

namespace cas::detail {

inline bool small_ordinal_digits_are_canonical(const std::vector<integer>& digits) noexcept {
  for (const integer& d : digits) {
    if (d < 0) return false;
  }
  return digits.empty() || digits.back() != 0;
}

// A template over the term type, so that ordinal.cpp, which asserts it, is not included back.
template <class Terms>
bool ordinal_terms_are_canonical(const Terms& terms) noexcept {
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (terms[i].coefficient.is_zero()) return false;
    if (!nimber_limbs_are_canonical(terms[i].coefficient.limbs())) return false;
    if (!small_ordinal_digits_are_canonical(terms[i].exponent.digits())) return false;
    if (i > 0 && !(terms[i - 1].exponent > terms[i].exponent)) return false;
  }
  return true;
}

}  // namespace cas::detail
