#include "cas/primes.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "cas/error.hpp"

namespace cas {
namespace {

// The first max_odd_prime_positions odd primes, by a sieve built once (immutable afterwards).
const std::vector<std::uint64_t>& odd_primes() {
  static const std::vector<std::uint64_t> primes = [] {
    constexpr std::size_t bound = 1299722;  // the 100 001st prime is 1299721
    std::vector<bool> composite(bound, false);
    std::vector<std::uint64_t> found;
    for (std::size_t n = 3; n < bound && found.size() < max_odd_prime_positions; n += 2) {
      if (composite[n]) continue;
      found.push_back(n);
      for (std::size_t m = n * n; m < bound; m += 2 * n) composite[m] = true;
    }
    return found;
  }();
  return primes;
}

}  // namespace

std::uint64_t odd_prime_at(std::size_t position) {
  if (position >= max_odd_prime_positions) {
    throw limit_error("Exponent position " + std::to_string(position) +
                      " needs the odd prime number " + std::to_string(position + 1) +
                      "; on2 indexes the first " + std::to_string(max_odd_prime_positions) + ".");
  }
  return odd_primes()[position];
}

std::size_t position_of_odd_prime(std::uint64_t p) {
  const auto& primes = odd_primes();
  const auto found = std::lower_bound(primes.begin(), primes.end(), p);
  if (found == primes.end() || *found != p) {
    throw range_error(std::to_string(p) + " is not an odd prime below " +
                      std::to_string(primes.back() + 1) + ".");
  }
  return static_cast<std::size_t>(found - primes.begin());
}

bool is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint64_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

}  // namespace cas
