#pragma once
// Fixed-width nimber kernels: the fields GF(2^8), GF(2^16), GF(2^32), GF(2^64) and GF(2^128) of
// the nimbers below 2^8, 2^16, ... (docs/spec/arithmetic.md §2). The 64-bit product is the hot
// path: with the PCLMULQDQ instruction it changes basis to a polynomial basis GF(2)[x]/(P),
// multiplies carry-less and reduces (Barrett); without it, a portable tower recursion over an 8-bit
// table runs instead. The path is chosen once at run time from the CPU's features (the environment
// variable ON2_PORTABLE_KERNEL forces the portable one); both are tested. It is chosen by the first
// call that needs it, not by a dynamic initialiser, so every function here works from any static
// initialiser, before or after cas's own.
//
// Thread safety: every function is safe from any thread; the tables are built once by the first
// call (function-local statics, published through atomics).

#include <cstddef>
#include <cstdint>

#include "cas/kernels/nim128.hpp"

namespace cas {

std::uint8_t nim_mul8(std::uint8_t a, std::uint8_t b);
std::uint16_t nim_mul16(std::uint16_t a, std::uint16_t b);
// out[a] = a ⊗ b for every a < 2^16: nim_mul16's formula with b's table rows fetched once.
void nim_mul16_row(std::uint16_t b, std::uint16_t* out);
std::uint32_t nim_mul32(std::uint32_t a, std::uint32_t b);
std::uint64_t nim_mul64(std::uint64_t a, std::uint64_t b);
// By reference: on CPUs with the AVX-512 batch's features the product loads both operands
// straight into one vector register. By value they arrive in four general registers, and moving
// them over slows a product one at a time (docs/benchmarks.md).
nim128 nim_mul128(const nim128& a, const nim128& b);

// out[i] = a[i] ⊗ b[i] for i < n (out may alias a or b). On CPUs with AVX-512 (VBMI), GFNI and
// VPCLMULQDQ eight products run at once in vector registers; otherwise one at a time.
void nim_mul64_batch(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                     std::size_t n);

// Batches of the other fixed-width operations, in the same way (out may alias the input).
void nim_mul128_batch(const nim128* a, const nim128* b, nim128* out, std::size_t n);
void nim_square64_batch(const std::uint64_t* a, std::uint64_t* out, std::size_t n);
void nim_sqrt64_batch(const std::uint64_t* a, std::uint64_t* out, std::size_t n);
// math_error, before anything is written, when some a[i] is 0.
void nim_inv64_batch(const std::uint64_t* a, std::uint64_t* out, std::size_t n);

std::uint64_t nim_square64(std::uint64_t a);
nim128 nim_square128(nim128 a);
std::uint64_t nim_sqrt64(std::uint64_t a);
// x ⊗ 2^63, the "times H" of the 128-bit product (H_6 = 2^(2^6 − 1)).
std::uint64_t nim_times_half64(std::uint64_t x);
// The inverse in GF(2^64); 0 has none: math_error.
std::uint64_t nim_inv64(std::uint64_t a);
nim128 nim_inv128(nim128 a);

// portable: table lookups; clmul: PCLMULQDQ in a polynomial basis; avx512: the same with batches
// (and nimbers above 2^1024 multiplied in blocks) in AVX-512 registers.
enum class kernel_path { portable, clmul, avx512 };
// The path nim_mul64 and the big-nimber arithmetic take on this machine.
kernel_path active_kernel_path();

}  // namespace cas
