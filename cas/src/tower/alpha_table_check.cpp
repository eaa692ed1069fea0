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

// A hole's reason, checked: the field of [κ_f(p) + m] (m Lenstra's lower bound) is E, or, when
// E (or the Q-set) is unknown, computing it needs the α of a hole.
std::string hole_field_inconsistency(const alpha_hole& hole, const context& ctx) {
  const std::string m_p = "m_" + std::to_string(hole.p);
  try {
    const std::vector<std::uint64_t> qset = lenstra_qset(hole.order_of_two, ctx);
    if (hole.qset.empty()) {
      return "the Q-set of f(" + std::to_string(hole.p) +
             ") is computable, so it is not unknown ('-')";
    }
    if (qset != hole.qset) return "Lenstra's rule gives another Q-set";
    const std::uint64_t m = excess_lower_bound(hole.order_of_two, qset);
    const integer field = closure_of(alpha_from_qset(qset, m, ctx), ctx).field_exponent();
    if (hole.field_exponent == 0) {
      return "the field of the excess test is computable (GF(2^" + field.str() +
             ")), so it is not unknown ('-')";
    }
    if (field != integer(hole.field_exponent)) {
      return "E is " + field.str() + " (the field of the κ's of [κ_f(p) + " + std::to_string(m) +
             "]), not " + std::to_string(hole.field_exponent);
    }
  } catch (const missing_alpha_error& e) {
    if (alphas_of(ctx).find_hole(e.p()) == nullptr) throw;
    if (hole.field_exponent != 0) return "its field needs α_" + std::to_string(e.p()) + ", a hole";
  }
  return "";
}

}  // namespace

std::string alpha_hole_inconsistency(const alpha_hole& hole, const context& ctx) {
  const std::string problem = alpha_hole_inconsistency_without_fields(hole, ctx);
  return problem.empty() ? hole_field_inconsistency(hole, ctx) : problem;
}

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
      ctx, hole_field_inconsistency);
}

}  // namespace cas
