#include "cas/tower/tower.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string>

#include "cas/kappa/alpha_table.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/arith/primes.hpp"
#include "kernels/packed_field.hpp"

namespace cas {
namespace {

using word = std::uint64_t;

bool all_zero(const word* x, std::size_t n) {
  return std::all_of(x, x + n, [](word w) { return w == 0; });
}

void xor_into(word* target, const word* source, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) target[i] ^= source[i];
}

using detail::u128;

// Scratch of `count` words, on the stack when small: the products below run millions of times
// in the large fields, and a heap allocation per call cost more than the small products.
class scratch_words {
 public:
  explicit scratch_words(std::size_t count) : heap_(count > small_size ? count : 0) {}
  word* data() { return heap_.empty() ? small_.data() : heap_.data(); }

 private:
  static constexpr std::size_t small_size = 256;
  std::array<word, small_size> small_;
  std::vector<word> heap_;
};

word low_bits_mask(unsigned bits) { return bits == 64 ? ~word{0} : (word{1} << bits) - 1; }

// The layout's base words w[0 .. group), `bits` bits each, as one coordinate vector, and back.
word gather_bits(const word* w, std::size_t group, unsigned bits) {
  word c = 0;
  for (std::size_t i = 0; i < group; ++i) c |= w[i] << (i * bits);
  return c;
}

void scatter_bits(word c, word* w, std::size_t group, unsigned bits) {
  for (std::size_t i = 0; i < group; ++i) w[i] = (c >> (i * bits)) & low_bits_mask(bits);
}

// out[0 .. 2m − 1) ^= x·y for polynomials of m packed-base coefficients, each coefficient of the
// product a sum of carry-less products left unreduced. Karatsuba above 24 coefficients.
ON2_PCLMUL_CAPABLE void carryless_polynomial_product(const detail::packed_field& field,
                                                     const word* x, const word* y, std::size_t m,
                                                     u128* out) {
  if (m <= 24) {
    for (std::size_t i = 0; i < m; ++i) {
      if (x[i] == 0) continue;
      for (std::size_t k = 0; k < m; ++k) out[i + k] ^= field.carryless(x[i], y[k]);
    }
    return;
  }
  const std::size_t h = m / 2, high = m - h;
  std::vector<word> sum_x(x + h, x + m), sum_y(y + h, y + m);
  xor_into(sum_x.data(), x, h);
  xor_into(sum_y.data(), y, h);
  std::vector<u128> low(2 * h - 1, 0), top(2 * high - 1, 0), middle(2 * high - 1, 0);
  carryless_polynomial_product(field, x, y, h, low.data());
  carryless_polynomial_product(field, x + h, y + h, high, top.data());
  carryless_polynomial_product(field, sum_x.data(), sum_y.data(), high, middle.data());
  for (std::size_t i = 0; i < low.size(); ++i) middle[i] ^= low[i];
  for (std::size_t i = 0; i < top.size(); ++i) middle[i] ^= top[i];
  for (std::size_t i = 0; i < low.size(); ++i) out[i] ^= low[i];
  for (std::size_t i = 0; i < middle.size(); ++i) out[h + i] ^= middle[i];
  for (std::size_t i = 0; i < top.size(); ++i) out[2 * h + i] ^= top[i];
}

// x·y in GF(2^D)[t]/(t^d − a) over the packed base: the coefficient products are summed
// unreduced and each of the 2d − 1 coefficients is reduced once (instead of once per product).
ON2_PCLMUL_CAPABLE void multiply_over_packed_base(const detail::packed_field& field, const word* x,
                                                  const word* y, std::size_t d, word a, word* out) {
  thread_local std::vector<u128> product;
  product.assign(2 * d - 1, 0);
  carryless_polynomial_product(field, x, y, d, product.data());
  for (std::size_t k = 2 * d - 2; k >= d; --k) {  // t^k = a·t^(k − d)
    product[k - d] ^= field.carryless(field.reduce(product[k]), a);
  }
  for (std::size_t i = 0; i < d; ++i) out[i] = field.reduce(product[i]);
}

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
      const ordinal constant = k == 0 ? ctx.alphas().alpha(prime) : kappa_of_prime_power(q / prime, ctx);
      step.constant = from_ordinal(constant);  // the field so far holds it
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

tower_field::element tower_field::pack(const element& unpacked) const {
  element packed(unpacked.size() / packed_group_);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    packed[i] = base_->pack(gather_bits(&unpacked[i * packed_group_], packed_group_, fermat_bits_));
  }
  return packed;
}

