#include "cas/tower/lenstra.hpp"

#include <algorithm>
#include <string>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/arith/primes.hpp"
#include "cas/tower/tower.hpp"
#include "tower/excess_test.hpp"

namespace cas {

using detail::excess_test_field;
using detail::is_pth_power;

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
    const ordinal beta = alpha_from_qset(entry.qset, m);  // [κ_f + m]
    const std::uint64_t field = excess_test_field(beta, p, f, ctx);
    if (!is_pth_power(beta, p, f, ctx)) {
      entry.excess = m;
      entry.alpha = beta;
      entry.field_exponent = field;
      break;
    }
  }
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
