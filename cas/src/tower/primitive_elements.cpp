#include "cas/tower/primitive_elements.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "field_operations.hpp"
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

}  // namespace

bool is_primitive(const ordinal& a, const context& ctx) {
  if (a.is_zero()) return false;
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
  const tower_field field = tower_field::spanning({a}, ctx);
  const detail::subfield_basis basis(field, a, ctx);
  const detail::tower_operations f{&field};
  const std::uint64_t d = basis.degree();
  const integer order = group_order(d);
  const std::vector<integer> primes = detail::group_order_primes(d, ctx);
  // Counting in binary over the echelon basis lists F₂(a) in Cantor order (from 1: 0 is not).
  for (std::uint64_t t = 1; d >= 64 || t < (std::uint64_t{1} << d); ++t) {
    ctx.poll();
    const tower_field::element x = basis.element(t);
    if (detail::generates(f, x, order, primes, ctx)) return field.to_ordinal(x);
  }
  throw internal_error("F₂(a) of degree " + std::to_string(d) + " has no primitive element.");
}

}  // namespace cas