tower_field::element tower_field::unpack(const element& packed) const {
  element unpacked(packed.size() * packed_group_);
  for (std::size_t i = 0; i < packed.size(); ++i) {
    scatter_bits(base_->unpack(packed[i]), &unpacked[i * packed_group_], packed_group_, fermat_bits_);
  }
  return unpacked;
}

tower_field tower_field::spanning(const std::vector<ordinal>& values, const context& ctx) {
  kappa_closure closure;
  for (const ordinal& v : values) closure = closure_union(closure, closure_of(v, ctx));
  return tower_field(closure, ctx);
}

tower_field::workspace tower_field::make_workspace() const {
  workspace ws(steps_.size() + 1);
  for (std::size_t level = 1; level <= steps_.size(); ++level) {
    // (2ℓ − 1) coefficient slots plus two temporaries of the level below.
    ws[level].assign((2 * steps_[level - 1].degree + 1) * words_[level - 1], 0);
  }
  return ws;
}

tower_field::element tower_field::one() const {
  element x = zero();
  x[0] = 1;
  return x;
}

bool tower_field::is_zero(const element& x) {
  return all_zero(x.data(), x.size());
}

tower_field::element tower_field::add(const element& x, const element& y) {
  element sum = x;
  xor_into(sum.data(), y.data(), sum.size());
  return sum;
}

ON2_PCLMUL_CAPABLE void tower_field::mul_level(std::size_t level, const word* x, const word* y,
                                               word* out, workspace& ws) const {
  if (level == 0) {
    out[0] = base_ ? base_->field.mul(x[0], y[0]) : nim_mul64(x[0], y[0]);
    return;
  }
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  if (level == 1 && base_ && step.type == tower_step::kind::power) {
    multiply_over_packed_base(base_->field, x, y, d, step.constant[0], out);
    return;
  }
  word* slots = ws[level].data();
  word* temporary = slots + (2 * d - 1) * n;
  if (n >= 256) ctx_->poll();
  if (step.type == tower_step::kind::artin_schreier) {
    // (x1·t + x0)(y1·t + y0) with t^2 = t + a: three products (Karatsuba shape).
    word* sum_x = temporary;
    word* sum_y = temporary + n;
    for (std::size_t i = 0; i < n; ++i) {
      sum_x[i] = x[i] ^ x[n + i];
      sum_y[i] = y[i] ^ y[n + i];
    }
    word* c0 = slots;
    word* c2 = slots + n;
    word* c12 = slots + 2 * n;
    mul_level(level - 1, x, y, c0, ws);
    mul_level(level - 1, x + n, y + n, c2, ws);
    mul_level(level - 1, sum_x, sum_y, c12, ws);
    mul_level(level - 1, c2, step.constant.data(), out, ws);  // c2·a
    xor_into(out, c0, n);
    for (std::size_t i = 0; i < n; ++i) out[n + i] = c12[i] ^ c0[i];
    return;
  }
  // The polynomial product over the level below, then t^(ℓ+i) = a·t^i.
  multiply_polynomials(level - 1, x, y, d, slots, ws);
  for (std::size_t k = 2 * d - 2; k >= d; --k) {
    if (all_zero(slots + k * n, n)) continue;
    mul_level(level - 1, slots + k * n, step.constant.data(), temporary, ws);
    xor_into(slots + (k - d) * n, temporary, n);
  }
  std::copy(slots, slots + d * n, out);
}

