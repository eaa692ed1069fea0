#include "cas/nimber_kernels.hpp"

#include <cstdlib>

#include "cas/error.hpp"
#include "clmul_arithmetic.hpp"
#include "gf64_tables.hpp"

namespace cas {
namespace {

using detail::u8;
using detail::u16;
using detail::u32;
using detail::u64;

const detail::portable_tables& portable() { return detail::portable_gf64(); }
const detail::clmul_tables& clmul() { return detail::clmul_gf64(); }

ON2_CLMUL_TARGET void clmul_batch(const u64* a, const u64* b, u64* out, std::size_t n) {
  const detail::clmul_tables& t = clmul();
  for (std::size_t i = 0; i < n; ++i) out[i] = detail::clmul_nim_product(a[i], b[i], t);
}

// ON2_PORTABLE_KERNEL=1 forces the portable path, so the test suite can run on both paths.
const bool use_clmul = detail::clmul_supported() && std::getenv("ON2_PORTABLE_KERNEL") == nullptr;

// Inverse by the norm to the half field (MATH.md §2, "Inverse"); a < 2^(2^level), a ≠ 0.
u64 inverse_in_level(u64 a, int level) {
  if (level <= 3) return portable().inv8[a];
  const int half = 1 << (level - 1);
  const u64 mask = (u64{1} << half) - 1;
  const u64 a1 = a >> half, a0 = a & mask;
  const u64 norm = nim_mul64(nim_square64(a1), u64{1} << (half - 1)) ^ nim_mul64(a0, a0 ^ a1);
  const u64 norm_inverse = inverse_in_level(norm, level - 1);
  return (nim_mul64(a1, norm_inverse) << half) | nim_mul64(a0 ^ a1, norm_inverse);
}

}  // namespace

namespace detail {

u64 nim_mul_bitwise(u64 a, u64 b, int level) {
  if (level == 0) return a & b;
  const int half = 1 << (level - 1);
  const u64 mask = (u64{1} << half) - 1;
  const u64 a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
  const u64 c0 = nim_mul_bitwise(a0, b0, level - 1);
  const u64 c2 = nim_mul_bitwise(a1, b1, level - 1);
  const u64 c12 = nim_mul_bitwise(a0 ^ a1, b0 ^ b1, level - 1);
  return ((c12 ^ c0) << half) ^ c0 ^ nim_mul_bitwise(c2, u64{1} << (half - 1), level - 1);
}

u64 nim_mul64_portable(u64 a, u64 b) { return portable().mul64(a, b); }

bool clmul_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

u64 nim_mul64_clmul(u64 a, u64 b) { return detail::clmul_nim_product(a, b, clmul()); }

}  // namespace detail

kernel_path active_kernel_path() { return use_clmul ? kernel_path::clmul : kernel_path::portable; }

u8 nim_mul8(u8 a, u8 b) { return portable().mul8[a][b]; }
u16 nim_mul16(u16 a, u16 b) { return portable().mul16(a, b); }
void nim_mul16_row(u16 b, u16* out) {
  // portable_tables::mul16 with b fixed: the 8-bit products by b0, b1 and b0 ⊕ b1 are rows of
  // the (symmetric) 8-bit table, and a1's half is shared by a whole run of a0.
  const detail::portable_tables& t = portable();
  const unsigned b1 = b >> 8u, b0 = b & 0xffu;
  const u8* by_b0 = t.mul8[b0].data();
  const u8* by_b1 = t.mul8[b1].data();
  const u8* by_sum = t.mul8[b0 ^ b1].data();
  const u8* by_half = t.mul8[0x80].data();
  for (unsigned a1 = 0; a1 < 256; ++a1) {
    const unsigned high_half = by_half[by_b1[a1]];
    const u8* by_sum_shifted = by_sum;
    u16* row = out + a1 * 256;
    for (unsigned a0 = 0; a0 < 256; ++a0) {
      const unsigned c0 = by_b0[a0], c12 = by_sum_shifted[a0 ^ a1];
      row[a0] = static_cast<u16>(((c12 ^ c0) << 8u) | (c0 ^ high_half));
    }
  }
}
u32 nim_mul32(u32 a, u32 b) { return portable().mul32(a, b); }

// Resolved once at start-up, so the hot path has no initialisation guard to test.
const detail::clmul_tables* const clmul_tables_in_use = use_clmul ? &clmul() : nullptr;
const detail::portable_tables& portable_tables_in_use = portable();

u64 nim_mul64(u64 a, u64 b) {
  if (clmul_tables_in_use != nullptr) {
    return detail::clmul_nim_product(a, b, *clmul_tables_in_use);
  }
  return portable_tables_in_use.mul64(a, b);
}

void nim_mul64_batch(const u64* a, const u64* b, u64* out, std::size_t n) {
  if (use_clmul) {
    clmul_batch(a, b, out, n);
    return;
  }
  const detail::portable_tables& t = portable();
  for (std::size_t i = 0; i < n; ++i) out[i] = t.mul64(a[i], b[i]);
}

// The Karatsuba step of MATH.md §2 with all four halves in the polynomial basis: four basis
// changes in and two out instead of three of each per 64-bit product, and c2 ⊗ H is one more
// carry-less product by the constant H.
ON2_CLMUL_TARGET nim128 clmul_mul128(nim128 a, nim128 b, const detail::clmul_tables& t) {
  const u64 a0 = t.to_polynomial(a.lo), a1 = t.to_polynomial(a.hi);
  const u64 b0 = t.to_polynomial(b.lo), b1 = t.to_polynomial(b.hi);
  const u64 c0 = detail::clmul_mod(a0, b0, t), c2 = detail::clmul_mod(a1, b1, t);
  const u64 c12 = detail::clmul_mod(a0 ^ a1, b0 ^ b1, t);
  const u64 low = c0 ^ detail::clmul_mod(c2, t.half_polynomial, t);
  return {t.to_nimber(low), t.to_nimber(c12 ^ c0)};
}

nim128 nim_mul128(nim128 a, nim128 b) {
  if (clmul_tables_in_use != nullptr) return clmul_mul128(a, b, *clmul_tables_in_use);
  const u64 c0 = nim_mul64(a.lo, b.lo), c2 = nim_mul64(a.hi, b.hi);
  const u64 c12 = nim_mul64(a.lo ^ a.hi, b.lo ^ b.hi);
  return {c0 ^ nim_times_half64(c2), c12 ^ c0};
}

u64 nim_square64(u64 a) { return portable().square64(a); }

nim128 nim_square128(nim128 a) {
  const u64 high_square = nim_square64(a.hi);
  return {nim_square64(a.lo) ^ nim_times_half64(high_square), high_square};
}

u64 nim_sqrt64(u64 a) { return portable().sqrt64(a); }
u64 nim_times_half64(u64 x) { return portable().times_half64(x); }

u64 nim_inv64(u64 a) {
  if (a == 0) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  return inverse_in_level(a, 6);
}

nim128 nim_inv128(nim128 a) {
  if (a.hi == 0) return {nim_inv64(a.lo), 0};
  const u64 conjugate_low = a.lo ^ a.hi;
  const u64 norm = nim_times_half64(nim_square64(a.hi)) ^ nim_mul64(a.lo, conjugate_low);
  const u64 norm_inverse = nim_inv64(norm);
  return {nim_mul64(conjugate_low, norm_inverse), nim_mul64(a.hi, norm_inverse)};
}

}  // namespace cas
