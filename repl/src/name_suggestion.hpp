#pragma once
// "Did you mean …?" for unknown names: the nearest candidate by edit distance, when it is near
// enough to be a plausible typo (never for one- or two-letter names, which are usually meant).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace on2 {

// Levenshtein distance over bytes (names are ASCII identifiers).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `name` (ties: the first in `candidates`), if its distance is at most 1
// for a three-letter name and 2 for longer ones; never `name` itself.
std::optional<std::string> nearest_name(std::string_view name,
                                        const std::vector<std::string>& candidates);

}  // namespace on2
