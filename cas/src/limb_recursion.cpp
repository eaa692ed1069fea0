#include "limb_recursion.hpp"

#include <bit>

#include "cas/nimber_kernels.hpp"

namespace cas::detail {
namespace {

// Large recursive calls poll for cancellation; small ones are too quick to matter.
constexpr std::size_t poll_threshold = 64;

void xor_into(limb* target, const limb* source, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) target[i] ^= source[i];
}

}  // namespace

void mul_limbs(const limb* a, const limb* b, limb* out, std::size_t n, limb* scratch,
               const context& ctx) {
  if (n == 1) {
    out[0] = nim_mul64(a[0], b[0]);
    return;
  }
  if (n == 2) {
    const nim128 c = nim_mul128({a[0], a[1]}, {b[0], b[1]});
    out[0] = c.lo;
    out[1] = c.hi;
    return;
  }
  if (n >= poll_threshold) ctx.poll();
  const std::size_t h = n / 2;
  limb* sum_a = scratch;
  limb* sum_b = scratch + h;
  limb* middle = scratch + 2 * h;
  limb* rest = scratch + 3 * h;
  mul_limbs(a, b, out, h, rest, ctx);              // c0 = a0 ⊗ b0 in the low half
  mul_limbs(a + h, b + h, out + h, h, rest, ctx);  // c2 = a1 ⊗ b1 in the high half
  for (std::size_t i = 0; i < h; ++i) {
    sum_a[i] = a[i] ^ a[h + i];
    sum_b[i] = b[i] ^ b[h + i];
  }
  mul_limbs(sum_a, sum_b, middle, h, rest, ctx);  // c12
  times_half_limbs(out + h, sum_a, h, rest);     // c2 ⊗ H
  for (std::size_t i = 0; i < h; ++i) {
    out[h + i] = middle[i] ^ out[i];  // (c12 ⊕ c0)·F
    out[i] ^= sum_a[i];               // c0 ⊕ c2 ⊗ H
  }
}

void times_half_limbs(const limb* x, limb* out, std::size_t n, limb* scratch) {
  if (n == 1) {
    out[0] = nim_times_half64(x[0]);
    return;
  }
  const std::size_t h = n / 2;
  limb* temporary = scratch;
  for (std::size_t i = 0; i < h; ++i) temporary[i] = x[i] ^ x[h + i];
  times_half_limbs(temporary, out + h, h, scratch + h);  // (x1 ⊕ x0) ⊗ H'
  times_half_limbs(x + h, temporary, h, scratch + h);    // x1 ⊗ H'
  times_half_limbs(temporary, out, h, scratch + h);      // (x1 ⊗ H') ⊗ H'
}

void square_limbs(const limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx) {
  if (n == 1) {
    out[0] = nim_square64(a[0]);
    return;
  }
  if (n >= poll_threshold) ctx.poll();
  const std::size_t h = n / 2;
  square_limbs(a + h, out + h, h, scratch, ctx);
  square_limbs(a, out, h, scratch, ctx);
  times_half_limbs(out + h, scratch, h, scratch + h);
  xor_into(out, scratch, h);
}

void inverse_limbs(const limb* a, limb* out, std::size_t n, limb* scratch, const context& ctx) {
  if (n == 1) {
    out[0] = nim_inv64(a[0]);
    return;
  }
  if (n == 2) {
    const nim128 r = nim_inv128({a[0], a[1]});
    out[0] = r.lo;
    out[1] = r.hi;
    return;
  }
  if (n >= poll_threshold) ctx.poll();
  const std::size_t h = n / 2;
  limb* conjugate_low = scratch;  // a0 ⊕ a1: conj(a) = a1·F + (a0 ⊕ a1)
  limb* norm = scratch + h;
  limb* temporary = scratch + 2 * h;
  limb* rest = scratch + 3 * h;
  for (std::size_t i = 0; i < h; ++i) conjugate_low[i] = a[i] ^ a[h + i];
  // N(a) = (a1^2 ⊗ H) ⊕ (a0 ⊗ (a0 ⊕ a1)), which lies in the half field.
  square_limbs(a + h, temporary, h, rest, ctx);
  times_half_limbs(temporary, norm, h, rest);
  mul_limbs(a, conjugate_low, temporary, h, rest, ctx);
  xor_into(norm, temporary, h);
  inverse_limbs(norm, temporary, h, rest, ctx);  // N^(-1)
  // a^(-1) = conj(a) ⊗ N^(-1) = (a1 ⊗ N^(-1))·F ⊕ (a0 ⊕ a1) ⊗ N^(-1).
  mul_limbs(a + h, temporary, out + h, h, rest, ctx);
  mul_limbs(conjugate_low, temporary, out, h, rest, ctx);
}

std::vector<std::vector<limb>> sqrt_half_constants(std::size_t n, const context& ctx) {
  std::vector<std::vector<limb>> constants;
  constants.push_back({nim_sqrt64(limb{1} << 63)});
  std::vector<limb> scratch;
  for (std::size_t m = 2; m < n; m *= 2) {
    // H_k = H_{k−1}·F_{k−1}: a1 = H_{k−1}, a0 = 0, so sqrt(H_k) = s·F ⊕ s^2 with s = sqrt(H_{k−1}).
    const std::vector<limb>& s = constants.back();
    std::vector<limb> next(m, 0);
    scratch.assign(scratch_limbs(m), 0);
    square_limbs(s.data(), next.data(), m / 2, scratch.data(), ctx);
    for (std::size_t i = 0; i < m / 2; ++i) next[m / 2 + i] = s[i];
    constants.push_back(std::move(next));
  }
  return constants;
}

void sqrt_limbs(const limb* a, limb* out, std::size_t n, limb* scratch,
                const std::vector<std::vector<limb>>& sqrt_half, const context& ctx) {
  if (n == 1) {
    out[0] = nim_sqrt64(a[0]);
    return;
  }
  if (n >= poll_threshold) ctx.poll();
  const std::size_t h = n / 2;
  sqrt_limbs(a + h, out + h, h, scratch, sqrt_half, ctx);
  sqrt_limbs(a, out, h, scratch, sqrt_half, ctx);
  const std::vector<limb>& root_of_half = sqrt_half[static_cast<std::size_t>(std::countr_zero(h))];
  mul_limbs(out + h, root_of_half.data(), scratch, h, scratch + h, ctx);
  xor_into(out, scratch, h);
}

}  // namespace cas::detail
