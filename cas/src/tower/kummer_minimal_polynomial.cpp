#include "tower/kummer_minimal_polynomial.hpp"

#include <bit>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "finite/gf2_berlekamp_massey.hpp"
#include "kernels/binary_product.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/packed_field.hpp"
#include "tower/field_operations.hpp"
#include "tower/kronecker_packing.hpp"
#include "tower/semilinear_orbit.hpp"
#include "tower/tower_subfield_copy.hpp"
#include "tower/wide_polynomial_field.hpp"

namespace cas::detail {
namespace {

using word = std::uint64_t;
using element = tower_field::element;

std::uint64_t inverse_modulo(std::uint64_t a, std::uint64_t p) {
  for (std::uint64_t u = 1; u < p; ++u) {
    if (a * u % p == 1) return u;
  }
  throw internal_error("No inverse modulo " + std::to_string(p) + ".");
}

// L = k1[η]/(η^p − β): an element is p coefficients of k1.words() words, η^0 first.
class kummer_field {
 public:
  kummer_field(const wide_polynomial_field& k1, std::size_t p, std::vector<word> beta)
      : k1_(&k1),
        p_(p),
        w_(k1.words()),
        slot_bits_(2 * k1.degree() - 1),
        packed_words_((p * slot_bits_ + 63) / 64),
        kronecker_(w_ == 1),
        bivariate_(clmul_enabled() && w_ <= bivariate_max_words),
        beta_(std::move(beta)) {}

  std::size_t words() const { return p_ * w_; }
  std::vector<word> one() const {
    std::vector<word> x(words(), 0);
    x[0] = 1;
    return x;
  }
  // a·b: the product's 2p − 1 coefficients summed unreduced, those of η^(p + i) reduced and
  // folded onto η^i times β. The sums come from one GF(2)[z] product by Kronecker substitution
  // where k1 is one word, from Karatsuba over the coefficients with leaves in registers where it
  // is at most 12 (kronecker_packing.hpp), from products of k1 otherwise (no PCLMULQDQ, or wider):
  // the fastest of the three for each width (docs/benchmarks.md, B10, "Elements of large prime
  // degree").
  std::vector<word> mul(const std::vector<word>& a, const std::vector<word>& b) const {
    const std::size_t sw = 2 * w_;
    std::vector<word> sums((2 * p_ - 1) * sw, 0), high(w_), out(words());
    if (kronecker_) {
      kronecker_product(a.data(), b.data(), sums.data());
    } else if (bivariate_) {
      std::vector<word> scratch(bivariate_scratch_words(w_, p_));
      bivariate_carryless_product(w_, a.data(), b.data(), p_, sums.data(), scratch.data());
    } else {
      product(a.data(), b.data(), p_, sums.data());
    }
    for (std::size_t k = 2 * p_ - 1; k-- > p_;) {
      k1_->reduce(sums.data() + k * sw, high.data());
      k1_->multiply_add(beta_.data(), high.data(), sums.data() + (k - p_) * sw);
    }
    for (std::size_t i = 0; i < p_; ++i) k1_->reduce(sums.data() + i * sw, out.data() + i * w_);
    return out;
  }
  // sums = a·b's coefficients unreduced, by Kronecker substitution: k1 is GF(2)[z]/(μ) of degree
  // m1, so with η ↦ z^S, S = 2·m1 − 1, the coefficients' products (of degree < S) do not overlap
  // and one GF(2)[z] product gives all 2p − 1 sums.
  void kronecker_product(const word* a, const word* b, word* sums) const {
    std::vector<word> pa(packed_words_, 0), pb(packed_words_, 0), packed(2 * packed_words_);
    pack(a, pa.data());
    pack(b, pb.data());
    binary_product(packed.data(), pa.data(), packed_words_, pb.data(), packed_words_);
    for (std::size_t k = 0; k < 2 * p_ - 1; ++k) {
      read_bits(packed.data(), k * slot_bits_, slot_bits_, sums + k * 2 * w_);
    }
  }
  // out[0, 2n − 1) ^= a·b for polynomials of n coefficients (unreduced sums of 2w words each):
  // Karatsuba on the coefficients above a few of them, as in wide_polynomial_field.
  void product(const word* a, const word* b, std::size_t n, word* out) const {
    const std::size_t sw = 2 * w_;
    if (n <= 6) {
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
          k1_->multiply_add(a + i * w_, b + j * w_, out + (i + j) * sw);
        }
      }
      return;
    }
    const std::size_t h = (n + 1) / 2, l = n - h;
    std::vector<word> sa(a, a + h * w_), sb(b, b + h * w_);
    for (std::size_t i = 0; i < l * w_; ++i) sa[i] ^= a[h * w_ + i], sb[i] ^= b[h * w_ + i];
    std::vector<word> low((2 * h - 1) * sw, 0), high((2 * l - 1) * sw, 0), middle(low.size(), 0);
    product(a, b, h, low.data());
    product(a + h * w_, b + h * w_, l, high.data());
    product(sa.data(), sb.data(), h, middle.data());
    for (std::size_t i = 0; i < middle.size(); ++i) {
      middle[i] ^= low[i] ^ (i < high.size() ? high[i] : 0);
    }
    for (std::size_t i = 0; i < low.size(); ++i) out[i] ^= low[i];
    for (std::size_t i = 0; i < high.size(); ++i) out[2 * h * sw + i] ^= high[i];
    for (std::size_t i = 0; i < middle.size(); ++i) out[h * sw + i] ^= middle[i];
  }
  // The coefficients b̃ with [a·b]_0 = Σ a_i·b̃_i: b̃_0 = b_0, b̃_i = β·b_(p−i).
  std::vector<word> dual(const std::vector<word>& b) const {
    std::vector<word> d(words(), 0);
    std::copy(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(w_), d.begin());
    for (std::size_t i = 1; i < p_; ++i) {
      k1_->mul(beta_.data(), b.data() + (p_ - i) * w_, d.data() + i * w_);
    }
    return d;
  }
  // [a·b]_0, from b's dual.
  void constant_term(const std::vector<word>& a, const std::vector<word>& dual_b, word* out) const {
    std::vector<word> sum(2 * w_, 0);
    for (std::size_t i = 0; i < p_; ++i) {
      k1_->multiply_add(a.data() + i * w_, dual_b.data() + i * w_, sum.data());
    }
    k1_->reduce(sum.data(), out);
  }

