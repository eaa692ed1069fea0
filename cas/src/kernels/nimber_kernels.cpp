#include "cas/kernels/nimber_kernels.hpp"

#include <atomic>
#include <cstdlib>
#include <string>

#include "cas/core/error.hpp"
#include "kernels/avx512/mul128_avx512.hpp"
#include "kernels/clmul_arithmetic.hpp"
#include "kernels/gf64_tables.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas {
namespace {

using detail::u16;
using detail::u32;
using detail::u64;
using detail::u8;

const detail::portable_tables& portable() {
  return detail::portable_gf64();
}
const detail::clmul_tables& clmul() {
  return detail::clmul_gf64();
}

ON2_CLMUL_TARGET void clmul_batch(const u64* a, const u64* b, u64* out, std::size_t n) {
  const detail::clmul_tables& t = clmul();
  for (std::size_t i = 0; i < n; ++i) out[i] = detail::clmul_nim_product(a[i], b[i], t);
}

// The kernel path and its tables, found on the first call that needs them. They are constant-
// initialised (no dynamic initialiser runs for them), so a static initialiser anywhere, in a
// translation unit initialised before cas's or after, can call the kernels: a dynamically
// initialised flag or table reference would still be false or null when such a caller reads it
// (issue 16). The hot paths load a pointer or the path and take one predictable branch;
// resolve_kernels() builds the tables of the path it chooses, and only those (function-local
// statics, so threads that race here build them once; the carry-less tables are constants), and
// publishes them before the path, with release stores. The inverse's discrete logarithms are
// built and published the same way, on the first inverse (logarithms_in_use).
enum class resolved_path : unsigned char { unresolved, portable, clmul, avx512 };
constinit std::atomic<resolved_path> path_in_use{resolved_path::unresolved};
// Null until resolved, and on the portable path.
constinit std::atomic<const detail::clmul_tables*> clmul_tables_in_use{nullptr};
// Null until resolved, and on the carry-less paths.
constinit std::atomic<const detail::portable_tables*> portable_tables_in_use{nullptr};
// Null until the first inverse.
constinit std::atomic<const detail::gf16_logarithms*> logarithms_in_use{nullptr};

[[gnu::noinline, gnu::cold]] resolved_path resolve_kernels() {
  // ON2_PORTABLE_KERNEL=1 forces the portable path, so the test suite can run on both paths.
  const bool use_clmul = detail::clmul_enabled();
  const resolved_path path = !use_clmul                         ? resolved_path::portable
                             : detail::avx512_batch_supported() ? resolved_path::avx512
                                                                : resolved_path::clmul;
  if (use_clmul) {
    clmul_tables_in_use.store(&clmul(), std::memory_order_release);
  } else {
    portable_tables_in_use.store(&portable(), std::memory_order_release);
  }
  if (path == resolved_path::avx512) detail::publish_mul128_avx512_tables();
  path_in_use.store(path, std::memory_order_release);
  return path;
}

resolved_path current_path() {
  const resolved_path path = path_in_use.load(std::memory_order_acquire);
  return path != resolved_path::unresolved ? path : resolve_kernels();
}

const detail::portable_tables* portable_in_use() {
  return portable_tables_in_use.load(std::memory_order_acquire);
}

[[gnu::noinline, gnu::cold]] void publish_logarithms() {
  logarithms_in_use.store(&detail::gf16_log_tables(), std::memory_order_release);
}

// The operation called again once the path is resolved. The hot paths reach it by a tail call,
// so they set up no stack frame of their own: with a call to the resolver in their middle,
// nim_mul128 adjusted the stack on every product.
template <auto operation, class... Arguments>
[[gnu::noinline, gnu::cold]] auto after_resolving(Arguments... arguments) {
  resolve_kernels();
  return operation(arguments...);
}

// The inverse by the norm to the half field (docs/spec/arithmetic.md §2, "Inverse"): for a = a1·F ⊕
// a0 (F the Fermat 2-power of the level, H = F/2), a ⊗ (a1·F ⊕ (a0 ⊕ a1)) = N = a1² ⊗ H ⊕ a0 ⊗ (a0
// ⊕ a1), an element of the half field, so a^(-1) = (a1·F ⊕ (a0 ⊕ a1)) ⊗ N^(-1). Two steps take
// GF(2^64) to GF(2^16), where products and inverses are discrete-log table lookups; both kernel
// paths use it.
class log_inverse {
 public:
  explicit log_inverse(const detail::gf16_logarithms& t) : t_(t), log_half_(t.log16[0x8000]) {}

