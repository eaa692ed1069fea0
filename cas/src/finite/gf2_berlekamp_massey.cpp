// Berlekamp–Massey over GF(2) (Massey 1969), one word of 64 coefficients at a time: the
// discrepancy of step n is the parity of C & (s_n, s_(n−1), …), read from the sequence stored
// reversed, and the update C ⊕= x^shift·B is a shifted XOR.
#include "finite/gf2_berlekamp_massey.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <string>

#include "cas/core/error.hpp"

namespace cas::detail {
namespace {

using u64 = std::uint64_t;

u64 get_bit(const std::vector<u64>& v, u64 i) {
  return (v[i / 64] >> (i % 64)) & 1;
}

// 64 bits of v starting at bit `offset` (bits past the end read as 0).
u64 word_at(const std::vector<u64>& v, u64 offset) {
  const u64 index = offset / 64, shift = offset % 64;
  const u64 low = index < v.size() ? v[index] : 0;
  if (shift == 0) return low;
  const u64 high = index + 1 < v.size() ? v[index + 1] : 0;
  return (low >> shift) | (high << (64 - shift));
}

// target ⊕= source·x^shift, on the first `words` words of target.
void xor_shifted(std::vector<u64>& target, const std::vector<u64>& source, u64 shift,
                 std::size_t words) {
  const std::size_t word_shift = static_cast<std::size_t>(shift / 64);
  const unsigned bit_shift = static_cast<unsigned>(shift % 64);
  for (std::size_t i = 0; i < source.size() && i + word_shift < words; ++i) {
    target[i + word_shift] ^= source[i] << bit_shift;
    if (bit_shift != 0 && i + word_shift + 1 < words) {
      target[i + word_shift + 1] ^= source[i] >> (64 - bit_shift);
    }
  }
}

}  // namespace

gf2_recurrence gf2_berlekamp_massey(const std::vector<u64>& sequence, u64 length,
                                    const context& ctx) {
  // reversed bit j is s_(length−1−j): the window (s_n, s_(n−1), …, s_(n−L)) starts at bit
  // length − 1 − n and runs upwards.
  std::vector<u64> reversed((length + 63) / 64, 0);
  for (u64 i = 0; i < length; ++i) {
    if (get_bit(sequence, i)) {
      const u64 j = length - 1 - i;
      reversed[j / 64] |= u64{1} << (j % 64);
    }
  }
  const std::size_t words = static_cast<std::size_t>(length / 2 + 64) / 64 + 1;
  std::vector<u64> connection(words, 0), previous(words, 0), saved;
  connection[0] = previous[0] = 1;
  u64 degree = 0, shift = 1;
  for (u64 n = 0; n < length; ++n) {
    if (n % 1024 == 0) ctx.poll();
    const u64 start = length - 1 - n;
    const std::size_t used = static_cast<std::size_t>(degree / 64 + 1);
    u64 parity = 0;
    for (std::size_t w = 0; w < used; ++w)
      parity ^= connection[w] & word_at(reversed, start + 64 * w);
    if (std::popcount(parity) % 2 == 0) {
      ++shift;
      continue;
    }
    if (2 * degree <= n) {
      saved = connection;
      const u64 new_degree = n + 1 - degree;
      if (new_degree / 64 + 1 > connection.size()) {
        connection.resize(static_cast<std::size_t>(new_degree / 64 + 1), 0);
      }
      xor_shifted(connection, previous, shift, connection.size());
      degree = new_degree;
      previous = std::move(saved);
      shift = 1;
    } else {
      xor_shifted(connection, previous, shift, connection.size());
      ++shift;
    }
  }
  connection.resize(static_cast<std::size_t>(degree / 64 + 1));
  return {std::move(connection), degree};
}

gf2_polynomial minimal_polynomial_from_recurrence(const gf2_recurrence& recurrence, u64 degree) {
  if (recurrence.length != degree || get_bit(recurrence.connection, degree) == 0) {
    throw math_error("Internal error: a sequence of powers has a recurrence of length " +
                     std::to_string(recurrence.length) + ", not the degree " +
                     std::to_string(degree) + ".");
  }
  gf2_polynomial result;
  result.bits.assign(static_cast<std::size_t>((degree + 1) / 64 + 1), 0);
  for (u64 i = 0; i <= degree; ++i) {
    if (get_bit(recurrence.connection, degree - i)) result.bits[i / 64] |= u64{1} << (i % 64);
  }
  return result;
}

}  // namespace cas::detail
