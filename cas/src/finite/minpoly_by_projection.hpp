#pragma once
// Private to cas/src: the minimal polynomial over GF(2) of a finite nimber of degree d ≥ 2
// (nim_minpoly's method), by power projection and Berlekamp–Massey: about 2√d products of d-bit
// nimbers, O(d²/64) word operations and at most 64 MiB of baby steps.

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"

namespace cas::detail {

// a of level ≥ 1 (degree ≥ 2). Polls the context.
gf2_polynomial minpoly_by_power_projection(const nimber& a, const context& ctx);

}  // namespace cas::detail
