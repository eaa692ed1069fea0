#include "cas/finite/nimber.hpp"

#include <gmp.h>

#include <algorithm>
#include <bit>

#include "cas/core/error.hpp"
#include "finite/nimber_access.hpp"

namespace cas {

nimber::nimber(std::uint64_t value) {
  if (value != 0) limbs_.push_back(value);
}

nimber::nimber(const integer& value, const context& ctx) {
  if (value < 0) {
    throw range_error("A nimber is a natural number; " + value.str() + " is negative.");
  }
  const mpz_srcptr z = value.backend().data();
  ctx.check_limit(mpz_sizeinbase(z, 2), ctx.limits().max_nimber_bits, "The nimber's size in bits",
                  "max_nimber_bits");
  if (value == 0) return;
  limbs_.resize((mpz_sizeinbase(z, 2) + 63) / 64);
  std::size_t written = 0;
  mpz_export(limbs_.data(), &written, -1, sizeof(std::uint64_t), 0, 0, z);
  limbs_.resize(written);
  normalise();
}

nimber nimber::from_limbs(std::vector<std::uint64_t> limbs, const context& ctx) {
  nimber n(std::move(limbs));
  ctx.check_limit(n.bit_length(), ctx.limits().max_nimber_bits, "The nimber's size in bits",
                  "max_nimber_bits");
  return n;
}

nimber nimber::power_of_two(std::uint64_t exponent, const context& ctx) {
  if (exponent >= ctx.limits().max_nimber_bits) {
    ctx.check_limit(exponent == UINT64_MAX ? exponent : exponent + 1,
                    ctx.limits().max_nimber_bits, "The nimber's size in bits", "max_nimber_bits");
  }
  std::vector<std::uint64_t> limbs(exponent / 64 + 1, 0);
  limbs.back() = std::uint64_t{1} << (exponent % 64);
  return nimber(std::move(limbs));
}

nimber nimber::fermat_power(tower_level level, const context& ctx) {
  const std::uint64_t k = level.index;
  if (k >= 64) {
    throw limit_error("The Fermat 2-power 2^(2^" + std::to_string(k) +
                      ") is above the limit max_nimber_bits = " +
                      std::to_string(ctx.limits().max_nimber_bits) + " bits.");
  }
  return power_of_two(std::uint64_t{1} << k, ctx);
}

void nimber::normalise() noexcept {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

std::uint64_t nimber::bit_length() const noexcept {
  if (limbs_.empty()) return 0;
  return 64 * (limbs_.size() - 1) + static_cast<std::uint64_t>(std::bit_width(limbs_.back()));
}

bool nimber::bit(std::uint64_t index) const noexcept {
  const std::uint64_t word = index / 64;
  return word < limbs_.size() && ((limbs_[word] >> (index % 64)) & 1) != 0;
}

unsigned nimber::level() const noexcept {
  const std::uint64_t bits = bit_length();
  if (bits <= 1) return 0;
  return static_cast<unsigned>(std::bit_width(bits - 1));
}

integer nimber::to_integer() const {
  integer result;
  if (!limbs_.empty()) {
    mpz_import(result.backend().data(), limbs_.size(), -1, sizeof(std::uint64_t), 0, 0,
               limbs_.data());
  }
  return result;
}

std::string nimber::to_string() const {
  if (limbs_.size() <= 1) return std::to_string(low_word());
  return to_integer().str();
}

std::strong_ordering operator<=>(const nimber& a, const nimber& b) noexcept {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() <=> b.limbs_.size();
  for (std::size_t i = a.limbs_.size(); i-- > 0;) {
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
  }
  return std::strong_ordering::equal;
}

std::size_t nimber::hash() const noexcept {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::uint64_t limb : limbs_) {
    h ^= limb;
    h *= 0x100000001b3ULL;
    h ^= h >> 29;
  }
  return static_cast<std::size_t>(h);
}

nimber shift_right(const nimber& a, std::uint64_t shift) {
  const auto& in = nimber_access::limbs(a);
  const std::uint64_t words = shift / 64, bits = shift % 64;
  if (words >= in.size()) return {};
  std::vector<std::uint64_t> out(in.size() - words);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = in[i + words] >> bits;
    if (bits != 0 && i + words + 1 < in.size()) out[i] |= in[i + words + 1] << (64 - bits);
  }
  return nimber_access::from_limbs_unchecked(std::move(out));
}

nimber low_bits(const nimber& a, std::uint64_t count) {
  const auto& in = nimber_access::limbs(a);
  const std::uint64_t words = (count + 63) / 64;
  std::vector<std::uint64_t> out(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(
                                                              std::min<std::uint64_t>(words, in.size())));
  if (count % 64 != 0 && out.size() == words) out.back() &= (std::uint64_t{1} << (count % 64)) - 1;
  return nimber_access::from_limbs_unchecked(std::move(out));
}

nimber shift_left(const nimber& a, std::uint64_t shift) {
  const auto& in = nimber_access::limbs(a);
  if (in.empty()) return {};
  const std::uint64_t words = shift / 64, bits = shift % 64;
  std::vector<std::uint64_t> out(in.size() + words + 1, 0);
  for (std::size_t i = 0; i < in.size(); ++i) {
    out[i + words] |= in[i] << bits;
    if (bits != 0) out[i + words + 1] |= in[i] >> (64 - bits);
  }
  return nimber_access::from_limbs_unchecked(std::move(out));
}

std::size_t padded_limb_count(const nimber& a) {
  return std::bit_ceil(std::max<std::size_t>(nimber_access::limbs(a).size(), 1));
}

}  // namespace cas
