#include "cas/tower/ordinal_product.hpp"

#include <limits>
#include <optional>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower.hpp"
#include "tower/buildable_field.hpp"

namespace cas {
namespace {

// The cost model of the path choice, in units of one term product (docs/benchmarks.md, "One
// arithmetic path", has the measurements behind the numbers). Below few_term_pairs the term
// product is cheaper than finding the field at all.
constexpr std::uint64_t few_term_pairs = 16;
// The tower's cost: building it and its product cost about one term product per this many bits
// of E, and each term converted in about conversion_cost term products.
constexpr std::uint64_t field_bits_per_term_pair = 256;
constexpr std::uint64_t conversion_cost = 1;
// The term square costs this many term products per term (each squared term with its carries,
// into a partial sum that grows as large as the result).
constexpr std::uint64_t squared_term_cost = 3;

std::uint64_t saturating_product(std::uint64_t x, std::uint64_t y) {
  if (x != 0 && y > std::numeric_limits<std::uint64_t>::max() / x)
    return std::numeric_limits<std::uint64_t>::max();
  return x * y;
}

}  // namespace

namespace detail {

std::optional<kappa_closure> buildable_closure(const ordinal& a, const ordinal& b,
                                               const context& ctx) {
  try {
    kappa_closure closure = closure_of(a, ctx);
    if (!(a == b)) closure = closure_union(closure, closure_of(b, ctx));
    if (closure.field_exponent() > integer(ctx.limits().max_tower_degree)) return std::nullopt;
    return closure;
  } catch (const range_error&) {
    return std::nullopt;
  }
}

}  // namespace detail

namespace {

// The path and, for the tower, the field's closure (found once, used to build it).
struct product_plan {
  product_path path = product_path::terms;
  std::optional<kappa_closure> closure;
};

product_plan plan_product(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_finite() && b.is_finite()) return {product_path::finite, std::nullopt};
  const std::uint64_t ta = a.terms().size(), tb = b.terms().size();
  const std::uint64_t pairs = saturating_product(ta, tb);
  if (pairs < few_term_pairs) return {};
  auto closure = detail::buildable_closure(a, b, ctx);
  if (!closure) return {};
  const auto degree = static_cast<std::uint64_t>(closure->field_exponent());
  const std::uint64_t tower_cost = degree / field_bits_per_term_pair + conversion_cost * (ta + tb);
  if (pairs <= tower_cost) return {};
  return {product_path::tower, std::move(closure)};
}

product_plan plan_square(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return {product_path::finite, std::nullopt};
  const std::uint64_t terms = a.terms().size();
  if (terms < few_term_pairs) return {};  // a handful of squared terms
  auto closure = detail::buildable_closure(a, a, ctx);
  if (!closure) return {};
  const auto degree = static_cast<std::uint64_t>(closure->field_exponent());
  if (saturating_product(terms, squared_term_cost) <=
      degree / field_bits_per_term_pair + conversion_cost * terms) {
    return {};
  }
  return {product_path::tower, std::move(closure)};
}

ordinal multiply_in(const tower_field& field, const ordinal& a, const ordinal& b) {
  if (a == b) return field.to_ordinal(field.square(field.from_ordinal(a)));
  return field.to_ordinal(field.mul(field.from_ordinal(a), field.from_ordinal(b)));
}

}  // namespace

product_path choose_product_path(const ordinal& a, const ordinal& b, const context& ctx) {
  return plan_product(a, b, ctx).path;
}

product_path choose_square_path(const ordinal& a, const context& ctx) {
  return plan_square(a, ctx).path;
}

ordinal nim_mul_in_tower(const ordinal& a, const ordinal& b, const context& ctx) {
  kappa_closure closure = closure_of(a, ctx);
  if (!(a == b)) closure = closure_union(closure, closure_of(b, ctx));
  return multiply_in(tower_field(closure, ctx), a, b);
}

ordinal nim_mul(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_finite() && b.is_finite()) {
    return ordinal(nim_mul(a.finite_part(), b.finite_part(), ctx));
  }
  if (a == b) return nim_square(a, ctx);
  product_plan plan = plan_product(a, b, ctx);
  switch (plan.path) {
    case product_path::finite:
      return ordinal(nim_mul(a.finite_part(), b.finite_part(), ctx));
    case product_path::tower:
      return multiply_in(tower_field(*plan.closure, ctx), a, b);
    case product_path::terms:
      break;
  }
  return nim_mul_terms(a, b, ctx);
}

ordinal nim_square(const ordinal& a, const context& ctx) {
  product_plan plan = plan_square(a, ctx);
  switch (plan.path) {
    case product_path::finite:
      return ordinal(nim_square(a.finite_part(), ctx));
    case product_path::tower:
      return multiply_in(tower_field(*plan.closure, ctx), a, a);
    case product_path::terms:
      break;
  }
  return nim_square_terms(a, ctx);
}

}  // namespace cas
