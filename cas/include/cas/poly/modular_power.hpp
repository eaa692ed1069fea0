#pragma once
// Powers of a polynomial modulo another: f^n mod g for any integer n ≥ 0, by squaring and
// multiplying modulo g, so no power of high degree is ever formed (x^(2^100) mod g takes 100
// squarings). Over GF(2) (every coefficient 0 or 1) on packed words; otherwise in the field of
// the coefficients.
//
// Thread safety: the function is safe to call from several threads at once (it shares only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/poly/polynomial.hpp"

namespace cas {

// The remainder of f^n by g. math_error when g is zero; range_error when n < 0; limit_error when
// n has more than max_exponent_bits bits or f or g a degree above max_polynomial_degree.
polynomial poly_powmod(const polynomial& f, const integer& n, const polynomial& g,
                       const context& ctx = default_context());

}  // namespace cas
