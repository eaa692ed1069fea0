#include "baselines/competitive_programming_product.hpp"

#include <array>
#include <cstddef>
#include <stdexcept>

#include "cas/kernels/nimber_kernels.hpp"

namespace on2_bench {
namespace {

constexpr std::uint32_t group_order = 65535;  // |GF(2^16)^×| = 3·5·17·257
// Indices built from nonzero values are sums of at most three logarithms, < 3·65535; one built
// from a zero holds the sentinel, so it is ≥ 3·65535 and at most two sentinels plus a logarithm.
constexpr std::uint32_t zero_log = 3 * group_order;
constexpr std::size_t exp_table_size = 2 * zero_log + group_order;

std::uint16_t power16(std::uint16_t base, std::uint32_t exponent) {
  std::uint16_t result = 1;
  for (; exponent != 0; exponent >>= 1) {
    if ((exponent & 1) != 0) result = cas::nim_mul16(result, base);
    base = cas::nim_mul16(base, base);
  }
  return result;
}

// g is primitive iff g^(order/p) ≠ 1 for every prime p dividing the group order.
bool is_primitive(std::uint16_t g) {
  for (std::uint32_t prime : std::array<std::uint32_t, 4>{3, 5, 17, 257}) {
    if (power16(g, group_order / prime) == 1) return false;
  }
  return true;
}

}  // namespace

competitive_programming_product::competitive_programming_product()
    : log_(65536, zero_log), exp_(exp_table_size, 0) {
  std::uint16_t generator = 2;  // 2 has order 3 (2 ⊗ 2 = 3), so the search moves on at once
  while (!is_primitive(generator)) ++generator;
  std::uint16_t power = 1;
  for (std::uint32_t i = 0; i < group_order; ++i) {
    if (log_[power] != zero_log) throw std::logic_error("GF(2^16) generator is not primitive");
    log_[power] = i;
    exp_[i] = power;
    exp_[i + group_order] = power;
    exp_[i + 2 * group_order] = power;
    power = cas::nim_mul16(power, generator);
  }
  log_half16_ = log_[0x8000];
  log_half16_squared_ = (2 * log_half16_) % group_order;
}

}  // namespace on2_bench
