#pragma once
// Primes and the factorisation of machine integers. The odd primes in order, p_1 = 3, p_2 = 5,
// p_3 = 7, …: position i of an exponent's digit vector belongs to the prime p_(i+1)
// (docs/spec/arithmetic.md §3, the decomposition theorem). Primality is deterministic Miller–Rabin
// and factoring is Pollard–Brent rho, so no 64-bit input costs more than about 2^16 steps; trial
// division up to √n cost 2^32 steps and overflowed at prime·prime beyond 2^32 (issue 16).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"

namespace cas {

// The odd primes on2 indexes: the first 100 000 (up to 1 299 721); beyond, a limit_error.
constexpr std::size_t max_odd_prime_positions = 100000;

// The odd prime of exponent position `position` (0 → 3, 1 → 5, 2 → 7, …).
std::uint64_t odd_prime_at(std::size_t position);
// The position of an odd prime p (3 → 0); range_error when p is not an odd prime, limit_error
// naming max_odd_prime_positions when p is a prime beyond the ones on2 indexes.
std::size_t position_of_odd_prime(std::uint64_t p);
bool is_prime(std::uint64_t n);

// The prime factorisation of n ≥ 1 as (prime, multiplicity), primes increasing (1 has none);
// range_error for n = 0. Polls the context's cancellation token while it searches for factors.
std::vector<std::pair<std::uint64_t, unsigned>> factorize(std::uint64_t n,
                                                          const context& ctx = default_context());

// The multiplicative order of 2 modulo an odd n ≥ 3 (range_error otherwise): the Carmichael
// exponent λ(n), from the factorisations of n and of the p − 1, reduced by its prime factors.
std::uint64_t order_of_two_modulo(std::uint64_t n, const context& ctx = default_context());

}  // namespace cas
