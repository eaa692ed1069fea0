// Nim sum, product, square, inverse, power and square root of finite nimbers
// (docs/spec/arithmetic.md §2).
#include <algorithm>
#include <bit>
#include <memory>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "finite/nimber_access.hpp"
#include "finite/nimber_on_path.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/limb_recursion.hpp"

namespace cas {
namespace {

using detail::limb;

const detail::limb_arithmetic& arithmetic_for(kernel_path path) {
  switch (path) {
    case kernel_path::avx512:
      return detail::avx512_limb_arithmetic();
    case kernel_path::clmul:
      return detail::clmul_limb_arithmetic();
    case kernel_path::portable:
      break;
  }
  return detail::tower_limb_arithmetic();
}

// Limb arrays for the recursions, on 64-byte boundaries (detail::allocate_limbs).
struct free_memory {
  void operator()(limb* p) const { detail::free_limbs(p); }
};
using limb_array = std::unique_ptr<limb[], free_memory>;

limb_array aligned_limbs(std::size_t count) {
  return limb_array(detail::allocate_limbs(count));
}

// a's limbs zero-padded to `count` (all zero for a = 0).
limb_array padded_limbs(const nimber& a, std::size_t count) {
  limb_array padded = aligned_limbs(count);
  const auto limbs = nimber_access::limbs(a);
  std::copy(limbs.begin(), limbs.end(), padded.get());
  std::fill(padded.get() + limbs.size(), padded.get() + count, limb{0});
  return padded;
}
limb_array zero_limbs(std::size_t count) {
  return padded_limbs(nimber{}, count);
}

nimber from_limbs(const limb_array& limbs, std::size_t count) {
  return nimber_access::from_limbs_unchecked(std::vector<limb>(limbs.get(), limbs.get() + count));
}

// Scratch for the limb recursions: every one writes a scratch word before reading it, so it is
// not zeroed (for a 2^16-bit square, zeroing it took a few per cent of the time).
limb_array scratch_for(std::size_t n) {
  return aligned_limbs(detail::scratch_limbs(n));
}

// Runs one of the unary limb operations on a padded copy of a.
nimber unary_operation(const nimber& a,
                       void (*operation)(limb*, limb*, std::size_t, limb*, const context&),
                       const context& ctx) {
  const std::size_t n = padded_limb_count(a);
  const limb_array input = padded_limbs(a, n);
  const limb_array output = zero_limbs(n);
  operation(input.get(), output.get(), n, scratch_for(n).get(), ctx);
  return from_limbs(output, n);
}

}  // namespace

namespace detail {

nimber nim_mul_on_path(kernel_path path, const nimber& a, const nimber& b, const context& ctx) {
  if (a.is_zero() || b.is_zero()) return {};
  std::size_t na = padded_limb_count(a), nb = padded_limb_count(b);
  const nimber& small = na <= nb ? a : b;
  const nimber& large = na <= nb ? b : a;
  if (na > nb) std::swap(na, nb);
  const limb_array x = padded_limbs(small, na);
  const limb_array y = padded_limbs(large, nb);
  const limb_array out = zero_limbs(nb);
  arithmetic_for(path).mul(x.get(), na, y.get(), nb, out.get(), scratch_for(na).get(), ctx);
  return from_limbs(out, nb);
}

}  // namespace detail

nimber nim_add(const nimber& a, const nimber& b) {
  const auto x = nimber_access::limbs(a);
  const auto y = nimber_access::limbs(b);
  if (x.size() <= 1 && y.size() <= 1) return nimber(a.low_word() ^ b.low_word());
  const auto longer = x.size() >= y.size() ? x : y;
  const auto shorter = x.size() >= y.size() ? y : x;
  std::vector<limb> sum(longer.begin(), longer.end());
  for (std::size_t i = 0; i < shorter.size(); ++i) sum[i] ^= shorter[i];
  return nimber_access::from_limbs_unchecked(std::move(sum));
}

nimber nim_mul(const nimber& a, const nimber& b, const context& ctx) {
  if (a.limbs().size() <= 1 && b.limbs().size() <= 1) {
    return nimber(nim_mul64(a.low_word(), b.low_word()));
  }
  return detail::nim_mul_on_path(active_kernel_path(), a, b, ctx);
}

nimber nim_square(const nimber& a, const context& ctx) {
  if (a.limbs().size() <= 1) return nimber(nim_square64(a.low_word()));
  return unary_operation(a, arithmetic_for(active_kernel_path()).square, ctx);
}

nimber nim_inv(const nimber& a, const context& ctx) {
  if (a.is_zero()) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  if (a.limbs().size() == 1) return nimber(nim_inv64(a.low_word()));
  return unary_operation(a, arithmetic_for(active_kernel_path()).inverse, ctx);
}

nimber nim_div(const nimber& a, const nimber& b, const context& ctx) {
  if (b.is_zero()) throw math_error("Nim division by zero.");
  return nim_mul(a, nim_inv(b, ctx), ctx);
}

nimber nim_sqrt(const nimber& a, const context& ctx) {
  if (a.limbs().size() <= 1) return nimber(nim_sqrt64(a.low_word()));
  return unary_operation(a, arithmetic_for(active_kernel_path()).sqrt, ctx);
}

nimber nim_pow(const nimber& a, const integer& e, const context& ctx) {
  if (e == 0) return nimber(1);
  if (a.is_zero()) {
    if (e < 0) throw math_error("The nimber 0 has no inverse (0 to a negative power).");
    return {};
  }
  const nimber base = e < 0 ? nim_inv(a, ctx) : a;
  integer exponent = e < 0 ? integer(-e) : e;
  ctx.check_limit(msb(exponent) + 1, ctx.limits().max_exponent_bits, "The exponent's size in bits",
                  "max_exponent_bits");
  // a lies in GF(2^d), d = degree(a), whose multiplicative group has order 2^d − 1.
  const std::uint64_t degree = nim_degree(a);
  const integer group_order = (integer(1) << degree) - 1;
  exponent %= group_order;
  if (exponent == 0) return nimber(1);
  if (degree <= 64) {
    std::uint64_t result = 1, square = base.low_word();
    for (std::uint64_t i = 0, bits = msb(exponent) + 1; i < bits; ++i) {
      if (bit_test(exponent, static_cast<unsigned>(i))) result = nim_mul64(result, square);
      square = nim_square64(square);
    }
    return nimber(result);
  }
  nimber result(1);
  for (std::uint64_t i = msb(exponent) + 1; i-- > 0;) {
    ctx.poll();
    result = nim_square(result, ctx);
    if (bit_test(exponent, static_cast<unsigned>(i))) result = nim_mul(result, base, ctx);
  }
  return result;
}

}  // namespace cas
