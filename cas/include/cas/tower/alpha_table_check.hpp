#pragma once
// The deep check of an α_p table (docs/lenstra.md, "The table file"): each entry against
// Lenstra's algorithm in the tower fields, beyond what the kappa layer's reader checks with
// integers alone (cas/kappa/alpha_table.hpp). Tables given to on2 (`--check-alpha`,
// `--compute-alpha`'s `--table`) are read with it; the embedded one is checked at build time.

#include <cstdint>
#include <string>

#include "cas/core/context.hpp"
#include "cas/kappa/alpha_table.hpp"

namespace cas {

// The largest field GF(2^E) in which read_checked_alpha_table re-runs the excess test and the
// Q-set's degree tests by default: 54 of the 126 odd primes up to 709 (m_409 among them).
inline constexpr std::uint64_t default_max_checked_field = 512;

// Why `entry` is not what compute_alpha_entry (cas/tower/lenstra.hpp) gives for its prime, or ""
// when it agrees as far as checked; the context's table must hold every odd prime below entry.p.
// Always checked: alpha_entry_inconsistency_without_fields, and that E is the field of the κ's
// [κ_f(p) + m_p] needs (entry.alpha is not looked at). When E ≤ max_checked_field also Lenstra's
// rule for the Q-set (its degree tests) and the excess itself: [κ_f(p) + m] is a p-th power for
// every m from the lower bound below m_p and not for m_p.
std::string alpha_entry_inconsistency(const alpha_entry& entry, const context& ctx,
                                      std::uint64_t max_checked_field);

// Why `hole` is not a hole of the table read so far, or "":
// alpha_hole_inconsistency_without_fields, then its reason in the fields' terms: E (or the Q-set)
// as given is what the κ's give, or computing it needs the α of a smaller hole when it is unknown
// ('-').
std::string alpha_hole_inconsistency(const alpha_hole& hole, const context& ctx);

// alpha_table::from_text with alpha_entry_inconsistency and alpha_hole_inconsistency as its deep
// check: alpha_table_error "SOURCE:LINE: …" for the first line that is wrong.
alpha_table read_checked_alpha_table(const std::string& text, const std::string& source,
                                     std::uint64_t max_checked_field = default_max_checked_field,
                                     const context& ctx = default_context());

}  // namespace cas
