#pragma once
// The conversions of polynomials to and from the field a polynomial computation runs in (private
// to cas; the field itself is chosen by with_field, field_of_values.hpp).

#include <algorithm>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/tower.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_of_values.hpp"
#include "poly/field_polynomials.hpp"

namespace cas::detail {

template <class F>
typename field_polynomials<F>::poly to_field(const F& field, const polynomial& f) {
  typename field_polynomials<F>::poly p;
  p.reserve(f.coefficients().size());
  for (const ordinal& c : f.coefficients()) p.push_back(field.from_ordinal(c));
  return p;
}

template <class F>
polynomial from_field(const F& field, const typename field_polynomials<F>::poly& p) {
  std::vector<ordinal> coefficients;
  coefficients.reserve(p.size());
  for (const auto& c : p) coefficients.push_back(field.to_ordinal(c));
  return polynomial(std::move(coefficients));
}

}  // namespace cas::detail