  u64 inv64(u64 a) const {  // a ≠ 0
    const auto a1 = static_cast<u32>(a >> 32), a0 = static_cast<u32>(a);
    const u32 sum = a0 ^ a1;
    const u32 norm = a1 == 0 ? a0 : square_times_half32(a1) ^ mul32(a0, factor_of(sum));
    const factor32 norm_inverse = inv32(norm);
    if (a1 == 0) return mul32(1, norm_inverse);
    return (u64{mul32(a1, norm_inverse)} << 32) | mul32(sum, norm_inverse);
  }

 private:
  static constexpr u32 order = 65535;  // of the multiplicative group of GF(2^16)

  u32 log(u32 x) const { return t_.log16[x]; }                     // x ≠ 0
  u32 exp(u32 l) const { return t_.exp16[l]; }                     // l < 2·order
  static u32 reduce(u32 l) { return l >= order ? l - order : l; }  // for l < 2·order
  // x ⊗ g^l for x < 2^16 and l < order.
  u32 times_power(u32 x, u32 l) const { return x == 0 ? 0 : exp(log(x) + l); }

  static u32 square_times_half16(u32 x) {
    const auto& m = detail::gf32_norm_maps.square_times_half16;
    return m[0][x & 0xff] ^ m[1][x >> 8];
  }
  static u32 square_times_half32(u32 x) {
    const auto& m = detail::gf32_norm_maps.square_times_half32;
    return m[0][x & 0xff] ^ m[1][(x >> 8) & 0xff] ^ m[2][(x >> 16) & 0xff] ^ m[3][x >> 24];
  }

  // A factor b = b1·2^16 ⊕ b0 of products in GF(2^32), as the logarithms of b0, b0 ⊕ b1 and
  // b1 ⊗ H (each < order) with a flag for each that is zero.
  struct factor32 {
    bool low_zero, sum_zero, high_zero;
    u32 log_low, log_sum, log_high_half;
  };
  factor32 factor_of(u32 b) const {
    const u32 b1 = b >> 16, b0 = b & 0xffff;
    return {b0 == 0, (b0 ^ b1) == 0, b1 == 0, log(b0), log(b0 ^ b1), reduce(log(b1) + log_half_)};
  }

  // The Karatsuba step of docs/spec/arithmetic.md §2 with c2 ⊗ H = a1 ⊗ (b1 ⊗ H) read from one
  // table.
  u32 mul32(u32 a, const factor32& b) const {
    const u32 a1 = a >> 16, a0 = a & 0xffff;
    const u32 c0 = b.low_zero ? 0 : times_power(a0, b.log_low);
    const u32 c12 = b.sum_zero ? 0 : times_power(a0 ^ a1, b.log_sum);
    const u32 c2_half = b.high_zero ? 0 : times_power(a1, b.log_high_half);
    return ((c12 ^ c0) << 16) | (c0 ^ c2_half);
  }

