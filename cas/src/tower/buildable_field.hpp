#pragma once
// Private to cas/src/tower: whether the tower field holding two ordinals can be built, for the
// choice of path in cas/tower/ordinal_product.hpp and cas/tower/ordinal_field.hpp.

#include <optional>

#include "cas/core/context.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas::detail {

// The κ closure of the smallest tower field holding a and b, or nothing when no field can be
// built: E above max_tower_degree, or an α_p the table lacks (the term product needs that α_p
// only when a carry reaches it, and then says so). Costs one pass over the terms.
std::optional<kappa_closure> buildable_closure(const ordinal& a, const ordinal& b,
                                               const context& ctx);

}  // namespace cas::detail