 private:
  // Coefficient i of x (w words, m1 bits) at bit i·S of `packed` (zeroed).
  void pack(const word* x, word* packed) const {
    for (std::size_t i = 0; i < p_; ++i) {
      const std::size_t bit = i * slot_bits_, at = bit / 64;
      const unsigned shift = bit % 64;
      for (std::size_t j = 0; j < w_; ++j) {
        const word v = x[i * w_ + j];
        packed[at + j] ^= v << shift;
        if (shift != 0 && v >> (64 - shift) != 0) packed[at + j + 1] ^= v >> (64 - shift);
      }
    }
  }
  // out[0, ⌈bits/64⌉) = bits [from, from + bits) of v (out has room; the words above stay).
  static void read_bits(const word* v, std::size_t from, std::size_t bits, word* out) {
    const std::size_t at = from / 64, n = (bits + 63) / 64;
    const unsigned shift = from % 64;
    const std::size_t last = (from + bits - 1) / 64;  // the last word of v read
    for (std::size_t j = 0; j < n; ++j) {
      word value = v[at + j] >> shift;
      if (shift != 0 && at + j + 1 <= last) value |= v[at + j + 1] << (64 - shift);
      out[j] = value;
    }
    if (bits % 64 != 0) out[n - 1] &= (word{1} << (bits % 64)) - 1;
  }

  const wide_polynomial_field* k1_;
  std::size_t p_, w_;
  std::size_t slot_bits_, packed_words_;
  bool kronecker_, bivariate_;
  std::vector<word> beta_;
};

