// Power projection (V. Shoup, "Fast construction of irreducible polynomials over finite fields",
// J. Symbolic Comput. 17, 1994, §4: baby steps, giant steps and transposed products) for the
// sequence s_k = Tr(a^k), k < 2d, d = 2^n the degree of a. Its least recurrence is the minimal
// polynomial of a: that polynomial is irreducible and the sequence is not 0 (the trace is onto
// GF(2) on F₂(a), the whole field of level n), so Berlekamp–Massey on 2d terms finds it.
//
// With k = i + m·j (m even), s_k = Tr(a^(m·j) ⊗ a^i) = parity(a^(m·j) & dual(a^i)) by the trace
// form of finite/trace_dual.hpp; Tr(x^2) = Tr(x) gives s_(2k) = s_k, so only odd i are needed.
#include "finite/minpoly_by_projection.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <vector>

#include "finite/gf2_berlekamp_massey.hpp"
#include "finite/trace_dual.hpp"

namespace cas::detail {
namespace {

using u64 = std::uint64_t;

// The baby steps dual(a^i), odd i < m, take m/2 · d bits: at most 2^29 bits (64 MiB).
constexpr u64 baby_step_bits = u64{1} << 29;

u64 baby_step_span(unsigned level) {
  const u64 degree = u64{1} << level;
  u64 m = u64{2} << ((level + 1) / 2);  // about 2√d: as many baby as giant steps
  while (m > 2 && (m / 2) * degree > baby_step_bits) m /= 2;
  return std::min(m, 2 * degree);
}

}  // namespace

gf2_polynomial minpoly_by_power_projection(const nimber& a, const context& ctx) {
  const unsigned level = a.level();
  const u64 degree = u64{1} << level;
  const u64 length = 2 * degree;
  const std::size_t words = static_cast<std::size_t>(std::max<u64>(1, degree / 64));
  const u64 m = baby_step_span(level);

  // dual(a^i) for i = 1, 3, …, m − 1.
  std::vector<u64> babies((m / 2) * words, 0);
  const nimber a_squared = nim_square(a, ctx);
  nimber power = a;
  for (u64 i = 1; i < m; i += 2) {
    ctx.poll();
    u64* baby = babies.data() + (i / 2) * words;
    const auto limbs = power.limbs();
    std::copy(limbs.begin(), limbs.end(), baby);
    trace_dual_in_place(baby, level);
    if (i + 2 < m) power = nim_mul(power, a_squared, ctx);
  }
  const nimber giant_step = nim_mul(power, a, ctx);  // a^m

  std::vector<u64> sequence((length + 63) / 64, 0);
  nimber giant = nimber(1);  // a^(m·j)
  for (u64 j = 0; j * m < length; ++j) {
    ctx.poll();
    const auto limbs = giant.limbs();
    for (u64 i = 1; i < m && i + j * m < length; i += 2) {
      const u64* baby = babies.data() + (i / 2) * words;
      u64 parity = 0;
      for (std::size_t w = 0; w < limbs.size(); ++w) parity ^= limbs[w] & baby[w];
      if (std::popcount(parity) % 2 != 0) {
        const u64 k = i + j * m;
        sequence[k / 64] |= u64{1} << (k % 64);
      }
    }
    if ((j + 1) * m < length) giant = nim_mul(giant, giant_step, ctx);
  }
  for (u64 k = 2; k < length; k += 2) {  // s_k = s_(k/2); s_0 = Tr(1) = 0 for d ≥ 2
    if ((sequence[k / 128] >> ((k / 2) % 64)) & 1) sequence[k / 64] |= u64{1} << (k % 64);
  }

  return minimal_polynomial_from_recurrence(gf2_berlekamp_massey(sequence, length, ctx), degree);
}

}  // namespace cas::detail
