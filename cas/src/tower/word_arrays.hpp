#pragma once
// Elements of a tower field as arrays of 64-bit words (private to cas/src): the helpers that the
// tower's construction (tower.cpp), arithmetic (tower_arithmetic.cpp), Frobenius maps
// (tower_frobenius.cpp) and conversions (tower_conversions.cpp) share.
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace cas::detail {

using word = std::uint64_t;

inline bool all_zero(const word* x, std::size_t n) {
  return std::all_of(x, x + n, [](word w) { return w == 0; });
}

inline void xor_into(word* target, const word* source, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) target[i] ^= source[i];
}

inline word low_bits_mask(unsigned bits) {
  return bits == 64 ? ~word{0} : (word{1} << bits) - 1;
}

// The layout's base words w[0 .. group), `bits` bits each, as one coordinate vector, and back.
inline word gather_bits(const word* w, std::size_t group, unsigned bits) {
  word c = 0;
  for (std::size_t i = 0; i < group; ++i) c |= w[i] << (i * bits);
  return c;
}

inline void scatter_bits(word c, word* w, std::size_t group, unsigned bits) {
  for (std::size_t i = 0; i < group; ++i) w[i] = (c >> (i * bits)) & low_bits_mask(bits);
}

}  // namespace cas::detail
