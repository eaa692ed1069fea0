#pragma once
// Discrete logarithms in the multiplicative groups of the nimber fields, finite and transfinite
// (docs/spec/language.md: log(b, g)): Pohlig–Hellman (Pohlig and Hellman, IEEE Trans. Inform.
// Theory 24 (1978)) over the factorisation of ord(g), one base-q digit at a time in each
// subgroup of prime order q, by baby-step giant-step (Shanks, 1971) for q < 2^36 and by Pollard
// rho with Teske's 20-adding walk (Pollard, Math. Comp. 32 (1978); Teske, Math. Comp. 70 (2001))
// above. Machine-word kernels for nimbers below 2^128; finite nimbers of any size; the tower field
// of b and g otherwise.
//
// Thread safety: the functions are safe to call from several threads at once; threads may share
// one context for reading.

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// The x with 0 ≤ x < ord(g) and g^x = b. math_error when g = 0 or b is not a power of g (0, or not
// in the subgroup g generates); limit_error when a prime of ord(g) has more than the context's
// max_log_prime_bits bits, or when the order cannot be factored.
integer discrete_log(const ordinal& b, const ordinal& g, const context& ctx = default_context());

}  // namespace cas
