#include "kernels/bitwise_product.hpp"

namespace cas::detail {

std::uint64_t nim_mul_bitwise(std::uint64_t a, std::uint64_t b, int level) {
  return bitwise_nim_product(a, b, level);
}

}  // namespace cas::detail
