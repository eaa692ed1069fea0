// Turning Corners and Nim (cas/games/turning_corners.hpp, cas/games/nim_game.hpp): the game played
// on every position of the 4×4 board, single coins against the product table up to 64, and winning
// moves that really win.
#include "cas/games/turning_corners.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/games/nim_game.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "test_support.hpp"

namespace {

cas::ordinal n(std::uint64_t v) {
  return cas::ordinal(cas::nimber(v));
}

TEST(TurningCorners, EveryPositionOfTheFourByFourBoard) {
  const cas::corners_check_report r = cas::corners_check(4);
  EXPECT_TRUE(r.every_position);
  EXPECT_EQ(r.positions, 65536u);
  EXPECT_EQ(r.mismatch, "");
  // Each coin (a, b) has a·b moves and lies in half of the positions.
  std::uint64_t moves = 0;
  for (std::uint64_t a = 0; a < 4; ++a) {
    for (std::uint64_t b = 0; b < 4; ++b) moves += a * b * 32768;
  }
  EXPECT_EQ(r.moves, moves);
}

TEST(TurningCorners, SingleCoinsEqualTheProductTableUpTo64) {
  const auto grundy = cas::corners_single_coin_values(64);
  for (std::uint64_t a = 0; a < 64; ++a) {
    for (std::uint64_t b = 0; b < 64; ++b) {
      ASSERT_EQ(cas::nimber(grundy[a][b]), cas::nim_mul(cas::nimber(a), cas::nimber(b)))
          << a << " " << b;
    }
  }
  EXPECT_EQ(cas::corners_check(64).mismatch, "");
  EXPECT_FALSE(cas::corners_check(64).every_position);
}

TEST(TurningCorners, ValuesFiniteAndTransfinite) {
  const cas::ordinal w = cas::ordinal::omega();
  EXPECT_EQ(cas::corners_value(n(2), n(2)), n(3));
  EXPECT_EQ(cas::corners_value(w, w), cas::nim_mul(w, w));
  EXPECT_EQ(cas::corners_position_value({{n(2), n(2)}, {n(3), n(3)}, {w, w}}),
            cas::nim_add(cas::nim_mul(w, w), n(1)));
  // A coin listed twice is turned twice.
  EXPECT_EQ(cas::corners_position_value({{w, n(5)}, {w, n(5)}}), n(0));
}

TEST(TurningCorners, WinningMovesWin) {
  auto& random = on2_test::random_engine();
  int winning = 0;
  for (int t = 0; t < on2_test::scaled(300); ++t) {
    std::vector<cas::coin> coins;
    const int count = 1 + static_cast<int>(random() % 4);
    for (int i = 0; i < count; ++i) coins.push_back({n(random() % 40), n(random() % 40)});
    const cas::ordinal value = cas::corners_position_value(coins);
    const auto move = cas::corners_winning_move(coins);
    ASSERT_EQ(move.has_value(), !value.is_zero());
    if (!move) continue;
    ++winning;
    EXPECT_LT(move->to_row, move->from.row);
    EXPECT_LT(move->to_column, move->from.column);
    EXPECT_NE(std::find(coins.begin(), coins.end(), move->from), coins.end());
    // Play it: remove the coin, turn the three corners (turning twice cancels in the value).
    std::vector<cas::coin> after = coins;
    after.push_back(move->from);
    after.push_back({move->to_row, move->to_column});
    after.push_back({move->to_row, move->from.column});
    after.push_back({move->from.row, move->to_column});
    EXPECT_TRUE(cas::corners_position_value(after).is_zero());
  }
  EXPECT_GT(winning, 0);
  EXPECT_THROW(cas::corners_winning_move({{cas::ordinal::omega(), n(2)}}), cas::range_error);
}

TEST(NimGame, WinningMoves) {
  const auto move = cas::nim_winning_move({n(3), n(5), n(7)});
  ASSERT_TRUE(move.has_value());
  EXPECT_EQ(*move, (cas::nim_move{0, n(2)}));
  EXPECT_FALSE(cas::nim_winning_move({n(1), n(2), n(3)}).has_value());
  const cas::ordinal w = cas::ordinal::omega();
  auto& random = on2_test::random_engine();
  for (int t = 0; t < on2_test::scaled(300); ++t) {
    std::vector<cas::ordinal> heaps;
    for (int i = 0; i < 3; ++i) {
      heaps.push_back(cas::nim_add(cas::nim_mul(w, n(random() % 8)), n(random() % 8)));
    }
    const auto m = cas::nim_winning_move(heaps);
    cas::ordinal sum;
    for (const auto& h : heaps) sum = cas::nim_add(sum, h);
    ASSERT_EQ(m.has_value(), !sum.is_zero());
    if (!m) continue;
    EXPECT_LT(m->new_size, heaps[m->heap]);
    heaps[m->heap] = m->new_size;
    cas::ordinal after;
    for (const auto& h : heaps) after = cas::nim_add(after, h);
    EXPECT_TRUE(after.is_zero());
  }
}

}  // namespace
