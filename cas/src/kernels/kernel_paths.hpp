#pragma once
// The kernel paths of cas/kernels/nimber_kernels.hpp one by one, private to cas: the public
// functions choose among them at run time; white-box tests and benchmarks call each directly to
// compare them on any machine (they add cas/src to their include path).

#include <cstddef>
#include <cstdint>

#include "cas/kernels/nim128.hpp"

namespace cas::detail {

std::uint64_t nim_mul64_portable(std::uint64_t a, std::uint64_t b);
bool clmul_supported();
// Whether the PCLMULQDQ paths are taken: the CPU has the instructions and ON2_PORTABLE_KERNEL is
// not set (the test suite runs its law and differential suites once more without them).
bool clmul_enabled();
nim128 nim_mul128_clmul(nim128 a, nim128 b);  // precondition: clmul_supported()
// Precondition: clmul_supported().
std::uint64_t nim_mul64_clmul(std::uint64_t a, std::uint64_t b);
// The eight-at-a-time batch (AVX-512F/BW/VBMI, GFNI, VPCLMULQDQ), and whether this CPU has it.
bool avx512_batch_supported();
// Precondition: avx512_batch_supported() (for these six).
void nim_mul128_batch_avx512(const nim128* a, const nim128* b, nim128* out, std::size_t n);
void nim_square64_batch_avx512(const std::uint64_t* a, std::uint64_t* out, std::size_t n);
void nim_sqrt64_batch_avx512(const std::uint64_t* a, std::uint64_t* out, std::size_t n);
void nim_inv64_batch_avx512(const std::uint64_t* a, std::uint64_t* out, std::size_t n);
nim128 nim_mul128_avx512(const nim128& a, const nim128& b);
void nim_mul64_batch_avx512(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n);

}  // namespace cas::detail
