#include "monomial_frobenius.hpp"

#include <array>
#include <map>
#include <utility>

#include "cas/core/error.hpp"

namespace cas::detail {

std::unique_ptr<const monomial_frobenius> monomial_frobenius::from_plan(
    const std::vector<std::vector<std::size_t>>& targets,
    const std::vector<std::vector<tower_field::element>>& coefficients,
    const std::vector<tower_step>& steps, const std::vector<std::size_t>& words,
    const packed_field& base, unsigned base_shift, std::shared_ptr<const byte_linear_map> base_map,
    bool reused) {
  for (std::size_t level = 1; level <= steps.size(); ++level) {
    if (steps[level - 1].type != tower_step::kind::power) return nullptr;
    for (const tower_field::element& c : coefficients[level]) {
      for (std::size_t w = 1; w < c.size(); ++w) {
        if (c[w] != 0) return nullptr;
      }
    }
  }
  std::unique_ptr<monomial_frobenius> map(
      new monomial_frobenius(base, words.back(), base_shift, std::move(base_map)));
  // Word m of an element is the monomial whose mixed-radix digits (innermost step first) are
  // i_L = ⌊m / words[L − 1]⌋ mod ℓ_L; its image has digits targets[L][i_L], scaled by the
  // product of the levels' coefficients.
  map->target_.assign(map->words_, 0);
  map->scalar_.assign(map->words_, 1);
  std::vector<std::uint8_t> hit(map->words_, 0);
  for (std::size_t m = 0; m < map->words_; ++m) {
    std::size_t target = 0;
    std::uint64_t scalar = 1;
    for (std::size_t level = 1; level <= steps.size(); ++level) {
      const std::size_t digit = (m / words[level - 1]) % steps[level - 1].degree;
      target += targets[level][digit] * words[level - 1];
      scalar = base.mul(scalar, coefficients[level][digit][0]);
    }
    if (target >= map->words_ || hit[target] != 0) {
      throw internal_error("A Frobenius map sends two monomials to one.");
    }
    hit[target] = 1;
    map->target_[m] = target;
    map->scalar_[m] = scalar;
  }
  const std::size_t table_words = (base.degree() + 7) / 8 * 256;
  if (reused) {
    const std::array<std::uint64_t, 64> images = base.frobenius_images(base_shift);
    std::map<std::uint64_t, std::size_t> offset_of;  // distinct scalars
    for (const std::uint64_t c : map->scalar_) offset_of.emplace(c, 0);
    if (offset_of.size() * table_words <= scaled_table_budget) {
      map->scaled_ = true;
      for (auto& [c, offset] : offset_of) {
        offset = map->tables_.size();
        std::vector<std::uint64_t> scaled(base.degree());
        for (std::size_t i = 0; i < scaled.size(); ++i) scaled[i] = base.mul(c, images[i]);
        map->append_tables(scaled);
      }
      map->offset_.resize(map->words_);
      for (std::size_t m = 0; m < map->words_; ++m) map->offset_[m] = offset_of[map->scalar_[m]];
      return map;
    }
  }
  return map;
}

void monomial_frobenius::append_tables(const std::vector<std::uint64_t>& images) {
  const std::size_t start = tables_.size(), bytes = (images.size() + 7) / 8;
  tables_.resize(start + bytes * 256, 0);
  for (std::size_t byte = 0; byte < bytes; ++byte) {
    std::uint64_t* table = tables_.data() + start + byte * 256;
    for (std::size_t v = 1; v < 256; ++v) {
      const std::size_t bit = byte * 8 + static_cast<std::size_t>(__builtin_ctzll(v));
      table[v] = table[v & (v - 1)] ^ (bit < images.size() ? images[bit] : 0);
    }
  }
}

ON2_PCLMUL_CAPABLE void monomial_frobenius::apply(const std::uint64_t* x,
                                                  std::uint64_t* out) const {
  if (scaled_) {
    for (std::size_t m = 0; m < words_; ++m) out[target_[m]] = lookup(offset_[m], x[m]);
    return;
  }
  for (std::size_t m = 0; m < words_; ++m) {
    const std::uint64_t y = base_frobenius(x[m]);
    out[target_[m]] = scalar_[m] == 1 || y == 0 ? y : base_->mul(y, scalar_[m]);
  }
}

}  // namespace cas::detail
