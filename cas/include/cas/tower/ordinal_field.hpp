#pragma once
// The field functions of transfinite nimbers (names as in docs/spec/language.md), computed in the
// materialised tower field GF(2^E) that the element's κ's span (cas/tower/tower.hpp). Finite values
// take the finite core's faster paths.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <string>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// The inverse; math_error for 0.
ordinal nim_inv(const ordinal& a, const context& ctx = default_context());
ordinal nim_div(const ordinal& a, const ordinal& b, const context& ctx = default_context());
// a^e for any integer e (negative: powers of the inverse); 0^0 = 1.
ordinal nim_pow(const ordinal& a, const integer& e, const context& ctx = default_context());
// The unique square root (Frobenius is a bijection): a^(2^(E−1)).
ordinal nim_sqrt(const ordinal& a, const context& ctx = default_context());
// The degree over GF(2): the least n with a^(2^n) = a.
std::uint64_t nim_degree(const ordinal& a, const context& ctx = default_context());
// The Frobenius orbit a, a^2, a^4, …, in that order (degree many).
std::vector<ordinal> conjugates(const ordinal& a, const context& ctx = default_context());
// The trace from F2(a) to GF(2): the sum of the conjugates, 0 or 1.
unsigned nim_trace(const ordinal& a, const context& ctx = default_context());
// The multiplicative order of a ≠ 0 (math_error for 0): the divisor of 2^d − 1, d the degree,
// left after removing every prime p with a^(order/p) = 1. limit_error when 2^d − 1 cannot be
// factored within the limits (cas/arith/mersenne_factors.hpp).
integer nim_order(const ordinal& a, const context& ctx = default_context());
// The tower field holding a, described by its κ generators and size, e.g.
// "GF(2^6), spanned by κ_2, κ_3" for ω (docs/spec/language.md: field(a)).
std::string field_description(const ordinal& a, const context& ctx = default_context());
// The norm from F2(a) to GF(2): the product of the conjugates (1 for a ≠ 0, 0 for 0).
unsigned nim_norm(const ordinal& a, const context& ctx = default_context());
// Trace and norm from GF(2^L), L = lcm(degree(a), n), down to GF(2^n) (docs/spec/language.md
// trace(a, n), norm(a, n)): the sum and the product of a^(2^(n·i)) for i < L/n. n ≥ 1.
ordinal nim_trace(const ordinal& a, std::uint64_t n, const context& ctx = default_context());
ordinal nim_norm(const ordinal& a, std::uint64_t n, const context& ctx = default_context());
// All n-th roots of a (n ≥ 1), distinct, in Cantor order. With n = 2^s·m, m odd, they are the m
// m-th roots of the unique 2^s-th root b of a (for a ≠ 0), computed in a tower field holding
// GF(2^e), e = root_field_degree(a, n). limit_error above max_root_count roots, before any work.
std::vector<ordinal> nim_roots(const ordinal& a, const integer& n,
                               const context& ctx = default_context());
// The least e such that GF(2^e) holds every n-th root of a ≠ 0: with n = 2^s·m, m odd, and b the
// 2^s-th root of a, e is the order of 2 modulo m·ord(b) (x^m = b has its m roots in GF(2^e) iff
// m·ord(b) divides 2^e − 1). math_error for a = 0.
std::uint64_t root_field_degree(const ordinal& a, const integer& n,
                                const context& ctx = default_context());
// The minimal polynomial over GF(2), ∏ (x ⊕ conjugate), found as the least linear recurrence of
// a coordinate of the powers of a; limit_error above max_minpoly_degree (a finite a:
// max_nimber_minpoly_degree).
gf2_polynomial nim_minpoly(const ordinal& a, const context& ctx = default_context());

}  // namespace cas
