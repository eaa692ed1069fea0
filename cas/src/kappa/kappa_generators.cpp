#include "cas/kappa/kappa_generators.hpp"

#include <string>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"

namespace cas {

std::pair<std::uint64_t, std::uint64_t> prime_power_parts(std::uint64_t q, const context& ctx) {
  if (q >= 2) {
    const auto primes = factorize(q, ctx);
    if (primes.size() == 1) return {primes.front().first, primes.front().second};
  }
  throw range_error(std::to_string(q) + " is not a prime power.");
}

ordinal kappa_of_prime_power(std::uint64_t q, const context& ctx) {
  const auto [prime, exponent] = prime_power_parts(q, ctx);
  if (prime == 2) {
    if (exponent > 63) {
      throw limit_error("κ_(2^" + std::to_string(exponent) + ") is a nimber of 2^" +
                        std::to_string(exponent - 1) + " bits, above the limit max_nimber_bits.");
    }
    return ordinal(nimber::power_of_two(std::uint64_t{1} << (exponent - 1), ctx));
  }
  // κ_(p^(k+1)) = ω^(ω^position · p^k): digit p^k at the prime's position.
  const std::size_t position = position_of_odd_prime(prime);
  integer digit = 1;
  for (std::uint64_t k = 1; k < exponent; ++k) digit *= prime;
  return ordinal::term(small_ordinal::omega_power(position, digit), nimber(1));
}

}  // namespace cas
