#pragma once
// Conway's generators κ_q for prime powers q (docs/spec/arithmetic.md §3):
//   κ_(2^k) = 2^(2^(k−1))                      (κ_2 = 2, κ_4 = 4, κ_8 = 16, …)
//   κ_(p_i^(k+1)) = [ω^(ω^(i−1) · p_i^k)]       (κ_3 = ω, κ_9 = [ω^3], κ_5 = [ω^ω], …)
// with p_1 = 3, p_2 = 5, … the odd primes.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <utility>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// (ℓ, j) with q = ℓ^j, ℓ prime, j ≥ 1; range_error when q is not a prime power.
std::pair<std::uint64_t, std::uint64_t> prime_power_parts(std::uint64_t q,
                                                          const context& ctx = default_context());

// κ_q for a prime power q.
ordinal kappa_of_prime_power(std::uint64_t q, const context& ctx = default_context());

}  // namespace cas
