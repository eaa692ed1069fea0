#include "cas/tower/alpha_table_check.hpp"

#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/tower/kappa_index.hpp"
#include "tower/excess_test.hpp"

namespace cas {
namespace {

// The checks that need the fields, for an entry that passed those without them.
std::string field_inconsistency(const alpha_entry& entry, const context& ctx,
                                std::uint64_t max_checked_field) {
  const std::uint64_t p = entry.p;
  const std::uint64_t f = entry.order_of_two;
  const std::string m_p = "m_" + std::to_string(p);
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
    for (std::uint64_t q : qset) {
      if (!rule.empty()) rule += ',';
      rule += std::to_string(q);
    }
    return "Lenstra's rule gives the Q-set " + rule + " for f(" + std::to_string(p) +
           ") = " + std::to_string(f);
  }
  for (std::uint64_t m = excess_lower_bound(f, qset); m <= entry.excess; ++m) {
    ctx.poll();
    const ordinal candidate = alpha_from_qset(qset, m, ctx);
    detail::excess_test_field(candidate, p, f, ctx);
    const bool power = detail::is_pth_power(candidate, p, f, ctx);
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

}  // namespace

std::string alpha_entry_inconsistency(const alpha_entry& entry, const context& ctx,
                                      std::uint64_t max_checked_field) {
  const std::string problem = alpha_entry_inconsistency_without_fields(entry, ctx);
  return problem.empty() ? field_inconsistency(entry, ctx, max_checked_field) : problem;
}

alpha_table read_checked_alpha_table(const std::string& text, const std::string& source,
                                     std::uint64_t max_checked_field, const context& ctx) {
  return alpha_table::from_text(
      text, source,
      [max_checked_field](const alpha_entry& entry, const context& checking) {
        return field_inconsistency(entry, checking, max_checked_field);
      },
      ctx);
}

}  // namespace cas