// λ ≠ 0 in K with τ(λ) = (ζ/ζ′)·λ, τ = F^m1 of order r on K, given w′ = ζ′/ζ of norm 1: Hilbert's
// theorem 90 in Noether's form, λ = Σ_(j<r) W_j·τ^j(θ) with W_0 = 1, W_(j+1) = w′·τ(W_j) (then
// τ(λ) = λ/w′), for pseudo-random θ until λ ≠ 0. The sum is the orbit of Ψ(y) = w′·τ(y), whose
// powers are Ψ^j(θ) = W_j·τ^j(θ) (semilinear_orbit.hpp).
element hilbert_ninety(const tower_field& K, const element& w_prime, std::uint64_t m1,
                       std::uint64_t r, const context& ctx) {
  std::uint64_t state = 0x853c49e6748fea9b;
  const word mask = K.base_bits() >= 64 ? ~word{0} : (word{1} << K.base_bits()) - 1;
  for (int attempt = 0; attempt < 64; ++attempt) {
    ctx.poll();
    element theta(K.words());
    for (word& w : theta) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      w = (state >> 5) & mask;
    }
    element lambda = semilinear_orbit_sum(K, w_prime, integer(m1), r, theta, ctx).sum;
    if (!tower_field::is_zero(lambda)) return lambda;
  }
  throw internal_error("Hilbert 90 found no λ in 64 tries.");
}

// A copy of k0 = GF(2^m0), m0 ≤ 64, inside k1: a generator (the trace down to k0 of a candidate,
// kept when its powers give a basis) in one word's polynomial basis, and the pivots that
// compress k1's coordinates of k0's elements to m0 bits.
struct small_subfield {
  polynomial_basis basis;
  std::vector<std::size_t> pivot_word;
  std::vector<word> pivot_mask;

  word compress(const word* v) const {
    word out = 0;
    for (std::size_t s = 0; s < pivot_word.size(); ++s) {
      if ((v[pivot_word[s]] & pivot_mask[s]) != 0) out |= word{1} << s;
    }
    return out;
  }
  word from_wide(const word* v) const { return basis.pack(compress(v)); }
};

small_subfield copy_of_small_subfield(const wide_polynomial_field& k1, std::uint64_t m0,
                                      const context& ctx) {
  const std::size_t w = k1.words();
  const std::uint64_t m1 = k1.degree();
  std::uint64_t state = 0xda3e39cb94b95bdb;
  for (int attempt = 0; attempt < 64; ++attempt) {
    ctx.poll();
    std::vector<word> v(w, 0);
    if (attempt == 0) {
      v[0] = m1 > 1 ? 2 : 1;  // z
    } else {
      for (word& x : v) state = state * 6364136223846793005u + 1442695040888963407u, x = state;
      if (m1 % 64 != 0) v[w - 1] &= (word{1} << (m1 % 64)) - 1;
    }
    std::vector<word> trace = v, power = v;
    for (std::uint64_t i = 1; i < m1; ++i) {
      power = k1.mul(power, power);
      if (i % m0 == 0) {
        for (std::size_t k = 0; k < w; ++k) trace[k] ^= power[k];
      }
    }
    std::vector<std::vector<word>> powers{k1.one()};
    for (std::uint64_t j = 0; j < m0; ++j) powers.push_back(k1.mul(powers.back(), trace));
    small_subfield copy{{packed_field(1, 1), {}, {}}, {}, {}};
    std::vector<std::vector<word>> rows;
    std::vector<int> row_of(w * 64, -1);
    for (std::uint64_t j = 0; j < m0; ++j) {
      std::vector<word> x = powers[j];
      for (std::size_t k = w; k-- > 0;) {
        while (x[k] != 0) {
          const unsigned bit = 63 - static_cast<unsigned>(std::countl_zero(x[k]));
          const int r = row_of[k * 64 + bit];
          if (r < 0) {
            row_of[k * 64 + bit] = static_cast<int>(rows.size());
            rows.push_back(x);
            copy.pivot_word.push_back(k);
            copy.pivot_mask.push_back(word{1} << bit);
            k = 0;
            break;
          }
          for (std::size_t i = 0; i <= k; ++i) x[i] ^= rows[static_cast<std::size_t>(r)][i];
        }
      }
    }
    if (rows.size() != m0) continue;
    std::vector<word> compressed;
    for (const std::vector<word>& p : powers) compressed.push_back(copy.compress(p.data()));
    auto basis = polynomial_basis_from_powers(static_cast<unsigned>(m0), compressed);
    if (!basis) continue;
    copy.basis = std::move(*basis);
    return copy;
  }
  throw internal_error("No generator of k0 in 64 traces.");
}

