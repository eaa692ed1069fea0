#include "baselines/textbook_product.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

// Cost. A product with a zero operand returns at once. That is what keeps c2 ⊗ H cheap enough:
// H = H_{k−1}·F' has a zero low half, so its c0 is skipped and the product by H makes three
// half-size calls, as the general product does. With the skip the whole recursion is
// O(n^log2(3)) = O(n^1.58) bit operations (times a factor about log n for the H products);
// without it c2 ⊗ H would make four calls and the cost would be O(n^2).

namespace on2_bench {
namespace {

using limb = std::uint64_t;

// a ⊗ b for a, b < 2^(2^level): the bit ranges are halves of 2^(level−1) bits, F = 2^half and
// H = 2^(half−1). The level is a template parameter so the shifts and masks are constants.
template <int level>
limb word_product(limb a, limb b) {
  if constexpr (level == 0) {
    return a & b;
  } else {
    if (a == 0 || b == 0) return 0;
    constexpr int half = 1 << (level - 1);
    constexpr limb low_mask = (limb{1} << half) - 1;
    constexpr limb half_constant = limb{1} << (half - 1);
    const limb a0 = a & low_mask, a1 = a >> half, b0 = b & low_mask, b1 = b >> half;
    const limb c0 = word_product<level - 1>(a0, b0);
    const limb c2 = word_product<level - 1>(a1, b1);
    const limb c12 = word_product<level - 1>(a0 ^ a1, b0 ^ b1);
    return ((c12 ^ c0) << half) ^ c0 ^ word_product<level - 1>(c2, half_constant);
  }
}

bool is_zero(const limb* x, std::size_t n) {
  return std::all_of(x, x + n, [](limb v) { return v == 0; });
}

// out = a ⊗ b on n limbs (n a power of two); out aliases neither input. scratch holds 5n limbs:
// this level uses 5·(n/2) and the levels below at most 5·(n/2) more.
void limb_product(const limb* a, const limb* b, limb* out, std::size_t n, limb* scratch) {
  if (n == 1) {
    out[0] = word_product<6>(a[0], b[0]);
    return;
  }
  if (is_zero(a, n) || is_zero(b, n)) {
    std::fill(out, out + n, limb{0});
    return;
  }
  const std::size_t h = n / 2;
  limb* a_sum = scratch;
  limb* b_sum = scratch + h;
  limb* c2 = scratch + 2 * h;
  limb* c2_times_half = scratch + 3 * h;
  limb* half_constant = scratch + 4 * h;  // H = 2^(64h − 1)
  limb* below = scratch + 5 * h;
  for (std::size_t i = 0; i < h; ++i) {
    a_sum[i] = a[i] ^ a[h + i];
    b_sum[i] = b[i] ^ b[h + i];
  }
  limb_product(a, b, out, h, below);              // c0, in the low half for now
  limb_product(a + h, b + h, c2, h, below);       // c2
  limb_product(a_sum, b_sum, out + h, h, below);  // c12, in the high half for now
  std::fill(half_constant, half_constant + h, limb{0});
  half_constant[h - 1] = limb{1} << 63;
  limb_product(c2, half_constant, c2_times_half, h, below);
  // a ⊗ b = ((c12 ⊕ c0)·F) ⊕ c0 ⊕ (c2 ⊗ H)
  for (std::size_t i = 0; i < h; ++i) {
    out[h + i] ^= out[i];
    out[i] ^= c2_times_half[i];
  }
}

}  // namespace

std::uint64_t textbook_word_product(std::uint64_t a, std::uint64_t b) {
  return word_product<6>(a, b);
}

std::vector<std::uint64_t> textbook_product(std::span<const std::uint64_t> a,
                                            std::span<const std::uint64_t> b) {
  const std::size_t n = a.size();
  if (n == 0 || b.size() != n || !std::has_single_bit(n)) {
    throw std::invalid_argument("textbook_product needs two arrays of one power-of-two length");
  }
  std::vector<limb> out(n), scratch(5 * n);
  limb_product(a.data(), b.data(), out.data(), n, scratch.data());
  return out;
}

}  // namespace on2_bench