ON2_PCLMUL_CAPABLE void tower_field::multiply_polynomials(std::size_t level, const word* x, const word* y,
                                       std::size_t m, word* out, workspace& ws) const {
  const std::size_t n = words_[level];
  std::fill(out, out + (2 * m - 1) * n, 0);
  if (m <= 6) {  // schoolbook, skipping zero coefficients (constants are often sparse)
    scratch_words product(n);
    for (std::size_t i = 0; i < m; ++i) {
      if (all_zero(x + i * n, n)) continue;
      for (std::size_t k = 0; k < m; ++k) {
        if (all_zero(y + k * n, n)) continue;
        mul_level(level, x + i * n, y + k * n, product.data(), ws);
        xor_into(out + (i + k) * n, product.data(), n);
      }
    }
    return;
  }
  // Karatsuba: x = x0 + t^h·x1 (h and m − h coefficients), three half-size products.
  const std::size_t h = m / 2, high = m - h;
  const std::size_t low_size = (2 * h - 1) * n, high_size = (2 * high - 1) * n;
  scratch_words buffer(2 * high * n + low_size + 2 * high_size);
  word* sum_x = buffer.data();
  word* sum_y = sum_x + high * n;
  word* low = sum_y + high * n;
  word* top = low + low_size;
  word* middle = top + high_size;
  std::copy(x + h * n, x + m * n, sum_x);
  std::copy(y + h * n, y + m * n, sum_y);
  xor_into(sum_x, x, h * n);
  xor_into(sum_y, y, h * n);
  multiply_polynomials(level, x, y, h, low, ws);
  multiply_polynomials(level, x + h * n, y + h * n, high, top, ws);
  multiply_polynomials(level, sum_x, sum_y, high, middle, ws);
  xor_into(middle, low, low_size);
  xor_into(middle, top, high_size);
  xor_into(out, low, low_size);
  xor_into(out + h * n, middle, high_size);
  xor_into(out + 2 * h * n, top, high_size);
}

ON2_PCLMUL_CAPABLE void tower_field::square_level(std::size_t level, const word* x, word* out, workspace& ws) const {
  if (level == 0) {
    out[0] = base_ ? base_->field.square(x[0]) : nim_square64(x[0]);
    return;
  }
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  word* slots = ws[level].data();
  word* temporary = slots + (2 * d - 1) * n;
  if (step.type == tower_step::kind::artin_schreier) {
    // (x1·t + x0)^2 = x1^2·t + (x1^2·a + x0^2).
    square_level(level - 1, x + n, out + n, ws);
    square_level(level - 1, x, slots, ws);
    mul_level(level - 1, out + n, step.constant.data(), out, ws);
    xor_into(out, slots, n);
    return;
  }
  // (Σ x_i t^i)^2 = Σ x_i^2 t^(2i), and t^(2i) = a·t^(2i − ℓ) when 2i ≥ ℓ.
  std::fill(out, out + d * n, 0);
  for (std::size_t i = 0; i < d; ++i) {
    if (all_zero(x + i * n, n)) continue;
    square_level(level - 1, x + i * n, temporary, ws);
    if (2 * i < d) {
      xor_into(out + 2 * i * n, temporary, n);
    } else {
      mul_level(level - 1, temporary, step.constant.data(), slots, ws);
      xor_into(out + (2 * i - d) * n, slots, n);
    }
  }
}

tower_field::element tower_field::mul(const element& x, const element& y) const {
  workspace ws = make_workspace();
  element out(words(), 0);
  mul_level(steps_.size(), x.data(), y.data(), out.data(), ws);
  return out;
}

tower_field::element tower_field::square(const element& x) const {
  workspace ws = make_workspace();
  element out(words(), 0);
  square_level(steps_.size(), x.data(), out.data(), ws);
  return out;
}

