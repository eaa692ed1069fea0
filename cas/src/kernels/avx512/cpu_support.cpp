// Whether this CPU runs the AVX-512 kernels: the instruction sets that functions compiled with
// ON2_AVX512_TARGET (avx512_clmul.hpp) may use, SSE4.1 implied by AVX-512F.
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas::detail {

bool avx512_batch_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni") &&
         __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul");
}

}  // namespace cas::detail
