#include "poly/polynomial_basis_field.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/binary_product.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas::detail {

namespace {

using word = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // GCC and Clang; __extension__ for -Wpedantic
using description = polynomial_basis_field::description;

bool use_clmul() {
  return clmul_enabled();
}

// The carry-less product of two words: PCLMULQDQ, or shifts and XORs on a machine without it.
// (Every function of this file that multiplies is compiled for PCLMULQDQ and takes the choice as
// a template parameter, so the instruction inlines where it is used and is used only when the CPU
// has it.)
template <bool Hardware>
__attribute__((target("pclmul"))) inline u128 clmul(word a, word b) {
  if constexpr (Hardware) {
    const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                                           _mm_cvtsi64_si128(static_cast<long long>(b)), 0);
    const auto lo = static_cast<word>(_mm_cvtsi128_si64(p));
    const auto hi = static_cast<word>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)));
    return (static_cast<u128>(hi) << 64) | lo;
  } else {
    u128 product = 0;
    const u128 wide = a;
    for (int i = 0; b != 0; ++i, b >>= 1) {
      if ((b & 1) != 0) product ^= wide << i;
    }
    return product;
  }
}

// c mod p for c of degree ≤ 2b − 2 (Barrett: q = ⌊⌊c/t^b⌋·μ/t^b⌋, c mod p = (c + q·p) mod t^b).
template <bool Hardware>
__attribute__((target("pclmul"))) inline word reduce(u128 c, unsigned bits, word p_low,
                                                     word mu_low) {
  if (bits == 64) {
    const auto c1 = static_cast<word>(c >> 64);
    const word q = c1 ^ static_cast<word>(clmul<Hardware>(c1, mu_low) >> 64);
    return static_cast<word>(c) ^ static_cast<word>(clmul<Hardware>(q, p_low));
  }
  const word mask = (word{1} << bits) - 1;
  const auto c64 = static_cast<word>(c);
  const word c1 = c64 >> bits;
  const word q = c1 ^ (static_cast<word>(clmul<Hardware>(c1, mu_low)) >> bits);
  return (c64 ^ static_cast<word>(clmul<Hardware>(q, p_low))) & mask;
}

template <bool Hardware>
__attribute__((target("pclmul"))) word multiply(word x, word y, unsigned bits, word p_low,
                                                word mu_low) {
  return reduce<Hardware>(clmul<Hardware>(x, y), bits, p_low, mu_low);
}

template <bool Hardware>
__attribute__((target("pclmul"))) void multiply_add_row(word* dst, word c, const word* src,
                                                        std::size_t n, unsigned bits, word p_low,
                                                        word mu_low) {
  for (std::size_t i = 0; i < n; ++i) {
    dst[i] ^= reduce<Hardware>(clmul<Hardware>(c, src[i]), bits, p_low, mu_low);
  }
}

// The slots of a Kronecker product, reduced: slot j of `product` holds coefficient j of a·b in
// GF(2)[t] (degree ≤ 2b − 2), in `slot` bits (2b, or 128 for b = 64).
template <bool Hardware>
__attribute__((target("pclmul"))) void reduce_slots(word* out, std::size_t count,
                                                    const word* product, unsigned bits, word p_low,
                                                    word mu_low) {
  if (bits == 64) {
    for (std::size_t j = 0; j < count; ++j) {
      const u128 c = (static_cast<u128>(product[2 * j + 1]) << 64) | product[2 * j];
      out[j] = reduce<Hardware>(c, 64, p_low, mu_low);
    }
    return;
  }
  const unsigned slot = 2 * bits;
  const unsigned per_word = 64 / slot;
  const word mask = slot == 64 ? ~word{0} : (word{1} << slot) - 1;
  for (std::size_t j = 0; j < count; ++j) {
    const word c = (product[j / per_word] >> ((j % per_word) * slot)) & mask;
    out[j] = reduce<Hardware>(c, bits, p_low, mu_low);
  }
}

// Below this many coefficients, the schoolbook product of coefficient words beats a Karatsuba
// split.
constexpr std::size_t word_karatsuba_threshold = 16;