// The inverse in the field of level `level`, through the step below it.
tower_field::element tower_field::inverse_level(std::size_t level, const element& x) const {
  if (level == 0) return {base_ ? base_->field.inverse(x[0]) : nim_inv64(x[0])};
  ctx_->poll();
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  workspace ws = make_workspace();
  auto mul_below = [&](const element& a, const element& b) {
    element out(n, 0);
    mul_level(level - 1, a.data(), b.data(), out.data(), ws);
    return out;
  };
  auto coefficient = [&](const element& v, std::size_t i) {
    return element(v.begin() + static_cast<std::ptrdiff_t>(i * n),
                   v.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
  };
  if (step.type == tower_step::kind::artin_schreier) {
    // t and t + 1 are conjugate: N = x1^2·a + x1·x0 + x0^2 lies below, and
    // x^(−1) = (x1·t + (x1 + x0)) · N^(−1).
    const element x1 = coefficient(x, 1), x0 = coefficient(x, 0);
    element norm = add(add(mul_below(mul_below(x1, x1), step.constant), mul_below(x1, x0)),
                       mul_below(x0, x0));
    const element norm_inverse = inverse_level(level - 1, norm);
    element out = mul_below(add(x1, x0), norm_inverse);
    const element high = mul_below(x1, norm_inverse);
    out.insert(out.end(), high.begin(), high.end());
    return out;
  }
  // Extended Euclid in K[t] (K the field below) against t^ℓ − a, which is irreducible.
  using polynomial = std::vector<element>;  // coefficients in K, lowest first
  auto degree_of_poly = [&](const polynomial& f) {
    for (std::size_t i = f.size(); i-- > 0;) {
      if (!all_zero(f[i].data(), n)) return static_cast<long>(i);
    }
    return -1L;
  };
  polynomial r0(d + 1, element(n, 0)), r1(d, element(n, 0));
  r0[0] = step.constant;  // t^ℓ − a = t^ℓ + a in characteristic 2
  r0[d][0] = 1;
  for (std::size_t i = 0; i < d; ++i) r1[i] = coefficient(x, i);
  polynomial s0 = {element(n, 0)}, s1 = {element(n, 0)};
  s1[0][0] = 1;
  while (degree_of_poly(r1) > 0) {
    // r0 = q·r1 + r, s = s0 − q·s1.
    const long dr1 = degree_of_poly(r1);
    const element lead_inverse = inverse_level(level - 1, r1[static_cast<std::size_t>(dr1)]);
    polynomial quotient;
    for (long dr0 = degree_of_poly(r0); dr0 >= dr1; dr0 = degree_of_poly(r0)) {
      const element factor = mul_below(r0[static_cast<std::size_t>(dr0)], lead_inverse);
      const std::size_t shift = static_cast<std::size_t>(dr0 - dr1);
      if (quotient.size() <= shift) quotient.resize(shift + 1, element(n, 0));
      quotient[shift] = add(quotient[shift], factor);
      for (long i = 0; i <= dr1; ++i) {
        const std::size_t at = static_cast<std::size_t>(i) + shift;
        r0[at] = add(r0[at], mul_below(factor, r1[static_cast<std::size_t>(i)]));
      }
    }
    polynomial s(std::max(s0.size(), quotient.size() + s1.size()), element(n, 0));
    for (std::size_t i = 0; i < s0.size(); ++i) s[i] = s0[i];
    for (std::size_t i = 0; i < quotient.size(); ++i) {
      for (std::size_t k = 0; k < s1.size(); ++k) s[i + k] = add(s[i + k], mul_below(quotient[i], s1[k]));
    }
    // (r0, r1) ← (r1, r0 mod r1), (s0, s1) ← (s1, s0 − q·s1).
    polynomial remainder = std::move(r0);
    r0 = std::move(r1);
    r1 = std::move(remainder);
    s0 = std::move(s1);
    s1 = std::move(s);
  }
  // r1 is a non-zero constant c; x^(−1) = s1 · c^(−1).
  const element c_inverse = inverse_level(level - 1, r1[0]);
  element out(words_[level], 0);
  for (std::size_t i = 0; i < std::min(s1.size(), d); ++i) {
    const element v = mul_below(s1[i], c_inverse);
    std::copy(v.begin(), v.end(), out.begin() + static_cast<std::ptrdiff_t>(i * n));
  }
  return out;
}

tower_field::element tower_field::inverse(const element& x) const {
  if (is_zero(x)) throw math_error("The nimber 0 has no inverse (nim division by zero).");
  return inverse_level(steps_.size(), x);
}

tower_field::element tower_field::pow(const element& x, const integer& e) const {
  if (e == 0) return one();
  if (is_zero(x)) {
    if (e < 0) throw math_error("The nimber 0 has no inverse (0 to a negative power).");
    return zero();
  }
  const element base = e < 0 ? inverse(x) : x;
  integer exponent = e < 0 ? integer(-e) : e;
  if (degree_ < 1000000) exponent %= (integer(1) << static_cast<unsigned>(degree_)) - 1;
  element result = one();
  workspace ws = make_workspace();
  element temporary(words(), 0);
  for (std::size_t i = exponent == 0 ? 0 : msb(exponent) + 1; i-- > 0;) {
    ctx_->poll();
    square_level(steps_.size(), result.data(), temporary.data(), ws);
    result.swap(temporary);
    if (bit_test(exponent, static_cast<unsigned>(i))) {
      mul_level(steps_.size(), result.data(), base.data(), temporary.data(), ws);
      result.swap(temporary);
    }
  }
  return result;
}

tower_field::element tower_field::pow_level(std::size_t level, const element& x, const integer& e,
                                           workspace& ws) const {
  element result(words_[level], 0), temporary(words_[level], 0);
  result[0] = 1;
  for (std::size_t i = e == 0 ? 0 : msb(e) + 1; i-- > 0;) {
    square_level(level, result.data(), temporary.data(), ws);
    result.swap(temporary);
    if (bit_test(e, static_cast<unsigned>(i))) {
      mul_level(level, result.data(), x.data(), temporary.data(), ws);
      result.swap(temporary);
    }
  }
  return result;
}

tower_field::frobenius_plan tower_field::plan_frobenius(const integer& s, workspace& ws) const {
  frobenius_plan plan;
  plan.shift.resize(steps_.size() + 1);
  plan.target.resize(steps_.size() + 1);
  plan.coefficient.resize(steps_.size() + 1);
  integer field_degree = base_bits_;  // E at level 0
  plan.shift[0] = s % field_degree;
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
    // t^ℓ = a: t^(2^s) = t^r · a^e with r = 2^s mod ℓ, e = (2^s − r)/ℓ, reduced modulo the
    // order 2^E' − 1 of the group below; then (t^r·c)^i = c^i·a^⌊ir/ℓ⌋·t^(ir mod ℓ).
    const integer two_to_s = integer(1) << static_cast<unsigned>(shift);
    const std::uint64_t r = static_cast<std::uint64_t>(two_to_s % d);
    const integer e = ((two_to_s - r) / d) % ((integer(1) << static_cast<unsigned>(below_degree)) - 1);
    const element c = pow_level(level - 1, step.constant, e, ws);
    std::vector<element> constant_powers(d, one_below);
    for (std::size_t k = 1; k < d; ++k) constant_powers[k] = mul_below(constant_powers[k - 1], step.constant);
    targets.assign(d, 0);
    coefficients.assign(d, one_below);
    element c_power = one_below;
    for (std::size_t i = 0; i < d; ++i) {
      targets[i] = (i * r) % d;
      coefficients[i] = mul_below(c_power, constant_powers[(i * r) / d]);
      c_power = mul_below(c_power, c);
    }
  }
  return plan;
}

