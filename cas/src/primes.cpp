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

namespace {

__extension__ typedef unsigned __int128 uint128;  // GCC and Clang; __extension__ for -Wpedantic

std::uint64_t multiply_modulo(std::uint64_t a, std::uint64_t b, std::uint64_t n) {
  return static_cast<std::uint64_t>(static_cast<uint128>(a) * b % n);
}

std::uint64_t power_modulo(std::uint64_t base, std::uint64_t e, std::uint64_t n) {
  std::uint64_t result = 1 % n;
  base %= n;
  for (; e != 0; e >>= 1) {
    if (e & 1) result = multiply_modulo(result, base, n);
    base = multiply_modulo(base, base, n);
  }
  return result;
}

}  // namespace

// Miller–Rabin with the first twelve primes as bases, which is deterministic below 3.3·10^24
// (Sorenson and Webster 2017), so for every 64-bit n. Trial division up to √n took billions of
// steps for a large prime and could not be interrupted (found by fuzzing, docs/fuzzing.md).
bool is_prime(std::uint64_t n) {
  constexpr std::uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  if (n < 2) return false;
  for (const std::uint64_t p : bases) {
    if (n % p == 0) return n == p;
  }
  std::uint64_t d = n - 1;
  unsigned s = 0;
  for (; d % 2 == 0; d /= 2) ++s;
  for (const std::uint64_t a : bases) {
    std::uint64_t x = power_modulo(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (unsigned r = 1; r < s && composite; ++r) {
      x = multiply_modulo(x, x, n);
      composite = x != n - 1;
    }
    if (composite) return false;
  }
  return true;
}

}  // namespace cas
