#include "tower/excess_test.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

std::uint64_t excess_test_field(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx) {
  const integer field = closure_of(beta, ctx).field_exponent();
  if (field % p == 0 || field % f != 0) {
    throw range_error("The field GF(2^" + field.str() + ") of the excess test for p = " +
                      std::to_string(p) + " is unusable: the α_p table is inconsistent.");
  }
  return static_cast<std::uint64_t>(field);
}

// The exponent (2^E − 1)/p is ((2^f − 1)/p)·Σ_{j<E/f} 2^(f·j), so with γ = β^((2^f − 1)/p) the
// power is ∏_{j<E/f} γ^(2^(f·j)): a norm-like product of Frobenius conjugates, built by doubling
// (P(2k) = P(k)·P(k)^(2^(f·k)), P(k + 1) = P(k)^(2^f)·γ) in O(log(E/f)) products; squarings are
// cheap in the tower. γ comes first, by square-and-multiply, so that every step of both phases
// can be reported and resumed.
bool is_pth_power(const ordinal& beta, std::uint64_t p, std::uint64_t f, const context& ctx,
                  const excess_test_observer& observer, std::uint64_t excess) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const std::uint64_t count = static_cast<std::uint64_t>(field.degree()) / f;
  const integer exponent = ((integer(1) << static_cast<unsigned>(f)) - 1) / p;
  const std::uint64_t power_steps = msb(exponent) + 1;
  const std::uint64_t product_steps = static_cast<std::uint64_t>(64 - __builtin_clzll(count));
  excess_test_checkpoint state;
  state.p = p;
  state.excess = excess;
  state.field_exponent = static_cast<std::uint64_t>(field.degree());
  state.steps = power_steps + product_steps;
  const excess_test_checkpoint* resume = observer.resume;
  if (resume != nullptr && resume->p == p && resume->excess == excess &&
      resume->field_exponent == state.field_exponent && resume->steps == state.steps &&
      resume->steps_done <= state.steps && resume->value.size() == field.words() &&
      (resume->steps_done <= power_steps || resume->gamma.size() == field.words())) {
    state = *resume;
  } else {
    state.value = field.one();
  }
  const tower_field::element x = field.from_ordinal(beta);
  auto stepped = [&] {
    ++state.steps_done;
    if (observer.step) observer.step(state);
  };
  // γ = β^exponent, the bits from the top.
  while (state.steps_done < power_steps) {
    ctx.poll();
    state.value = field.square(state.value);
    if (bit_test(exponent, static_cast<unsigned>(power_steps - 1 - state.steps_done)))
      state.value = field.mul(state.value, x);
    if (state.steps_done + 1 == power_steps) {
      state.gamma = state.value;
      state.value = field.one();
      state.k = 0;
    }
    stepped();
  }
  // ∏_{j<count} γ^(2^(f·j)), the bits of count from the top.
  while (state.steps_done < state.steps) {
    ctx.poll();
    const std::uint64_t bit = state.steps - 1 - state.steps_done;
    state.value = field.mul(state.value, field.frobenius(state.value, integer(f) * state.k));
    state.k *= 2;
    if ((count >> bit) & 1) {
      state.value = field.mul(field.frobenius(state.value, f), state.gamma);
      ++state.k;
    }
    stepped();
  }
  return state.value == field.one();
}

bool is_pth_power_directly(const ordinal& beta, std::uint64_t p, const context& ctx) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const integer exponent = ((integer(1) << static_cast<unsigned>(field.degree())) - 1) / p;
  return field.pow(field.from_ordinal(beta), exponent) == field.one();
}

// N = ∏_{j<E/f} β^(2^(f·j)) by doubling (N(2k) = N(k)·N(k)^(2^(f·k)), N(k + 1) = N(k)^(2^f)·β),
// then N^((2^f − 1)/p): the same criterion as is_pth_power with the operations in the other order,
// and N^(2^f) = N checked by f squarings (no Frobenius plan), which a wrong conjugate would fail.
bool is_pth_power_by_norm_first(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const std::uint64_t count = static_cast<std::uint64_t>(field.degree()) / f;
  const tower_field::element x = field.from_ordinal(beta);
  tower_field::element norm = field.one();
  std::uint64_t k = 0;
  for (int bit = 63 - __builtin_clzll(count); bit >= 0; --bit) {
    ctx.poll();
    norm = field.mul(norm, field.frobenius(norm, integer(f) * k));
    k *= 2;
    if ((count >> bit) & 1) {
      norm = field.mul(field.frobenius(norm, f), x);
      ++k;
    }
  }
  tower_field::element conjugate = norm;
  for (std::uint64_t i = 0; i < f; ++i) conjugate = field.square(conjugate);
  if (conjugate != norm) {
    throw internal_error("The norm of β to GF(2^" + std::to_string(f) +
                         ") is not in that field: the tower's Frobenius disagrees with squaring.");
  }
  // N^((2^f − 1)/p) by a sliding window of 5 bits (Knuth, TAOCP 4.6.3): about f/6 products of
  // the dense N instead of f/2, with the odd powers N, N^3, …, N^31 precomputed.
  const integer exponent = ((integer(1) << static_cast<unsigned>(f)) - 1) / p;
  constexpr unsigned window = 5;
  std::vector<tower_field::element> odd_powers{norm};
  const tower_field::element norm_squared = field.square(norm);
  for (unsigned i = 1; i < (1u << (window - 1)); ++i)
    odd_powers.push_back(field.mul(odd_powers.back(), norm_squared));
  tower_field::element power = field.one();
  for (long bit = static_cast<long>(msb(exponent)); bit >= 0;) {
    ctx.poll();
    if (!bit_test(exponent, static_cast<unsigned>(bit))) {
      power = field.square(power);
      --bit;
      continue;
    }
    // The longest run of at most `window` bits from here that ends in a 1.
    long low = std::max<long>(bit - static_cast<long>(window) + 1, 0);
    while (!bit_test(exponent, static_cast<unsigned>(low))) ++low;
    unsigned digit = 0;
    for (long i = bit; i >= low; --i) {
      power = field.square(power);
      digit = 2 * digit + (bit_test(exponent, static_cast<unsigned>(i)) ? 1 : 0);
    }
    power = field.mul(power, odd_powers[digit / 2]);
    bit = low - 1;
  }
  return power == field.one();
}

}  // namespace cas::detail
