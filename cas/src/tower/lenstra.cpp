#include "cas/tower/lenstra.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/arith/primes.hpp"
#include "cas/tower/tower.hpp"

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

// The degree E of the field the excess test for β = [κ_f + m] runs in: the κ's β needs span
// GF(2^E), which must have p | 2^E − 1 (f | E) and p ∤ E (docs/spec/arithmetic.md §4).
std::uint64_t excess_test_field(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx) {
  const integer field = closure_of(beta, ctx).field_exponent();
  if (field % p == 0 || field % f != 0) {
    throw range_error("The field GF(2^" + field.str() + ") of the excess test for p = " +
                      std::to_string(p) + " is unusable: the α_p table is inconsistent.");
  }
  return static_cast<std::uint64_t>(field);
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
  if (degree_over_gf2(alpha_from_qset(qset, 0, ctx), ctx) % q != 0) {
    qset.push_back(q);
    std::sort(qset.begin(), qset.end());
  }
  return qset;
}

ordinal kappa(std::uint64_t h, const context& ctx) {
  if (h == 0) throw range_error("κ_h is defined for h ≥ 1.");
  if (h == 1) return ordinal(nimber(1));
  return alpha_from_qset(lenstra_qset(h, ctx), 0, ctx);
}

std::uint64_t excess_lower_bound(std::uint64_t order_of_two, const std::vector<std::uint64_t>& qset) {
  const std::uint64_t f = order_of_two;
  if (f % 2 == 0 && f > 2 && is_power_of(f / 2, 3)) return 4;
  if (qset.size() == 1 && qset[0] % 2 == 1) return 1;
  return 0;
}

alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx) {
  if (p < 3 || !is_prime(p)) throw range_error(std::to_string(p) + " is not an odd prime.");
  const auto start = std::chrono::steady_clock::now();
  alpha_entry entry;
  entry.p = p;
  entry.order_of_two = order_of_two_modulo(p, ctx);
  entry.qset = lenstra_qset(entry.order_of_two, ctx);
  const std::uint64_t f = entry.order_of_two;
  const std::uint64_t lower_bound = excess_lower_bound(f, entry.qset);
  for (std::uint64_t m = lower_bound;; ++m) {
    ctx.poll();
    if (m - lower_bound > max_excess_above_lower_bound) {
      throw range_error("The excess m_" + std::to_string(p) + " is above " +
                        std::to_string(lower_bound + max_excess_above_lower_bound) +
                        ", the largest the α_p table accepts.");
    }
    const ordinal beta = alpha_from_qset(entry.qset, m, ctx);  // [κ_f + m]
    const std::uint64_t field = excess_test_field(beta, p, f, ctx);
    if (!is_pth_power(beta, p, f, ctx)) {
      entry.excess = m;
      entry.alpha = beta;
      entry.field_exponent = field;
      break;
    }
  }
  entry.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return entry;
}

std::string alpha_entry_inconsistency(const alpha_entry& entry, const context& ctx,
                                      std::uint64_t max_checked_field) {
  const std::uint64_t p = entry.p;
  const std::string m_p = "m_" + std::to_string(p);
  if (p < 3 || !is_prime(p)) return std::to_string(p) + " is not an odd prime";
  const std::uint64_t f = order_of_two_modulo(p, ctx);
  if (entry.order_of_two != f) {
    return "f(" + std::to_string(p) + ") is " + std::to_string(f) + " (the order of 2 modulo " +
           std::to_string(p) + "), not " + std::to_string(entry.order_of_two);
  }
  // Lenstra's rule takes the whole ℓ-part of each h it splits, and the last part, of the largest
  // prime of f, always stays: κ_h = κ_q when g = 1.
  std::uint64_t rest = f, largest_part = 1;
  for (std::uint64_t q : entry.qset) {
    std::uint64_t prime = 2;
    if (q >= 2 && rest % q == 0) {
      while (q % prime != 0) ++prime;  // q ≤ f(p) < p
    }
    if (q < 2 || rest % q != 0 || !is_power_of(q, prime) || (rest / q) % prime == 0) {
      return "the Q-set holds " + std::to_string(q) + ", which is not the whole power of a prime " +
             "in f(" + std::to_string(p) + ") = " + std::to_string(f);
    }
    rest /= q;
  }
  std::uint64_t largest_prime = 1, h = f;
  for (std::uint64_t prime = 2; prime * prime <= h; ++prime) {
    for (; h % prime == 0; h /= prime) largest_prime = prime;
  }
  if (h > 1) largest_prime = h;
  for (h = f; h % largest_prime == 0; h /= largest_prime) largest_part *= largest_prime;
  if (std::find(entry.qset.begin(), entry.qset.end(), largest_part) == entry.qset.end()) {
    return "the Q-set lacks " + std::to_string(largest_part) + ", the power of f(" +
           std::to_string(p) + ")'s largest prime, which Lenstra's rule always keeps";
  }
  const std::uint64_t lower_bound = excess_lower_bound(f, entry.qset);
  if (entry.excess < lower_bound || entry.excess - lower_bound > max_excess_above_lower_bound) {
    return m_p + " = " + std::to_string(entry.excess) + " is outside the range searched, " +
           std::to_string(lower_bound) + " (Lenstra's lower bound) to " +
           std::to_string(lower_bound + max_excess_above_lower_bound);
  }
  const ordinal beta = alpha_from_qset(entry.qset, entry.excess, ctx);
  const integer field = closure_of(beta, ctx).field_exponent();
  if (field != integer(entry.field_exponent)) {
    return "E is " + field.str() + " (the field of the κ's of [κ_f(p) + m_p]), not " +
           std::to_string(entry.field_exponent);
  }
  if (entry.field_exponent > max_checked_field) return "";

  const std::vector<std::uint64_t> qset = lenstra_qset(f, ctx);
  if (qset != entry.qset) {
    std::string rule;
    for (std::uint64_t q : qset) rule += (rule.empty() ? "" : ",") + std::to_string(q);
    return "Lenstra's rule gives the Q-set " + rule + " for f(" + std::to_string(p) + ") = " +
           std::to_string(f);
  }
  for (std::uint64_t m = lower_bound; m <= entry.excess; ++m) {
    ctx.poll();
    const ordinal candidate = alpha_from_qset(qset, m, ctx);
    excess_test_field(candidate, p, f, ctx);
    const bool power = is_pth_power(candidate, p, f, ctx);
    if (m < entry.excess && !power) {
      return "[κ_f(p) + " + std::to_string(m) + "] is not a " + std::to_string(p) +
             "th power, so " + m_p + " is " + std::to_string(m) + ", not " +
             std::to_string(entry.excess);
    }
    if (m == entry.excess && power) {
      return "[κ_f(p) + " + std::to_string(m) + "] is a " + std::to_string(p) + "th power, so " +
             m_p + " is larger than " + std::to_string(m);
    }
  }
  return "";
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
