#pragma once
// Private to the tower layer: a Frobenius map x ↦ x^(2^s) of a tower field whose steps are all
// power steps t^ℓ = a with every plan coefficient in the packed base (a Kummer tower over the base,
// as for GF(2^2040) = GF(2^24)(κ_5, κ_17): α_5 = 4 and α_17 = 16 lie in the base). There the
// Frobenius sends each κ-monomial m to a base multiple c_m of another monomial π(m)
// (t^i ↦ t^(2^s·i) = a^⌊2^s·i/ℓ⌋·t^(2^s·i mod ℓ), level by level), so
//   F^s(Σ x_m·m) = Σ c_m·F0(x_m)·π(m),
// F0 the base's own Frobenius, GF(2)-linear. A map applied many times (the squaring) keeps byte
// tables of x ↦ c·F0(x) for each distinct c_m, a lookup per byte of a coefficient; others apply
// F0 (the plan's byte tables, or a few squarings) and multiply by c_m. Either replaces the
// level-by-level products of tower_field::apply_frobenius.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "cas/tower/tower.hpp"
#include "kernels/packed_field.hpp"

namespace cas::detail {

class monomial_frobenius {
 public:
  // The map of a plan (tower_field::plan_frobenius's targets, coefficients and base map), F0 the
  // base's Frobenius^base_shift, by `base_map` or (where null) base_shift squarings; null when
  // some step is not a power step or some coefficient lies outside the base. A map `reused` (the
  // squaring, applied far more often than the others) gets scaled tables too.
  static std::unique_ptr<const monomial_frobenius> from_plan(
      const std::vector<std::vector<std::size_t>>& targets,
      const std::vector<std::vector<tower_field::element>>& coefficients,
      const std::vector<tower_step>& steps, const std::vector<std::size_t>& words,
      const packed_field& base, unsigned base_shift,
      std::shared_ptr<const byte_linear_map> base_map, bool reused);

  // out = F^s(x), out and x of words() words, distinct.
  void apply(const std::uint64_t* x, std::uint64_t* out) const;

  // The map itself: F^s(x·m) = c_m·F0(x)·π(m) for x in the base, with π(m) = target(m),
  // c_m = scalar(m) and F0 the base's Frobenius^base_shift().
  std::size_t words() const noexcept { return words_; }
  std::size_t target(std::size_t m) const { return target_[m]; }
  std::uint64_t scalar(std::size_t m) const { return scalar_[m]; }
  const packed_field& base() const noexcept { return *base_; }
  ON2_PCLMUL_CAPABLE std::uint64_t base_frobenius(std::uint64_t x) const {
    if (base_map_) return (*base_map_)(x);
    for (unsigned i = 0; i < base_shift_; ++i) x = base_->square(x);
    return x;
  }

 private:
  // Scaled tables are kept up to this many words in all (they should stay in the L2 cache).
  static constexpr std::size_t scaled_table_budget = 16384;

  monomial_frobenius(const packed_field& base, std::size_t words, unsigned base_shift,
                     std::shared_ptr<const byte_linear_map> base_map)
      : base_(&base), words_(words), base_shift_(base_shift), base_map_(std::move(base_map)) {}
  // Byte tables of the linear map with these images of the base bits, appended to tables_.
  void append_tables(const std::vector<std::uint64_t>& images);

  ON2_PCLMUL_CAPABLE std::uint64_t lookup(std::size_t offset, std::uint64_t x) const {
    std::uint64_t y = 0;
    for (const std::uint64_t* table = tables_.data() + offset; x != 0; table += 256, x >>= 8) {
      y ^= table[x & 0xff];
    }
    return y;
  }

  const packed_field* base_;
  std::size_t words_;
  unsigned base_shift_;
  std::shared_ptr<const byte_linear_map> base_map_;  // F0, or null: base_shift_ squarings
  bool scaled_ = false;                // tables of c·F0 per monomial, else F0 then a product
  std::vector<std::uint64_t> tables_;  // byte j of a word: table + 256·j
  std::vector<std::size_t> target_;    // π(m)
  std::vector<std::uint64_t> scalar_;  // c_m
  std::vector<std::size_t> offset_;    // scaled: the tables of c_m·F0 in tables_
};

}  // namespace cas::detail
