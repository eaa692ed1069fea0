// Conversions of a tower field (cas/tower/tower.hpp): ordinals and finite nimbers into elements
// and back, and the packed base's coordinates to and from the word layout.
#include <algorithm>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/tower/tower.hpp"
#include "kernels/packed_field.hpp"
#include "tower/word_arrays.hpp"

namespace cas {
namespace {

using detail::all_zero;
using detail::gather_bits;
using detail::low_bits_mask;
using detail::scatter_bits;
using detail::word;

}  // namespace

tower_field::element tower_field::pack(const element& unpacked) const {
  element packed(unpacked.size() / packed_group_);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    packed[i] = base_->pack(gather_bits(&unpacked[i * packed_group_], packed_group_, fermat_bits_));
  }
  return packed;
}

tower_field::element tower_field::unpack(const element& packed) const {
  element unpacked(packed.size() * packed_group_);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    scatter_bits(base_->unpack(packed[i]), &unpacked[i * packed_group_], packed_group_,
                 fermat_bits_);
  }
  return unpacked;
}

tower_field::element tower_field::embed_finite(const nimber& value) const {
  // The Fermat part: chunks of fermat_bits_ bits, innermost in the word layout.
  element x(finite_words_, 0);
  const auto limbs = value.limbs();
  const std::uint64_t chunks = (value.bit_length() + fermat_bits_ - 1) / fermat_bits_;
  if (chunks > finite_words_) {
    throw range_error("A coefficient of " + std::to_string(value.bit_length()) +
                      " bits does not lie in the field GF(2^" + degree_.str() + ").");
  }
  for (std::uint64_t t = 0; t < chunks; ++t) {
    const std::uint64_t bit = t * fermat_bits_;
    const word limb = limbs[bit / 64] >> (bit % 64);
    x[t] = limb & low_bits_mask(fermat_bits_);
  }
  return x;
}

tower_field::element tower_field::from_ordinal(const ordinal& value) const {
  element x(layout_words_.back(), 0);
  for (const ordinal_term& t : value.terms()) {
    // The odd κ-monomial's index from the base-p digits of each exponent digit.
    std::size_t index = 0;
    const auto digits = kappa_digits(t.exponent);  // position → base-p digits
    std::size_t used = 0;
    for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
      if (layout_steps_[s].type != tower_step::kind::power) continue;
      const std::size_t position = odd_position_of_step_[s];
      if (position >= digits.size() || digit_of_step_[s] >= digits[position].size()) continue;
      const std::uint64_t digit = digits[position][digit_of_step_[s]];
      index += digit * layout_words_[s];
      if (digit != 0) ++used;
    }
    std::size_t nonzero = 0;
    for (const auto& ds : digits) {
      nonzero += static_cast<std::size_t>(
          std::count_if(ds.begin(), ds.end(), [](std::uint64_t d) { return d != 0; }));
    }
    if (used != nonzero) {
      throw range_error("The ordinal does not lie in the field GF(2^" + degree_.str() + ").");
    }
    const element coefficient = embed_finite(t.coefficient);
    for (std::size_t w = 0; w < finite_words_; ++w) x[index + w] ^= coefficient[w];
  }
  return base_ ? pack(x) : x;
}

ordinal tower_field::to_ordinal(const element& packed) const {
  const element x = base_ ? unpack(packed) : packed;
  std::vector<ordinal_term> terms;
  for (std::size_t odd = 0; odd < x.size(); odd += finite_words_) {
    if (all_zero(x.data() + odd, finite_words_)) continue;
    // The coefficient from the Fermat chunks.
    std::vector<std::uint64_t> limbs((finite_words_ * fermat_bits_ + 63) / 64, 0);
    for (std::size_t w = 0; w < finite_words_; ++w) {
      const std::uint64_t bit = w * fermat_bits_;
      limbs[bit / 64] |= x[odd + w] << (bit % 64);
    }
    // The exponent from the index's mixed-radix digits (one per odd step).
    std::vector<integer> exponent;
    std::vector<integer> place_value;
    for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
      if (layout_steps_[s].type != tower_step::kind::power) continue;
      const std::uint64_t digit = (odd / layout_words_[s]) % layout_steps_[s].degree;
      const std::size_t position = odd_position_of_step_[s];
      if (exponent.size() <= position) exponent.resize(position + 1, 0);
      integer value = digit;
      for (std::size_t k = 0; k < digit_of_step_[s]; ++k) value *= layout_steps_[s].degree;
      exponent[position] += value;
    }
    terms.push_back({small_ordinal(std::move(exponent)), nimber::from_limbs(std::move(limbs))});
  }
  return ordinal::from_terms(std::move(terms), *ctx_);
}

}  // namespace cas
