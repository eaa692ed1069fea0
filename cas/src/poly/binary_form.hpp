#pragma once
// The packed GF(2)[x] form of a polynomial whose coefficients are all 0 or 1, and back (private
// to cas). The field of other polynomials is chosen in poly/coefficient_field.hpp.

#include <algorithm>
#include <optional>
#include <vector>

#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "poly/binary_polynomial.hpp"

namespace cas::detail {

// Whether every value is 0 or 1 (so GF(2) holds them).
inline bool all_binary(const std::vector<ordinal>& values) {
  const ordinal one(nimber(1));
  return std::all_of(values.begin(), values.end(),
                     [&](const ordinal& c) { return c.is_zero() || c == one; });
}

// f packed, when its coefficients are all 0 or 1.
inline std::optional<binary_polynomial> to_binary(const polynomial& f) {
  if (!all_binary(f.coefficients())) return std::nullopt;
  std::vector<binary_polynomial::word> words((f.coefficients().size() + 63) / 64, 0);
  for (std::size_t i = 0; i < f.coefficients().size(); ++i) {
    if (!f.coefficients()[i].is_zero()) words[i / 64] |= binary_polynomial::word{1} << (i % 64);
  }
  return binary_polynomial(std::move(words));
}

inline polynomial from_binary(const binary_polynomial& f) {
  std::vector<ordinal> coefficients(static_cast<std::size_t>(f.degree() + 1));
  const ordinal one(nimber(1));
  for (std::size_t i = 0; i < coefficients.size(); ++i) {
    if (f.coefficient(i)) coefficients[i] = one;
  }
  return polynomial(std::move(coefficients));
}

}  // namespace cas::detail