ON2_PCLMUL_CAPABLE void tower_field::apply_frobenius(std::size_t level, const frobenius_plan& plan, const word* x,
                                  word* out, workspace& ws) const {
  if (level == 0) {
    word y = x[0];
    for (integer i = 0; i < plan.shift[0]; ++i) y = base_ ? base_->field.square(y) : nim_square64(y);
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
      square_level(steps_.size(), result.data(), temporary.data(), ws);
      result.swap(temporary);
    }
    return result;
  }
  const frobenius_plan plan = plan_frobenius(count, ws);
  apply_frobenius(steps_.size(), plan, x.data(), temporary.data(), ws);
  return temporary;
}

std::uint64_t tower_field::degree_of(const element& x) const {
  // The degree divides E: from E, divide by each prime factor r while x^(2^(d/r)) = x still holds.
  auto degree = static_cast<std::uint64_t>(degree_);
  std::vector<std::uint64_t> primes;
  std::uint64_t rest = degree;
  for (std::uint64_t r = 2; r * r <= rest; ++r) {
    if (rest % r != 0) continue;
    primes.push_back(r);
    while (rest % r == 0) rest /= r;
  }
  if (rest > 1) primes.push_back(rest);
  for (const std::uint64_t r : primes) {
    while (degree % r == 0 && frobenius(x, degree / r) == x) degree /= r;
  }
  return degree;
}

