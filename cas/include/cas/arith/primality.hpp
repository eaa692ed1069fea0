#pragma once
// Primality of naturals of any size. Below 2^64 the answer is exact: Miller–Rabin with the first
// twelve prime bases, which no composite below 2^64 passes (is_prime of cas/arith/primes.hpp).
// From 2^64 on it is the Baillie–PSW probable-prime test (Baillie and Wagstaff, "Lucas
// pseudoprimes", Math. Comp. 35 (1980); Pomerance, Selfridge and Wagstaff, "The
// pseudoprimes to 25·10^9", Math. Comp. 35 (1980)): a strong test to base 2 and a strong Lucas
// test, as GMP ≥ 6.2's mpz_probab_prime_p runs them, then six Miller–Rabin rounds to further
// bases. No composite is known to pass it, but none is proven not to: "true" above 2^64 means
// "probable prime", not a proof (PARI/GP's isprime proves primality; its ispseudoprime is this
// kind of test).
//
// Thread safety: the functions are safe to call from several threads at once; threads may share
// one context for reading.

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"

namespace cas {

// Whether the natural n is prime (exact below 2^64, a probable prime from 2^64 on); false for
// n < 2. limit_error when n has more than max_prime_test_bits bits (GMP cannot be interrupted
// inside a test, which costs about a dozen modular powers of n's size).
bool is_prime_natural(const integer& n, const context& ctx = default_context());

// Whether is_prime_natural's answer for n is proven: n < 2^64.
bool primality_is_exact(const integer& n);

}  // namespace cas
