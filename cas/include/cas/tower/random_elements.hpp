#pragma once
// Uniformly random elements of the field F₂(a) = GF(2^d), d = degree(a), drawn from the context's
// own generator (context::random(), so seeding it repeats the draws).
//
// Thread safety: drawing changes the context's generator: a thread draws from its own context.

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// Uniform in F₂(a): finite a: a uniform nimber below 2^d; transfinite a: a uniform GF(2)
// combination of the basis 1, a, …, a^(d−1). limit_error when d exceeds max_minpoly_degree for a
// transfinite a.
ordinal random_element(const ordinal& a, context& ctx);

}  // namespace cas
