#include "cas/lenstra.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "cas/error.hpp"
#include "cas/kappa.hpp"
#include "cas/kappa_generators.hpp"
#include "cas/ordinal_field.hpp"
#include "cas/primes.hpp"
#include "cas/tower.hpp"

namespace cas {
namespace {

// β^((2^E − 1)/p) = 1 in the tower field GF(2^E), for f = ord_p(2) dividing E. The exponent is
// ((2^f − 1)/p)·Σ_{j<E/f} 2^(f·j), so with γ = β^((2^f − 1)/p) the power is ∏_{j<E/f} γ^(2^(f·j)):
// a norm-like product of Frobenius conjugates, built by doubling (P(2k) = P(k)·P(k)^(2^(f·k)),
// P(k + 1) = P(k)^(2^f)·γ) in O(log(E/f)) products; squarings are cheap in the tower.
bool is_pth_power(const ordinal& beta, std::uint64_t p, std::uint64_t f, const context& ctx) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const std::uint64_t count = static_cast<std::uint64_t>(field.degree()) / f;
  const tower_field::element gamma =
      field.pow(field.from_ordinal(beta), ((integer(1) << static_cast<unsigned>(f)) - 1) / p);
  tower_field::element product = field.one();
  std::uint64_t k = 0;
  for (int bit = 63 - __builtin_clzll(count); bit >= 0; --bit) {
    product = field.mul(product, field.frobenius(product, integer(f) * k));
    k *= 2;
    if ((count >> bit) & 1) {
      product = field.mul(field.frobenius(product, f), gamma);
      ++k;
    }
  }
  return product == field.one();
}

bool is_power_of(std::uint64_t n, std::uint64_t base) {
  if (n < base) return false;
  while (n % base == 0) n /= base;
  return n == 1;
}

}  // namespace

std::uint64_t degree_over_gf2(const ordinal& a, const context& ctx) { return nim_degree(a, ctx); }

std::vector<std::uint64_t> lenstra_qset(std::uint64_t h, const context& ctx) {
  if (h < 2) throw range_error("The Q-set is defined for h ≥ 2, not " + std::to_string(h) + ".");
  const std::uint64_t prime = factorize(h, ctx).front().first;  // the least prime factor
  std::uint64_t q = 1;
  while (h / q % prime == 0) q *= prime;  // not h % (q·prime): for h = 2^63 that divided by 0
  const std::uint64_t g = h / q;
  if (g == 1) return {q};
  std::vector<std::uint64_t> qset = lenstra_qset(g, ctx);
  if (degree_over_gf2(alpha_from_qset(qset, 0), ctx) % q != 0) {
    qset.push_back(q);
    std::sort(qset.begin(), qset.end());
  }
  return qset;
}

ordinal kappa(std::uint64_t h, const context& ctx) {
  if (h == 0) throw range_error("κ_h is defined for h ≥ 1.");
  if (h == 1) return ordinal(nimber(1));
  return alpha_from_qset(lenstra_qset(h, ctx), 0);
}

alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx) {
  if (p < 3 || !is_prime(p)) throw range_error(std::to_string(p) + " is not an odd prime.");
  const auto start = std::chrono::steady_clock::now();
  alpha_entry entry;
  entry.p = p;
  entry.order_of_two = order_of_two_modulo(p, ctx);
  entry.qset = lenstra_qset(entry.order_of_two, ctx);
  // Lenstra's lower bounds for the excess.
  std::uint64_t m = 0;
  const bool single_odd_prime_power = entry.qset.size() == 1 && entry.qset[0] % 2 == 1;
  const std::uint64_t f = entry.order_of_two;
  if (single_odd_prime_power) m = 1;
  if (f % 2 == 0 && f > 2 && is_power_of(f / 2, 3)) m = 4;
  for (;; ++m) {
    ctx.poll();
    const ordinal beta = alpha_from_qset(entry.qset, m);  // [κ_f + m]
    // β is a p-th power iff β^((2^E − 1)/p) = 1 in a field GF(2^E) holding β with p | 2^E − 1
    // and p ∤ E (MATH.md §4); the κ's β needs span such a field.
    const integer field = closure_of(beta, ctx).field_exponent();
    if (field % p == 0 || field % f != 0) {
      throw range_error("The field GF(2^" + field.str() + ") of the excess test for p = " +
                        std::to_string(p) + " is unusable: the α_p table is inconsistent.");
    }
    if (!is_pth_power(beta, p, f, ctx)) {
      entry.excess = m;
      entry.alpha = beta;
      entry.field_exponent = static_cast<std::uint64_t>(field);
      break;
    }
  }
  entry.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return entry;
}

void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress) {
  const context inner(ctx, table);  // the table as it grows, the caller's limits and token
  for (std::size_t position = 0; odd_prime_at(position) <= up_to; ++position) {
    const std::uint64_t p = odd_prime_at(position);
    if (table.find(p) != nullptr) continue;
    alpha_entry entry = compute_alpha_entry(p, inner);
    table.insert(entry);
    if (progress) progress(entry);
  }
}

}  // namespace cas
