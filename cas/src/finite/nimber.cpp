#include "cas/finite/nimber.hpp"

#include <gmp.h>

#include <algorithm>
#include <bit>
#include <cassert>

#include "cas/core/error.hpp"
#include "finite/nimber_invariant.hpp"

namespace cas {

nimber::nimber(std::uint64_t value) : word_(value) {}

nimber::nimber(const integer& value, const context& ctx) {
  if (value < 0) {
    throw range_error("A nimber is a natural number; " + value.str() + " is negative.");
  }
  const mpz_srcptr z = value.backend().data();
  ctx.check_limit(mpz_sizeinbase(z, 2), ctx.limits().max_nimber_bits, "The nimber's size in bits",
                  "max_nimber_bits");
  if (value == 0) return;
  std::vector<std::uint64_t> limbs((mpz_sizeinbase(z, 2) + 63) / 64);
  std::size_t written = 0;
  mpz_export(limbs.data(), &written, -1, sizeof(std::uint64_t), 0, 0, z);
  limbs.resize(written);
  adopt(std::move(limbs));
}

nimber nimber::from_limbs(std::vector<std::uint64_t> limbs, const context& ctx) {
  nimber n(std::move(limbs));
  ctx.check_limit(n.bit_length(), ctx.limits().max_nimber_bits, "The nimber's size in bits",
                  "max_nimber_bits");
  return n;
}

nimber nimber::power_of_two(std::uint64_t exponent, const context& ctx) {
  if (exponent >= ctx.limits().max_nimber_bits) {
    ctx.check_limit(exponent == UINT64_MAX ? exponent : exponent + 1, ctx.limits().max_nimber_bits,
                    "The nimber's size in bits", "max_nimber_bits");
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

// Every nimber but those of the word constructor passes through here.
void nimber::adopt(std::vector<std::uint64_t> limbs) noexcept {
  while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  if (limbs.size() <= 1) {
    word_ = limbs.empty() ? 0 : limbs[0];
    heap_.clear();
  } else {
    word_ = 0;
    heap_ = std::move(limbs);
  }
  assert(detail::nimber_limbs_are_canonical(this->limbs()));
}

std::uint64_t nimber::bit_length() const noexcept {
  const auto words = limbs();
  if (words.empty()) return 0;
  return 64 * (words.size() - 1) + static_cast<std::uint64_t>(std::bit_width(words.back()));
}

bool nimber::bit(std::uint64_t index) const noexcept {
  const auto words = limbs();
  const std::uint64_t word = index / 64;
  return word < words.size() && ((words[word] >> (index % 64)) & 1) != 0;
}

unsigned nimber::level() const noexcept {
  const std::uint64_t bits = bit_length();
  if (bits <= 1) return 0;
  return static_cast<unsigned>(std::bit_width(bits - 1));
}

integer nimber::to_integer() const {
  const auto words = limbs();
  integer result;
  if (!words.empty()) {
    mpz_import(result.backend().data(), words.size(), -1, sizeof(std::uint64_t), 0, 0,
               words.data());
  }
  return result;
}

std::string nimber::to_string() const {
  if (heap_.empty()) return std::to_string(word_);
  return to_integer().str();
}

std::strong_ordering operator<=>(const nimber& a, const nimber& b) noexcept {
  if (a.heap_.empty() && b.heap_.empty()) return a.word_ <=> b.word_;
  const auto x = a.limbs(), y = b.limbs();
  if (x.size() != y.size()) return x.size() <=> y.size();
  for (std::size_t i = x.size(); i-- > 0;) {
    if (x[i] != y[i]) return x[i] <=> y[i];
  }
  return std::strong_ordering::equal;
}

std::size_t nimber::hash() const noexcept {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::uint64_t limb : limbs()) {
    h ^= limb;
    h *= 0x100000001b3ULL;
    h ^= h >> 29;
  }
  return static_cast<std::size_t>(h);
}

}  // namespace cas
