#pragma once
// The field a polynomial computation runs in, and the conversions of polynomials to and from it
// (private to cas): the machine-word Fermat field when every value is finite and below 2^64, else
// the tower field of their closure (docs/spec/arithmetic.md §5 step 1).

#include <algorithm>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/tower.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"

namespace cas::detail {

// Calls work(field) with the smallest field holding all the values: the machine-word Fermat
// field when they are finite and below 2^64, else their tower field.
template <class Work>
auto with_field(const std::vector<ordinal>& values, const context& ctx, Work&& work) {
  unsigned level = 0;
  bool words = true;
  for (const ordinal& v : values) {
    if (!v.is_finite() || v.finite_part().bit_length() > 64) {
      words = false;
      break;
    }
    level = std::max(level, v.finite_part().level());
  }
  if (words) return work(word_field(1u << level));
  return work(tower_adapter(tower_field::spanning(values, ctx)));
}

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
