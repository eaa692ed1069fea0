#pragma once
// The reference for unreduced products over the packed base (white-box tests of
// cas/src/tower/packed_base_products.hpp and kronecker_packing.hpp): every coefficient product of
// two polynomials in s of m coefficients, each a t-polynomial of d1 base words, added carry-less
// into the sums of s^(i+k)·t^(j+l) (stride 2·d1 − 1 sums per s-coefficient).

#include <cstddef>
#include <vector>

#include "kernels/packed_field.hpp"

namespace on2_test {

inline void add_bivariate_products(const std::vector<cas::detail::word>& x,
                                   const std::vector<cas::detail::word>& y, std::size_t d1,
                                   std::size_t m, std::vector<cas::detail::u128>& sums) {
  const std::size_t stride = 2 * d1 - 1;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t k = 0; k < m; ++k)
      for (std::size_t j = 0; j < d1; ++j)
        for (std::size_t l = 0; l < d1; ++l)
          sums[(i + k) * stride + j + l] ^=
              cas::detail::packed_field::carryless_software(x[i * d1 + j], y[k * d1 + l]);
}

}  // namespace on2_test
