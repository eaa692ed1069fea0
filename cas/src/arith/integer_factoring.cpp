#include "cas/arith/integer_factoring.hpp"

#include <ecm.h>
#include <gmp.h>

#include <algorithm>
#include <map>
#include <string>

#include "cas/core/error.hpp"

namespace cas {
namespace {

integer gcd(const integer& a, const integer& b) {
  integer g;
  mpz_gcd(g.backend().data(), a.backend().data(), b.backend().data());
  return g;
}

std::string bits_of(const integer& n) {
  return std::to_string(mpz_sizeinbase(n.backend().data(), 2));
}

// A non-trivial factor of the odd composite n by Pollard–Brent rho, or 0 after `budget` steps.
integer rho_factor(const integer& n, std::uint64_t budget, const context& ctx) {
  std::uint64_t steps = 0;
  for (std::uint64_t c = 1; c < 20 && steps < budget; ++c) {
    integer x = 2, y = 2, product = 1;
    std::uint64_t power = 1, lambda = 1;
    while (steps < budget) {
      if (lambda == power) {
        x = y;
        power *= 2;
        lambda = 0;
      }
      y = (y * y + c) % n;
      ++lambda;
      ++steps;
      product = (product * (x > y ? integer(x - y) : integer(y - x))) % n;
      if (steps % 128 == 0) {
        ctx.poll();
        const integer g = gcd(product, n);
        if (g == n) break;  // a cycle of the whole modulus: retry with another constant
        if (g > 1) return g;
      }
    }
  }
  return 0;
}

// The context whose token GMP-ECM's stop_asap hook reads: set for the duration of one call by
// the thread that makes it (the hook takes no argument).
thread_local const context* ecm_caller = nullptr;

int ecm_should_stop() {
  return ecm_caller != nullptr && ecm_caller->cancellation().requested() ? 1 : 0;
}

// One run of GMP-ECM's `method` (ECM_ECM with the curve `sigma`, or ECM_PM1) with stage-1 bound
// B1 and its default stage 2; the factor found, or 0.
integer ecm_run(const integer& n, int method, double b1, unsigned long sigma, const context& ctx) {
  ecm_params params;
  ecm_init(params);
  params->method = method;
  params->verbose = 0;
  params->stop_asap = &ecm_should_stop;
  if (method == ECM_ECM) {
    params->param = ECM_PARAM_BATCH_32BITS_D;  // Montgomery curves, fast batch stage 1
    mpz_set_ui(params->sigma, sigma);          // deterministic: the same curves every run
  } else {
    mpz_set_ui(params->x, 3);  // P−1 from 3
  }
  integer found, modulus = n;  // ecm_factor takes a non-const n
  ecm_caller = &ctx;
  const int status = ecm_factor(found.backend().data(), modulus.backend().data(), b1, params);
  ecm_caller = nullptr;
  ecm_clear(params);
  ctx.poll();  // a stop_asap exit leaves no factor: report the interruption
  if (status > 0 && found > 1 && found < n) return found;
  return 0;
}

// GMP-ECM's table of stage-1 bounds and expected curves per size of factor (its README): 15, 20,
// 25, 30, 35, 40 and 45 digits.
struct ecm_level {
  double b1;
  unsigned curves;
};
constexpr ecm_level ecm_levels[] = {{2e3, 25},   {11e3, 90},  {5e4, 300},   {25e4, 700},
                                    {1e6, 1800}, {3e6, 5100}, {11e6, 10600}};

integer ecm_factor_of(const integer& n, const context& ctx) {
  const std::uint64_t budget = ctx.limits().max_ecm_curves;
  if (budget == 0) return 0;
  // P−1 first (Pollard, 1974): one run, found when p − 1 is smooth; it counts as a curve.
  if (const integer f = ecm_run(n, ECM_PM1, 1e6, 0, ctx); f != 0) return f;
  std::uint64_t tried = 1;
  for (const ecm_level& level : ecm_levels) {
    for (unsigned i = 0; i < level.curves; ++i) {
      if (tried >= budget) return 0;
      ctx.poll();
      const unsigned long sigma = 2 + static_cast<unsigned long>(tried);
      ++tried;
      if (const integer f = ecm_run(n, ECM_ECM, level.b1, sigma, ctx); f != 0) return f;
    }
  }
  while (tried < budget) {  // beyond the table: more curves at its last bound
    ctx.poll();
    const unsigned long sigma = 2 + static_cast<unsigned long>(tried);
    ++tried;
    if (const integer f = ecm_run(n, ECM_ECM, ecm_levels[6].b1, sigma, ctx); f != 0) return f;
  }
  return 0;
}

void split(const integer& n, std::map<integer, unsigned>& primes, const context& ctx) {
  if (n == 1) return;
  if (is_probable_prime(n)) {
    ++primes[n];
    return;
  }
  // A perfect power r^k: rho and ECM find r no sooner than in r itself, so take the root.
  if (mpz_perfect_power_p(n.backend().data()) != 0) {
    for (unsigned long k = mpz_sizeinbase(n.backend().data(), 2); k >= 2; --k) {
      integer root;
      if (mpz_root(root.backend().data(), n.backend().data(), k) != 0) {
        std::map<integer, unsigned> of_root;
        split(root, of_root, ctx);
        for (const auto& [p, e] : of_root) primes[p] += e * static_cast<unsigned>(k);
        return;
      }
    }
  }
  const std::optional<integer> f = find_factor(n, ctx);
  if (!f) {
    throw limit_error("The factorisation needs a composite factor of " + bits_of(n) +
                      " bits that on2 could not split within the limits max_factoring_steps = " +
                      std::to_string(ctx.limits().max_factoring_steps) +
                      ", max_ecm_curves = " + std::to_string(ctx.limits().max_ecm_curves) +
                      " and max_ecm_bits = " + std::to_string(ctx.limits().max_ecm_bits) + ".");
  }
  split(*f, primes, ctx);
  split(n / *f, primes, ctx);
}

}  // namespace

bool is_probable_prime(const integer& n) {
  return n >= 2 && mpz_probab_prime_p(n.backend().data(), 30) != 0;
}

std::optional<integer> find_factor(const integer& n, const context& ctx) {
  if (const integer f = rho_factor(n, ctx.limits().max_factoring_steps, ctx); f != 0) return f;
  if (mpz_sizeinbase(n.backend().data(), 2) > ctx.limits().max_ecm_bits) return std::nullopt;
  if (const integer f = ecm_factor_of(n, ctx); f != 0) return f;
  return std::nullopt;
}

std::vector<std::pair<integer, unsigned>> factor_integer(const integer& n, const context& ctx) {
  if (n <= 0) throw range_error("Only naturals n ≥ 1 have a prime factorisation.");
  std::map<integer, unsigned> primes;
  integer rest = n;
  // Trial division by the primes below 2^16 (odd candidates; composites never divide once their
  // primes are gone).
  for (std::uint64_t p = 2; p < 65536 && rest > 1; p += p == 2 ? 1 : 2) {
    if (p % 1024 == 1) ctx.poll();
    if (integer(p) * p > rest) break;
    while (mpz_divisible_ui_p(rest.backend().data(), p) != 0) {
      ++primes[integer(p)];
      mpz_divexact_ui(rest.backend().data(), rest.backend().data(), p);
    }
  }
  // The rest's primality tests cannot be interrupted: their size is bounded.
  if (rest > 1) {
    ctx.check_limit(mpz_sizeinbase(rest.backend().data(), 2), ctx.limits().max_prime_test_bits,
                    "The number of bits of the part of n left after trial division",
                    "max_prime_test_bits");
  }
  split(rest, primes, ctx);
  return {primes.begin(), primes.end()};
}

}  // namespace cas
