// The arithmetic of a tower field (cas/tower/tower.hpp): sums, products level by level over the
// packed base, squares, inverses through the step below, and powers.
#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/tower/tower.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/packed_field.hpp"
#include "tower/field_operations.hpp"
#include "tower/kronecker_packing.hpp"
#include "tower/monomial_frobenius.hpp"
#include "tower/packed_base_products.hpp"
#include "tower/packed_base_reduction.hpp"
#include "tower/word_arrays.hpp"

namespace cas {
namespace {

using detail::all_zero;
using detail::word;
using detail::xor_into;

using detail::carryless_bivariate_product;
using detail::carryless_polynomial_product;
using detail::carryless_sparse_product;
using detail::carryless_square;
using detail::reduction_for;
using detail::step_constant;
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

// The unreduced product of carryless_bivariate_product (s-coefficients of 2·d1 − 1 sums, stride
// 2·d1 − 1 in product, each written), by Kronecker packing (tower/kronecker_packing.hpp):
// one carry-less product of packed words per pair of t-polynomials instead of d1² products.
// Precondition: layout.applies() and PCLMULQDQ.
ON2_PCLMUL_CAPABLE void kronecker_product(const detail::kronecker_layout& layout, const word* x,
                                          const word* y, std::size_t m, u128* product) {
  const std::size_t w = layout.words, d1 = layout.d1, stride = 2 * d1 - 1;
  thread_local std::vector<word> packed_x, packed_y, packed_product, scratch;
  packed_x.resize(m * w);
  packed_y.resize(m * w);
  packed_product.assign((2 * m - 1) * 2 * w, 0);
  scratch.resize(detail::kronecker_scratch_words(layout, m));
  for (std::size_t i = 0; i < m; ++i) {
    layout.pack(x + i * d1, packed_x.data() + i * w);
    layout.pack(y + i * d1, packed_y.data() + i * w);
  }
  detail::kronecker_bivariate_product(layout, packed_x.data(), packed_y.data(), m,
                                      packed_product.data(), scratch.data());
  for (std::size_t k = 0; k < 2 * m - 1; ++k) {
    layout.unpack_product(packed_product.data() + k * 2 * w, product + k * stride);
  }
}

// x·y in GF(2^D)[t]/(t^d − a) over the packed base: the coefficient products are summed
// unreduced and each of the d coefficients is reduced once (instead of once per product).
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

// x·y two power steps above the packed base, GF(2^D)[t, s]/(t^d1 − a1, s^d2 − a2(t)): the whole
// product in unreduced carry-less sums, then each s-coefficient reduced once, from the top, the
// ones at s^k, k ≥ d2, multiplied by a2 unreduced into s^(k − d2). Instead of a reduction per
// coefficient of each product of the level below, 2·d2 − 1 of them in all.
ON2_PCLMUL_CAPABLE void multiply_two_levels_over_packed_base(const detail::packed_field& field,
                                                             const word* x, const word* y,
                                                             std::size_t d1, word a1,
                                                             std::size_t d2, const word* a2,
                                                             word* out) {
  const std::size_t stride = 2 * d1 - 1;
  thread_local std::vector<u128> product, scratch;
  thread_local std::vector<word> words_scratch;
  static const bool pclmul = detail::clmul_enabled();
  const detail::kronecker_layout layout(field.degree(), d1);
  if (pclmul && layout.applies()) {
    product.resize((2 * d2 - 1) * stride);  // unpacking writes every sum
    kronecker_product(layout, x, y, d2, product.data());
  } else {
    product.assign((2 * d2 - 1) * stride, 0);
    if (scratch.size() < 8 * d2 * stride) scratch.resize(8 * d2 * stride);
    if (words_scratch.size() < 3 * d2 * d1) words_scratch.resize(3 * d2 * d1);
    carryless_bivariate_product(field, x, y, d1, d2, product.data(), scratch.data(),
                                words_scratch.data());
  }
  const step_constant constant(field, a1);
  scratch_words coefficient(d1);
  const detail::packed_base_reduction reduce = reduction_for(field);
  for (std::size_t k = 2 * d2 - 2; k >= d2; --k) {  // s^k = a2·s^(k − d2)
    reduce(field, product.data() + k * stride, d1, constant, coefficient.data());
    carryless_sparse_product(field, a2, coefficient.data(), d1, product.data() + (k - d2) * stride);
  }
  for (std::size_t k = 0; k < d2; ++k) {
    reduce(field, product.data() + k * stride, d1, constant, out + k * d1);
  }
}

// x^2 two power steps above the packed base, as multiply_two_levels_over_packed_base: with
// x = Σ X_i·s^i, x^2 = Σ X_i^2·s^(2i) and X_i^2 = Σ x_ij^2·t^(2j), unreduced; each X_i^2 with
// 2i ≥ d2 reduced once and multiplied by a2 unreduced into s^(2i − d2), then each
// s-coefficient reduced once.
ON2_PCLMUL_CAPABLE void square_two_levels_over_packed_base(const detail::packed_field& field,
                                                           const word* x, std::size_t d1, word a1,
                                                           std::size_t d2, const word* a2,
                                                           word* out) {
  const std::size_t stride = 2 * d1 - 1;
  thread_local std::vector<u128> product, square;
  product.assign(d2 * stride, 0);
  square.resize(stride);
  const step_constant constant(field, a1);
  const detail::packed_base_reduction reduce = reduction_for(field);
  scratch_words coefficient(d1);
  for (std::size_t i = 0; i < d2; ++i) {
    const word* xi = x + i * d1;
    if (all_zero(xi, d1)) continue;
    const bool wraps = 2 * i >= d2;
    carryless_square(field, xi, d1, wraps ? square.data() : product.data() + 2 * i * stride);
    if (!wraps) continue;
    reduce(field, square.data(), d1, constant, coefficient.data());
    carryless_sparse_product(field, a2, coefficient.data(), d1,
                             product.data() + (2 * i - d2) * stride);
  }
  for (std::size_t k = 0; k < d2; ++k) {
    reduce(field, product.data() + k * stride, d1, constant, out + k * d1);
  }
}

// out[k] += c·y[k] in the packed base (nim products while the base is being built).
ON2_PCLMUL_CAPABLE void scale_into(const detail::packed_field* base, word c, const word* y,
                                   word* out, std::size_t n) {
  if (base == nullptr) {
    for (std::size_t k = 0; k < n; ++k) out[k] ^= nim_mul64(c, y[k]);
    return;
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (y[k] != 0) out[k] ^= base->mul(c, y[k]);
  }
}

}  // namespace

tower_field::workspace tower_field::make_workspace() const {
  workspace ws(steps_.size() + 1);
  for (std::size_t level = 1; level <= steps_.size(); ++level) {
    // (2ℓ − 1) coefficient slots plus two temporaries of the level below.
    ws[level].assign((2 * steps_[level - 1].degree + 1) * words_[level - 1], 0);
  }
  return ws;
}

bool tower_field::product_without_workspace() const noexcept {
  // The cases mul_level hands to multiply_over_packed_base and
  // multiply_two_levels_over_packed_base.
  if (!base_ || steps_.empty() || steps_.size() > 2) return false;
  return std::all_of(steps_.begin(), steps_.end(),
                     [](const tower_step& s) { return s.type == tower_step::kind::power; });
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
  if (level == 2 && base_ && step.type == tower_step::kind::power &&
      steps_[0].type == tower_step::kind::power) {
    multiply_two_levels_over_packed_base(base_->field, x, y, n, steps_[0].constant[0], d,
                                         step.constant.data(), out);
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

ON2_PCLMUL_CAPABLE void tower_field::multiply_polynomials(std::size_t level, const word* x,
                                                          const word* y, std::size_t m, word* out,
                                                          workspace& ws) const {
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

ON2_PCLMUL_CAPABLE void tower_field::square_level(std::size_t level, const word* x, word* out,
                                                  workspace& ws) const {
  if (level == 0) {
    out[0] = base_ ? base_->field.square(x[0]) : nim_square64(x[0]);
    return;
  }
  const tower_step& step = steps_[level - 1];
  const std::size_t n = words_[level - 1], d = step.degree;
  if (level == 2 && base_ && step.type == tower_step::kind::power &&
      steps_[0].type == tower_step::kind::power) {
    square_two_levels_over_packed_base(base_->field, x, n, steps_[0].constant[0], d,
                                       step.constant.data(), out);
    return;
  }
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

ON2_PCLMUL_CAPABLE tower_field::element tower_field::mul(const element& x, const element& y) const {
  // A factor in the packed base (every word but the first zero) scales the other word by word:
  // an element is a vector over the base, so c·Σ x_m·m = Σ (c·x_m)·m.
  const bool x_in_base = all_zero(x.data() + 1, x.size() - 1);
  if (x_in_base || all_zero(y.data() + 1, y.size() - 1)) {
    const word c = x_in_base ? x[0] : y[0];
    const element& other = x_in_base ? y : x;
    element out(words(), 0);
    if (c != 0)
      scale_into(base_ ? &base_->field : nullptr, c, other.data(), out.data(), out.size());
    return out;
  }
  workspace ws = product_without_workspace() ? workspace{} : make_workspace();
  element out(words(), 0);
  mul_level(steps_.size(), x.data(), y.data(), out.data(), ws);
  return out;
}

ON2_PCLMUL_CAPABLE void tower_field::multiply_add(element* dst, const element& c, const element* x,
                                                  std::size_t n) const {
  const std::size_t size = words();
  if (all_zero(c.data(), size)) return;
  const bool c_in_base = all_zero(c.data() + 1, size - 1);
  std::optional<workspace> ws;
  element product;
  for (std::size_t i = 0; i < n; ++i) {
    const word* y = x[i].data();
    word* out = dst[i].data();
    if (c_in_base) {
      scale_into(base_ ? &base_->field : nullptr, c[0], y, out, size);
      continue;
    }
    if (all_zero(y + 1, size - 1)) {
      if (y[0] == 0) continue;
      scale_into(base_ ? &base_->field : nullptr, y[0], c.data(), out, size);
      continue;
    }
    if (!ws) {
      ws = make_workspace();
      product.assign(size, 0);
    }
    mul_level(steps_.size(), c.data(), y, product.data(), *ws);
    xor_into(out, product.data(), size);
  }
}

tower_field::element tower_field::square(const element& x) const {
  element out(words(), 0);
  if (squaring_) {  // a monomial map needs no workspace
    squaring_->apply(x.data(), out.data());
    return out;
  }
  // Two power steps over the packed base square without one (square_two_levels_over_packed_base).
  const bool two_levels_over_base = steps_.size() == 2 && product_without_workspace();
  workspace ws = two_levels_over_base ? workspace{} : make_workspace();
  square_top(x.data(), out.data(), ws);
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
    element norm =
        add(add(mul_below(mul_below(x1, x1), step.constant), mul_below(x1, x0)), mul_below(x0, x0));
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
      // Each step cancels r0's leading coefficient, or the loop would never end.
      if (!all_zero(r0[static_cast<std::size_t>(dr0)].data(), n)) {
        throw internal_error("A tower inverse's division step left its leading coefficient.");
      }
    }
    polynomial s(std::max(s0.size(), quotient.size() + s1.size()), element(n, 0));
    for (std::size_t i = 0; i < s0.size(); ++i) s[i] = s0[i];
    for (std::size_t i = 0; i < quotient.size(); ++i) {
      for (std::size_t k = 0; k < s1.size(); ++k)
        s[i + k] = add(s[i + k], mul_below(quotient[i], s1[k]));
    }
    // (r0, r1) ← (r1, r0 mod r1), (s0, s1) ← (s1, s0 − q·s1).
    polynomial remainder = std::move(r0);
    r0 = std::move(r1);
    r1 = std::move(remainder);
    s0 = std::move(s1);
    s1 = std::move(s);
  }
  // r1 is a non-zero constant c (t^ℓ − a is irreducible); x^(−1) = s1 · c^(−1).
  if (degree_of_poly(r1) < 0) throw internal_error("A tower inverse's remainders reached 0.");
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
    square_top(result.data(), temporary.data(), ws);
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
  // The level as an operations type, for the sliding-window power of field_operations.hpp.
  struct level_operations {
    using element = tower_field::element;
    const tower_field* field;
    std::size_t level;
    workspace* ws;
    element one() const {
      element unit(field->words_[level], 0);
      unit[0] = 1;
      return unit;
    }
    element mul(const element& a, const element& b) const {
      element out(a.size(), 0);
      field->mul_level(level, a.data(), b.data(), out.data(), *ws);
      return out;
    }
    element square(const element& a) const {
      element out(a.size(), 0);
      field->square_level(level, a.data(), out.data(), *ws);
      return out;
    }
  };
  const level_operations operations{this, level, &ws};
  const std::size_t w = detail::window_bits(e);
  return detail::pow_by_windows(operations, detail::odd_powers(operations, x, w), w, e, *ctx_);
}

}  // namespace cas