// The connection polynomial C (C_0 = 1) of least length of s over the small field.
std::vector<word> berlekamp_massey(const packed_field& f, const std::vector<word>& s) {
  std::vector<word> c{1}, b{1};
  std::size_t length = 0, shift = 1;
  word last = 1;
  for (std::size_t n = 0; n < s.size(); ++n) {
    word discrepancy = s[n];
    for (std::size_t i = 1; i <= length && i < c.size(); ++i) discrepancy ^= f.mul(c[i], s[n - i]);
    if (discrepancy == 0) {
      ++shift;
      continue;
    }
    const word scale = f.mul(discrepancy, f.inverse(last));
    const std::vector<word> previous = c;
    if (c.size() < b.size() + shift) c.resize(b.size() + shift, 0);
    for (std::size_t i = 0; i < b.size(); ++i) c[i + shift] ^= f.mul(scale, b[i]);
    if (2 * length <= n) {
      length = n + 1 - length;
      b = previous;
      last = discrepancy;
      shift = 1;
    } else {
      ++shift;
    }
  }
  c.resize(length + 1, 0);
  return c;
}

// s_i = Σ_(1 ≤ j ≤ L) C_j·s_(i−j) for i from `known` on (compiled for PCLMULQDQ so that the
// field's carry-less products inline; they check the machine themselves).
ON2_PCLMUL_CAPABLE void extend_by_recurrence(const packed_field& f, const std::vector<word>& c,
                                             std::size_t known, std::vector<word>& s) {
  const std::size_t length = c.size() - 1;
  for (std::size_t i = known; i < s.size(); ++i) {
    u128 sum = 0;
    for (std::size_t j = 1; j <= length; ++j) sum ^= f.carryless(c[j], s[i - j]);
    s[i] = f.reduce(sum);
  }
}

// What the method needs of E and d, made once per field and degree (kummer_structure_for).
struct kummer_structure {
  // k0 = GF(2^m0_), k1 = GF(2^m1), r = [K : k1].
  kummer_structure(const tower_field& field, std::uint64_t m0_, std::uint64_t m1, std::uint64_t r,
                   const context& ctx);

  tower_field K;
  std::size_t p, n;  // the top step's degree, K's words
  std::uint64_t m0;
  std::vector<element> lambda_inverse_powers;  // λ^(−i), i < p
  std::vector<element> lambda_powers;          // λ^i, i < p
  tower_subfield_copy k1;
  kummer_field L;
  small_subfield k0;
};

kummer_structure::kummer_structure(const tower_field& field, std::uint64_t m0_, std::uint64_t m1,
                                   std::uint64_t r, const context& ctx)
    : K(field.field_below_top()),
      p(field.steps().back().degree),
      n(K.words()),
      m0(m0_),
      k1(K, m1, ctx),
      L(k1.field(), p, {}),
      k0(copy_of_small_subfield(k1.field(), m0, ctx)) {
  const element& c = field.steps().back().constant;
  // τ(t) = t^(2^m1) = ζ′·t with ζ′ = c^((2^m1 − 1)/p); ζ = N(ζ′)^(1/r) is a p-th root of unity
  // in k1 with ζ^r = N(ζ′), so w′ = ζ′/ζ has norm 1.
  const integer one_less = (integer(1) << static_cast<unsigned>(m1)) - 1;
  const element zeta_prime = K.pow(c, one_less / p);
  const element norm = semilinear_orbit_norm(K, zeta_prime, integer(m1), r, ctx);
  const element zeta = K.pow(norm, integer(inverse_modulo(r % p, p)));
  if (K.pow(zeta, integer(p)) != K.one()) {
    throw internal_error("N(ζ′) is not a p-th root of unity.");
  }
  const element w_prime = K.mul(zeta_prime, K.pow(zeta, integer(p - 1)));
  const element lambda = hilbert_ninety(K, w_prime, m1, r, ctx);
  if (K.mul(K.frobenius(lambda, integer(m1)), zeta_prime) != K.mul(zeta, lambda)) {
    throw internal_error("λ does not solve τ(λ) = (ζ/ζ′)·λ.");
  }
  L = kummer_field(k1.field(), p, k1.coordinates(K.mul(K.pow(lambda, integer(p)), c)));
  const element lambda_inverse = K.inverse(lambda);
  element scale = K.one(), power = K.one();
  for (std::size_t i = 0; i < p; ++i) {
    lambda_inverse_powers.push_back(scale);
    lambda_powers.push_back(power);
    scale = K.mul(scale, lambda_inverse);
    power = K.mul(power, lambda);
  }
}