// c[0, 2n − 1) = a·b in GF(2)[t][x] for n-coefficient a and b of one word each, unreduced (each
// coefficient of c a 128-bit carry-less sum): Karatsuba on the coefficient words, a·b = a0b0 +
// X·((a0 + a1)(b0 + b1) + a0b0 + a1b1) + X²·a1b1 (Karatsuba and Ofman 1962; von zur Gathen and
// Gerhard §8.1), with the schoolbook product of carry-less products below the threshold. For
// b = 64 this does a third of the work of a Kronecker substitution, whose 128-bit slots would
// double the operands' length. `words` holds 2n words and `wide` 2n entries more than the
// recursion below needs (4n of each suffice).
template <bool Hardware>
__attribute__((target("pclmul"))) void word_karatsuba(u128* c, const word* a, const word* b,
                                                      std::size_t n, word* words, u128* wide) {
  if (n <= word_karatsuba_threshold) {
    std::fill(c, c + 2 * n - 1, u128{0});
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) c[i + j] ^= clmul<Hardware>(a[i], b[j]);
    }
    return;
  }
  const std::size_t h = (n + 1) / 2;  // the low halves' length
  const std::size_t l = n - h;        // the high halves', l ≤ h
  word* sa = words;
  word* sb = words + h;
  u128* middle = wide;
  for (std::size_t i = 0; i < h; ++i) {
    sa[i] = a[i] ^ (i < l ? a[h + i] : 0);
    sb[i] = b[i] ^ (i < l ? b[h + i] : 0);
  }
  word_karatsuba<Hardware>(middle, sa, sb, h, words + 2 * h, wide + 2 * h);
  word_karatsuba<Hardware>(c, a, b, h, words + 2 * h, wide + 2 * h);  // a0b0 in c[0, 2h − 1)
  c[2 * h - 1] = 0;
  word_karatsuba<Hardware>(c + 2 * h, a + h, b + h, l, words + 2 * h,
                           wide + 2 * h);  // a1b1 in c[2h, 2n − 1)
  for (std::size_t i = 0; i < 2 * h - 1; ++i) {
    middle[i] ^= c[i] ^ (i < 2 * l - 1 ? c[2 * h + i] : u128{0});
  }
  for (std::size_t i = 0; i < 2 * h - 1; ++i) c[h + i] ^= middle[i];
}

// out[0, an + bn − 1) = a·b reduced modulo p, by word_karatsuba on blocks of the shorter
// operand's length.
template <bool Hardware>
__attribute__((target("pclmul"))) void multiply_words(word* out, const word* a, std::size_t an,
                                                      const word* b, std::size_t bn, word p_low,
                                                      word mu_low) {
  if (an < bn) {
    std::swap(a, b);
    std::swap(an, bn);
  }
  std::vector<u128> sum(an + bn - 1, 0);
  std::vector<u128> block(2 * bn - 1);
  std::vector<word> words(4 * bn + 64);
  std::vector<u128> wide(4 * bn + 64);
  std::vector<word> padded(bn);
  for (std::size_t start = 0; start < an; start += bn) {
    const std::size_t length = std::min(bn, an - start);
    std::copy(a + start, a + start + length, padded.begin());
    std::fill(padded.begin() + static_cast<std::ptrdiff_t>(length), padded.end(), 0);
    word_karatsuba<Hardware>(block.data(), padded.data(), b, bn, words.data(), wide.data());
    const std::size_t count = std::min(block.size(), sum.size() - start);
    for (std::size_t i = 0; i < count; ++i) sum[start + i] ^= block[i];
  }
  for (std::size_t j = 0; j < sum.size(); ++j) out[j] = reduce<Hardware>(sum[j], 64, p_low, mu_low);
}

// The coefficients of a in slots of 2b bits (two words each for b = 64).
std::vector<word> pack(const word* a, std::size_t n, unsigned bits) {
  if (bits == 64) {
    std::vector<word> packed(2 * n, 0);
    for (std::size_t i = 0; i < n; ++i) packed[2 * i] = a[i];
    return packed;
  }
  const unsigned slot = 2 * bits;
  const unsigned per_word = 64 / slot;
  std::vector<word> packed((n + per_word - 1) / per_word, 0);
  for (std::size_t i = 0; i < n; ++i) packed[i / per_word] |= a[i] << ((i % per_word) * slot);
  return packed;
}

