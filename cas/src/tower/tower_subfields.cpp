// The subfields GF(2^d) of a tower field (cas/tower/tower.hpp) as fixed spaces of F^d, solved line
// by line of the top step instead of by elimination over all E coordinates.
//
// With the top step t^ℓ = a over K, F^d(Σ X_j·t^j) = Σ c_j·F_K(X_j)·t^(π(j)) (the plan's targets
// π and coefficients c_j, F_K the plan below), so x is fixed exactly when X_(π(j)) = c_j·F_K(X_j)
// for every j. On a cycle j_0 → j_1 → … → j_k = j_0 of π, X_(j_0) is a fixed point of the
// GF(2)-linear composite of the k maps Y ↦ c_j·F_K(Y) on K and determines the other lines. The
// kernels of all cycles, spread along their cycles, are a basis of GF(2^d).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/tower/tower.hpp"

namespace cas {
namespace {

using word = std::uint64_t;

// A basis of the kernel of Y ↦ Φ(Y) + Y on vectors of `n` words of `bits` bits each (bit b: bit
// b % bits of word b / bits), from Φ's images of the unit vectors (row b of `images`, n words
// each): each (Φ + 1)(unit b) is reduced by the pivots (keyed by their top bit) along with the
// unit vectors it combines, kept in the same layout, so one that reaches 0 leaves its
// combination, a kernel vector (independent: each holds its own unit vector last).
std::vector<std::vector<word>> kernel_of_map_plus_one(const std::vector<word>& images,
                                                      std::size_t n, unsigned bits) {
  const std::size_t size = n * bits, row = 2 * n;  // a pivot: value, then combination
  std::vector<word> pivots(size * row, 0), v(row);
  std::vector<std::uint8_t> has_pivot(size, 0);
  std::vector<std::vector<word>> kernel;
  for (std::size_t b = 0; b < size; ++b) {
    std::copy(images.begin() + static_cast<std::ptrdiff_t>(b * n),
              images.begin() + static_cast<std::ptrdiff_t>((b + 1) * n), v.begin());
    std::fill(v.begin() + static_cast<std::ptrdiff_t>(n), v.end(), word{0});
    v[b / bits] ^= word{1} << (b % bits);
    v[n + b / bits] ^= word{1} << (b % bits);
    bool stored = false;
    for (std::size_t w = n; w-- > 0 && !stored;) {
      while (v[w] != 0) {
        const std::size_t top = w * bits + 63 - static_cast<std::size_t>(std::countl_zero(v[w]));
        word* pivot = pivots.data() + top * row;
        if (has_pivot[top] == 0) {
          std::copy(v.begin(), v.end(), pivot);
          has_pivot[top] = 1;
          stored = true;
          break;
        }
        for (std::size_t k = 0; k <= w; ++k) v[k] ^= pivot[k];
        for (std::size_t k = n; k < row; ++k) v[k] ^= pivot[k];
      }
    }
    if (!stored) kernel.emplace_back(v.begin() + static_cast<std::ptrdiff_t>(n), v.end());
  }
  return kernel;
}

}  // namespace

std::vector<tower_field::element> tower_field::subfield_by_lines(std::uint64_t d) const {
  if (!base_ || steps_.empty() || steps_.back().type != tower_step::kind::power) return {};
  if (d == 0 || degree_ % d != 0) {
    throw internal_error("a subfield of a degree that does not divide the field's.");
  }
  const std::size_t top = steps_.size(), n = words_[top - 1], lines = steps_.back().degree;
  // Each cycle's kernel is an elimination over K's n·D bits, the orbits' one over d vectors of E
  // bits: with K larger than GF(2^d), the orbits cost less.
  if (n * base_bits_ > d) return {};
  workspace ws = make_workspace();
  const std::shared_ptr<const planned_frobenius> map = cached_plan(integer(d), ws);
  const frobenius_plan& plan = map->plan;
  std::vector<word> image(n), carried(n);
  // y ↦ c_j·F_K(y) in place, the map from line j to line π(j).
  auto carry = [&](std::size_t j, std::vector<word>& y) {
    apply_frobenius(top - 1, plan, y.data(), image.data(), ws);
    mul_level(top - 1, image.data(), plan.coefficient[top][j].data(), carried.data(), ws);
    y.swap(carried);
  };
  std::vector<std::uint8_t> seen(lines, 0);
  std::vector<std::size_t> cycle;  // j_0, j_1 = π(j_0), …
  std::vector<element> basis;
  for (std::size_t start = 0; start < lines; ++start) {
    if (seen[start] != 0) continue;
    ctx_->poll();
    cycle.clear();
    for (std::size_t j = start; seen[j] == 0; j = plan.target[top][j]) {
      seen[j] = 1;
      cycle.push_back(j);
    }
    std::vector<word> images;  // of the composite on K's unit vectors, n words each
    images.reserve(n * n * base_bits_);
    std::vector<word> y(n);
    for (std::size_t b = 0; b < n * base_bits_; ++b) {
      std::fill(y.begin(), y.end(), word{0});
      y[b / base_bits_] = word{1} << (b % base_bits_);
      for (const std::size_t j : cycle) carry(j, y);
      images.insert(images.end(), y.begin(), y.end());
    }
    for (std::vector<word>& fixed : kernel_of_map_plus_one(images, n, base_bits_)) {
      element x = zero();
      for (const std::size_t j : cycle) {
        std::copy(fixed.begin(), fixed.end(), x.begin() + static_cast<std::ptrdiff_t>(j * n));
        carry(j, fixed);
      }
      basis.push_back(std::move(x));
    }
  }
  if (basis.size() != d) {
    throw internal_error("The fixed space of F^" + std::to_string(d) + " has dimension " +
                         std::to_string(basis.size()) + ".");
  }
  return basis;
}

}  // namespace cas
