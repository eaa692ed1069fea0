#include "tower/wide_polynomial_field.hpp"

#include <algorithm>
#include <bit>

#include "cas/core/error.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/packed_field.hpp"

namespace cas::detail {
namespace {

using word = std::uint64_t;

std::size_t words_for(std::uint64_t bits) {
  return static_cast<std::size_t>((bits + 63) / 64);
}

bool bit_of(const std::vector<word>& v, std::uint64_t i) {
  return i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1) != 0;
}

// out[0, an + bn) ^= a·b, word by word.
void schoolbook(const word* a, std::size_t an, const word* b, std::size_t bn, word* out,
                bool hardware) {
  for (std::size_t i = 0; i < an; ++i) {
    if (a[i] == 0) continue;
    for (std::size_t j = 0; j < bn; ++j) {
      const u128 p = hardware ? packed_field::carryless_hardware(a[i], b[j])
                              : packed_field::carryless_software(a[i], b[j]);
      out[i + j] ^= static_cast<word>(p);
      out[i + j + 1] ^= static_cast<word>(p >> 64);
    }
  }
}

// out[0, n) = ⌊v / z^shift⌋ for v of vn words, the bits above n words dropped.
void shift_down(const word* v, std::size_t vn, std::uint64_t shift, word* out, std::size_t n) {
  const std::size_t whole = static_cast<std::size_t>(shift / 64);
  const unsigned bits = static_cast<unsigned>(shift % 64);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = i + whole;
    word low = k < vn ? v[k] : 0, high = k + 1 < vn ? v[k + 1] : 0;
    out[i] = bits == 0 ? low : (low >> bits) | (high << (64 - bits));
  }
}

}  // namespace

wide_polynomial_field::wide_polynomial_field(std::vector<word> modulus)
    : modulus_(std::move(modulus)), hardware_(clmul_enabled()) {
  while (!modulus_.empty() && modulus_.back() == 0) modulus_.pop_back();
  if (modulus_.empty() || (modulus_.size() == 1 && modulus_[0] == 1)) {
    throw internal_error("A polynomial field needs a modulus of degree at least 1.");
  }
  m_ = 64 * (modulus_.size() - 1) + 63 -
       static_cast<std::uint64_t>(std::countl_zero(modulus_.back()));
  w_ = words_for(m_);
  modulus_.resize(words_for(m_ + 1), 0);
  // ν = ⌊z^(2m)/μ⌋ by long division, bit by bit from the top.
  std::vector<word> rest(words_for(2 * m_ + 1), 0), quotient(words_for(m_ + 1), 0);
  rest[(2 * m_) / 64] |= word{1} << ((2 * m_) % 64);
  for (std::uint64_t i = 2 * m_ + 1; i-- > m_;) {
    if (!bit_of(rest, i)) continue;
    const std::uint64_t shift = i - m_;
    quotient[shift / 64] |= word{1} << (shift % 64);
    for (std::uint64_t j = 0; j <= m_; ++j) {
      if (bit_of(modulus_, j)) rest[(j + shift) / 64] ^= word{1} << ((j + shift) % 64);
    }
  }
  nu_ = std::move(quotient);
}

void wide_polynomial_field::multiply_add(const word* a, const word* b, word* out) const {
  schoolbook(a, w_, b, w_, out, hardware_);
}

void wide_polynomial_field::reduce(const word* v, word* out) const {
  const std::size_t mw = modulus_.size();  // ν and μ have m + 1 bits
  std::vector<word> high(mw, 0), product(2 * mw + 1, 0), quotient(mw, 0);
  shift_down(v, 2 * w_, m_, high.data(), mw);
  schoolbook(high.data(), mw, nu_.data(), mw, product.data(), hardware_);
  shift_down(product.data(), product.size(), m_, quotient.data(), mw);
  std::fill(product.begin(), product.end(), word{0});
  schoolbook(quotient.data(), mw, modulus_.data(), mw, product.data(), hardware_);
  for (std::size_t i = 0; i < w_; ++i) out[i] = v[i] ^ product[i];
  if (m_ % 64 != 0) out[w_ - 1] &= (word{1} << (m_ % 64)) - 1;
}

void wide_polynomial_field::mul(const word* a, const word* b, word* out) const {
  std::vector<word> product(2 * w_, 0);
  multiply_add(a, b, product.data());
  reduce(product.data(), out);
}

std::vector<word> wide_polynomial_field::mul(const std::vector<word>& a,
                                             const std::vector<word>& b) const {
  std::vector<word> out(w_);
  mul(a.data(), b.data(), out.data());
  return out;
}

std::vector<word> wide_polynomial_field::one() const {
  std::vector<word> x(w_, 0);
  x[0] = 1;
  return x;
}

}  // namespace cas::detail
