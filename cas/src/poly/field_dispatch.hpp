#pragma once
// Choosing the field a polynomial computation runs in, and moving polynomials into it and back
// (private to cas): the machine-word Fermat field when every value is finite and below 2^64,
// else the tower field of the values; and the packed GF(2)[x] form when every coefficient is 0
// or 1.

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/tower.hpp"
#include "poly/binary_polynomial.hpp"
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