// One per context (context::cache), as its tower fields: the structures of the last few (E, d).
struct kummer_structure_cache {
  using key = std::tuple<std::string, std::vector<word>, std::uint64_t>;
  static constexpr std::size_t max_cached = 16;  // then the cache starts over
  std::mutex mutex;
  std::map<key, std::shared_ptr<const kummer_structure>> structures;
};

// The structure of (E, d) from the context's cache: a primitive(a) or a script asks for the same
// field and degree again and again, and the structure costs about as much as the rest.
std::shared_ptr<const kummer_structure> kummer_structure_for(const tower_field& field,
                                                             std::uint64_t d, std::uint64_t m0,
                                                             std::uint64_t m1, std::uint64_t r,
                                                             const context& ctx) {
  kummer_structure_cache& cache = ctx.cache<kummer_structure_cache>();
  kummer_structure_cache::key k{field.degree().str(), field.steps().back().constant, d};
  {
    const std::lock_guard<std::mutex> lock(cache.mutex);
    if (const auto found = cache.structures.find(k); found != cache.structures.end()) {
      return found->second;
    }
  }
  auto made = std::make_shared<const kummer_structure>(field, m0, m1, r, ctx);
  const std::lock_guard<std::mutex> lock(cache.mutex);
  if (cache.structures.size() >= kummer_structure_cache::max_cached) cache.structures.clear();
  cache.structures.emplace(std::move(k), made);
  return made;
}

}  // namespace

namespace {

// The method's parameters for (E, d), or nothing where it does not apply.
struct kummer_parameters {
  std::uint64_t p, m0, m1, r;
};

std::optional<kummer_parameters> parameters_of(const tower_field& field, std::uint64_t d) {
  if (field.steps().empty()) return std::nullopt;
  const tower_step& top = field.steps().back();
  const std::uint64_t p = top.degree;
  if (top.type != tower_step::kind::power || p % 2 == 0) return std::nullopt;
  const auto degree = field.degree().convert_to<std::uint64_t>();
  const std::uint64_t below = degree / p, m0 = std::gcd(d, below);
  if (m0 * p != d || m0 > 64) return std::nullopt;
  const std::uint64_t roots_of_unity = order_of_two_modulo(p);
  if (below % roots_of_unity != 0) return std::nullopt;
  const std::uint64_t m1 = std::lcm(m0, roots_of_unity), r = below / m1;
  if (r % p == 0) return std::nullopt;
  return kummer_parameters{p, m0, m1, r};
}

// x of L (in E's words) in L's coordinates: x = Σ X_i·t^i = Σ (X_i·λ^(−i))·η^i, each
// coefficient in k1.
std::vector<word> into_l(const kummer_structure& structure, const element& x) {
  const tower_field& K = structure.K;
  const std::size_t n = structure.n, w = structure.k1.field().words();
  std::vector<word> xl(structure.L.words(), 0);
  for (std::size_t i = 0; i < structure.p; ++i) {
    const element line(x.begin() + static_cast<std::ptrdiff_t>(i * n),
                       x.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
    structure.k1.coordinates(K.mul(line, structure.lambda_inverse_powers[i]).data(),
                             xl.data() + i * w);
  }
  return xl;
}

// The inverse: Σ Y_i·η^i = Σ (Y_i·λ^i)·t^i in E's words.
element from_l(const kummer_structure& structure, const std::vector<word>& yl) {
  const tower_field& K = structure.K;
  const std::size_t n = structure.n, w = structure.k1.field().words();
  element y(structure.p * n, 0), line(n);
  for (std::size_t i = 0; i < structure.p; ++i) {
    structure.k1.to_field(yl.data() + i * w, line.data());
    const element scaled = K.mul(line, structure.lambda_powers[i]);
    std::copy(scaled.begin(), scaled.end(), y.begin() + static_cast<std::ptrdiff_t>(i * n));
  }
  return y;
}

// The traces s_i = Tr_(L/k1)(x^i) = p·[x^i]_0 = [x^i]_0 for i < 2p, in k0's copy. They lie in
// k0 for x in GF(2^d) (L and GF(2^d) are linearly disjoint over k0), and the trace commutes with
// squaring, so s_2i = s_i²: only the odd ones are products, s_(1 + 2(b·k + j)) = [x·y^(b·k)·y^j]_0
// for y = x², by baby steps y^j, j < b, and giant steps x·y^(b·k), each trace a pairing with a
// baby step's dual: about 2·√p products of L.
std::vector<word> traces_over_k0(const kummer_structure& structure, const element& x,
                                 const context& ctx) {
  const std::size_t p = structure.p;
  const std::size_t w = structure.k1.field().words();
  const kummer_field& L = structure.L;
  const std::vector<word> xl = into_l(structure, x);
  const std::size_t odd_count = p;  // the odd i < 2p
  const auto b = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(odd_count))));
  const std::vector<word> y = L.mul(xl, xl);
  std::vector<std::vector<word>> duals;
  std::vector<word> baby = L.one();
  for (std::size_t j = 0; j < b; ++j) {
    ctx.poll();
    duals.push_back(L.dual(baby));
    baby = L.mul(baby, y);  // ends as y^b
  }
  const std::vector<word> giant = baby;
  std::vector<word> odd_traces(odd_count * w, 0);
  std::vector<word> power = xl;
  for (std::size_t k = 0; k * b < odd_count; ++k) {
    ctx.poll();
    for (std::size_t j = 0; j < b && k * b + j < odd_count; ++j) {
      L.constant_term(power, duals[j], odd_traces.data() + (k * b + j) * w);
    }
    if ((k + 1) * b < odd_count) power = L.mul(power, giant);
  }
  const packed_field& f0 = structure.k0.basis.field;
  std::vector<word> s(2 * p);
  s[0] = structure.k0.from_wide(L.one().data());  // [1]_0
  for (std::size_t u = 0; u < odd_count; ++u) {
    s[2 * u + 1] = structure.k0.from_wide(odd_traces.data() + u * w);
  }
  for (std::size_t i = 1; 2 * i < 2 * p; ++i) s[2 * i] = f0.square(s[i]);
  return s;
}

