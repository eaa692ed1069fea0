#include "cas/tower/primitive_elements.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower_field_cache.hpp"
#include "field_operations.hpp"
#include "kummer_minimal_polynomial.hpp"
#include "layered_group_tests.hpp"
#include "subfield_basis.hpp"

namespace cas {

namespace detail {

std::vector<integer> group_order_primes(std::uint64_t d, const context& ctx) {
  std::vector<integer> primes;
  for (const auto& [p, multiplicity] : mersenne_factorization(d, ctx)) primes.push_back(p);
  return primes;
}

}  // namespace detail

namespace {

integer group_order(std::uint64_t d) {
  return (integer(1) << static_cast<unsigned>(d)) - 1;
}

// The least primitive element of GF(2^d), d a power of two: the first x ≥ 2^(d/2) that generates.
template <class F>
ordinal least_primitive_finite(const F& f, std::uint64_t d, const context& ctx) {
  const integer order = group_order(d);
  const std::vector<integer> primes = detail::group_order_primes(d, ctx);
  const integer start = integer(1) << static_cast<unsigned>(d / 2);
  for (integer candidate = start;; ++candidate) {
    ctx.poll();
    const ordinal value(nimber(candidate, ctx));
    if (detail::generates(f, f.from_ordinal(value), order, primes, ctx)) return value;
  }
}

// A maximal subfield GF(2^degree) of F₂(a), and how many of the least significant echelon basis
// vectors it holds (the elements below 2^prefix in the count all lie in it).
struct maximal_subfield {
  std::uint64_t degree;
  std::size_t prefix;
};

bool in_subfield(const tower_field& field, const tower_field::element& x, std::uint64_t degree) {
  return field.is_fixed_by_frobenius(x, integer(degree));
}

// How many of the least significant basis vectors lie in GF(2^degree): each tested line by line
// (tower_field::is_fixed_by_frobenius), so a vector on a few of the top step's lines, or one that
// fails at its first line, costs that many lines' maps.
std::size_t leading_rows_in_subfield(const tower_field& field, const detail::subfield_basis& basis,
                                     std::uint64_t degree, const context& ctx) {
  std::size_t prefix = 0;
  while (prefix < basis.degree()) {
    ctx.poll();
    if (!in_subfield(field, basis.row(prefix), degree)) break;
    ++prefix;
  }
  return prefix;
}

// A lower bound of the least count t whose element lies in none of the subfields (a generator
// lies in none). All t < 2^K lie in the subfield of the largest prefix K; for t = 2^K + y, the
// subfields that hold basis vector K hold the element exactly when they hold y's, so y must lie
// outside those: the same question below 2^K with fewer subfields. (The others only exclude a
// coset of y's, which the bound ignores.)
integer least_outside_subfields(const tower_field& field, const detail::subfield_basis& basis,
                                const std::vector<maximal_subfield>& subfields,
                                const context& ctx) {
  if (subfields.empty()) return 0;
  std::size_t top = 0;
  for (const maximal_subfield& w : subfields) top = std::max(top, w.prefix);
  std::vector<maximal_subfield> holding;  // the subfields that hold basis vector `top`
  for (const maximal_subfield& w : subfields) {
    ctx.poll();
    if (w.prefix < top && in_subfield(field, basis.row(top), w.degree)) holding.push_back(w);
  }
  return (integer(1) << static_cast<unsigned>(top)) +
         least_outside_subfields(field, basis, holding, ctx);
}

// Whether x of GF(2^d) generates its group: in the small copy of the Kummer step where it
// applies (kummer_minimal_polynomial.hpp), by the layers in the tower field otherwise.
bool generates_in_tower(const tower_field& field, const tower_field::element& x, std::uint64_t d,
                        const std::vector<integer>& primes, const context& ctx) {
  if (const auto by_copy = detail::generates_by_kummer_step(field, x, d, primes, ctx)) {
    return *by_copy;
  }
  return detail::generates_by_layers(field, x, d, primes, ctx);
}

}  // namespace

bool is_primitive(const ordinal& a, const context& ctx) {
  if (a.is_zero()) return false;
  if (!a.is_finite()) {
    const auto cached = cached_tower_field(closure_of(a, ctx), ctx);  // no copy of a
    const tower_field::element x = cached->from_ordinal(a);
    const std::uint64_t d = cached->degree_of(x);
    return generates_in_tower(*cached, x, d, detail::group_order_primes(d, ctx), ctx);
  }
  return detail::with_field_of({a}, ctx, [&](const auto& f) {
    const auto x = f.from_ordinal(a);
    const std::uint64_t d = f.degree(x);
    return detail::generates(f, x, group_order(d), detail::group_order_primes(d, ctx), ctx);
  });
}

ordinal primitive_element(const ordinal& a, const context& ctx) {
  if (a.is_finite()) {
    const std::uint64_t d = nim_degree(a.finite_part());
    if (d == 1) return ordinal(nimber(1));  // GF(2)^× = {1}
    // The field's own operations: a value of d bits selects them.
    const ordinal top(nimber::power_of_two(d - 1, ctx));
    return detail::with_field_of({top}, ctx,
                                 [&](const auto& f) { return least_primitive_finite(f, d, ctx); });
  }
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);  // no copy of a
  const tower_field& field = *cached;
  const detail::subfield_basis basis(field, a, ctx);
  const std::uint64_t d = basis.degree();
  const std::vector<integer> primes = detail::group_order_primes(d, ctx);
  // Counting in binary over the echelon basis lists F₂(a) in Cantor order, from a lower bound of
  // the first element outside every maximal subfield (least_outside_subfields).
  std::vector<maximal_subfield> subfields;
  for (const auto& [p, multiplicity] : factorize(d, ctx)) {
    subfields.push_back({d / p, leading_rows_in_subfield(field, basis, d / p, ctx)});
  }
  const integer start = least_outside_subfields(field, basis, subfields, ctx);
  const integer end = integer(1) << static_cast<unsigned>(d);
  for (integer t = std::max(start, integer(1)); t < end; ++t) {  // t = 0 is the element 0
    ctx.poll();
    const tower_field::element x = basis.element(t);
    if (generates_in_tower(field, x, d, primes, ctx)) return field.to_ordinal(x);
  }
  throw internal_error("F₂(a) of degree " + std::to_string(d) + " has no primitive element.");
}

}  // namespace cas
