#include "poly/factoring_fields.hpp"

#include <algorithm>
#include <array>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/gf64_tables.hpp"

namespace cas::detail {

word_field::word_field(unsigned bits) : bits_(bits) {
  if (bits_ <= 16) {
    // The kernels' discrete-log tables of GF(2^16), shared rather than built a second time.
    log_ = gf16_log_tables().log16.data();
    exp_ = gf16_log_tables().exp16.data();
  }
}

word_field::element word_field::mul(element x, element y) const noexcept {
  if (log_ != nullptr) {
    if (x == 0 || y == 0) return 0;
    return exp_[log_[x] + log_[y]];
  }
  return nim_mul64(x, y);
}

word_field::element word_field::square(element x) const noexcept {
  return log_ != nullptr ? mul(x, x) : nim_square64(x);
}

word_field::element word_field::inverse(element x) const {
  return nim_inv64(x);
}

word_field::element word_field::sqrt(element x) const noexcept {
  return nim_sqrt64(x);
}

word_field::element word_field::frobenius(element x, std::uint64_t s) const noexcept {
  for (std::uint64_t i = s % bits_; i > 0; --i) x = square(x);
  return x;
}

void word_field::multiply_add(element* dst, element c, const element* src, std::size_t n) const {
  if (c == 0) return;
  if (log_ != nullptr) {
    const std::uint32_t log_c = log_[c];
    for (std::size_t i = 0; i < n; ++i) {
      if (src[i] != 0) dst[i] ^= exp_[log_c + log_[src[i]]];
    }
    return;
  }
  if (bits_ != 64) {
    for (std::size_t i = 0; i < n; ++i) dst[i] ^= nim_mul64(c, src[i]);
    return;
  }
  constexpr std::size_t chunk = 64;
  std::array<std::uint64_t, chunk> broadcast;
  std::array<std::uint64_t, chunk> products;
  broadcast.fill(c);
  for (std::size_t start = 0; start < n; start += chunk) {
    const std::size_t count = std::min(chunk, n - start);
    nim_mul64_batch(broadcast.data(), src + start, products.data(), count);
    for (std::size_t i = 0; i < count; ++i) dst[start + i] ^= products[i];
  }
}

word_field::element word_field::random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const {
  // The nimbers below 2^d are the subfield GF(2^d) when d is a power of two.
  return d >= 64 ? rng() : rng() & ((std::uint64_t{1} << d) - 1);
}

tower_adapter::tower_adapter(tower_field field)
    : field_(std::move(field)), degree_(field_.degree().convert_to<std::uint64_t>()) {}

tower_adapter::element tower_adapter::random(std::mt19937_64& rng) const {
  element x = zero();
  const std::uint64_t mask =
      field_.base_bits() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field_.base_bits()) - 1;
  for (std::uint64_t& word : x) word = rng() & mask;
  return x;
}

tower_adapter::element tower_adapter::random_in_subfield(std::uint64_t d,
                                                         std::mt19937_64& rng) const {
  // Σ_(i < E/d) y^(2^(d·i)), the Frobenius planned once.
  const std::vector<element> orbit = field_.frobenius_orbit(random(rng), integer(d), degree_ / d);
  element trace = zero();
  for (const element& y : orbit) trace = add(trace, y);
  return trace;
}

}  // namespace cas::detail
