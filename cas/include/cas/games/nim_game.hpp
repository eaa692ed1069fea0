#pragma once
// Nim with heaps of any ordinal size below ω^(ω^ω): a move reduces one heap to any smaller
// ordinal. By Sprague–Grundy (Bouton for finite heaps) a sum of heaps is lost for the player to
// move exactly when the nim sum of the sizes is 0; otherwise some heap h has h ⊕ s < h (s the nim
// sum: take a heap whose coefficient at the leading exponent of s has the leading bit of s's
// coefficient), and reducing it to h ⊕ s wins.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstddef>
#include <optional>
#include <vector>

#include "cas/ordinal/ordinal.hpp"

namespace cas {

struct nim_move {
  std::size_t heap = 0;  // index into the heaps, from 0
  ordinal new_size;
  friend bool operator==(const nim_move&, const nim_move&) = default;
};

// The winning move that touches the first possible heap, or nothing when the nim sum is 0;
// limit_error when the nim sum has more terms than the context's max_ordinal_terms.
std::optional<nim_move> nim_winning_move(const std::vector<ordinal>& heaps,
                                         const context& ctx = default_context());

}  // namespace cas