// The least recurrence over GF(2) of Tr_(GF(2^d)/GF(2))(x^i), i < 2d, from the traces to k0 and
// x's recurrence over k0 (`connection`, which extends them): the minimal polynomial of x.
gf2_recurrence recurrence_over_gf2(const kummer_structure& structure, std::vector<word> s,
                                   const std::vector<word>& connection, std::uint64_t d,
                                   const context& ctx) {
  const packed_field& f0 = structure.k0.basis.field;
  const std::size_t known = s.size();
  s.resize(2 * d, 0);
  if (known < s.size()) extend_by_recurrence(f0, connection, known, s);
  word trace_mask = 0;  // bit j: Tr(z^j) in GF(2)
  for (unsigned j = 0; j < structure.m0; ++j) {
    word y = word{1} << j, t = 0;
    for (std::uint64_t k = 0; k < structure.m0; ++k, y = f0.square(y)) t ^= y;
    if (t > 1) throw internal_error("A trace to GF(2) is not in GF(2).");
    trace_mask |= t << j;
  }
  std::vector<word> bits((2 * d + 63) / 64, 0);
  for (std::size_t i = 0; i < 2 * d; ++i) {
    if (std::popcount(s[i] & trace_mask) % 2 != 0) bits[i / 64] |= word{1} << (i % 64);
  }
  return gf2_berlekamp_massey(bits, 2 * d, ctx);
}

// x's recurrence over k0 from its 2p traces, or nothing over k0 = GF(2), where d = p and the
// traces are already the 2d terms of the recurrence over GF(2) (a Berlekamp–Massey on bits).
std::vector<word> connection_over_k0(const kummer_structure& structure,
                                     const std::vector<word>& s) {
  if (structure.m0 == 1) return {};
  return berlekamp_massey(structure.k0.basis.field, s);
}

// Whether E is large enough beside GF(2^d) for GF(2)[z]/(f) to beat the layers in E.
bool copy_pays(const tower_field& field, std::uint64_t d) {
  return d >= 2 && field.degree() >= integer(small_copy_ratio) * d;
}

struct small_field_operations {  // k0's copy, for the norm's generator test
  const packed_field* field;
  using element = word;
  element one() const { return 1; }
  element mul(element x, element y) const { return field->mul(x, y); }
  element square(element x) const { return field->square(x); }
  static std::uint64_t key(element x) { return x * 0x9e3779b97f4a7c15; }
};

}  // namespace

