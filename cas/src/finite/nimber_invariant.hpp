#pragma once
// The invariant of cas::nimber on its representation (private to cas/src): little-endian limbs
// with no trailing zero limb. Debug builds assert it wherever a nimber's limbs are set
// (docs/style.md, item 2); white-box tests call it directly, on valid and invalid limbs.
#include <cstdint>
#include <span>

namespace cas::detail {

inline bool nimber_limbs_are_canonical(std::span<const std::uint64_t> limbs) noexcept {
  return limbs.empty() || limbs.back() != 0;
}

}  // namespace cas::detail
