#pragma once
// A level of the Fermat tower (docs/spec/arithmetic.md §2): level k is the field GF(2^(2^k)) of
// the nimbers below the Fermat 2-power F_k = 2^(2^k), so tower_level{3} is GF(2^8). A type of
// its own, constructed explicitly, so that a level is never taken for a degree: nim_trace(a, 3)
// is the ordinal trace down to GF(2^3), nim_trace(a, tower_level{3}, tower_level{0}) the trace
// from GF(2^8) down to GF(2).
//
// Thread safety: a plain value.

#include <compare>
#include <cstdint>

namespace cas {

struct tower_level {
  constexpr explicit tower_level(unsigned k) noexcept : index(k) {}

  unsigned index;

  // The degree 2^index of the level's field over GF(2); index < 64.
  constexpr std::uint64_t degree() const noexcept { return std::uint64_t{1} << index; }

  friend constexpr auto operator<=>(const tower_level&, const tower_level&) = default;
};

}  // namespace cas