  // a^(-1) for 0 ≠ a < 2^32, straight as a factor: its halves are a1 ⊗ M^(-1) and
  // (a0 ⊕ a1) ⊗ M^(-1) with M the norm, and their sum a0 ⊗ M^(-1), so the logarithms are sums.
  factor32 inv32(u32 a) const {
    const u32 a1 = a >> 16, a0 = a & 0xffff, sum = a0 ^ a1;
    const u32 log_a0 = log(a0), log_sum = log(sum);
    u32 norm = square_times_half16(a1);
    if (a0 != 0 && sum != 0) norm ^= exp(log_a0 + log_sum);
    const u32 log_norm_inverse = order - log(norm);  // norm ≠ 0 as a ≠ 0; in [1, order]
    return {sum == 0,
            a0 == 0,
            a1 == 0,
            reduce(log_sum + log_norm_inverse),
            reduce(log_a0 + log_norm_inverse),
            reduce(reduce(log(a1) + log_norm_inverse) + log_half_)};
  }

  const detail::gf16_logarithms& t_;
  u32 log_half_;  // log of H = 2^15
};

}  // namespace

namespace detail {

u64 nim_mul64_portable(u64 a, u64 b) {
  return portable().mul64(a, b);
}

bool clmul_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

bool clmul_enabled() {
  static const bool enabled = clmul_supported() && std::getenv("ON2_PORTABLE_KERNEL") == nullptr;
  return enabled;
}

u64 nim_mul64_clmul(u64 a, u64 b) {
  return detail::clmul_nim_product(a, b, clmul());
}

}  // namespace detail

kernel_path active_kernel_path() {
  switch (current_path()) {
    case resolved_path::avx512:
      return kernel_path::avx512;
    case resolved_path::clmul:
      return kernel_path::clmul;
    default:
      return kernel_path::portable;
  }
}

u8 nim_mul8(u8 a, u8 b) {
  return portable().mul8[a][b];
}
u16 nim_mul16(u16 a, u16 b) {
  return portable().mul16(a, b);
}
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
u32 nim_mul32(u32 a, u32 b) {
  return portable().mul32(a, b);
}

u64 nim_mul64(u64 a, u64 b) {
  // One of the two pointers is set once the path is resolved, neither before.
  if (const detail::clmul_tables* t = clmul_tables_in_use.load(std::memory_order_acquire)) {
    return detail::clmul_nim_product(a, b, *t);
  }
  const detail::portable_tables* t = portable_in_use();
  if (t == nullptr) [[unlikely]] {
    return after_resolving<nim_mul64>(a, b);
  }
  return t->mul64(a, b);
}

void nim_mul64_batch(const u64* a, const u64* b, u64* out, std::size_t n) {
  const resolved_path path = current_path();
  if (path == resolved_path::avx512) {
    detail::nim_mul64_batch_avx512(a, b, out, n);
    return;
  }
  if (path == resolved_path::clmul) {
    clmul_batch(a, b, out, n);
    return;
  }
  const detail::portable_tables& t = portable();
  for (std::size_t i = 0; i < n; ++i) out[i] = t.mul64(a[i], b[i]);
}

// The Karatsuba step of docs/spec/arithmetic.md §2 in the polynomial basis: low = c0 ⊕ (a1 ⊗ H) ⊗
// b1 and high = c12 ⊕ c0. Four basis changes in and two out (instead of three each per 64-bit
// product), and the three carry-less products are summed before reducing, so two reductions serve
// them. (A table for a1 ↦ a1 ⊗ H in polynomial coordinates would save one reduction, but a third 16
// KiB table crowds the level-1 cache and measured slower.)
ON2_CLMUL_TARGET nim128 clmul_mul128(nim128 a, nim128 b, const detail::clmul_tables& t) {
  const u64 a0 = t.to_polynomial(a.lo), a1 = t.to_polynomial(a.hi);
  const u64 a1_half = detail::clmul_times_half(a1, t);
  const u64 b0 = t.to_polynomial(b.lo), b1 = t.to_polynomial(b.hi);
  const __m128i c0 = detail::clmul_full(a0, b0);
  const __m128i low = _mm_xor_si128(c0, detail::clmul_full(a1_half, b1));
  const __m128i high = _mm_xor_si128(c0, detail::clmul_full(a0 ^ a1, b0 ^ b1));
  return {t.to_nimber(detail::clmul_reduce(low, t)), t.to_nimber(detail::clmul_reduce(high, t))};
}

