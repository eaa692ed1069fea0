#include "cas/arith/primes.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "cas/core/error.hpp"

namespace cas {
namespace {

// The odd primes below `bound`, at most `count` of them, by a sieve.
std::vector<std::uint64_t> sieve_odd_primes(std::size_t bound, std::size_t count) {
  std::vector<bool> composite(bound, false);
  std::vector<std::uint64_t> found;
  for (std::size_t n = 3; n < bound && found.size() < count; n += 2) {
    if (composite[n]) continue;
    found.push_back(n);
    for (std::size_t m = n * n; m < bound; m += 2 * n) composite[m] = true;
  }
  return found;
}

// The first max_odd_prime_positions odd primes, built once (immutable afterwards) when a position
// or prime beyond the small table is asked for: its sieve of 1.3 million numbers costs a few
// milliseconds, more than a whole order(a) in a field of degree 1260.
const std::vector<std::uint64_t>& odd_primes() {
  static const std::vector<std::uint64_t> primes = [] {
    constexpr std::size_t bound = 1299722;  // the 100 001st prime is 1299721
    return sieve_odd_primes(bound, max_odd_prime_positions);
  }();
  return primes;
}

// The odd primes below 2^16 (6541 of them), built once: the κ's of every field on2 can build.
constexpr std::uint64_t small_bound = 65536;
const std::vector<std::uint64_t>& small_odd_primes() {
  static const std::vector<std::uint64_t> primes =
      sieve_odd_primes(small_bound, max_odd_prime_positions);
  return primes;
}

}  // namespace

std::uint64_t odd_prime_at(std::size_t position) {
  if (position >= max_odd_prime_positions) {
    throw limit_error("Exponent position " + std::to_string(position) +
                      " needs the odd prime number " + std::to_string(position + 1) +
                      "; on2 indexes the first " + std::to_string(max_odd_prime_positions) + ".");
  }
  const auto& small = small_odd_primes();
  if (position < small.size()) return small[position];
  return odd_primes()[position];
}

std::size_t position_of_odd_prime(std::uint64_t p) {
  if (p < small_bound) {
    const auto& small = small_odd_primes();
    const auto found = std::lower_bound(small.begin(), small.end(), p);
    if (found != small.end() && *found == p) return static_cast<std::size_t>(found - small.begin());
    throw range_error(std::to_string(p) + " is not an odd prime.");
  }
  const auto& primes = odd_primes();
  const auto found = std::lower_bound(primes.begin(), primes.end(), p);
  if (found != primes.end() && *found == p) return static_cast<std::size_t>(found - primes.begin());
  if (p > primes.back() && is_prime(p)) {
    throw limit_error("The prime " + std::to_string(p) + " lies beyond the first " +
                      std::to_string(max_odd_prime_positions) + " odd primes (up to " +
                      std::to_string(primes.back()) +
                      ") that on2 indexes as exponent positions, the limit "
                      "max_odd_prime_positions = " +
                      std::to_string(max_odd_prime_positions) + ".");
  }
  throw range_error(std::to_string(p) + " is not an odd prime.");
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

namespace {

// x^2 + c modulo n without overflow (x, c < n).
std::uint64_t rho_step(std::uint64_t x, std::uint64_t c, std::uint64_t n) {
  return static_cast<std::uint64_t>((static_cast<uint128>(x) * x + c) % n);
}

std::uint64_t distance(std::uint64_t x, std::uint64_t y) {
  return x > y ? x - y : y - x;
}

// A divisor of the odd composite n, 1 < d < n, by Pollard's rho in Brent's form (R. P. Brent,
// "An improved Monte Carlo factorization algorithm", BIT 20, 1980): the walk x ↦ x^2 + c, the
// differences multiplied in batches of 128 between gcds, and a step-by-step replay when a batch
// overshoots to n. Expected O(n^(1/4)) steps (about 2^16 for n < 2^64); another c when a walk
// closes its cycle modulo every prime factor at once.
std::uint64_t rho_divisor(std::uint64_t n, const context& ctx) {
  constexpr std::uint64_t batch = 128;
  for (std::uint64_t c = 1;; ++c) {
    std::uint64_t y = 2, x = 2, saved = 2, product = 1, divisor = 1;
    for (std::uint64_t length = 1; divisor == 1; length *= 2) {
      x = y;
      for (std::uint64_t i = 0; i < length; ++i) {
        if (i % batch == 0) ctx.poll();
        y = rho_step(y, c, n);
      }
      for (std::uint64_t k = 0; k < length && divisor == 1; k += batch) {
        ctx.poll();
        saved = y;
        for (std::uint64_t i = 0; i < std::min(batch, length - k); ++i) {
          y = rho_step(y, c, n);
          product = multiply_modulo(product, distance(x, y), n);
        }
        divisor = std::gcd(product, n);
      }
    }
    if (divisor == n) {  // the batch overshot: replay it one step at a time
      do {
        saved = rho_step(saved, c, n);
        divisor = std::gcd(distance(x, saved), n);
      } while (divisor == 1);
    }
    if (divisor != n) return divisor;
  }
}

void collect_prime_factors(std::uint64_t n, std::map<std::uint64_t, unsigned>& primes,
                           const context& ctx) {
  if (n == 1) return;
  if (is_prime(n)) {
    ++primes[n];
    return;
  }
  const std::uint64_t d = rho_divisor(n, ctx);
  collect_prime_factors(d, primes, ctx);
  collect_prime_factors(n / d, primes, ctx);
}

}  // namespace

std::vector<std::pair<std::uint64_t, unsigned>> factorize(std::uint64_t n, const context& ctx) {
  if (n == 0) throw range_error("0 has no prime factorisation.");
  std::map<std::uint64_t, unsigned> primes;
  // The small primes by trial division (rho wants an odd n without tiny factors).
  for (std::uint64_t p = 2; p < 64 && p * p <= n; ++p) {
    while (n % p == 0) {
      ++primes[p];
      n /= p;
    }
  }
  collect_prime_factors(n, primes, ctx);
  return {primes.begin(), primes.end()};
}

std::uint64_t order_of_two_modulo(std::uint64_t n, const context& ctx) {
  if (n < 3 || n % 2 == 0) {
    throw range_error("The order of 2 modulo " + std::to_string(n) + " is not defined here.");
  }
  // λ(n) = lcm of p^(k−1)·(p − 1) over the p^k exactly dividing n, by its prime factorisation.
  std::map<std::uint64_t, unsigned> lambda;
  auto include = [&](std::uint64_t prime, unsigned multiplicity) {
    unsigned& slot = lambda[prime];
    slot = std::max(slot, multiplicity);
  };
  for (const auto& [p, k] : factorize(n, ctx)) {
    if (k > 1) include(p, k - 1);
    for (const auto& [r, j] : factorize(p - 1, ctx)) include(r, j);
  }
  std::uint64_t order = 1;
  for (const auto& [r, j] : lambda) {
    for (unsigned i = 0; i < j; ++i) order *= r;  // λ(n) < n
  }
  // The order divides λ(n): divide by each prime factor while 2 to the quotient is still 1.
  for (const auto& [r, j] : lambda) {
    for (unsigned i = 0; i < j && power_modulo(2, order / r, n) == 1; ++i) order /= r;
  }
  return order;
}

}  // namespace cas
