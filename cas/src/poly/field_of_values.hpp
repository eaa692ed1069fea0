#pragma once
// The field a polynomial computation runs in (private to cas): the machine-word Fermat field
// when every value is finite and below 2^64, else the tower field of their closure
// (docs/spec/arithmetic.md §5 step 1). Apart from coefficient_field.hpp, which converts
// cas::polynomial, so that polynomial.cpp can use it.

#include <algorithm>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/tower.hpp"
#include "poly/factoring_fields.hpp"
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

}  // namespace cas::detail
