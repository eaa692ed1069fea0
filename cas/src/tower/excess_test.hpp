#pragma once
// The excess test of Lenstra's algorithm (docs/spec/arithmetic.md §4): whether β = [κ_f(p) + m]
// is a p-th power, in the tower field GF(2^E) its κ's span. Shared by the computation of α_p
// (cas/tower/lenstra.hpp) and the deep check of a table (cas/tower/alpha_table_check.hpp).

#include <cstdint>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/excess_test_progress.hpp"

namespace cas::detail {

// The degree E of the field the excess test for β = [κ_f + m] runs in: the κ's β needs span
// GF(2^E), which must have p | 2^E − 1 (f | E) and p ∤ E; range_error otherwise (the α_p table
// in use is inconsistent).
std::uint64_t excess_test_field(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx);

// β^((2^E − 1)/p) = 1 in the tower field GF(2^E), for f = ord_p(2) dividing E.
// `observer` sees each step and may resume the test (cas/tower/lenstra.hpp); `excess` is m, for
// the checkpoints.
bool is_pth_power(const ordinal& beta, std::uint64_t p, std::uint64_t f, const context& ctx,
                  const excess_test_observer& observer = {}, std::uint64_t excess = 0);

// β^((2^E − 1)/p) = 1 by one square-and-multiply in GF(2^E): E squarings, no Frobenius plan.
bool is_pth_power_directly(const ordinal& beta, std::uint64_t p, const context& ctx);

// The same criterion by other products: the conjugate products right to left, γ by the tower's
// own power; the norm of β to GF(2^f) and the result checked to lie in GF(2^f) by f squarings each
// (internal_error otherwise).
bool is_pth_power_right_to_left(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx);

}  // namespace cas::detail
