#include "tower/tower_subfield_copy.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "cas/core/error.hpp"

namespace cas::detail {
namespace {

using word = std::uint64_t;

std::size_t words_for(std::uint64_t bits) {
  return static_cast<std::size_t>((bits + 63) / 64);
}

// A generator of GF(2^m) in the field, and its powers γ^0 … γ^m.
std::vector<tower_field::element> generator_powers(const tower_field& field, std::uint64_t m,
                                                   const context& ctx) {
  std::uint64_t state = 0x2545f4914f6cdd1d;
  const word mask = field.base_bits() >= 64 ? ~word{0} : (word{1} << field.base_bits()) - 1;
  for (int attempt = 0; attempt < 64; ++attempt) {
    ctx.poll();
    tower_field::element theta(field.words());
    for (word& w : theta) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      w = (state >> 3) & mask;
    }
    const tower_field::element gamma = field.trace_to_subfield(theta, m);
    if (field.degree_of(gamma) != m) continue;
    std::vector<tower_field::element> powers{field.one()};
    for (std::uint64_t j = 0; j < m; ++j) {
      if (j % 64 == 0) ctx.poll();
      powers.push_back(field.mul(powers.back(), gamma));
    }
    return powers;
  }
  throw internal_error("No generator of GF(2^" + std::to_string(m) + ") in 64 traces.");
}

}  // namespace

tower_subfield_copy::tower_subfield_copy(const tower_field& field, std::uint64_t m,
                                         const context& ctx)
    : copy_(std::vector<word>{3}) {
  const std::vector<tower_field::element> powers = generator_powers(field, m, ctx);
  const std::size_t n = field.words(), cw = words_for(m + 1);
  // Echelon form of γ^0 … γ^(m−1) keyed by the top bit (word, bit) of each row, each row with the
  // combination of powers it is; γ^m reduces to 0 and its combination is μ.
  std::vector<std::vector<word>> values, combinations;
  std::vector<std::size_t> top_word;
  std::vector<word> top_mask;
  std::vector<int> row_of(n * 64, -1);
  std::vector<word> modulus;
  for (std::uint64_t j = 0; j <= m; ++j) {
    if (j % 64 == 0) ctx.poll();
    std::vector<word> v = powers[j], c(cw, 0);
    c[j / 64] |= word{1} << (j % 64);
    bool stored = false;
    for (std::size_t w = n; w-- > 0 && !stored;) {
      while (v[w] != 0) {
        const unsigned bit = 63 - static_cast<unsigned>(std::countl_zero(v[w]));
        const int r = row_of[w * 64 + bit];
        if (r < 0) {
          row_of[w * 64 + bit] = static_cast<int>(values.size());
          values.push_back(v);
          combinations.push_back(c);
          top_word.push_back(w);
          top_mask.push_back(word{1} << bit);
          stored = true;
          break;
        }
        for (std::size_t k = 0; k <= w; ++k) v[k] ^= values[static_cast<std::size_t>(r)][k];
        for (std::size_t k = 0; k < cw; ++k) c[k] ^= combinations[static_cast<std::size_t>(r)][k];
      }
    }
    if (stored) continue;
    if (j != m) throw internal_error("A generator's powers are dependent below its degree.");
    modulus = c;
  }
  if (modulus.empty()) throw internal_error("A generator's m + 1 powers are independent.");
  copy_ = wide_polynomial_field(std::move(modulus));
  // Gauss–Jordan on the pivot bits: row r's bits at the pivots, beside its combination, reduced
  // to the identity (the rows are triangular in the pivots' order, with ones on the diagonal);
  // then pivot s's row is the coordinates of the element whose pivot bits are s's alone.
  const std::size_t pw = words_for(m), w = copy_.words();
  std::vector<std::vector<word>> compact(m, std::vector<word>(pw + w, 0));
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t s = 0; s < m; ++s) {
      if ((values[r][top_word[s]] & top_mask[s]) != 0) compact[r][s / 64] |= word{1} << (s % 64);
    }
    std::copy(combinations[r].begin(), combinations[r].begin() + static_cast<std::ptrdiff_t>(w),
              compact[r].begin() + static_cast<std::ptrdiff_t>(pw));
  }
  for (std::size_t s = 0; s < m; ++s) {
    if (s % 64 == 0) ctx.poll();
    for (std::size_t r = 0; r < m; ++r) {
      if (r == s || ((compact[r][s / 64] >> (s % 64)) & 1) == 0) continue;
      for (std::size_t k = 0; k < pw + w; ++k) compact[r][k] ^= compact[s][k];
    }
  }
  field_words_ = n;
  powers_.reserve(m * n);
  for (std::uint64_t j = 0; j < m; ++j)
    powers_.insert(powers_.end(), powers[j].begin(), powers[j].end());
  pivot_word_ = std::move(top_word);
  pivot_mask_ = std::move(top_mask);
  rows_.assign(m * w, 0);
  for (std::size_t s = 0; s < m; ++s) {
    std::copy(compact[s].begin() + static_cast<std::ptrdiff_t>(pw), compact[s].end(),
              rows_.begin() + static_cast<std::ptrdiff_t>(s * w));
  }
}

void tower_subfield_copy::coordinates(const word* v, word* out) const {
  const std::size_t w = copy_.words();
  std::fill(out, out + w, word{0});
  for (std::size_t s = 0; s < pivot_word_.size(); ++s) {
    if ((v[pivot_word_[s]] & pivot_mask_[s]) == 0) continue;
    const word* row = rows_.data() + s * w;
    for (std::size_t k = 0; k < w; ++k) out[k] ^= row[k];
  }
}

void tower_subfield_copy::to_field(const word* coordinates, word* out) const {
  std::fill(out, out + field_words_, word{0});
  const std::size_t m = powers_.size() / field_words_;
  for (std::size_t i = 0; i < m; ++i) {
    if (((coordinates[i / 64] >> (i % 64)) & 1) == 0) continue;
    const word* power = powers_.data() + i * field_words_;
    for (std::size_t k = 0; k < field_words_; ++k) out[k] ^= power[k];
  }
}

std::vector<word> tower_subfield_copy::coordinates(const tower_field::element& v) const {
  std::vector<word> out(copy_.words());
  coordinates(v.data(), out.data());
  return out;
}

}  // namespace cas::detail
