#pragma once
// The excess test of Lenstra's algorithm (docs/spec/arithmetic.md §4): whether β = [κ_f(p) + m]
// is a p-th power, in the tower field GF(2^E) its κ's span. Shared by the computation of α_p
// (cas/tower/lenstra.hpp) and the deep check of a table (cas/tower/alpha_table_check.hpp).

#include <cstdint>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas::detail {

// The degree E of the field the excess test for β = [κ_f + m] runs in: the κ's β needs span
// GF(2^E), which must have p | 2^E − 1 (f | E) and p ∤ E; range_error otherwise (the α_p table
// in use is inconsistent).
std::uint64_t excess_test_field(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx);

// β^((2^E − 1)/p) = 1 in the tower field GF(2^E), for f = ord_p(2) dividing E.
bool is_pth_power(const ordinal& beta, std::uint64_t p, std::uint64_t f, const context& ctx);

}  // namespace cas::detail
