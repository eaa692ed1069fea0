#pragma once
// Lenstra's algorithm for the constants α_p (H. W. Lenstra, "On the algebraic closure of two",
// 1977; docs/spec/arithmetic.md §4): α_p = [κ_f(p) + m_p], f(p) the order of 2 modulo p, κ_h from
// the Q-set recursion (cas/tower/kappa_index.hpp), and the excess m_p the least m ≥ 0 for which
// [κ_f(p) + m] is not a p-th power of an ordinal below κ_p.
//
// The excess test runs in the materialised tower field GF(2^E) of β (cas/tower/tower.hpp) as a
// norm-like product of Frobenius conjugates (docs/spec/arithmetic.md §4).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cas/arith/primes.hpp"  // order_of_two_modulo, which f(p) is
#include "cas/core/context.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/excess_test_progress.hpp"

namespace cas {

// The hole that p is under ctx's limits and table (alpha_table.hpp, alpha_hole), or nothing
// when its α_p can be computed: its κ's need the α of a hole, or its excess test needs a field
// GF(2^E) above both max_tower_degree and the limit's default. Cheap: no field is built.
// `qset`, when given, receives the Q-set of f(p) when it is computed (for the memory estimate).
std::optional<alpha_hole> alpha_hole_of(std::uint64_t p, const context& ctx,
                                        std::vector<std::uint64_t>* qset = nullptr);

// Computes the entry for the odd prime p; the context's table must hold every odd prime below p
// that p's κ's need.
alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx,
                                const excess_test_observer& observer = {});

// Computes or extends `table` to every odd prime ≤ up_to, reporting each new entry, and each hole
// (alpha_hole_of) to `skipped`. Entries already present are kept (resume), holes are tried again;
// the table is used for the smaller primes as it grows.
void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress = {},
                        const std::function<void(const alpha_hole&)>& skipped = {},
                        const excess_test_observer& observer = {});

// Up to this E the confirmation raises β directly to (2^E − 1)/p.
inline constexpr std::uint64_t direct_power_max_field = std::uint64_t{1} << 15;

// A second computation of an entry's excess, independent of compute_alpha_entry's order of
// operations (docs/lenstra.md, "Long runs, memory and trust"): [κ_f(p) + m] is a p-th power for
// each m from Lenstra's lower bound below m_p and not for m_p, tested for E ≤
// direct_power_max_field by the direct power β^((2^E − 1)/p) and above it by the conjugate
// products right to left (other products and Frobenius shifts), with the norm of β and the result
// checked to lie in GF(2^f) by f squarings. What disagrees, or "". The context's table must hold
// the smaller primes p's κ's need; the Q-set and E are taken from the entry.
std::string excess_confirmation_problem(const alpha_entry& entry, const context& ctx);

// An estimate of the memory the excess test for β = [κ_f(p) + m] takes in bytes (κ_f(p) given
// by its Q-set; cheap, no field is built): the field's
// words (E over the packed base's bits) times 8 bytes times the elements alive at once (the
// operands, the product's scratch, the Frobenius plan's images), with the tower's construction.
std::uint64_t excess_test_memory_estimate(const std::vector<std::uint64_t>& qset,
                                          std::uint64_t excess, const context& ctx);

}  // namespace cas
