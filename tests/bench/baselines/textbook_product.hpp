#pragma once
// Baseline for benchmark B6: the textbook recursion of docs/spec/arithmetic.md §2 for the nim
// product, on limb arrays and then on bit ranges inside a word, all the way down to one-bit AND. It
// has no table kernel and no cheap "times H" recursion: c2 ⊗ H is the same general product with the
// constant H.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace on2_bench {

// a ⊗ b for 64-bit a, b by the recursion on bit ranges (halves of 32, 16, …, 1 bits).
std::uint64_t textbook_word_product(std::uint64_t a, std::uint64_t b);

// a ⊗ b for two little-endian limb arrays of the same power-of-two length n (elements of
// GF(2^(64n))); the result has n limbs. std::invalid_argument for other lengths.
std::vector<std::uint64_t> textbook_product(std::span<const std::uint64_t> a,
                                            std::span<const std::uint64_t> b);

}  // namespace on2_bench
