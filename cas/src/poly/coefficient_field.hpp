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
#include "poly/polynomial_basis_field.hpp"

namespace cas::detail {

// The level k of the smallest Fermat field GF(2^(2^k)) holding all the values, or −1 when one is
// not a finite nimber below 2^64.
inline int word_level(const std::vector<ordinal>& values) {
  unsigned level = 0;
  for (const ordinal& v : values) {
    if (!v.is_finite() || v.finite_part().bit_length() > 64) return -1;
    level = std::max(level, v.finite_part().level());
  }
  return static_cast<int>(level);
}

// Calls work(field) with the smallest field holding all the values: the machine-word Fermat
// field when they are finite and below 2^64, else their tower field.
template <class Work>
auto with_field(const std::vector<ordinal>& values, const context& ctx, Work&& work) {
  const int level = word_level(values);
  if (level >= 0) return work(word_field(1u << level));
  return work(tower_adapter(tower_field::spanning(values, ctx)));
}

// The same with the machine-word field in its polynomial basis (polynomial_basis_field: products
// of polynomials by Kronecker substitution) when large_degree is set: for polynomials of large
// degree, where those products pay for the conversions.
template <class Work>
auto with_field(const std::vector<ordinal>& values, bool large_degree, const context& ctx,
                Work&& work) {
  const int level = word_level(values);
  if (level >= 0 && large_degree) return work(polynomial_basis_field(1u << level));
  if (level >= 0) return work(word_field(1u << level));
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
