#pragma once
// Private to cas/src: the shortest linear recurrence of a sequence over GF(2), by the
// Berlekamp–Massey algorithm (J. L. Massey, "Shift-register synthesis and BCH decoding", IEEE
// Trans. Inform. Theory 15, 1969), on packed bits.

#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"

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

}  // namespace cas::detail
