#include "cas/tower/discrete_log.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "cas/core/random_generator.hpp"
#include "field_operations.hpp"

namespace cas {
namespace {

// Subgroups of prime order below this use baby-step giant-step (a table of √q elements).
constexpr std::uint64_t baby_step_giant_step_below = std::uint64_t{1} << 36;

std::uint64_t add_mod(std::uint64_t x, std::uint64_t y, std::uint64_t q) {
  const std::uint64_t s = x + y;  // q < 2^63: no overflow
  return s >= q ? s - q : s;
}

integer inverse_mod(const integer& x, const integer& m) {
  integer r;
  mpz_invert(r.backend().data(), x.backend().data(), m.backend().data());
  return r;
}

template <class F>
struct element_hash {
  std::size_t operator()(const typename F::element& x) const {
    return static_cast<std::size_t>(F::key(x));
  }
};

// log_γ(h) for γ of prime order q, h in ⟨γ⟩: baby-step giant-step.
template <class F>
std::uint64_t shanks_log(const F& f, const typename F::element& gamma, const typename F::element& h,
                         std::uint64_t q, const context& ctx) {
  std::uint64_t m = 1;
  while (m * m < q) ++m;
  std::unordered_map<typename F::element, std::uint64_t, element_hash<F>> baby;
  baby.reserve(m);
  typename F::element e = f.one();
  for (std::uint64_t j = 0; j < m; ++j) {
    if (j % 4096 == 0) ctx.poll();
    baby.emplace(e, j);
    e = f.mul(e, gamma);
  }
  const typename F::element giant = detail::pow(f, gamma, integer(q - m % q), ctx);  // γ^(−m)
  typename F::element y = h;
  for (std::uint64_t i = 0; i <= m; ++i) {
    if (i % 4096 == 0) ctx.poll();
    if (const auto found = baby.find(y); found != baby.end()) return (i * m + found->second) % q;
    y = f.mul(y, giant);
  }
  throw internal_error("A baby-step giant-step search found no logarithm in a subgroup of order " +
                       std::to_string(q) + ".");
}

// log_γ(h) for γ of prime order q: Pollard rho with a 20-adding walk and Brent's cycle finding.
template <class F>
std::uint64_t rho_log(const F& f, const typename F::element& gamma, const typename F::element& h,
                      std::uint64_t q, const context& ctx) {
  using element = typename F::element;
  constexpr std::size_t r = 20;
  random_generator random(q);  // deterministic: the same walk every run
  for (int attempt = 0; attempt < 64; ++attempt) {
    std::array<element, r> steps;
    std::array<std::uint64_t, r> step_a{}, step_b{};
    for (std::size_t s = 0; s < r; ++s) {
      step_a[s] = random.below(q);
      step_b[s] = random.below(q);
      steps[s] = f.mul(detail::pow(f, gamma, integer(step_a[s]), ctx),
                       detail::pow(f, h, integer(step_b[s]), ctx));
    }
    std::uint64_t a = random.below(q), b = random.below(q);
    element x = f.mul(detail::pow(f, gamma, integer(a), ctx), detail::pow(f, h, integer(b), ctx));
    element saved = x;
    std::uint64_t saved_a = a, saved_b = b, power = 1, length = 0;
    for (std::uint64_t step = 1;; ++step) {
      if (step % 8192 == 0) ctx.poll();
      const std::size_t s = static_cast<std::size_t>((F::key(x) >> 40) % r);
      x = f.mul(x, steps[s]);
      a = add_mod(a, step_a[s], q);
      b = add_mod(b, step_b[s], q);
      ++length;
      if (x == saved) {
        // γ^a h^b = γ^a' h^b', so log h = (a' − a)/(b − b') mod q when b ≠ b'.
        if (b == saved_b) break;  // a useless collision: a new walk
        const integer qq(q);
        integer numerator = (integer(saved_a) + qq - integer(a)) % qq;
        integer denominator = (integer(b) + qq - integer(saved_b)) % qq;
        const integer log = (numerator * inverse_mod(denominator, qq)) % qq;
        return log.convert_to<std::uint64_t>();
      }
      if (length == power) {
        saved = x;
        saved_a = a;
        saved_b = b;
        power *= 2;
        length = 0;
      }
    }
  }
  throw internal_error("Pollard rho found no logarithm in a subgroup of order " +
                       std::to_string(q) + ".");
}

template <class F>
std::uint64_t prime_order_log(const F& f, const typename F::element& gamma,
                              const typename F::element& h, std::uint64_t q, const context& ctx) {
  if (h == f.one()) return 0;
  if (q < baby_step_giant_step_below) return shanks_log(f, gamma, h, q, ctx);
  return rho_log(f, gamma, h, q, ctx);
}

template <class F>
integer log_in(const F& f, const typename F::element& b, const typename F::element& g,
               const context& ctx) {
  const std::uint64_t d = f.degree(g);
  // ord(g): 2^d − 1 without the primes p for which g^(order/p) = 1.
  std::vector<std::pair<integer, unsigned>> factors = mersenne_factorization(d, ctx);
  integer order = (integer(1) << static_cast<unsigned>(d)) - 1;
  for (auto& [p, multiplicity] : factors) {
    unsigned kept = multiplicity;
    while (kept > 0 && detail::pow(f, g, order / p, ctx) == f.one()) {
      order /= p;
      --kept;
    }
    multiplicity = kept;
  }
  std::erase_if(factors, [](const auto& factor) { return factor.second == 0; });
  if (!(detail::pow(f, b, order, ctx) == f.one())) {
    throw math_error("log(b, g): b is not a power of g (b^ord(g) ≠ 1, ord(g) = " + order.str() +
                     ").");
  }
  const std::uint64_t bits = std::min<std::uint64_t>(ctx.limits().max_log_prime_bits, 63);
  for (const auto& [p, multiplicity] : factors) {
    if (msb(p) + 1 > bits) {
      throw limit_error("log(b, g) needs a logarithm in a subgroup of prime order " + p.str() +
                        " (" + std::to_string(msb(p) + 1) + " bits), above the limit " +
                        "max_log_prime_bits = " + std::to_string(ctx.limits().max_log_prime_bits) +
                        " (at most 63 bits are handled).");
    }
  }
  // Pohlig–Hellman: x mod p^e for each prime power of the order, joined by the CRT.
  integer x = 0, modulus = 1;
  for (const auto& [p, e] : factors) {
    integer prime_power = 1;
    for (unsigned i = 0; i < e; ++i) prime_power *= p;
    const integer cofactor = order / prime_power;
    const auto g_p = detail::pow(f, g, cofactor, ctx);  // order p^e
    const auto b_p = detail::pow(f, b, cofactor, ctx);
    const auto gamma = detail::pow(f, g_p, prime_power / p, ctx);  // order p
    const std::uint64_t q = p.template convert_to<std::uint64_t>();
    integer digits = 0, place = 1;  // x mod p^e so far, and p^k
    for (unsigned k = 0; k < e; ++k) {
      // h = (g_p^(−digits) b_p)^(p^(e−1−k)), of order dividing p.
      const auto shifted = f.mul(detail::pow(f, g_p, prime_power - digits, ctx), b_p);
      integer lift = 1;
      for (unsigned i = k + 1; i < e; ++i) lift *= p;
      const auto h = detail::pow(f, shifted, lift, ctx);
      digits += integer(prime_order_log(f, gamma, h, q, ctx)) * place;
      place *= p;
    }
    // x ≡ digits (mod p^e).
    const integer step = ((digits - x % prime_power + prime_power) % prime_power *
                          inverse_mod(modulus, prime_power)) %
                         prime_power;
    x += modulus * step;
    modulus *= prime_power;
  }
  if (!(detail::pow(f, g, x, ctx) == b)) {
    throw internal_error("log(b, g) computed an exponent x with g^x ≠ b.");
  }
  return x;
}

}  // namespace

integer discrete_log(const ordinal& b, const ordinal& g, const context& ctx) {
  if (g.is_zero()) throw math_error("log(b, g) needs g ≠ 0: 0 has no powers but 0 and 1.");
  if (b.is_zero()) throw math_error("log(b, g): 0 is not a power of g ≠ 0.");
  return detail::with_field_of({b, g}, ctx, [&](const auto& f) {
    return log_in(f, f.from_ordinal(b), f.from_ordinal(g), ctx);
  });
}

}  // namespace cas
