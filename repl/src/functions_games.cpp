// The games behind the numbers: mex, Nim and Turning Corners (cas/games/nim_game.hpp,
// cas/games/turning_corners.hpp).
#include <algorithm>

#include "cas/finite/nimber.hpp"
#include "cas/games/nim_game.hpp"
#include "cas/games/turning_corners.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {
using args = function_arguments;

// The coins of a Turning Corners position: a list of pairs {a, b}.
std::vector<cas::coin> coins_of(const args& a, std::size_t i) {
  const auto wrong = [&]() {
    a.fail(i, error_kind::type,
           a.function_name() + " needs a list of coins, each a pair {a, b} of nimbers.",
           "Example: " + a.function_name() + "({{2, 3}, {1, ω}}).");
  };
  if (!a[i].is_list()) wrong();
  std::vector<cas::coin> coins;
  for (const value& element : a[i].as_list()) {
    if (!element.is_list() || element.as_list().size() != 2 || !element.as_list()[0].is_nimber() ||
        !element.as_list()[1].is_nimber()) {
      wrong();
    }
    coins.push_back({element.as_list()[0].as_nimber(), element.as_list()[1].as_nimber()});
  }
  return coins;
}

value pair_of(const cas::ordinal& a, const cas::ordinal& b) {
  return value(list{value(a), value(b)});
}

}  // namespace

void add_game_functions(std::vector<function_entry>& r) {
  r.push_back({"mex",
               0,
               any_number_of_arguments,
               "mex(a, b, …)",
               "the least natural number not among the finite values given (lists are opened)",
               {"mex(0, 1, 3)", "2"},
               [](const args& a) {
                 std::vector<cas::nimber> finite;
                 const std::vector<cas::ordinal> all = flattened_nimbers(a);
                 for (const cas::ordinal& o : all) {
                   if (!o.is_finite()) {
                     throw argument_error(
                         0, error_kind::math,
                         "mex takes finite values only; a transfinite one was given.");
                   }
                   finite.push_back(o.finite_part());
                 }
                 std::sort(finite.begin(), finite.end());
                 std::uint64_t candidate = 0;
                 for (const cas::nimber& n : finite) {
                   if (n == cas::nimber(candidate))
                     ++candidate;
                   else if (n > cas::nimber(candidate))
                     break;
                 }
                 return from_natural(candidate);
               }});
  r.push_back({"nim",
               1,
               any_number_of_arguments,
               "nim(a, b, …)",
               "the value of a sum of Nim heaps of sizes a, b, …: their nim sum (lists are opened)",
               {"nim(3, 5, 6)", "0"},
               [](const args& a) {
                 cas::ordinal sum;
                 for (const cas::ordinal& o : flattened_nimbers(a))
                   sum = cas::nim_add(sum, o, a.context());
                 return value(std::move(sum));
               }});
  r.push_back({"nim_move",
               1,
               any_number_of_arguments,
               "nim_move(a, b, …)",
               "a winning move in Nim with heaps a, b, … (lists are opened): {heap number from 1, "
               "size to reduce it to}, or {} when every move loses (the nim sum is 0)",
               {"nim_move(3, 5, 7)", "{1, 2}"},
               [](const args& a) {
                 const auto move = cas::nim_winning_move(flattened_nimbers(a), a.context());
                 if (!move) return value(list{});
                 return pair_of(cas::nimber(move->heap + 1), move->new_size);
               }});
  r.push_back({"corners",
               2,
               2,
               "corners(a, b)",
               "the Turning Corners value of one coin at (a, b), finite or transfinite: a ⊗ b",
               {"corners(2, 2)", "3"},
               [](const args& a) {
                 return value(cas::corners_value(a.nimber(0), a.nimber(1), a.context()));
               }});
  r.push_back({"corners_value",
               1,
               1,
               "corners_value({{a, b}, …})",
               "the value of a Turning Corners position, the nim sum of a ⊗ b over its coins (a "
               "coin listed twice is turned twice: the two cancel)",
               {"corners_value({{2, 2}, {3, 3}, {ω, ω}})", "[ω^2 + 1]"},
               [](const args& a) {
                 return value(cas::corners_position_value(coins_of(a, 0), a.context()));
               }});
  r.push_back(
      {"corners_move",
       1,
       1,
       "corners_move({{a, b}, …})",
       "a winning Turning Corners move (finite coordinates below 2^32): {{a, b}, {a', b'}}, "
       "take the coin at (a, b) and turn (a', b'), (a', b), (a, b'); {} when none wins",
       {"corners_move({{2, 3}, {1, 2}})", "{{1, 2}, {0, 1}}"},
       [](const args& a) {
         const auto move = cas::corners_winning_move(coins_of(a, 0), a.context());
         if (!move) return value(list{});
         return value(list{pair_of(move->from.row, move->from.column),
                           pair_of(move->to_row, move->to_column)});
       }});
  r.push_back({"corners_check",
               1,
               1,
               "corners_check(n)",
               "plays Turning Corners on the n×n board: every position up to n = 4 (2^16), the "
               "single coins up to 256; checks each Grundy value against the sum of a ⊗ b",
               {"corners_check(2)",
                "Turning Corners on the 2×2 board: played all 16 positions (8 moves), Grundy "
                "values by mex over the moves the rules allow.\n"
                "Every position's value is the nim sum of a ⊗ b over its coins.\n"
                "Time: 0.00 s."},
               [](const args& a) {
                 const std::uint64_t n = a.small_natural(0, 1);
                 a.context().check_limit(n, a.context().limits().max_mex_size,
                                         "The board size of corners_check", "max_mex_size");
                 return value::report(
                     cas::corners_check(static_cast<std::uint32_t>(n), a.context()).to_text());
               }});
}

}  // namespace on2
