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
  // The trace down to GF(2^d) of a random y. σ = x ↦ x^(2^d) maps the top step's line i (the
  // multiples of t^i, t^ℓ = a) onto line i·r mod ℓ, r = 2^d mod ℓ, and the trace is σ-invariant,
  // so the traces of random y carried by one line per orbit of i ↦ i·r are as uniform as those of
  // a dense y, and each of the E/d images costs only those lines' work.
  element y = random(rng);
  const auto& steps = field_.steps();
  if (!steps.empty() && steps.back().type == tower_step::kind::power) {
    const std::uint64_t ell = steps.back().degree;
    const std::size_t line_words = field_.words() / ell;
    std::uint64_t r = 1;
    for (std::uint64_t i = 0; i < d; ++i) r = (2 * r) % ell;  // 2^d mod ℓ (d < 2^32 here)
    std::vector<bool> covered(ell, false);
    for (std::uint64_t i = 0; i < ell; ++i) {
      if (covered[i]) {
        std::fill(y.begin() + static_cast<std::ptrdiff_t>(i * line_words),
                  y.begin() + static_cast<std::ptrdiff_t>((i + 1) * line_words), 0);
        continue;
      }
      for (std::uint64_t k = i; !covered[k]; k = (k * r) % ell) covered[k] = true;
    }
  }
  return field_.trace_to_subfield(y, d);
}

}  // namespace cas::detail
