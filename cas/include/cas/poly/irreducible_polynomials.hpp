#pragma once
// Irreducible polynomials over GF(2) (docs/spec/language.md: irreducible_poly(d)).
//
// Thread safety: the functions are safe to call from several threads at once; threads may share
// one context for reading.

#include <cstdint>

#include "cas/core/context.hpp"
#include "cas/poly/polynomial.hpp"

namespace cas {

// The least irreducible polynomial of degree d ≥ 1 over GF(2), reading a polynomial as the binary
// number of its coefficients (x^2 + x + 1 is 111 = 7): x for d = 1; otherwise the first
// x^d + … + 1 with an odd number of terms (an even number has the root 1) that
// is_irreducible accepts (cas/poly/polynomial_factoring.hpp). range_error for d = 0; limit_error
// above max_polynomial_degree.
polynomial least_irreducible_polynomial(std::uint64_t d, const context& ctx = default_context());

}  // namespace cas
