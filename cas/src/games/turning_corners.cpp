#include "cas/games/turning_corners.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/tower/ordinal_product.hpp"

namespace cas {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 largest_full_board = 4;  // 2^16 positions

std::string number(u64 v) {
  return std::to_string(v);
}

u32 product(u64 a, u64 b) {
  return nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
}

// Every position of the n × n board (n ≤ 4), by increasing bit mask.
void check_every_position(corners_check_report& report, const context& ctx) {
  const u32 n = report.n, cells = n * n;
  const u64 count = u64{1} << cells;
  std::vector<std::uint16_t> grundy(count, 0);
  std::vector<u32> coin_value(cells);
  for (u32 a = 0; a < n; ++a) {
    for (u32 b = 0; b < n; ++b) coin_value[a * n + b] = product(a, b);
  }
  std::vector<char> seen(cells * cells + 2);
  for (u64 mask = 0; mask < count; ++mask) {
    if ((mask & 0xfff) == 0) ctx.poll();
    std::fill(seen.begin(), seen.end(), 0);
    u32 expected = 0;
    for (u32 a = 0; a < n; ++a) {
      for (u32 b = 0; b < n; ++b) {
        const u64 here = u64{1} << (a * n + b);
        if ((mask & here) == 0) continue;
        expected ^= coin_value[a * n + b];
        for (u32 a2 = 0; a2 < a; ++a2) {
          for (u32 b2 = 0; b2 < b; ++b2) {
            const u64 after = mask ^ here ^ (u64{1} << (a2 * n + b2)) ^ (u64{1} << (a2 * n + b)) ^
                              (u64{1} << (a * n + b2));
            // The coin at (a, b) is gone and only smaller bits changed: after < mask.
            const std::uint16_t g = grundy[after];
            if (g < seen.size()) seen[g] = 1;
            ++report.moves;
          }
        }
      }
    }
    std::uint16_t value = 0;
    while (seen[value] != 0) ++value;
    grundy[mask] = value;
    if (value != expected && report.mismatch.empty()) {
      std::string coins;
      for (u32 i = 0; i < cells; ++i) {
        if ((mask >> i & 1) == 0) continue;
        coins += (coins.empty() ? "" : ", ") + std::string("(") + number(i / n) + ", " +
                 number(i % n) + ")";
      }
      report.mismatch = "the coins {" + coins + "} have Grundy value " + number(value) +
                        ", not the nim sum " + number(expected);
    }
  }
  report.positions = count;
}

}  // namespace

ordinal corners_value(const ordinal& a, const ordinal& b, const context& ctx) {
  return nim_mul(a, b, ctx);
}

ordinal corners_position_value(const std::vector<coin>& coins, const context& ctx) {
  ordinal sum;
  for (const coin& c : coins) {
    ctx.poll();
    sum = nim_add(sum, nim_mul(c.row, c.column, ctx), ctx);
  }
  return sum;
}

std::vector<std::vector<std::uint32_t>> corners_single_coin_values(std::uint32_t n,
                                                                   const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_mex_size, "The board size for single coins", "max_mex_size");
  std::vector<std::vector<u32>> grundy(n, std::vector<u32>(n, 0));
  // Every value is below the least Fermat 2-power f ≥ n (that is the theorem being played
  // out), so a move's value is below 2f; larger ones, if any, cannot be the mex anyway.
  u32 fermat = 2;
  while (fermat < n) fermat *= fermat;
  std::vector<char> seen(2 * static_cast<std::size_t>(fermat) + 1);
  for (u32 a = 0; a < n; ++a) {
    ctx.poll();
    for (u32 b = 0; b < n; ++b) {
      std::fill(seen.begin(), seen.end(), 0);
      for (u32 a2 = 0; a2 < a; ++a2) {
        const u32 left = grundy[a2][b];
        for (u32 b2 = 0; b2 < b; ++b2) {
          const u32 option = left ^ grundy[a2][b2] ^ grundy[a][b2];
          if (option < seen.size()) seen[option] = 1;
        }
      }
      u32 value = 0;
      while (seen[value] != 0) ++value;
      grundy[a][b] = value;
    }
  }
  return grundy;
}

