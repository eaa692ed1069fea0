#pragma once
// Conway's κ_h for every h ≥ 1, not only prime powers (Lenstra 1977; docs/spec/arithmetic.md §4):
// κ_h = ⊕_{q ∈ Q(h)} κ_q, the Q-set Q(h) by Lenstra's rule. The rule needs degrees over GF(2),
// computed in the tower fields, so κ_h is the tower layer's; the κ_q themselves are the kappa
// layer's (cas/kappa/kappa_generators.hpp).

#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// The Q-set of h ≥ 2: the prime powers q with κ_h = ⊕ κ_q, by Lenstra's rule (with ℓ the least
// prime dividing h, q the largest power of ℓ dividing h, g = h/q): κ_h = κ_q if g = 1, κ_g if q
// divides the degree of κ_g, κ_g ⊕ κ_q otherwise. Uses the context's α_p table for the degrees.
std::vector<std::uint64_t> lenstra_qset(std::uint64_t h, const context& ctx = default_context());
// κ_h for any h ≥ 1 (κ_1 = 1).
ordinal kappa(std::uint64_t h, const context& ctx = default_context());

// The degree of an ordinal over GF(2): the least n with a^(2^n) = a.
std::uint64_t degree_over_gf2(const ordinal& a, const context& ctx = default_context());

}  // namespace cas
