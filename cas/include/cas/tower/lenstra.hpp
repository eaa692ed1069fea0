#pragma once
// Lenstra's algorithm for the constants α_p (H. W. Lenstra, "On the algebraic closure of two",
// 1977; docs/spec/arithmetic.md §4): α_p = [κ_f(p) + m_p], f(p) the order of 2 modulo p, κ_h from the Q-set
// recursion, and the excess m_p the least m ≥ 0 for which [κ_f(p) + m] is not a p-th power of an
// ordinal below κ_p.
//
// The excess test runs in the materialised tower field GF(2^E) of β (cas/tower/tower.hpp) as a norm-like
// product of Frobenius conjugates (docs/spec/arithmetic.md §4).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cas/kappa/alpha_table.hpp"
#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/arith/primes.hpp"  // order_of_two_modulo, which f(p) is

namespace cas {

// The Q-set of h ≥ 2: the prime powers q with κ_h = ⊕ κ_q, by Lenstra's rule (with ℓ the least
// prime dividing h, q the largest power of ℓ dividing h, g = h/q): κ_h = κ_q if g = 1, κ_g if q
// divides the degree of κ_g, κ_g ⊕ κ_q otherwise. Uses the context's α_p table for the degrees.
std::vector<std::uint64_t> lenstra_qset(std::uint64_t h, const context& ctx = default_context());
// κ_h for any h ≥ 1 (κ_1 = 1).
ordinal kappa(std::uint64_t h, const context& ctx = default_context());

// The degree of an ordinal over GF(2): the least n with a^(2^n) = a.
std::uint64_t degree_over_gf2(const ordinal& a, const context& ctx = default_context());

// Lenstra's lower bound for the excess m_p: 1 when the Q-set is one odd prime power, 4 when
// f(p) = 2·3^k with k ≥ 1, 0 otherwise (docs/spec/arithmetic.md §4).
std::uint64_t excess_lower_bound(std::uint64_t order_of_two, const std::vector<std::uint64_t>& qset);
// How far above its lower bound the excess is searched (and accepted when a table is read). Every
// known m_p is 0, 1 or 4 (OEIS A380496, and cas/data/alpha_table.txt up to 709).
inline constexpr std::uint64_t max_excess_above_lower_bound = 64;

// Computes the entry for the odd prime p; the context's table must hold every odd prime below p.
alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx);

// Why `entry` is not what compute_alpha_entry gives for its prime, or "" when it agrees as far as
// checked; the context's table must hold every odd prime below entry.p. Always checked (cheap):
// p is an odd prime, f(p) = ord_p(2), the Q-set consists of prime-power parts of f(p) and holds
// that of f(p)'s largest prime (Lenstra's rule never drops it), m_p lies in the searched range,
// and E is the field of the κ's [κ_f(p) + m_p] needs (entry.alpha is not looked at). When E ≤
// max_checked_field also Lenstra's rule for the Q-set (its degree tests) and the excess itself:
// [κ_f(p) + m] is a p-th power for every m from the lower bound below m_p and not for m_p.
std::string alpha_entry_inconsistency(const alpha_entry& entry, const context& ctx,
                                      std::uint64_t max_checked_field);

// Computes or extends `table` to every odd prime ≤ up_to, reporting each new entry. Entries
// already present are kept (resume); the table is used for the smaller primes as it grows.
void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress = {});

}  // namespace cas
