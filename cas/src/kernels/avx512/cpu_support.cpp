// Whether this CPU runs the AVX-512 kernels: the instruction sets every function compiled with
// ON2_AVX512_TARGET (avx512_clmul.hpp) may use.
#include "cas/kernels/nimber_kernels.hpp"

namespace cas::detail {

bool avx512_batch_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni") &&
         __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul");
}

}  // namespace cas::detail
