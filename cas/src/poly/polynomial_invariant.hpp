#pragma once
// The invariant of cas::polynomial on its representation (private to cas/src): coefficients
// lowest degree first, each a canonical ordinal, with no zero at the top. Debug builds assert it
// wherever the coefficients are set (docs/style.md, item 2); white-box tests call it directly,
// on valid and invalid coefficient lists.
#include <vector>

#include "cas/ordinal/ordinal.hpp"
#include "ordinal/ordinal_invariant.hpp"

namespace cas::detail {

inline bool polynomial_coefficients_are_canonical(
    const std::vector<ordinal>& coefficients) noexcept {
  for (const ordinal& c : coefficients) {
    if (!ordinal_terms_are_canonical(c.terms())) return false;
  }
  return coefficients.empty() || !coefficients.back().is_zero();
}

}  // namespace cas::detail
