#pragma once
// Factoring integers of any size: trial division by the primes below 2^16, Pollard–Brent rho
// (Brent, "An improved Monte Carlo factorization algorithm", BIT 20 (1980)) within the context's
// max_factoring_steps, then the elliptic curve method of GMP-ECM (Lenstra, "Factoring integers
// with elliptic curves", Ann. Math. 126 (1987); Zimmermann and Dodson, "20 years of ECM", ANTS
// 2006) in batches of curves with growing stage-1 bounds, within max_ecm_curves and on composites
// of at most max_ecm_bits. Primality is mpz_probab_prime_p (a strong probable-prime test, as the
// Cunningham tables' factors are). The cancellation token is polled between curves and inside
// them (GMP-ECM's stop_asap hook), so Ctrl-C stops a factorisation within one stage-1 block.
//
// Thread safety: the functions are safe to call from several threads at once; threads may share
// one context for reading.

#include <optional>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"

namespace cas {

// Whether n is a (probable) prime: mpz_probab_prime_p with 30 rounds of Miller–Rabin after its
// Baillie–PSW test; exact below 2^64.
bool is_probable_prime(const integer& n);

// A non-trivial factor (not necessarily prime) of the odd composite n, or nullopt when neither rho
// within max_factoring_steps nor ECM within max_ecm_curves finds one (ECM only when n has at most
// max_ecm_bits bits).
std::optional<integer> find_factor(const integer& n, const context& ctx = default_context());

// The prime factorisation of n ≥ 1 as (prime, multiplicity), primes increasing (1 has none);
// range_error for n ≤ 0; limit_error naming the limits when a composite factor cannot be split,
// or max_prime_test_bits when the part of n left after trial division is larger.
std::vector<std::pair<integer, unsigned>> factor_integer(const integer& n,
                                                         const context& ctx = default_context());

}  // namespace cas
