#pragma once
// Lenstra's algorithm for the constants α_p (H. W. Lenstra, "On the algebraic closure of two",
// 1977; docs/spec/arithmetic.md §4): α_p = [κ_f(p) + m_p], f(p) the order of 2 modulo p, κ_h from the Q-set
// recursion, and the excess m_p the least m ≥ 0 for which [κ_f(p) + m] is not a p-th power of an
// ordinal below κ_p.
//
// The excess test runs in the materialised tower field GF(2^E) of β (cas/tower/tower.hpp) as a norm-like
// product of Frobenius conjugates (docs/spec/arithmetic.md §4).

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

// Computes the entry for the odd prime p; the context's table must hold every odd prime below p.
alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx);

// Computes or extends `table` to every odd prime ≤ up_to, reporting each new entry. Entries
// already present are kept (resume); the table is used for the smaller primes as it grows.
void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress = {});

}  // namespace cas