nim128 detail::nim_mul128_clmul(nim128 a, nim128 b) {
  return clmul_mul128(a, b, clmul());
}

// Out of line, so nim_mul128 itself saves no registers and only tests and jumps (inlined, this
// path's calls made every product push and pop four registers).
namespace {
[[gnu::noinline]] nim128 portable_mul128(nim128 a, nim128 b) {
  const u64 c0 = nim_mul64(a.lo, b.lo), c2 = nim_mul64(a.hi, b.hi);
  const u64 c12 = nim_mul64(a.lo ^ a.hi, b.lo ^ b.hi);
  return {c0 ^ nim_times_half64(c2), c12 ^ c0};
}
}  // namespace

nim128 nim_mul128(const nim128& a, const nim128& b) {
  const resolved_path path = path_in_use.load(std::memory_order_acquire);
  if (path == resolved_path::avx512) return detail::nim_mul128_avx512_published(a, b);
  if (path == resolved_path::clmul) {
    // Published before the path, so the acquire load of the path made it visible.
    return clmul_mul128(a, b, *clmul_tables_in_use.load(std::memory_order_relaxed));
  }
  if (path == resolved_path::unresolved) [[unlikely]] {
    return after_resolving<nim_mul128>(a, b);
  }
  return portable_mul128(a, b);
}

u64 nim_square64(u64 a) {
  return detail::gf64_linear_maps.square(a);
}

nim128 nim_square128(nim128 a) {
  const u64 high_square = nim_square64(a.hi);
  return {nim_square64(a.lo) ^ nim_times_half64(high_square), high_square};
}

u64 nim_sqrt64(u64 a) {
  return detail::gf64_linear_maps.sqrt(a);
}
u64 nim_times_half64(u64 x) {
  return detail::gf64_linear_maps.times_half(x);
}

u64 nim_inv64(u64 a) {
  if (a == 0) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  const detail::gf16_logarithms* t = logarithms_in_use.load(std::memory_order_acquire);
  if (t == nullptr) [[unlikely]] {
    publish_logarithms();
    return nim_inv64(a);
  }
  return log_inverse(*t).inv64(a);
}

nim128 nim_inv128(nim128 a) {
  if (a.hi == 0) return {nim_inv64(a.lo), 0};
  const u64 conjugate_low = a.lo ^ a.hi;
  const u64 norm = nim_times_half64(nim_square64(a.hi)) ^ nim_mul64(a.lo, conjugate_low);
  const u64 norm_inverse = nim_inv64(norm);
  return {nim_mul64(conjugate_low, norm_inverse), nim_mul64(a.hi, norm_inverse)};
}

void nim_mul128_batch(const nim128* a, const nim128* b, nim128* out, std::size_t n) {
  if (current_path() == resolved_path::avx512) return detail::nim_mul128_batch_avx512(a, b, out, n);
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul128(a[i], b[i]);
}

void nim_square64_batch(const u64* a, u64* out, std::size_t n) {
  if (current_path() == resolved_path::avx512) return detail::nim_square64_batch_avx512(a, out, n);
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_square64(a[i]);
}

void nim_sqrt64_batch(const u64* a, u64* out, std::size_t n) {
  if (current_path() == resolved_path::avx512) return detail::nim_sqrt64_batch_avx512(a, out, n);
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_sqrt64(a[i]);
}

void nim_inv64_batch(const u64* a, u64* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] == 0) {
      throw math_error("The nimber 0 has no inverse (element " + std::to_string(i) +
                       " of the batch; nim division by zero).");
    }
  }
  if (current_path() == resolved_path::avx512) return detail::nim_inv64_batch_avx512(a, out, n);
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_inv64(a[i]);
}

}  // namespace cas
