// The map of finite/trace_dual.hpp: the 2×2 step on halves commutes across levels (it is a
// Kronecker power), so each level is one pass, words first, then the bits inside a word.
#include "finite/trace_dual.hpp"

namespace cas::detail {

void trace_dual_in_place(std::uint64_t* v, unsigned level) {
  using u64 = std::uint64_t;
  const std::size_t words = level >= 6 ? std::size_t{1} << (level - 6) : 1;
  for (std::size_t half = 1; half < words; half *= 2) {
    for (std::size_t block = 0; block < words; block += 2 * half) {
      for (std::size_t i = block; i < block + half; ++i) {
        const u64 low = v[i], high = v[i + half];
        v[i] = high;
        v[i + half] = low ^ high;
      }
    }
  }
  // Bits i and i + s inside a word, s = 2^t for t below min(level, 6): the mask selects the
  // positions whose bit t is 0.
  static constexpr u64 masks[6] = {0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
                                   0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff};
  const unsigned in_word_levels = level < 6 ? level : 6;
  for (std::size_t w = 0; w < words; ++w) {
    u64 x = v[w];
    for (unsigned t = 0; t < in_word_levels; ++t) {
      const unsigned s = 1u << t;
      const u64 low = x & masks[t], high = (x >> s) & masks[t];
      x = high | ((low ^ high) << s);
    }
    v[w] = x;
  }
}

}  // namespace cas::detail
