#pragma once
// Private to the tower layer: whether an element of a tower field generates GF(2^a)^×, and its
// order, by norms to the subfields GF(2^c), c | a (2^a − 1 = (2^c − 1)·(1 + 2^c + … )), each
// reached by a few Frobenius maps, so the powers left have the bits of one layer instead of a.

#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

// Whether z^((2^a − 1)/q) ≠ 1 for every prime q of `primes` (distinct primes of 2^a − 1), given
// z^(2^a − 1) = 1 and z ≠ 0: with all the primes, whether z generates GF(2^a)^×.
bool generates_by_layers(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                         const std::vector<integer>& primes, const context& ctx);

// The multiplicative order of z ≠ 0 with z^(2^a − 1) = 1, given the factorisation q^e of 2^a − 1.
integer order_by_layers(const tower_field& field, const tower_field::element& z, std::uint64_t a,
                        const std::vector<std::pair<integer, unsigned>>& factors,
                        const context& ctx);

}  // namespace cas::detail
