// Conversions of a tower field (cas/tower/tower.hpp): ordinals and finite nimbers into elements
// and back, and the packed base's coordinates to and from the word layout.
#include <algorithm>
#include <limits>
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

namespace {

// Where each κ-monomial digit goes in the word layout: for exponent position i, the base-p digit
// k of the exponent's digit b_i is the digit of the layout step place[i][k], whose words are
// `words` apart (the word index is mixed radix, innermost step first).
struct digit_place {
  std::uint64_t prime = 0;
  std::vector<std::size_t> words;    // by k
  std::vector<std::uint64_t> power;  // p^k, by k
};

}  // namespace

tower_field::element tower_field::from_ordinal(const ordinal& value) const {
  std::vector<digit_place> places;
  for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
    if (layout_steps_[s].type != tower_step::kind::power) continue;
    const std::size_t position = odd_position_of_step_[s];
    if (places.size() <= position) places.resize(position + 1);
    digit_place& place = places[position];
    place.prime = layout_steps_[s].degree;
    if (place.words.size() <= digit_of_step_[s]) place.words.resize(digit_of_step_[s] + 1, 0);
    place.words[digit_of_step_[s]] = layout_words_[s];
  }
  auto outside = [&] {
    return range_error("The ordinal does not lie in the field GF(2^" + degree_.str() + ").");
  };
  element x(layout_words_.back(), 0);
  for (const ordinal_term& t : value.terms()) {
    // The odd κ-monomial's index from the base-p digits of each exponent digit.
    std::size_t index = 0;
    // A digit of a field that can be built is below p^k ≤ E, far below 2^64.
    if (!t.exponent.fits_words()) throw outside();
    for (const auto& [i, digit_value] : t.exponent.word_digits()) {
      if (i >= places.size() || places[i].prime == 0) throw outside();
      const digit_place& place = places[i];
      if (digit_value < place.prime) {  // one base-p digit (every digit below the second step)
        if (place.words.empty() || place.words[0] == 0) throw outside();
        index += digit_value * place.words[0];
        continue;
      }
      std::size_t k = 0;
      for (std::uint64_t rest = digit_value; rest != 0; rest /= place.prime, ++k) {
        const std::uint64_t digit = rest % place.prime;
        if (digit == 0) continue;
        if (k >= place.words.size() || place.words[k] == 0) throw outside();
        index += digit * place.words[k];
      }
    }
    if (t.coefficient.bit_length() <= fermat_bits_) {  // the usual term: one chunk, no vector
      const auto limbs = t.coefficient.limbs();
      x[index] ^= limbs.empty() ? 0 : limbs[0];
      continue;
    }
    const element coefficient = embed_finite(t.coefficient);
    for (std::size_t w = 0; w < finite_words_; ++w) x[index + w] ^= coefficient[w];
  }
  return base_ ? pack(x) : x;
}

