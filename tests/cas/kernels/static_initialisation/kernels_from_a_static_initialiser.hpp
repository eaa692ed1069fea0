#pragma once
// What the static initialiser in kernels_from_a_static_initialiser.cpp computed.

#include <array>
#include <cstdint>

#include "cas/kernels/nimber_kernels.hpp"

namespace on2_test {

struct kernel_results {
  bool ran = false;
  std::uint64_t product64 = 0, square64 = 0, root64 = 0, inverse64 = 0;
  cas::nim128 product128, inverse128;
  cas::kernel_path path = cas::kernel_path::portable;
  std::array<std::uint64_t, 9> batch64{};
  std::array<cas::nim128, 2> batch128{};
  bool big_square_is_product = false;
  bool fermat5_smallest_factor = false, omega_cubed_is_two = false, zero_coefficient = false;
};

extern const kernel_results results_from_static_initialiser;

}  // namespace on2_test