tower_field::element tower_field::embed_finite(const nimber& value) const {
  // The Fermat part: chunks of fermat_bits_ bits, innermost in the word layout.
  element x(finite_words_, 0);
  const auto limbs = value.limbs();
  const std::uint64_t chunks = (value.bit_length() + fermat_bits_ - 1) / fermat_bits_;
  if (chunks > finite_words_) {
    throw range_error("A coefficient of " + std::to_string(value.bit_length()) +
                      " bits does not lie in the field GF(2^" + degree_.str() + ").");
  }
  for (std::uint64_t t = 0; t < chunks; ++t) {
    const std::uint64_t bit = t * fermat_bits_;
    const word limb = limbs[bit / 64] >> (bit % 64);
    x[t] = limb & low_bits_mask(fermat_bits_);
  }
  return x;
}

tower_field::element tower_field::from_ordinal(const ordinal& value) const {
  element x(layout_words_.back(), 0);
  for (const ordinal_term& t : value.terms()) {
    // The odd κ-monomial's index from the base-p digits of each exponent digit.
    std::size_t index = 0;
    const auto digits = kappa_digits(t.exponent);  // position → base-p digits
    std::size_t used = 0;
    for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
      if (layout_steps_[s].type != tower_step::kind::power) continue;
      const std::size_t position = odd_position_of_step_[s];
      if (position >= digits.size() || digit_of_step_[s] >= digits[position].size()) continue;
      const std::uint64_t digit = digits[position][digit_of_step_[s]];
      index += digit * layout_words_[s];
      if (digit != 0) ++used;
    }
    std::size_t nonzero = 0;
    for (const auto& ds : digits) {
      nonzero += static_cast<std::size_t>(std::count_if(ds.begin(), ds.end(), [](std::uint64_t d) { return d != 0; }));
    }
    if (used != nonzero) {
      throw range_error("The ordinal does not lie in the field GF(2^" + degree_.str() + ").");
    }
    const element coefficient = embed_finite(t.coefficient);
    for (std::size_t w = 0; w < finite_words_; ++w) x[index + w] ^= coefficient[w];
  }
  return base_ ? pack(x) : x;
}

ordinal tower_field::to_ordinal(const element& packed) const {
  const element x = base_ ? unpack(packed) : packed;
  std::vector<ordinal_term> terms;
  for (std::size_t odd = 0; odd < x.size(); odd += finite_words_) {
    if (all_zero(x.data() + odd, finite_words_)) continue;
    // The coefficient from the Fermat chunks.
    std::vector<std::uint64_t> limbs((finite_words_ * fermat_bits_ + 63) / 64, 0);
    for (std::size_t w = 0; w < finite_words_; ++w) {
      const std::uint64_t bit = w * fermat_bits_;
      limbs[bit / 64] |= x[odd + w] << (bit % 64);
    }
    // The exponent from the index's mixed-radix digits (one per odd step).
    std::vector<integer> exponent;
    std::vector<integer> place_value;
    for (std::size_t s = 0; s < layout_steps_.size(); ++s) {
      if (layout_steps_[s].type != tower_step::kind::power) continue;
      const std::uint64_t digit = (odd / layout_words_[s]) % layout_steps_[s].degree;
      const std::size_t position = odd_position_of_step_[s];
      if (exponent.size() <= position) exponent.resize(position + 1, 0);
      integer value = digit;
      for (std::size_t k = 0; k < digit_of_step_[s]; ++k) value *= layout_steps_[s].degree;
      exponent[position] += value;
    }
    terms.push_back(
        {small_ordinal(std::move(exponent)), nimber::from_limbs(std::move(limbs), *ctx_)});
  }
  return ordinal::from_terms(std::move(terms), *ctx_);
}

}  // namespace cas
