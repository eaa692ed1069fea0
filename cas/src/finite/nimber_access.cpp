#include "finite/nimber_access.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>

namespace cas {

nimber shift_right(const nimber& a, std::uint64_t shift) {
  const auto in = nimber_access::limbs(a);
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
  const auto in = nimber_access::limbs(a);
  const std::uint64_t words = (count + 63) / 64;
  std::vector<std::uint64_t> out(
      in.begin(),
      in.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(words, in.size())));
  if (count % 64 != 0 && out.size() == words) out.back() &= (std::uint64_t{1} << (count % 64)) - 1;
  return nimber_access::from_limbs_unchecked(std::move(out));
}

nimber shift_left(const nimber& a, std::uint64_t shift) {
  const auto in = nimber_access::limbs(a);
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