// The nimber α = 2^(b/2) of degree b (1 for b = 1), its minimal polynomial, μ,
// and the conversion tables, by Gaussian elimination on the powers α^0, …, α^b.
std::unique_ptr<description> describe(unsigned bits) {
  auto out = std::make_unique<description>();
  // The subfields of GF(2^b) form a chain, so every nimber from 2^(b/2) on has degree b: the
  // first candidate serves.
  for (word alpha = bits == 1 ? 1 : word{1} << (bits / 2);; ++alpha) {
    std::vector<word> powers(bits + 1);
    powers[0] = 1;
    for (unsigned i = 1; i <= bits; ++i) powers[i] = nim_mul64(powers[i - 1], alpha);
    // Rows (nimber value, basis coordinates) reduced to echelon form on the nimber bits: pivot[k]
    // is the row whose leading nimber bit is k.
    std::vector<word> value(powers.begin(), powers.begin() + bits);
    std::vector<word> coordinates(bits);
    for (unsigned i = 0; i < bits; ++i) coordinates[i] = word{1} << i;
    bool independent = true;
    for (unsigned k = 0; k < bits && independent; ++k) {  // column k of the nimber bits
      unsigned pivot = k;
      while (pivot < bits && ((value[pivot] >> k) & 1) == 0) ++pivot;
      if (pivot == bits) {
        independent = false;
        break;
      }
      std::swap(value[k], value[pivot]);
      std::swap(coordinates[k], coordinates[pivot]);
      for (unsigned r = 0; r < bits; ++r) {
        if (r != k && ((value[r] >> k) & 1) != 0) {
          value[r] ^= value[k];
          coordinates[r] ^= coordinates[k];
        }
      }
    }
    if (!independent) continue;
    // Now value[k] = 2^k: coordinates[k] are the basis coordinates of the nimber 2^k.
    auto to_basis_of = [&](word x) {
      word y = 0;
      for (unsigned k = 0; k < bits; ++k) {
        if (((x >> k) & 1) != 0) y ^= coordinates[k];
      }
      return y;
    };
    out->alpha = alpha;
    out->p_low = to_basis_of(powers[bits]);  // α^b = Σ p_i α^i
    for (unsigned k = 0; k < 8; ++k) {
      for (unsigned v = 0; v < 256; ++v) {
        word basis = 0;
        word nimber = 0;
        for (unsigned j = 0; j < 8; ++j) {
          const unsigned bit = 8 * k + j;
          if (((v >> j) & 1) == 0 || bit >= bits) continue;
          basis ^= coordinates[bit];
          nimber ^= powers[bit];
        }
        out->to_basis[k][v] = basis;
        out->to_nimber[k][v] = nimber;
      }
    }
    // μ = ⌊t^(2b)/p⌋ = t^b + ⌊t^b·p_low/p⌋, by long division in GF(2)[t].
    const u128 p = (static_cast<u128>(1) << bits) | out->p_low;
    u128 rest = static_cast<u128>(out->p_low) << bits;
    word quotient = 0;
    for (unsigned i = 2 * bits; i-- > bits;) {
      if (((rest >> i) & 1) != 0) {
        quotient |= word{1} << (i - bits);
        rest ^= p << (i - bits);
      }
    }
    out->mu_low = quotient;
    return out;
  }
}

const description& description_of(unsigned bits) {
  static const std::array<std::unique_ptr<description>, 7> all = [] {
    std::array<std::unique_ptr<description>, 7> d;
    for (unsigned level = 0; level < 7; ++level) d[level] = describe(1u << level);
    return d;
  }();
  unsigned level = 0;
  while ((1u << level) < bits) ++level;
  return *all[level];
}

}  // namespace

polynomial_basis_field::polynomial_basis_field(unsigned bits)
    : bits_(bits), tables_(&description_of(bits)) {}

polynomial_basis_field::element polynomial_basis_field::mul(element x, element y) const noexcept {
  return use_clmul() ? multiply<true>(x, y, bits_, tables_->p_low, tables_->mu_low)
                     : multiply<false>(x, y, bits_, tables_->p_low, tables_->mu_low);
}

polynomial_basis_field::element polynomial_basis_field::inverse(element x) const {
  return from_nimber(nim_inv64(to_nimber(x)));
}

polynomial_basis_field::element polynomial_basis_field::sqrt(element x) const noexcept {
  return from_nimber(nim_sqrt64(to_nimber(x)));
}

polynomial_basis_field::element polynomial_basis_field::frobenius(element x,
                                                                  std::uint64_t s) const noexcept {
  for (std::uint64_t i = s % bits_; i > 0; --i) x = square(x);
  return x;
}

void polynomial_basis_field::multiply_add(element* dst, element c, const element* src,
                                          std::size_t n) const {
  if (c == 0) return;
  if (use_clmul()) {
    multiply_add_row<true>(dst, c, src, n, bits_, tables_->p_low, tables_->mu_low);
  } else {
    multiply_add_row<false>(dst, c, src, n, bits_, tables_->p_low, tables_->mu_low);
  }
}

void polynomial_basis_field::multiply_polynomials(element* out, const element* a, std::size_t an,
                                                  const element* b, std::size_t bn) const {
  if (bits_ == 64) {
    if (use_clmul()) {
      multiply_words<true>(out, a, an, b, bn, tables_->p_low, tables_->mu_low);
    } else {
      multiply_words<false>(out, a, an, b, bn, tables_->p_low, tables_->mu_low);
    }
    return;
  }
  const std::vector<word> pa = pack(a, an, bits_);
  const std::vector<word> pb = pack(b, bn, bits_);
  std::vector<word> product(pa.size() + pb.size());
  binary_product(product.data(), pa.data(), pa.size(), pb.data(), pb.size());
  const std::size_t count = an + bn - 1;
  if (use_clmul()) {
    reduce_slots<true>(out, count, product.data(), bits_, tables_->p_low, tables_->mu_low);
  } else {
    reduce_slots<false>(out, count, product.data(), bits_, tables_->p_low, tables_->mu_low);
  }
}

polynomial_basis_field::element polynomial_basis_field::random_in_subfield(
    std::uint64_t d, std::mt19937_64& rng) const {
  // The nimbers below 2^d are the subfield GF(2^d) when d is a power of two.
  return from_nimber(d >= 64 ? rng() : rng() & ((std::uint64_t{1} << d) - 1));
}

}  // namespace cas::detail
