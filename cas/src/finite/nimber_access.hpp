#pragma once
// Private to cas/src: building nimbers from limbs without the size check, and bit surgery used
// by the arithmetic (splitting at a Fermat level, shifting).

#include <cstdint>
#include <span>
#include <vector>

#include "cas/finite/nimber.hpp"

namespace cas {

struct nimber_access {
  static nimber from_limbs_unchecked(std::vector<std::uint64_t> limbs) {
    return nimber(std::move(limbs));
  }
  static std::span<const std::uint64_t> limbs(const nimber& n) { return n.limbs(); }
};

// floor(a / 2^shift) and a mod 2^count, a · 2^shift (ordinary shifts).
nimber shift_right(const nimber& a, std::uint64_t shift);
nimber low_bits(const nimber& a, std::uint64_t count);
nimber shift_left(const nimber& a, std::uint64_t shift);

// The number of limbs of the smallest Fermat field holding a, as a power of two (at least 1).
std::size_t padded_limb_count(const nimber& a);

}  // namespace cas
