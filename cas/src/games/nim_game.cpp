#include "cas/games/nim_game.hpp"

#include <cassert>

namespace cas {

std::optional<nim_move> nim_winning_move(const std::vector<ordinal>& heaps, const context& ctx) {
  ordinal sum;
  for (const ordinal& h : heaps) sum = nim_add(sum, h, ctx);
  if (sum.is_zero()) return std::nullopt;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    ordinal reduced = nim_add(heaps[i], sum, ctx);
    if (reduced < heaps[i]) return nim_move{i, std::move(reduced)};
  }
  // The heap holding the leading bit of the sum's leading coefficient always qualifies.
  assert(false && "a non-zero nim sum has a winning move");
  return std::nullopt;
}

}  // namespace cas
