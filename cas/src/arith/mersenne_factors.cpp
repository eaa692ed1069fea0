#include "cas/arith/mersenne_factors.hpp"

#include <gmp.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "cas/arith/fermat_numbers.hpp"
#include "cas/arith/integer_factoring.hpp"
#include "cas/arith/mersenne_table.hpp"
#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"

namespace cas {
namespace {

using factorization = std::vector<std::pair<std::uint64_t, unsigned>>;

// The divisors of the number with prime factorisation `primes`, increasing.
std::vector<std::uint64_t> divisors(const factorization& primes) {
  std::vector<std::uint64_t> result{1};
  for (const auto& [p, k] : primes) {
    const std::size_t before = result.size();
    std::uint64_t power = 1;
    for (unsigned i = 0; i < k; ++i) {
      power *= p;
      for (std::size_t j = 0; j < before; ++j) result.push_back(result[j] * power);
    }
  }
  std::sort(result.begin(), result.end());
  return result;
}

// Möbius function of n, from its factorisation (μ(n) = 0 unless n is square-free).
int mobius(std::uint64_t n, const context& ctx) {
  const factorization primes = factorize(n, ctx);
  for (const auto& [p, k] : primes) {
    if (k > 1) return 0;
  }
  return primes.size() % 2 == 0 ? 1 : -1;
}

// Φ_k(2) = ∏_{e | k} (2^e − 1)^μ(k/e).
integer cyclotomic_at_two(std::uint64_t k, const context& ctx) {
  integer numerator = 1, denominator = 1;
  for (const std::uint64_t e : divisors(factorize(k, ctx))) {
    ctx.poll();
    const int mu = mobius(k / e, ctx);
    if (mu == 0) continue;
    const integer value = (integer(1) << static_cast<unsigned>(e)) - 1;
    if (mu == 1) numerator *= value;
    if (mu == -1) denominator *= value;
  }
  return numerator / denominator;
}

// Splits n, a factor of Φ_k(2) for a divisor k of d, into primes.
void split(const integer& n, std::uint64_t k, std::uint64_t d, std::map<integer, unsigned>& primes,
           const context& ctx) {
  if (n == 1) return;
  if (is_probable_prime(n)) {
    ++primes[n];
    return;
  }
  const std::optional<integer> factor = find_factor(n, ctx);
  if (!factor) {
    throw limit_error("The factorisation of 2^" + std::to_string(d) + " − 1 needs a factor of Φ_" +
                      std::to_string(k) + "(2) (" + std::to_string(msb(n) + 1) +
                      " bits) that on2 could not split within the limits max_factoring_steps = " +
                      std::to_string(ctx.limits().max_factoring_steps) +
                      ", max_ecm_curves = " + std::to_string(ctx.limits().max_ecm_curves) +
                      " and max_ecm_bits = " + std::to_string(ctx.limits().max_ecm_bits) +
                      "; the known factorisations on2 ships have 2^m − 1 for " +
                      std::to_string(embedded_mersenne_table().size()) + " values of m up to " +
                      std::to_string(embedded_mersenne_table().largest()) +
                      ", not m = " + std::to_string(d) + ".");
  }
  split(*factor, k, d, primes, ctx);
  split(n / *factor, k, d, primes, ctx);
}

}  // namespace

std::vector<std::pair<integer, unsigned>> mersenne_factorization(std::uint64_t d,
                                                                 const context& ctx) {
  if (d == 0) throw range_error("2^0 − 1 = 0 has no factorisation.");
  // The Cunningham table (docs/data.md), its entry checked against 2^d − 1 as it is read.
  const mersenne_table& table = embedded_mersenne_table();
  if (auto known = table.factorization(d)) return std::move(*known);
  std::map<integer, unsigned> primes;  // the primes found; multiplicities by division below
  // 2^d − 1 = ∏_{k | d} Φ_k(2), over the divisors from d's factorisation (not a loop to d).
  for (const std::uint64_t k : divisors(factorize(d, ctx))) {
    if (k == 1) continue;  // Φ_1(2) = 1
    ctx.poll();
    if (auto known = table.factorization(k)) {  // Φ_k(2) divides 2^k − 1, which the table has
      for (const auto& [p, multiplicity] : *known) ++primes[p];
      continue;
    }
    if ((k & (k - 1)) == 0) {  // Φ_(2^(i+1))(2) = 2^(2^i) + 1
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(k)) - 1;
      for (const integer& p : fermat_number_prime_factors(i)) ++primes[p];
      continue;
    }
    integer rest = cyclotomic_at_two(k, ctx);
    // Non-primitive factors divide k; the others are ≡ 1 (mod k), and odd.
    for (const auto& [p, multiplicity] : factorize(k, ctx)) {
      while (p != 2 && rest % p == 0) {
        ++primes[integer(p)];
        rest /= p;
      }
    }
    const std::uint64_t step = k % 2 == 1 ? 2 * k : k;
    for (std::uint64_t candidate = 1 + step, tried = 0; rest > 1 && tried < 100000;
         candidate += step, ++tried) {
      if (tried % 1024 == 0) ctx.poll();  // rest can have millions of bits
      if (integer(candidate) * candidate > rest) break;
      while (rest % candidate == 0) {
        ++primes[integer(candidate)];
        rest /= candidate;
      }
    }
    split(rest, k, d, primes, ctx);
  }
  // Each prime found divides 2^d − 1 and together they exhaust it.
  integer rest = (integer(1) << static_cast<unsigned>(d)) - 1;
  std::vector<std::pair<integer, unsigned>> result;
  for (const auto& [p, found] : primes) {
    ctx.poll();
    unsigned multiplicity = 0;
    while (mpz_divisible_p(rest.backend().data(), p.backend().data()) != 0) {
      mpz_divexact(rest.backend().data(), rest.backend().data(), p.backend().data());
      ++multiplicity;
    }
    if (multiplicity == 0 || !is_probable_prime(p)) {
      throw error("Internal error: " + p.str() + " is not a prime factor of 2^" +
                  std::to_string(d) + " − 1.");
    }
    result.emplace_back(p, multiplicity);
  }
  if (rest != 1)
    throw error("Internal error: the factors found leave a cofactor of 2^" + std::to_string(d) +
                " − 1.");
  return result;
}

}  // namespace cas