ordinal tower_field::to_ordinal(const element& packed) const {
  const element x = base_ ? unpack(packed) : packed;
  // Each power step's place in the index and its contribution to its exponent digit.
  struct step_digit {
    std::size_t words, degree, position;
    std::uint64_t place_value;  // p^k
  };
  std::vector<step_digit> odd_steps;
  std::size_t positions = 0;
  for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
    if (layout_steps_[s].type != tower_step::kind::power) continue;
    std::uint64_t place_value = 1;
    for (std::size_t k = 0; k < digit_of_step_[s]; ++k) place_value *= layout_steps_[s].degree;
    odd_steps.push_back(
        {layout_words_[s], layout_steps_[s].degree, odd_position_of_step_[s], place_value});
    positions = std::max(positions, odd_position_of_step_[s] + 1);
  }
  // The index above the Fermat part is mixed radix in the odd steps' degrees, innermost first:
  // its digits count down with the index (a borrow runs only through the digits that wrap), each
  // change moving its exponent digit by its place value, instead of two divisions a step a term.
  std::sort(odd_steps.begin(), odd_steps.end(),
            [](const step_digit& p, const step_digit& q) { return p.words < q.words; });
  std::size_t monomials = finite_words_;
  for (const step_digit& step : odd_steps) {
    if (step.words != monomials)
      throw internal_error("The odd steps are not above the Fermat part.");
    monomials *= step.degree;
  }
  if (monomials != x.size()) throw internal_error("An element of the wrong size.");
  std::vector<std::uint64_t> exponent(positions), digits(odd_steps.size());
  for (std::size_t k = 0; k < odd_steps.size(); ++k) {  // the top index: every digit at its most
    digits[k] = odd_steps[k].degree - 1;
    exponent[odd_steps[k].position] += digits[k] * odd_steps[k].place_value;
  }
  auto step_down = [&] {
    for (std::size_t k = 0; k < odd_steps.size(); ++k) {
      const step_digit& step = odd_steps[k];
      if (digits[k] > 0) {
        --digits[k];
        exponent[step.position] -= step.place_value;
        return;
      }
      digits[k] = step.degree - 1;
      exponent[step.position] += digits[k] * step.place_value;
    }
  };
  std::size_t nonzero = 0;
  for (std::size_t odd = 0; odd < x.size(); odd += finite_words_) {
    if (!all_zero(x.data() + odd, finite_words_)) ++nonzero;
  }
  // The exponent positions the odd steps use, increasing: a term's non-zero digits among them.
  std::vector<std::size_t> used;
  for (const step_digit& step : odd_steps) used.push_back(step.position);
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  std::vector<small_ordinal::word_digit> digits_of_term(used.size());
  std::vector<ordinal_term> terms;
  terms.reserve(nonzero);
  const std::size_t limb_count = (finite_words_ * fermat_bits_ + 63) / 64;
  // The index's most significant digit is the largest prime's highest power, so descending
  // indices give the terms in decreasing Cantor order, each exponent once: canonical terms.
  for (std::size_t odd = x.size(); odd >= finite_words_;) {
    odd -= finite_words_;
    if (odd + finite_words_ != x.size()) step_down();
    if (all_zero(x.data() + odd, finite_words_)) continue;
    // The coefficient from the Fermat chunks; one word (coefficients of at most 64 bits) needs
    // no limb vector.
    nimber coefficient;
    if (limb_count == 1) {
      std::uint64_t word = 0;
      for (std::size_t w = 0; w < finite_words_; ++w) word |= x[odd + w] << (w * fermat_bits_);
      coefficient = nimber(word);
    } else {
      std::vector<std::uint64_t> limbs(limb_count, 0);
      for (std::size_t w = 0; w < finite_words_; ++w) {
        const std::uint64_t bit = w * fermat_bits_;
        limbs[bit / 64] |= x[odd + w] << (bit % 64);
      }
      coefficient = nimber::from_limbs(std::move(limbs));
    }
    std::size_t count = 0;
    for (const std::size_t position : used) {
      if (exponent[position] != 0) digits_of_term[count++] = {position, exponent[position]};
    }
    terms.push_back(
        {small_ordinal::from_word_digits({digits_of_term.data(), count}), std::move(coefficient)});
  }
  return ordinal::from_canonical_terms(std::move(terms), *ctx_);
}

std::vector<std::uint64_t> tower_field::cantor_bits(const element& packed) const {
  // The layout's words hold fermat_bits_ bits each (a power of two up to 64): word i holds the
  // Cantor bits i·fermat_bits_ and up, the order to_ordinal lists the terms in. A packed word
  // holds packed_group_ consecutive layout words, so its base_bits_ coordinates are the Cantor
  // bits from i·base_bits_ on.
  const unsigned width = base_ ? base_bits_ : fermat_bits_;
  std::vector<std::uint64_t> bits((packed.size() * width + 63) / 64, 0);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    if (packed[i] == 0) continue;  // subfield bases are sparse
    const word chunk = base_ ? base_->unpack(packed[i]) : packed[i];
    const std::size_t bit = i * width, offset = bit % 64;
    bits[bit / 64] |= chunk << offset;
    if (offset != 0 && offset + width > 64) bits[bit / 64 + 1] |= chunk >> (64 - offset);
  }
  return bits;
}

tower_field::element tower_field::from_cantor_bits(const std::vector<std::uint64_t>& bits) const {
  const unsigned width = base_ ? base_bits_ : fermat_bits_;
  element x(words(), 0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const std::size_t bit = i * width, offset = bit % 64;
    if (bit / 64 >= bits.size()) break;
    word chunk = bits[bit / 64] >> offset;
    if (offset != 0 && offset + width > 64 && bit / 64 + 1 < bits.size())
      chunk |= bits[bit / 64 + 1] << (64 - offset);
    chunk &= low_bits_mask(width);
    x[i] = base_ ? base_->pack(chunk) : chunk;
  }
  return x;
}

}  // namespace cas
