// The construction of a tower field (cas/tower/tower.hpp): its steps from the κ closure, the
// packed base, and the field spanned by given ordinals. The arithmetic is in tower_arithmetic.cpp,
// the Frobenius maps in tower_frobenius.cpp, the conversions in tower_conversions.cpp.
#include "cas/tower/tower.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <string>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/packed_field.hpp"
#include "tower/word_arrays.hpp"

namespace cas {
namespace {

using detail::gather_bits;
using detail::low_bits_mask;
using detail::word;

}  // namespace

tower_field::tower_field(const kappa_closure& closure, const context& ctx) : ctx_(&ctx) {
  degree_ = closure.field_exponent();
  if (degree_ > integer(ctx.limits().max_tower_degree)) {
    throw limit_error("The degree E of the tower field GF(2^E) is " + degree_.str() +
                      ", above the limit max_tower_degree = " +
                      std::to_string(ctx.limits().max_tower_degree) + ".");
  }
  // The Fermat part GF(2^(2^j)): a base of up to 64 bits, then steps F_k^2 = F_k ⊕ H_k.
  const auto two = closure.prime_powers.find(2);
  const std::uint64_t j = two == closure.prime_powers.end() ? 0 : two->second;
  fermat_bits_ = 1u << std::min<std::uint64_t>(j, 6);
  base_bits_ = fermat_bits_;
  for (std::uint64_t k = 6; k < j; ++k) {
    tower_step step;
    step.type = tower_step::kind::artin_schreier;
    step.degree = 2;
    step.q = std::uint64_t{1} << (k + 1);
    step.constant = element(words_.back(), 0);
    // H_k = 2^(2^k − 1): the top bit of the field below, in its word layout.
    step.constant.back() = word{1} << 63;
    add_step(std::move(step));
  }
  finite_words_ = words_.back();
  // The odd κ's, smaller primes first (α_p involves only smaller primes), powers ascending.
  for (const auto& [prime, power] : closure.prime_powers) {
    if (prime == 2) continue;
    std::uint64_t q = prime;
    for (std::uint64_t k = 0; k < power; ++k, q *= prime) {
      tower_step step;
      step.type = tower_step::kind::power;
      step.degree = prime;
      step.q = q;
      const ordinal constant =
          k == 0 ? alphas_of(ctx).alpha(prime) : kappa_of_prime_power(q / prime, ctx);
      step.constant = from_ordinal(constant);  // the field so far holds it
      step.constant_degree = static_cast<std::uint64_t>(closure_of(constant, ctx).field_exponent());
      odd_position_of_step_.resize(steps_.size() + 1, 0);
      digit_of_step_.resize(steps_.size() + 1, 0);
      odd_position_of_step_[steps_.size()] = position_of_odd_prime(prime);
      digit_of_step_[steps_.size()] = k;
      add_step(std::move(step));
    }
  }
  odd_position_of_step_.resize(steps_.size(), 0);
  digit_of_step_.resize(steps_.size(), 0);
  pack_base();
  workspace ws = make_workspace();
  squaring_ = plan_frobenius_map(1, ws, true).monomial;
}

// While the tower is built, the arithmetic works in the layout itself (base_ is null).
void tower_field::add_step(tower_step step) {
  words_.push_back(words_.back() * step.degree);
  layout_words_.push_back(words_.back());
  layout_steps_.push_back(step);
  steps_.push_back(std::move(step));
}

void tower_field::pack_base() {
  // The largest level whose field has at most 64 bits.
  std::size_t top = 0;
  unsigned bits = fermat_bits_;
  while (top < steps_.size() && bits * steps_[top].degree <= 64) {
    bits *= static_cast<unsigned>(steps_[top].degree);
    ++top;
  }
  const std::size_t group = words_[top];
  // A generator: the first element of a fixed pseudo-random sequence whose powers 1, g, …,
  // g^(bits − 1) are independent. Most elements qualify (those in no proper subfield).
  workspace ws = make_workspace();
  std::uint64_t state = 0x9e3779b97f4a7c15;
  while (base_ == nullptr) {
    ctx_->poll();
    element g(group), power(group, 0), next(group);
    for (word& w : g) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      w = (state >> 7) & low_bits_mask(fermat_bits_);
    }
    power[0] = 1;
    std::vector<std::uint64_t> powers;
    for (unsigned i = 0; i <= bits; ++i) {
      powers.push_back(gather_bits(power.data(), group, fermat_bits_));
      mul_level(top, power.data(), g.data(), next.data(), ws);
      power.swap(next);
    }
    if (auto basis = detail::polynomial_basis_from_powers(bits, powers)) {
      base_ = std::make_shared<const detail::polynomial_basis>(std::move(*basis));
    }
  }
  packed_group_ = group;
  base_bits_ = bits;
  std::vector<tower_step> packed_steps(steps_.begin() + static_cast<std::ptrdiff_t>(top),
                                       steps_.end());
  for (tower_step& step : packed_steps) step.constant = pack(step.constant);
  std::vector<std::size_t> packed_words;
  for (std::size_t level = top; level < words_.size(); ++level)
    packed_words.push_back(words_[level] / group);
  steps_ = std::move(packed_steps);
  words_ = std::move(packed_words);
}

tower_field tower_field::field_below_top() const {
  if (steps_.empty()) throw internal_error("The tower field has no step above its packed base.");
  {
    const std::lock_guard<std::mutex> lock(plans_->mutex);
    if (plans_->below_top) return *plans_->below_top;
  }
  tower_field below = *this;
  below.degree_ /= steps_.back().degree;
  below.steps_.pop_back();
  below.words_.pop_back();
  // The top step is the layout's last too: every step above the packed base is one of it.
  below.layout_steps_.pop_back();
  below.layout_words_.pop_back();
  below.odd_position_of_step_.pop_back();
  below.digit_of_step_.pop_back();
  below.plans_ = std::make_shared<plan_cache>();
  workspace ws = below.make_workspace();
  below.squaring_ = below.plan_frobenius_map(1, ws, true).monomial;
  const std::lock_guard<std::mutex> lock(plans_->mutex);
  if (!plans_->below_top) plans_->below_top = std::make_shared<const tower_field>(below);
  return *plans_->below_top;
}

tower_field tower_field::spanning(const std::vector<ordinal>& values, const context& ctx) {
  kappa_closure closure;
  for (const ordinal& v : values) closure = closure_union(closure, closure_of(v, ctx));
  return tower_field(closure, ctx);
}

}  // namespace cas
