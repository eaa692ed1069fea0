// The GFNI tables of the AVX-512 kernels (avx512_gfni.hpp), built on first use.
#include "kernels/avx512/avx512_gfni.hpp"

namespace cas::detail {

const wide_tables& wide() {
  static const wide_tables tables(clmul_gf64(), gf64_linear_maps);
  return tables;
}

}  // namespace cas::detail