std::optional<gf2_polynomial> minimal_polynomial_by_kummer_step(const tower_field& field,
                                                                const element& x, std::uint64_t d,
                                                                const context& ctx) {
  const auto parameters = parameters_of(field, d);
  if (!parameters) return std::nullopt;
  const auto [p, m0, m1, r] = *parameters;
  const auto structure = kummer_structure_for(field, d, m0, m1, r, ctx);
  const std::vector<word> s = traces_over_k0(*structure, x, ctx);
  const std::vector<word> connection = connection_over_k0(*structure, s);
  if (m0 > 1 && connection.size() != p + 1) {
    throw internal_error("The minimal polynomial over k0 has degree " +
                         std::to_string(connection.size() - 1) + ", not " + std::to_string(p) +
                         ".");
  }
  return minimal_polynomial_from_recurrence(recurrence_over_gf2(*structure, s, connection, d, ctx),
                                            d);
}

std::optional<bool> generates_by_kummer_step(const tower_field& field, const element& x,
                                             std::uint64_t d, const std::vector<integer>& primes,
                                             const context& ctx) {
  if (!copy_pays(field, d)) return std::nullopt;
  const auto parameters = parameters_of(field, d);
  if (!parameters) return std::nullopt;
  const auto [p, m0, m1, r] = *parameters;
  if (tower_field::is_zero(x)) return false;
  const auto structure = kummer_structure_for(field, d, m0, m1, r, ctx);
  const std::vector<word> s = traces_over_k0(*structure, x, ctx);
  const packed_field& f0 = structure->k0.basis.field;
  const std::vector<word> connection = connection_over_k0(*structure, s);
  // Below degree p over k0, x lies in a proper subfield (over GF(2), the recurrence tells).
  if (m0 > 1 && connection.size() != p + 1) return false;
  // The norm to k0 is C_p (x's minimal polynomial over k0 is y^p + C_1·y^(p−1) + … + C_p, p odd),
  // and the norm of a generator generates k0^×: the primes of 2^m0 − 1 first, with no more work.
  std::vector<integer> small;
  const integer small_order = (integer(1) << static_cast<unsigned>(m0)) - 1;
  for (const integer& q : primes) {
    if (small_order % q == 0) small.push_back(q);
  }
  if (m0 > 1 && !small.empty() &&
      !generates(small_field_operations{&f0}, connection[p], small_order, small, ctx)) {
    return false;
  }
  const gf2_recurrence recurrence = recurrence_over_gf2(*structure, s, connection, d, ctx);
  if (recurrence.length != d) return false;
  const wide_polynomial_field copy(minimal_polynomial_from_recurrence(recurrence, d).bits);
  std::vector<word> z(copy.words(), 0);
  z[0] = 2;
  return generates(wide_operations{&copy}, z, (integer(1) << static_cast<unsigned>(d)) - 1, primes,
                   ctx);
}

std::optional<kummer_powers> powers_by_kummer_step(const tower_field& field, const element& theta,
                                                   std::uint64_t d, std::size_t count,
                                                   std::size_t whole, const context& ctx) {
  if (!copy_pays(field, d)) return std::nullopt;
  const auto parameters = parameters_of(field, d);
  if (!parameters) return std::nullopt;
  const auto [p, m0, m1, r] = *parameters;
  const auto structure = kummer_structure_for(field, d, m0, m1, r, ctx);
  const kummer_field& L = structure->L;
  const std::vector<word> xl = into_l(*structure, theta);
  kummer_powers out;
  element line(structure->n);
  std::vector<word> power = L.one();
  for (std::size_t k = 0; k < count; ++k) {
    ctx.poll();
    if (k < whole) {
      out.powers.push_back(from_l(*structure, power));
      out.first_words.push_back(out.powers.back()[0]);
    } else {  // word 0 of E is word 0 of line 0, Y_0·λ^0
      structure->k1.to_field(power.data(), line.data());
      out.first_words.push_back(line[0]);
    }
    if (k + 1 < count) power = L.mul(power, xl);
  }
  return out;
}

std::optional<wide_polynomial_field> small_copy_of_element_field(const tower_field& field,
                                                                 const element& x, std::uint64_t d,
                                                                 const context& ctx) {
  if (!copy_pays(field, d)) return std::nullopt;
  auto f = minimal_polynomial_by_kummer_step(field, x, d, ctx);
  if (!f) return std::nullopt;
  return wide_polynomial_field(std::move(f->bits));
}

}  // namespace cas::detail
