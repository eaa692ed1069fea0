#pragma once
// Private to cas/src: the shortest linear recurrence of a sequence over GF(2), by the
// Berlekamp–Massey algorithm (J. L. Massey, "Shift-register synthesis and BCH decoding", IEEE
// Trans. Inform. Theory 15, 1969), on packed bits.

#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"

namespace cas::detail {

// The connection polynomial C(x) = 1 + c_1·x + … + c_L·x^L of least L with
// s_n = c_1·s_(n−1) + … + c_L·s_(n−L) for L ≤ n < length; bit i of word i/64 of `sequence`
// is s_i, and of `recurrence.connection` the coefficient of x^i. Polls the context.
struct gf2_recurrence {
  std::vector<std::uint64_t> connection;
  std::uint64_t length = 0;  // L
};
gf2_recurrence gf2_berlekamp_massey(const std::vector<std::uint64_t>& sequence,
                                    std::uint64_t length, const context& ctx);

// The minimal polynomial of an element a of degree d over GF(2), from the recurrence of a sequence
// ℓ(a^k), k < 2d, that is not 0 (ℓ linear): it is irreducible, so the recurrence is it, as the
// reciprocal x^d·C(1/x) of the connection polynomial. math_error (an internal error) when the
// recurrence does not have length d.
gf2_polynomial minimal_polynomial_from_recurrence(const gf2_recurrence& recurrence,
                                                  std::uint64_t degree);

}  // namespace cas::detail
