#include "monomial_fixed_space.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/packed_field.hpp"
#include "kernels/word_echelon.hpp"

namespace cas::detail {
namespace {

using word = std::uint64_t;

// Φ_m(y) = c_m·F0(y): the coefficient that the map carries from monomial m to π(m).
ON2_PCLMUL_CAPABLE word carried(const monomial_frobenius& map, std::size_t m, word y) {
  const word image = map.base_frobenius(y);
  return map.scalar(m) == 1 || image == 0 ? image : map.base().mul(image, map.scalar(m));
}

// A basis of the kernel of y ↦ Φ(y) + y, given Φ's images of the `bits` base bits: the values
// (Φ + 1)(bit b) that reduce to 0 against the earlier ones leave their combinations, kernel
// vectors (independent: each has its own bit b last).
std::vector<word> fixed_points(const std::array<word, 64>& images, unsigned bits) {
  word_echelon echelon;
  std::vector<word> kernel;
  for (unsigned b = 0; b < bits; ++b) {
    word value = images[b] ^ (word{1} << b), combination = word{1} << b;
    if (echelon.reduce(value, combination)) {
      kernel.push_back(combination);
    } else {
      echelon.insert(value, combination);
    }
  }
  return kernel;
}

}  // namespace

std::vector<tower_field::element> monomial_fixed_space(const tower_field& field,
                                                       const monomial_frobenius& frobenius_d) {
  const monomial_frobenius& map = frobenius_d;
  const unsigned bits = map.base().degree();
  std::vector<std::uint8_t> seen(map.words(), 0);
  std::vector<std::size_t> cycle;  // m_0, m_1 = π(m_0), …
  std::vector<tower_field::element> basis;
  for (std::size_t start = 0; start < map.words(); ++start) {
    if (seen[start] != 0) continue;
    cycle.clear();
    for (std::size_t m = start; seen[m] == 0; m = map.target(m)) {
      seen[m] = 1;
      cycle.push_back(m);
    }
    std::array<word, 64> images{};  // of Φ_(k−1) ∘ … ∘ Φ_0 on the base bits
    for (unsigned b = 0; b < bits; ++b) {
      word y = word{1} << b;
      for (const std::size_t m : cycle) y = carried(map, m, y);
      images[b] = y;
    }
    for (const word s : fixed_points(images, bits)) {
      tower_field::element x = field.zero();
      word y = s;
      for (const std::size_t m : cycle) {
        x[m] = y;
        y = carried(map, m, y);
      }
      basis.push_back(std::move(x));
    }
  }
  return basis;
}

}  // namespace cas::detail
