#include "poly/binary_factoring.hpp"

#include <boost/multiprecision/integer.hpp>
#include <cassert>
#include <optional>
#include <random>

namespace cas::detail {

namespace {

using poly = binary_polynomial;
using factor_list = std::vector<std::pair<poly, std::uint64_t>>;

// Every run starts from the same seed, so results and timings are reproducible.
constexpr std::uint64_t random_seed = 0x6f6e32;  // "on2"

// The distinct primes dividing n.
std::vector<std::uint64_t> prime_divisors(std::uint64_t n) {
  std::vector<std::uint64_t> primes;
  for (std::uint64_t p = 2; p * p <= n; ++p) {
    if (n % p != 0) continue;
    primes.push_back(p);
    while (n % p == 0) n /= p;
  }
  if (n > 1) primes.push_back(n);
  return primes;
}

poly x_modulo(const binary_modulus& m) {
  return m.reduce(poly::x());
}

void square_free_into(const poly& f, std::uint64_t scale, factor_list& out, const context& ctx) {
  const poly d = derivative(f);
  if (d.is_zero()) {  // f is a square
    if (f.degree() > 0) square_free_into(square_root(f), 2 * scale, out, ctx);
    return;
  }
  poly c = gcd(f, d, &ctx);
  poly w = quo(f, c, &ctx);
  for (std::uint64_t i = 1; w.degree() > 0; ++i) {
    ctx.poll();
    poly y = gcd(w, c, &ctx);
    poly part = quo(w, y, &ctx);
    if (part.degree() > 0) out.emplace_back(std::move(part), i * scale);
    c = quo(c, y, &ctx);
    w = std::move(y);
  }
  if (c.degree() > 0) square_free_into(square_root(c), 2 * scale, out, ctx);  // c' = 0 now
}

// Distinct-degree factorisation of a square-free f: pairs (g, j) with g the product of the
// irreducible factors of degree j. The baby steps h_j = x^(2^j) mod f cost one squaring each
// (the Frobenius of GF(2)); their differences with x are multiplied together over an interval of
// `interval` degrees and one gcd with the product finds every factor in the interval, which is
// then refined degree by degree (Kaltofen–Shoup 1998, §2).
factor_list distinct_degree(const poly& f, const context& ctx) {
  // About √deg f degrees per interval (Kaltofen–Shoup's balance of products against gcds).
  std::uint64_t interval = 16;
  while (interval * interval < static_cast<std::uint64_t>(f.degree())) interval *= 2;
  factor_list out;
  poly rest = f;
  if (rest.degree() <= 1) {
    out.emplace_back(rest, 1);
    return out;
  }
  binary_modulus modulus(rest);
  poly h = x_modulo(modulus);
  std::uint64_t j = 0;
  std::vector<poly> steps;
  while (2 * (j + 1) <= static_cast<std::uint64_t>(rest.degree())) {
    steps.clear();
    const std::uint64_t first = j + 1;
    poly product = poly::one();
    for (std::uint64_t k = 0;
         k < interval && 2 * (j + 1) <= static_cast<std::uint64_t>(rest.degree()); ++k) {
      ctx.poll();
      ++j;
      h = modulus.square(h);
      steps.push_back(h);
      product = modulus.multiply(product, add(h, poly::x()));
    }
    poly found = gcd(rest, product, &ctx);
    if (found.degree() <= 0) continue;
    rest = quo(rest, found, &ctx);
    // Every factor left in `found` has degree at least first + k, so one of degree below
    // 2·(first + k) is irreducible.
    std::optional<binary_modulus> small;
    for (std::size_t k = 0; k < steps.size() && found.degree() > 0; ++k) {
      ctx.poll();
      const auto degree = static_cast<std::uint64_t>(found.degree());
      if (degree < 2 * (first + k)) {
        out.emplace_back(std::move(found), degree);
        break;
      }
      if (!small) small.emplace(found);
      poly d = gcd(found, add(small->reduce(steps[k]), small->reduce(poly::x())), &ctx);
      if (d.degree() <= 0) continue;
      found = quo(found, d, &ctx);
      small.reset();
      out.emplace_back(std::move(d), first + k);
    }
    if (rest.degree() <= 1) break;
    modulus = binary_modulus(rest);
    h = modulus.reduce(std::move(h));
  }
  if (rest.degree() > 0) {
    const auto degree = static_cast<std::uint64_t>(rest.degree());
    out.emplace_back(std::move(rest), degree);
  }
  return out;
}

// Splits g, a product of distinct irreducible factors of degree j, into them: for a random δ
// of degree < deg g, T = Σ_(i < j) δ^(2^i) mod g is the absolute trace of δ modulo each factor,
// a value in GF(2), so gcd(g, T) separates two given factors with probability 1/2.
void equal_degree(const poly& g, std::uint64_t j, std::mt19937_64& rng, std::vector<poly>& out,
                  const context& ctx) {
  const auto n = static_cast<std::uint64_t>(g.degree());
  if (n == j) {
    out.push_back(g);
    return;
  }
  const binary_modulus modulus(g);
  for (;;) {
    std::vector<poly::word> words((n + 63) / 64);
    for (auto& w : words) w = rng();
    if (n % 64 != 0) words.back() &= (poly::word{1} << (n % 64)) - 1;
    poly t(std::move(words));
    if (t.degree() <= 0) continue;
    poly sum = t;
    for (std::uint64_t i = 1; i < j; ++i) {
      ctx.poll();
      t = modulus.square(t);
      sum = add(sum, t);
    }
    poly d = gcd(g, sum, &ctx);
    if (d.degree() > 0 && static_cast<std::uint64_t>(d.degree()) < n) {
      equal_degree(d, j, rng, out, ctx);
      equal_degree(quo(g, d, &ctx), j, rng, out, ctx);
      return;
    }
  }
}

}  // namespace

bool binary_is_irreducible(const binary_polynomial& f, const context& ctx) {
  const long long degree = f.degree();
  assert(degree >= 1);
  if (degree == 1) return true;
  if (!f.coefficient(0)) return false;  // x divides f
  const auto n = static_cast<std::uint64_t>(degree);
  const std::vector<std::uint64_t> primes = prime_divisors(n);
  const binary_modulus modulus(f);
  const poly x = x_modulo(modulus);
  poly h = x;
  // Most reducible polynomials have a factor of small degree: gcd(f, ∏_(k ≤ 2^i) (h_k − x)) ≠ 1
  // for the first intervals 2^i ≤ early_degrees (Ben-Or's test, on products of intervals as in
  // distinct_degree) rejects them after a few squarings instead of n.
  constexpr std::uint64_t early_degrees = 64;
  poly product = poly::one();
  for (std::uint64_t k = 1; k <= n; ++k) {
    ctx.poll();
    h = modulus.square(h);
    if (2 * k <= n && k <= early_degrees) {
      product = modulus.multiply(product, add(h, x));
      if ((k & (k - 1)) == 0 && !gcd(f, product, &ctx).is_one()) return false;
    }
    for (const std::uint64_t p : primes) {
      if (k == n / p && !gcd(f, add(h, x), &ctx).is_one()) return false;
    }
  }
  return h == x;
}

std::vector<std::pair<binary_polynomial, std::uint64_t>> binary_square_free(
    const binary_polynomial& f, const context& ctx) {
  factor_list out;
  square_free_into(f, 1, out, ctx);
  return out;
}

std::vector<std::pair<binary_polynomial, std::uint64_t>> binary_factor(const binary_polynomial& f,
                                                                       const context& ctx) {
  std::mt19937_64 rng(random_seed);
  factor_list out;
  for (const auto& [part, multiplicity] : binary_square_free(f, ctx)) {
    for (const auto& [g, j] : distinct_degree(part, ctx)) {
      std::vector<poly> irreducible;
      equal_degree(g, j, rng, irreducible, ctx);
      for (poly& h : irreducible) out.emplace_back(std::move(h), multiplicity);
    }
  }
  return out;
}

binary_polynomial binary_powmod(const binary_polynomial& f, const integer& n,
                                const binary_polynomial& g, const context& ctx) {
  assert(!g.is_zero() && n >= 0);
  if (g.degree() == 0) return {};
  const binary_modulus modulus(g);
  const poly base = modulus.reduce(f);
  if (n == 0) return poly::one();
  const bool base_is_x = base == poly::x();
  poly result = base;
  for (auto i = static_cast<long long>(boost::multiprecision::msb(n)); i-- > 0;) {
    ctx.poll();
    result = modulus.square(result);
    if (boost::multiprecision::bit_test(n, static_cast<unsigned>(i))) {
      result = base_is_x ? modulus.times_x(std::move(result)) : modulus.multiply(result, base);
    }
  }
  return result;
}

}  // namespace cas::detail
