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

namespace {

// ∏_{j<count} g^(2^(f·j)), right to left over the bits of count (B(2n) = B(n)·B(n)^(2^(f·n)), and
// R(a + n) = R(a)·B(n)^(2^(f·a)) for each set bit): other products and Frobenius shifts than
// is_pth_power's left-to-right doubling.
tower_field::element conjugate_product_right_to_left(const tower_field& field,
                                                     const tower_field::element& g, std::uint64_t f,
                                                     std::uint64_t count, const context& ctx) {
  tower_field::element result = field.one(), block = g;
  std::uint64_t result_length = 0, block_length = 1;
  for (std::uint64_t rest = count; rest != 0; rest >>= 1) {
    ctx.poll();
    if (rest & 1) {
      result = field.mul(result, field.frobenius(block, integer(f) * result_length));
      result_length += block_length;
    }
    if (rest > 1) {
      block = field.mul(block, field.frobenius(block, integer(f) * block_length));
      block_length *= 2;
    }
  }
  return result;
}

// x^(2^f) = x by f squarings (no Frobenius plan), or internal_error naming `what`.
void require_in_subfield(const tower_field& field, const tower_field::element& x, std::uint64_t f,
                         const char* what, const context& ctx) {
  tower_field::element conjugate = x;
  for (std::uint64_t i = 0; i < f; ++i) {
    if (i % 64 == 0) ctx.poll();
    conjugate = field.square(conjugate);
  }
  if (conjugate != x) {
    throw internal_error(std::string(what) + " is not in GF(2^" + std::to_string(f) +
                         "): the tower's Frobenius disagrees with squaring.");
  }
}

}  // namespace

bool is_pth_power_right_to_left(const ordinal& beta, std::uint64_t p, std::uint64_t f,
                                const context& ctx) {
  const tower_field field = tower_field::spanning({beta}, ctx);
  const std::uint64_t count = static_cast<std::uint64_t>(field.degree()) / f;
  const tower_field::element x = field.from_ordinal(beta);
  // The norm of β to GF(2^f) must lie there: a check of the Frobenius plans and products below.
  require_in_subfield(field, conjugate_product_right_to_left(field, x, f, count, ctx), f,
                      "The norm of β", ctx);
  const tower_field::element gamma =
      field.pow(x, ((integer(1) << static_cast<unsigned>(f)) - 1) / p);
  const tower_field::element power = conjugate_product_right_to_left(field, gamma, f, count, ctx);
  require_in_subfield(field, power, f, "β^((2^E − 1)/p)", ctx);
  return power == field.one();
}

}  // namespace cas::detail
