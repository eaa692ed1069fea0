// Frobenius maps x ↦ x^(2^s) of a tower field (cas/tower/tower.hpp), planned once per s level by
// level, and the degree of an element found with them.
#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/tower/tower.hpp"
#include "kernels/packed_field.hpp"
#include "tower/monomial_frobenius.hpp"
#include "tower/semilinear_orbit.hpp"
#include "tower/word_arrays.hpp"

namespace cas {
namespace {

using detail::all_zero;
using detail::word;
using detail::xor_into;

// Up to this many squarings of a base word cost less than a lookup per byte.
constexpr unsigned squarings_below_base_map = 3;

}  // namespace

tower_field::element tower_field::step_constant_power(std::size_t level, const integer& s,
                                                      std::uint64_t r, std::uint64_t m,
                                                      workspace& ws) const {
  const tower_step& step = steps_[level - 1];
  const std::uint64_t d = step.degree;
  const std::size_t n = words_[level - 1];
  // The binary digits of (2^s − r)/ℓ repeat with the period o of 2 modulo ℓ: for s = o·q + u,
  // (2^s − r)/ℓ = 2^u·P·R_q + (2^u − r)/ℓ with P = (2^o − 1)/ℓ and R_q = Σ_(i<q) 2^(o·i), so
  // c = z^(R_q)·a^((2^u − r)/ℓ) for z = (a^P)^(2^u), and z^(R_q) = Π_(i<q) F^(o·i)(z). F^(o·i)
  // fixes GF(2^m) from i = p = m/gcd(m, o) on, so the product is N_p^⌊q/p⌋·N_(q mod p) for
  // N_j = Π_(i<j) F^(o·i)(z): about 3o squarings and 4·log2(min(q, p)) products and maps of the
  // level below instead of m squarings.
  const std::uint64_t o = order_of_two_modulo(d, *ctx_);
  const integer q = s / o;
  const auto u = static_cast<std::uint64_t>(s % o);
  const std::uint64_t period = m / std::gcd(m, o);
  const std::uint64_t steps = q < period ? static_cast<std::uint64_t>(q) : period;
  if (steps == 0 || 3 * o + 3 * steps >= m) {  // e reduced below 2^m, directly
    const integer e = (((integer(1) << static_cast<unsigned>(s)) - r) / d) %
                      ((integer(1) << static_cast<unsigned>(m)) - 1);
    return pow_level(level - 1, step.constant, e, ws);
  }
  auto mul_below = [&](const element& x, const element& y) {
    element out(n, 0);
    mul_level(level - 1, x.data(), y.data(), out.data(), ws);
    return out;
  };
  element z =
      pow_level(level - 1, step.constant, ((integer(1) << static_cast<unsigned>(o)) - 1) / d, ws);
  element temporary(n, 0);
  for (std::uint64_t i = 0; i < u; ++i) {
    square_level(level - 1, z.data(), temporary.data(), ws);
    z.swap(temporary);
  }
  // N_n = Φ^n(1) for Φ(y) = z·F^o(y) (semilinear_orbit.hpp), with plans of the level's own
  // levels for the shifts o·k: about 2·log2(n) products and maps where the chain of all N_j
  // took n (n is up to 220 for α_47 over GF(2^5060)).
  std::map<std::uint64_t, frobenius_plan> plans;
  auto frobenius_below = [&](const element& x, std::uint64_t k) {
    auto found = plans.find(k);
    if (found == plans.end()) {
      found = plans.emplace(k, plan_frobenius(integer(o) * k, ws, level - 1)).first;
    }
    apply_frobenius(level - 1, found->second, x.data(), temporary.data(), ws);
    return temporary;
  };
  auto norm = [&](std::uint64_t count) {
    if (count == 0) {
      element one(n, 0);
      one[0] = 1;  // N_0
      return one;
    }
    return detail::orbit_by_doubling(z, count, nullptr, frobenius_below, mul_below).norm;
  };
  const std::uint64_t rest = static_cast<std::uint64_t>(q % period);
  element c = q < period
                  ? norm(steps)
                  : mul_below(pow_level(level - 1, norm(period), q / period, ws), norm(rest));
  const integer tail = ((integer(1) << static_cast<unsigned>(u)) - r) / d;
  return mul_below(c, pow_level(level - 1, step.constant, tail, ws));
}

tower_field::frobenius_plan tower_field::plan_frobenius(const integer& s, workspace& ws,
                                                        std::size_t coefficient_levels) const {
  frobenius_plan plan;
  plan.shift.resize(steps_.size() + 1);
  plan.target.resize(steps_.size() + 1);
  plan.coefficient.resize(steps_.size() + 1);
  integer field_degree = base_bits_;  // E at level 0
  plan.shift[0] = s % field_degree;
  if (base_ && plan.shift[0] > squarings_below_base_map) {
    plan.base_map = std::make_shared<const detail::byte_linear_map>(
        base_->field.frobenius_images(static_cast<unsigned>(plan.shift[0])), base_bits_);
  }
  for (std::size_t level = 1; level <= steps_.size(); ++level) {
    ctx_->poll();
    const tower_step& step = steps_[level - 1];
    const std::size_t n = words_[level - 1], d = step.degree;
    const integer below_degree = field_degree;
    field_degree *= d;
    const integer shift = s % field_degree;  // Frobenius^E is the identity on GF(2^E)
    plan.shift[level] = shift;
    auto& targets = plan.target[level];
    auto& coefficients = plan.coefficient[level];
    auto mul_below = [&](const element& a, const element& b) {
      element out(n, 0);
      mul_level(level - 1, a.data(), b.data(), out.data(), ws);
      return out;
    };
    element one_below(n, 0);
    one_below[0] = 1;
    if (step.type == tower_step::kind::artin_schreier) {
      // t^2 = t + a: Frobenius^s(t) = t + Σ_{i<s} a^(2^i). s < E here, and the field below is
      // small (this step only comes from coefficients above 64 bits), so sum directly.
      element sum(n, 0), power = step.constant, temporary(n, 0);
      for (integer i = 0; i < shift; ++i) {
        sum = add(sum, power);
        square_level(level - 1, power.data(), temporary.data(), ws);
        power.swap(temporary);
      }
      targets = {0, 1};
      coefficients = {one_below, sum};  // t^0 ↦ 1; t ↦ t + sum (stored as the shift of t)
      continue;
    }
    // t^ℓ = a: t^(2^s) = t^r·c with r = 2^s mod ℓ, c = a^((2^s − r)/ℓ), a in GF(2^m) for the
    // degree m of its own closure (often far below E'); then (t^r·c)^i = c^i·a^⌊ir/ℓ⌋·t^(ir mod ℓ).
    const integer two_to_s = integer(1) << static_cast<unsigned>(shift);
    const std::uint64_t r = static_cast<std::uint64_t>(two_to_s % d);
    const auto group_degree =
        step.constant_degree != 0 ? step.constant_degree : static_cast<std::uint64_t>(below_degree);
    targets.assign(d, 0);
    for (std::size_t i = 0; i < d; ++i) targets[i] = (i * r) % d;
    if (level > coefficient_levels) continue;
    // From i to i + 1 the power of a grows by ⌊(i + 1)r/ℓ⌋ − ⌊ir/ℓ⌋, 0 or 1 as r < ℓ: one
    // product by c or by c·a per coefficient.
    const element c = step_constant_power(level, shift, r, group_degree, ws);
    const element c_times_a = mul_below(c, step.constant);
    coefficients.assign(d, one_below);
    for (std::size_t i = 1; i < d; ++i) {
      const bool carry = (i * r) / d != ((i - 1) * r) / d;
      coefficients[i] = mul_below(coefficients[i - 1], carry ? c_times_a : c);
    }
  }
  return plan;
}

tower_field::planned_frobenius tower_field::plan_frobenius_map(const integer& s, workspace& ws,
                                                               bool reused) const {
  planned_frobenius map{plan_frobenius(s, ws), nullptr};
  if (!base_) return map;  // while the tower is being built
  map.monomial = detail::monomial_frobenius::from_plan(
      map.plan.target, map.plan.coefficient, steps_, words_, base_->field,
      static_cast<unsigned>(map.plan.shift[0]), map.plan.base_map, reused);
  return map;
}

std::shared_ptr<const tower_field::planned_frobenius> tower_field::cached_plan(
    const integer& s, workspace& ws) const {
  const integer shift = s % degree_;
  {
    const std::lock_guard<std::mutex> lock(plans_->mutex);
    const auto found = plans_->plans.find(shift);
    if (found != plans_->plans.end()) return found->second;
  }
  auto map = std::make_shared<const planned_frobenius>(plan_frobenius_map(shift, ws));
  const std::lock_guard<std::mutex> lock(plans_->mutex);
  if (plans_->plans.size() >= max_cached_plans) plans_->plans.clear();
  plans_->plans.emplace(shift, map);
  return map;
}

std::shared_ptr<const tower_field::frobenius_plan> tower_field::cached_plan_below_top(
    const integer& s, workspace& ws) const {
  const integer shift = s % degree_;
  {
    const std::lock_guard<std::mutex> lock(plans_->mutex);
    if (const auto whole = plans_->plans.find(shift); whole != plans_->plans.end()) {
      return {whole->second, &whole->second->plan};  // shares the whole plan's ownership
    }
    const auto found = plans_->plans_below_top.find(shift);
    if (found != plans_->plans_below_top.end()) return found->second;
  }
  auto plan = std::make_shared<const frobenius_plan>(plan_frobenius(shift, ws, steps_.size() - 1));
  const std::lock_guard<std::mutex> lock(plans_->mutex);
  if (plans_->plans_below_top.size() >= max_cached_plans) plans_->plans_below_top.clear();
  plans_->plans_below_top.emplace(shift, plan);
  return plan;
}

std::shared_ptr<const detail::monomial_frobenius> tower_field::monomial_frobenius_map(
    const integer& s) const {
  if (!squaring_) return nullptr;
  workspace ws = make_workspace();
  return cached_plan(s, ws)->monomial;
}

void tower_field::apply_planned(const planned_frobenius& map, const word* x, word* out,
                                workspace& ws) const {
  if (map.monomial) {
    map.monomial->apply(x, out);
  } else {
    apply_frobenius(steps_.size(), map.plan, x, out, ws);
  }
}

void tower_field::square_top(const word* x, word* out, workspace& ws) const {
  if (squaring_) {
    squaring_->apply(x, out);
  } else {
    square_level(steps_.size(), x, out, ws);
  }
}

ON2_PCLMUL_CAPABLE void tower_field::apply_frobenius(std::size_t level, const frobenius_plan& plan,
                                                     const word* x, word* out,
                                                     workspace& ws) const {
  if (level == 0) {
    if (plan.base_map) {
      out[0] = (*plan.base_map)(x[0]);
      return;
    }
    word y = x[0];
    for (auto i = static_cast<unsigned>(plan.shift[0]); i-- > 0;)
      y = base_ ? base_->field.square(y) : nim_square64(y);
    out[0] = y;
    return;
  }
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  std::vector<word> image(n), product(n);
  if (step.type == tower_step::kind::artin_schreier) {
    // (x1·t + x0) ↦ F(x1)·(t + sum) + F(x0).
    apply_frobenius(level - 1, plan, x + n, out + n, ws);
    apply_frobenius(level - 1, plan, x, out, ws);
    mul_level(level - 1, out + n, plan.coefficient[level][1].data(), product.data(), ws);
    xor_into(out, product.data(), n);
    return;
  }
  std::fill(out, out + d * n, 0);
  for (std::size_t i = 0; i < d; ++i) {
    if (all_zero(x + i * n, n)) continue;
    apply_frobenius(level - 1, plan, x + i * n, image.data(), ws);
    mul_level(level - 1, image.data(), plan.coefficient[level][i].data(), product.data(), ws);
    xor_into(out + plan.target[level][i] * n, product.data(), n);
  }
}

tower_field::element tower_field::frobenius(const element& x, const integer& s) const {
  const integer count = s % degree_;
  workspace ws = make_workspace();
  element result = x, temporary(words(), 0);
  if (count <= 8) {  // a few squarings are cheaper than a plan
    for (integer i = 0; i < count; ++i) {
      square_top(result.data(), temporary.data(), ws);
      result.swap(temporary);
    }
    return result;
  }
  apply_planned(*cached_plan(count, ws), x.data(), temporary.data(), ws);
  return temporary;
}

std::vector<tower_field::element> tower_field::frobenius(const std::vector<element>& xs,
                                                         const integer& s) const {
  const integer count = s % degree_;
  if (count <= 8 || xs.size() <= 1) {
    std::vector<element> images;
    images.reserve(xs.size());
    for (const element& x : xs) images.push_back(frobenius(x, count));
    return images;
  }
  workspace ws = make_workspace();
  const std::shared_ptr<const planned_frobenius> map = cached_plan(count, ws);
  std::vector<element> images(xs.size(), element(words(), 0));
  for (std::size_t i = 0; i < xs.size(); ++i) {
    ctx_->poll();
    apply_planned(*map, xs[i].data(), images[i].data(), ws);
  }
  return images;
}

std::vector<tower_field::element> tower_field::frobenius_orbit(const element& x, const integer& s,
                                                               std::size_t count) const {
  std::vector<element> orbit;
  orbit.reserve(count);
  if (count == 0) return orbit;
  orbit.push_back(x);
  const integer shift = s % degree_;
  if (shift <= 8) {
    while (orbit.size() < count) orbit.push_back(frobenius(orbit.back(), shift));
    return orbit;
  }
  workspace ws = make_workspace();
  const std::shared_ptr<const planned_frobenius> map = cached_plan(shift, ws);
  while (orbit.size() < count) {
    ctx_->poll();
    element image(words(), 0);
    apply_planned(*map, orbit.back().data(), image.data(), ws);
    orbit.push_back(std::move(image));
  }
  return orbit;
}

tower_field::element tower_field::trace_to_subfield(const element& x, std::uint64_t d) const {
  if (d == 0 || degree_ % d != 0) {
    throw internal_error("a trace down to a degree that does not divide the field's.");
  }
  // Tr_(E/GF(2^d)) = Tr_(K/GF(2^d)) ∘ Tr_(E/K) for the field K below a step whose degree d
  // divides, and Tr_(E/K)(Σ X_i·t^i) is ℓ·X_0 = X_0 for a power step (t^ℓ = a, ℓ odd: the power
  // sums of the roots of y^ℓ − a vanish below ℓ) and X_1 for an Artin–Schreier step (t² = t + a:
  // the roots t and t + 1 sum to 1). So the trace descends the tower by reading one line, and
  // the maps F^d run only on the least level whose degree d divides.
  std::size_t level = steps_.size();
  std::size_t offset = 0;  // of the level's part of x
  integer level_degree = degree_;
  while (level > 0 && (level_degree / steps_[level - 1].degree) % d == 0) {
    if (steps_[level - 1].type == tower_step::kind::artin_schreier) offset += words_[level - 1];
    level_degree /= steps_[level - 1].degree;
    --level;
  }
  const std::size_t n = words_[level];
  const auto count = static_cast<std::uint64_t>(level_degree / d);
  const element part(x.begin() + static_cast<std::ptrdiff_t>(offset),
                     x.begin() + static_cast<std::ptrdiff_t>(offset + n));
  element sum = part, image(n, 0);
  workspace ws = make_workspace();
  // out = F^shift(in) at the level (the whole field's plan at the top, the levels below's else).
  auto map = [&](std::uint64_t shift, const word* in, word* out) {
    ctx_->poll();
    if (level == steps_.size()) {
      apply_planned(*cached_plan(integer(shift), ws), in, out, ws);
    } else {
      apply_frobenius(level, *cached_plan_below_top(integer(shift), ws), in, out, ws);
    }
  };
  if (count <= 32) {  // T_(k+1) = x + F^d(T_k): one plan
    for (std::uint64_t k = 1; k < count; ++k) {
      map(d, sum.data(), image.data());
      sum = part;
      xor_into(sum.data(), image.data(), n);
    }
  } else {  // and T_(2k) = T_k + F^(d·k)(T_k): a plan per bit of the count
    std::uint64_t k = 1;
    for (int bit = 62 - std::countl_zero(count); bit >= 0; --bit) {
      map(d * k, sum.data(), image.data());
      xor_into(sum.data(), image.data(), n);
      k *= 2;
      if (((count >> bit) & 1) != 0) {
        map(d, sum.data(), image.data());
        sum = part;
        xor_into(sum.data(), image.data(), n);
        ++k;
      }
    }
  }
  sum.resize(words(), 0);  // the trace lies in the level's field: its first words
  return sum;
}

bool tower_field::is_fixed_by_frobenius(const element& x, const integer& s) const {
  return fixed_on_lines(x, s, false) == fixedness::yes;
}

tower_field::fixedness tower_field::fixed_on_lines(const element& x, const integer& s,
                                                   bool screen) const {
  auto exact = [](bool fixed) { return fixed ? fixedness::yes : fixedness::no; };
  const integer count = s % degree_;
  if (count == 0) return fixedness::yes;
  if (count <= 8 || steps_.empty()) return exact(frobenius(x, count) == x);
  workspace ws = make_workspace();
  const std::size_t level = steps_.size();
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  // F^s sends line i, scaled by coefficient i, to line target i (a permutation of the lines);
  // coefficient 0 is 1. The zero lines and line 0 are checked first, as they cost nothing or
  // a map of K, and need no coefficients of the top: a test that fails there makes no whole plan.
  bool line_0_checked = false;
  if (step.type == tower_step::kind::power) {
    const std::shared_ptr<const frobenius_plan> below = cached_plan_below_top(count, ws);
    const std::vector<std::size_t>& targets = below->target[level];
    for (std::size_t i = 0; i < d; ++i) {
      if (all_zero(x.data() + i * n, n) != all_zero(x.data() + targets[i] * n, n)) {
        return fixedness::no;
      }
    }
    if (!all_zero(x.data(), n)) {
      std::vector<word> image(n);
      apply_frobenius(level - 1, *below, x.data(), image.data(), ws);
      if (!std::equal(image.begin(), image.end(), x.data())) return fixedness::no;
    }
    if (all_zero(x.data() + n, (d - 1) * n)) return fixedness::yes;  // x lies in K
    line_0_checked = true;
  }
  const std::shared_ptr<const planned_frobenius> map = cached_plan(count, ws);
  if (map->monomial || step.type == tower_step::kind::artin_schreier) {
    element image(words(), 0);
    apply_planned(*map, x.data(), image.data(), ws);
    return exact(image == x);
  }
  const std::vector<std::size_t>& targets = map->plan.target[level];
  std::vector<word> image(n), product(n);
  for (std::size_t i = line_0_checked ? 1 : 0; i < d; ++i) {
    if (all_zero(x.data() + i * n, n)) continue;
    apply_frobenius(level - 1, map->plan, x.data() + i * n, image.data(), ws);
    mul_level(level - 1, image.data(), map->plan.coefficient[level][i].data(), product.data(), ws);
    if (!std::equal(product.begin(), product.end(), x.data() + targets[i] * n)) {
      return fixedness::no;
    }
    // Line 0 is x's part in K, often in a small subfield of K; a line above it tells more.
    if (screen && i != 0) {
      for (std::size_t j = i + 1; j < d; ++j) {
        if (!all_zero(x.data() + j * n, n)) return fixedness::probably;
      }
      return fixedness::yes;
    }
  }
  return fixedness::yes;
}

std::uint64_t tower_field::degree_of(const element& x) const {
  // The degree divides E: from E, divide by each prime factor r while x^(2^(n/r)) = x still
  // holds. That descent ends at the degree from any multiple n of it. So the tests first screen
  // two lines each, where a passing test costs a line and not the whole map; the candidate is
  // confirmed by one whole test, and the descent from it, whose tests fail on their first lines,
  // ends at the degree. A screen that passed wrongly leaves the descent from E.
  auto degree = static_cast<std::uint64_t>(degree_);
  std::vector<std::uint64_t> primes;
  std::uint64_t rest = degree;
  for (std::uint64_t r = 2; r * r <= rest; ++r) {
    if (rest % r != 0) continue;
    primes.push_back(r);
    while (rest % r == 0) rest /= r;
  }
  if (rest > 1) primes.push_back(rest);
  bool screened = false;
  auto descend = [&](std::uint64_t n, bool screen) {
    for (const std::uint64_t r : primes) {
      while (n % r == 0) {
        const fixedness fixed = fixed_on_lines(x, n / r, screen);
        if (fixed == fixedness::no) break;
        screened = screened || fixed == fixedness::probably;
        n /= r;
      }
    }
    return n;
  };
  const std::uint64_t candidate = descend(degree, true);
  if (!screened) return candidate;
  return descend(is_fixed_by_frobenius(x, candidate) ? candidate : degree, false);
}

}  // namespace cas
