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
#include <string>
#include <vector>

#include "cas/arith/primes.hpp"  // order_of_two_modulo, which f(p) is
#include "cas/core/context.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// Computes the entry for the odd prime p; the context's table must hold every odd prime below p.
alpha_entry compute_alpha_entry(std::uint64_t p, const context& ctx);

// Computes or extends `table` to every odd prime ≤ up_to, reporting each new entry. Entries
// already present are kept (resume); the table is used for the smaller primes as it grows.
void extend_alpha_table(alpha_table& table, std::uint64_t up_to, const context& ctx,
                        const std::function<void(const alpha_entry&)>& progress = {});

}  // namespace cas