corners_check_report corners_check(std::uint32_t n, const context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  corners_check_report report;
  report.n = n;
  if (n <= largest_full_board) {
    report.every_position = true;
    check_every_position(report, ctx);
  } else {
    const auto grundy = corners_single_coin_values(n, ctx);
    report.positions = u64{n} * n;
    for (u32 a = 0; a < n; ++a) {
      for (u32 b = 0; b < n; ++b) {
        report.moves += u64{a} * b;
        if (grundy[a][b] != product(a, b) && report.mismatch.empty()) {
          report.mismatch = "the coin at (" + number(a) + ", " + number(b) + ") has Grundy value " +
                            number(grundy[a][b]) + ", not " + number(a) + " ⊗ " + number(b) +
                            " = " + number(product(a, b));
        }
      }
    }
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

std::string corners_check_report::to_text() const {
  const std::string board = number(n) + "×" + number(n);
  std::string out;
  if (every_position) {
    out = "Turning Corners on the " + board + " board: played all " + number(positions) +
          " positions (" + number(moves) +
          " moves), Grundy values by mex over the moves the rules allow.\n";
    out += mismatch.empty() ? "Every position's value is the nim sum of a ⊗ b over its coins."
                            : "Mismatch: " + mismatch + ".";
  } else {
    out = "Turning Corners on the " + board + " board: all " + number(positions) +
          " single-coin positions (" + number(moves) +
          " moves), Grundy values by mex over the moves the rules allow, a move's three coins "
          "valued by their nim sum (the coin-turning rule, played out on every position of the "
          "4×4 board by corners_check(4)).\n";
    out += mismatch.empty() ? "Every coin's value is a ⊗ b." : "Mismatch: " + mismatch + ".";
  }
  char seconds_text[32];
  std::snprintf(seconds_text, sizeof seconds_text, "%.2f", seconds);
  return out + "\nTime: " + seconds_text + " s.\n";
}

std::optional<corners_move> corners_winning_move(const std::vector<coin>& listed,
                                                 const context& ctx) {
  // The position: the coins listed an odd number of times.
  std::vector<coin> coins;
  for (const coin& c : listed) {
    const auto found = std::find(coins.begin(), coins.end(), c);
    if (found == coins.end()) {
      coins.push_back(c);
    } else {
      coins.erase(found);
    }
  }
  for (const coin& c : coins) {
    if (!c.row.is_finite() || !c.column.is_finite()) {
      throw range_error(
          "corners_move finds moves for finite coordinates only: below a transfinite coordinate "
          "lie infinitely many a', and no bounded search covers them.");
    }
    if (c.row.finite_part().bit_length() > 32 || c.column.finite_part().bit_length() > 32) {
      throw limit_error("corners_move searches coordinates below 2^32; a coin lies beyond.");
    }
  }
  u64 sum = 0;
  for (const coin& c : coins) {
    sum ^= nim_mul32(static_cast<u32>(c.row.finite_part().low_word()),
                     static_cast<u32>(c.column.finite_part().low_word()));
  }
  if (sum == 0) return std::nullopt;
  for (const coin& c : coins) {
    u64 a = c.row.finite_part().low_word(), b = c.column.finite_part().low_word();
    const u64 value = nim_mul32(static_cast<u32>(a), static_cast<u32>(b));
    if ((value ^ sum) >= value) continue;
    // Want (a ⊕ a') ⊗ (b ⊕ b') = sum with a' < a, b' < b; run over the smaller coordinate.
    const bool swapped = b < a;
    if (swapped) std::swap(a, b);
    for (u64 a2 = 0; a2 < a; ++a2) {
      if ((a2 & 0xfff) == 0) ctx.poll();
      const u64 y = nim_mul64(sum, nim_inv64(a ^ a2));
      const u64 b2 = b ^ y;
      if (b2 < b) {
        corners_move move{c, nimber(swapped ? b2 : a2), nimber(swapped ? a2 : b2)};
        return move;
      }
    }
  }
  throw error(
      "corners_move found no winning move from a position of non-zero value; that "
      "contradicts the mex rule and is a bug.");
}

}  // namespace cas
