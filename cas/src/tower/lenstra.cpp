#include "cas/tower/lenstra.hpp"

#include <algorithm>
#include <string>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/kappa_index.hpp"
#include "cas/tower/tower.hpp"
#include "tower/excess_test.hpp"

namespace cas {

using detail::excess_test_field;
using detail::is_pth_power;

std::optional<alpha_hole> alpha_hole_of(std::uint64_t p, const context& ctx,
                                        std::vector<std::uint64_t>* qset) {
  if (p < 3 || !is_prime(p)) throw range_error(std::to_string(p) + " is not an odd prime.");
  alpha_hole hole;
  hole.p = p;
  hole.order_of_two = order_of_two_modulo(p, ctx);
  try {
    hole.qset = lenstra_qset(hole.order_of_two, ctx);
    if (qset != nullptr) *qset = hole.qset;
    const std::uint64_t m = excess_lower_bound(hole.order_of_two, hole.qset);
    const integer field = closure_of(alpha_from_qset(hole.qset, m, ctx), ctx).field_exponent();
    const std::uint64_t limit = std::max(ctx.limits().max_tower_degree, limits{}.max_tower_degree);
    if (field <= integer(limit)) return std::nullopt;
    hole.field_exponent = static_cast<std::uint64_t>(field);
  } catch (const missing_alpha_error& e) {
    const alpha_table& table = alphas_of(ctx);
    if (table.find_hole(e.p()) == nullptr) throw;  // beyond the table: not a hole, an error
  }
  return hole;
}

alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx,
                                const excess_test_observer& observer) {
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
    if (!is_pth_power(beta, p, f, ctx, observer, m)) {
      entry.excess = m;
      entry.alpha = beta;
      entry.field_exponent = field;
      break;
    }
  }
  return entry;
}

void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress,
                        const std::function<void(const alpha_hole&)>& skipped,
                        const excess_test_observer& observer) {
  const context inner(ctx, table);  // the table as it grows, the caller's limits and token
  for (std::size_t position = 0; odd_prime_at(position) <= up_to; ++position) {
    const std::uint64_t p = odd_prime_at(position);
    if (table.find(p) != nullptr) continue;
    if (std::optional<alpha_hole> hole = alpha_hole_of(p, inner)) {
      table.insert_hole(*hole);
      if (skipped) skipped(*hole);
      continue;
    }
    alpha_entry entry = compute_alpha_entry(p, inner, observer);
    table.insert(entry);
    if (progress) progress(entry);
  }
}

std::string excess_confirmation_problem(const alpha_entry& entry, const context& ctx) {
  const std::uint64_t p = entry.p, f = entry.order_of_two;
  for (std::uint64_t m = excess_lower_bound(f, entry.qset); m <= entry.excess; ++m) {
    ctx.poll();
    const ordinal beta = alpha_from_qset(entry.qset, m, ctx);
    const bool power = entry.field_exponent <= direct_power_max_field
                           ? detail::is_pth_power_directly(beta, p, ctx)
                           : detail::is_pth_power_right_to_left(beta, p, f, ctx);
    if (power != (m < entry.excess)) {
      return "the second computation finds [κ_f(" + std::to_string(p) + ") + " + std::to_string(m) +
             "] " + (power ? "a" : "not a") + " " + std::to_string(p) + "th power, against m_" +
             std::to_string(p) + " = " + std::to_string(entry.excess);
    }
  }
  return "";
}

std::uint64_t excess_test_memory_estimate(const std::vector<std::uint64_t>& qset,
                                          std::uint64_t excess, const context& ctx) {
  const kappa_closure closure = closure_of(alpha_from_qset(qset, excess, ctx), ctx);
  const integer field = closure.field_exponent();
  // The packed base (tower_field::pack_base): the Fermat part up to 64 bits, then the odd steps,
  // smaller primes first, while the field stays within 64 bits; its words are 64 bits each.
  const auto two = closure.prime_powers.find(2);
  const std::uint64_t j = two == closure.prime_powers.end() ? 0 : two->second;
  const std::uint64_t fermat_bits = std::uint64_t{1} << std::min<std::uint64_t>(j, 6);
  std::uint64_t bits = fermat_bits;
  bool packing = j <= 6;
  for (const auto& [prime, power] : closure.prime_powers) {
    if (prime == 2) continue;
    for (std::uint64_t k = 0; k < power && packing; ++k) {
      if (bits * prime > 64) {
        packing = false;
        break;
      }
      bits *= prime;
    }
  }
  const integer words = field / bits;
  // While the tower is built, an element takes E / fermat_bits words (the unpacked layout); the
  // test keeps about 12 elements alive (β, γ, the product and its conjugate, the multiplication's
  // Karatsuba scratch of about 4 elements, the Frobenius plan's coefficients of the level below).
  const integer layout = field / fermat_bits;
  const integer bytes = 8 * std::max(integer(12) * words, integer(2) * layout);
  return bytes > integer(UINT64_MAX) ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

}  // namespace cas
