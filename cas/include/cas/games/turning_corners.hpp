#pragma once
// Turning Corners (Berlekamp, Conway, Guy, Winning Ways ch. 14; Lenstra 1978): coins lie on the
// squares (a, b) of a board, a and b ordinals. A move picks a coin at (a, b) and a' < a, b' < b,
// removes that coin and turns over the coins at (a', b'), (a', b) and (a, b') (a coin turned
// over twice is gone). Sprague–Grundy and the coin-turning principle give a position the value
// ⊕ a ⊗ b over its coins; the nim product is exactly the Grundy value of one coin (its mex rule,
// docs/spec/arithmetic.md §1, is the game's). corners_check plays the game to check this rather
// than cite it.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

struct coin {
  ordinal row;     // a
  ordinal column;  // b
  friend bool operator==(const coin&, const coin&) = default;
};

// The value of one coin at (a, b): a ⊗ b.
ordinal corners_value(const ordinal& a, const ordinal& b, const context& ctx = default_context());
// The value of a position: the nim sum of a ⊗ b over its coins (a coin listed twice is turned
// over twice, so the two cancel).
ordinal corners_position_value(const std::vector<coin>& coins,
                               const context& ctx = default_context());

// The Grundy values of the single-coin positions of the n × n board by the game's own rule:
// G(a, b) = mex{G(a', b') ⊕ G(a', b) ⊕ G(a, b') : a' < a, b' < b} (a move leaves three coins,
// whose position value is the nim sum by the coin-turning principle). n ≤ max_mex_size.
std::vector<std::vector<std::uint32_t>> corners_single_coin_values(
    std::uint32_t n, const context& ctx = default_context());

struct corners_check_report {
  std::uint32_t n = 0;
  bool every_position = false;  // true: all 2^(n²) positions played; false: single coins
  std::uint64_t positions = 0;
  std::uint64_t moves = 0;
  std::string mismatch;  // the first position whose value is not ⊕ a ⊗ b; empty if none
  double seconds = 0;
  std::string to_text() const;
};

// Plays Turning Corners on the n × n board. n ≤ 4: every set of coins (2^(n²) positions, in
// increasing order of the bit mask with coin (a, b) at bit a·n + b, so a move always leads to a
// smaller mask), Grundy values by mex over the real moves, each compared with ⊕ a ⊗ b over the
// coins. 4 < n ≤ max_mex_size: every single-coin position, as corners_single_coin_values,
// compared with a ⊗ b. Polls the cancellation token.
corners_check_report corners_check(std::uint32_t n, const context& ctx = default_context());

// A winning move: remove the coin `from` and turn over the corners at (to_row, to_column),
// (to_row, from.column) and (from.row, to_column).
struct corners_move {
  coin from;
  ordinal to_row;     // a' < a
  ordinal to_column;  // b' < b
};

// A move to a position of value 0, or nothing when the position's value is 0 already. The coin
// moved is the first in the list whose value v has v ⊕ s < v (s the position's value); every value
// below v is reached from it (that is what mex means), and a' runs upward over the smaller of
// the two coordinates (the other one solved by nim division). Finite coordinates below 2^32
// (range_error otherwise: the search for a transfinite coordinate is not bounded). Polls the
// cancellation token.
std::optional<corners_move> corners_winning_move(const std::vector<coin>& coins,
                                                 const context& ctx = default_context());

}  // namespace cas
