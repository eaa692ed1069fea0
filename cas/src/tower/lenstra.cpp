#include "cas/tower/lenstra.hpp"

#include <string>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/tower/kappa_index.hpp"
#include "tower/excess_test.hpp"

namespace cas {

using detail::excess_test_field;
using detail::is_pth_power;

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
    const ordinal beta = alpha_from_qset(entry.qset, m, ctx);  // [κ_f + m]
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
