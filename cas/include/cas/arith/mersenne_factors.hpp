#pragma once
// The prime factorisation of 2^d − 1, the order of the multiplicative group of GF(2^d), which
// multiplicative orders need. It comes from the Cunningham Project's table when d is there
// (cas/arith/mersenne_table.hpp, docs/data.md: every d ≤ 1206, 2296 values up to 5964). Otherwise
// 2^d − 1 = ∏_{k | d} Φ_k(2), and Φ_k(2) for k in the table comes from 2^k − 1 there; a prime
// factor of Φ_k(2) that is not a factor of k is ≡ 1 (mod k), because 2 has order k modulo it. Each
// Φ_k(2) is split by trial division over such candidates, then Pollard–Brent rho and ECM
// (cas/arith/integer_factoring.hpp) within the context's max_factoring_steps, max_ecm_curves and
// max_ecm_bits; Φ_(2^(i+1))(2) = 2^(2^i) + 1 comes from the Fermat table
// (cas/arith/fermat_numbers.hpp).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"

namespace cas {

// (prime, multiplicity) in increasing order of the primes; limit_error naming the factor that
// could not be split within the limits.
std::vector<std::pair<integer, unsigned>> mersenne_factorization(
    std::uint64_t d, const context& ctx = default_context());

}  // namespace cas
