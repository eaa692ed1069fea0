#include "poly/binary_polynomial.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "kernels/binary_product.hpp"

namespace cas::detail {

namespace {

using word = binary_polynomial::word;

std::size_t words_for_bits(std::uint64_t bits) {
  return static_cast<std::size_t>((bits + 63) / 64);
}

// The even-position bits of x gathered into 32 bits (the inverse of spread).
word gather(word x) {
  x &= 0x5555555555555555u;
  x = (x | (x >> 1)) & 0x3333333333333333u;
  x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0fu;
  x = (x | (x >> 4)) & 0x00ff00ff00ff00ffu;
  x = (x | (x >> 8)) & 0x0000ffff0000ffffu;
  x = (x | (x >> 16)) & 0x00000000ffffffffu;
  return x;
}

// `width` ≤ 64 bits of a starting at bit `position` (bits beyond the words read as 0).
word extract_bits(const std::vector<word>& a, std::uint64_t position, std::uint64_t width) {
  const std::size_t i = static_cast<std::size_t>(position / 64);
  const unsigned r = static_cast<unsigned>(position % 64);
  word w = i < a.size() ? a[i] >> r : 0;
  if (r != 0 && i + 1 < a.size()) w |= a[i + 1] << (64 - r);
  return width >= 64 ? w : w & ((word{1} << width) - 1);
}

// a ^= w · x^position; a must be long enough for the bits of w that are set.
void xor_bits(std::vector<word>& a, std::uint64_t position, word w) {
  const std::size_t i = static_cast<std::size_t>(position / 64);
  const unsigned r = static_cast<unsigned>(position % 64);
  a[i] ^= w << r;
  if (r != 0 && (w >> (64 - r)) != 0) a[i + 1] ^= w >> (64 - r);
}

// a ^= b · x^shift, a long enough.
void xor_shifted(std::vector<word>& a, const std::vector<word>& b, std::uint64_t shift) {
  const std::size_t s = static_cast<std::size_t>(shift / 64);
  const unsigned r = static_cast<unsigned>(shift % 64);
  if (r == 0) {
    for (std::size_t j = 0; j < b.size(); ++j) a[s + j] ^= b[j];
    return;
  }
  word carry = 0;
  for (std::size_t j = 0; j < b.size(); ++j) {
    a[s + j] ^= (b[j] << r) | carry;
    carry = b[j] >> (64 - r);
  }
  if (carry != 0) a[s + b.size()] ^= carry;
}

// The top degree of a, whose words may have zeros at the top; −1 when zero.
long long top_degree(const std::vector<word>& a, std::size_t words) {
  while (words > 0 && a[words - 1] == 0) --words;
  if (words == 0) return -1;
  return static_cast<long long>(64 * (words - 1) + 63 -
                                static_cast<unsigned>(std::countl_zero(a[words - 1])));
}

// a mod x^bits.
binary_polynomial truncate(binary_polynomial a, std::uint64_t bits) {
  std::vector<word>& w = a.mutable_words();
  if (w.size() > words_for_bits(bits)) w.resize(words_for_bits(bits));
  if (bits % 64 != 0 && w.size() == words_for_bits(bits)) w.back() &= (word{1} << (bits % 64)) - 1;
  a.trim();
  return a;
}

// floor(a / x^bits).
binary_polynomial shift_down(const binary_polynomial& a, std::uint64_t bits) {
  const std::vector<word>& w = a.words();
  const std::size_t s = static_cast<std::size_t>(bits / 64);
  if (s >= w.size()) return {};
  const unsigned r = static_cast<unsigned>(bits % 64);
  std::vector<word> out(w.size() - s);
  for (std::size_t j = 0; j < out.size(); ++j) {
    out[j] = w[s + j] >> r;
    if (r != 0 && s + j + 1 < w.size()) out[j] |= w[s + j + 1] << (64 - r);
  }
  return binary_polynomial(std::move(out));
}

// a · x^bits.
binary_polynomial shift_up(const binary_polynomial& a, std::uint64_t bits) {
  if (a.is_zero()) return {};
  std::vector<word> out(a.words().size() + words_for_bits(bits) + 1, 0);
  xor_shifted(out, a.words(), bits);
  return binary_polynomial(std::move(out));
}

// The coefficients of a (degree < bits) in reverse order: x^(bits−1) · a(1/x).
binary_polynomial reverse(const binary_polynomial& a, std::uint64_t bits) {
  std::vector<word> out(words_for_bits(bits), 0);
  for (std::size_t j = 0; j < a.words().size(); ++j) {
    word w = a.words()[j];
    while (w != 0) {
      const auto b = static_cast<std::uint64_t>(std::countr_zero(w));
      w &= w - 1;
      const std::uint64_t i = 64 * j + b;
      if (i < bits) xor_bits(out, bits - 1 - i, 1);
    }
  }
  return binary_polynomial(std::move(out));
}

// The inverse of h (h(0) = 1) modulo x^bits by Newton's iteration g ← h·g² mod x^(2k)
// (characteristic 2: g·(2 − h·g) = h·g²).
binary_polynomial inverse_series(const binary_polynomial& h, std::uint64_t bits) {
  binary_polynomial g = binary_polynomial::one();
  for (std::uint64_t k = 1; k < bits;) {
    k = std::min(2 * k, bits);
    g = truncate(mul(truncate(h, k), square(g)), k);
  }
  return g;
}

}  // namespace

binary_polynomial::binary_polynomial(std::vector<word> words) : words_(std::move(words)) {
  trim();
}

binary_polynomial binary_polynomial::monomial(std::uint64_t n) {
  std::vector<word> w(words_for_bits(n + 1), 0);
  w.back() = word{1} << (n % 64);
  return binary_polynomial(std::move(w));
}

long long binary_polynomial::degree() const noexcept {
  return top_degree(words_, words_.size());
}

std::uint64_t binary_polynomial::weight() const noexcept {
  std::uint64_t count = 0;
  for (const word w : words_) count += static_cast<std::uint64_t>(std::popcount(w));
  return count;
}

void binary_polynomial::trim() noexcept {
  while (!words_.empty() && words_.back() == 0) words_.pop_back();
}

binary_polynomial add(const binary_polynomial& a, const binary_polynomial& b) {
  const bool a_longer = a.words().size() >= b.words().size();
  std::vector<word> sum = a_longer ? a.words() : b.words();
  const std::vector<word>& other = a_longer ? b.words() : a.words();
  for (std::size_t i = 0; i < other.size(); ++i) sum[i] ^= other[i];
  return binary_polynomial(std::move(sum));
}

binary_polynomial mul(const binary_polynomial& a, const binary_polynomial& b) {
  if (a.is_zero() || b.is_zero()) return {};
  std::vector<word> product(a.words().size() + b.words().size());
  binary_product(product.data(), a.words().data(), a.words().size(), b.words().data(),
                 b.words().size());
  return binary_polynomial(std::move(product));
}

binary_polynomial square(const binary_polynomial& a) {
  // One word more than the square needs: reduce_sparse's room for a carry, without a copy.
  std::vector<word> s(2 * a.words().size() + 1);
  binary_square(s.data(), a.words().data(), a.words().size());
  s.back() = 0;
  return binary_polynomial(std::move(s));
}

std::pair<binary_polynomial, binary_polynomial> divmod(const binary_polynomial& a,
                                                       const binary_polynomial& b,
                                                       const context* ctx) {
  assert(!b.is_zero());
  const long long n = b.degree();
  long long top = a.degree();
  if (top < n) return {binary_polynomial(), a};
  std::vector<word> r = a.words();
  r.push_back(0);  // room for the carry of a shifted b
  std::vector<word> q(words_for_bits(static_cast<std::uint64_t>(top - n + 1)), 0);
  for (std::uint64_t steps = 1; top >= n; ++steps) {
    if (ctx != nullptr && steps % 1024 == 0) ctx->poll();
    const auto shift = static_cast<std::uint64_t>(top - n);
    xor_shifted(r, b.words(), shift);
    q[shift / 64] |= word{1} << (shift % 64);
    top = top_degree(r, words_for_bits(static_cast<std::uint64_t>(top) + 1));
  }
  return {binary_polynomial(std::move(q)), binary_polynomial(std::move(r))};
}

binary_polynomial rem(const binary_polynomial& a, const binary_polynomial& b, const context* ctx) {
  return divmod(a, b, ctx).second;
}

binary_polynomial quo(const binary_polynomial& a, const binary_polynomial& b, const context* ctx) {
  return divmod(a, b, ctx).first;
}

binary_polynomial gcd(binary_polynomial a, binary_polynomial b, const context* ctx) {
  while (!b.is_zero()) {
    if (ctx != nullptr) ctx->poll();
    binary_polynomial r = rem(a, b, ctx);
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

binary_polynomial derivative(const binary_polynomial& a) {
  // The coefficient of x^(i−1) in a' is a_i for odd i.
  std::vector<word> d = shift_down(a, 1).words();
  for (word& w : d) w &= 0x5555555555555555u;
  return binary_polynomial(std::move(d));
}

binary_polynomial square_root(const binary_polynomial& a) {
  std::vector<word> r((a.words().size() + 1) / 2, 0);
  for (std::size_t i = 0; i < a.words().size(); ++i) {
    r[i / 2] |= gather(a.words()[i]) << (32 * (i % 2));
  }
  return binary_polynomial(std::move(r));
}

binary_modulus::binary_modulus(binary_polynomial f) : f_(std::move(f)) {
  assert(f_.degree() >= 1);
  n_ = static_cast<std::uint64_t>(f_.degree());
  // Sparse: each step folds w = min(64, n − s) bits (s the second-highest exponent) with one
  // shifted xor per term; used when that costs less than Barrett's two products.
  std::uint64_t second = 0;
  for (std::size_t j = 0; j < f_.words().size(); ++j) {
    word w = f_.words()[j];
    while (w != 0) {
      const std::uint64_t i = 64 * j + static_cast<std::uint64_t>(std::countr_zero(w));
      w &= w - 1;
      if (i < n_) {
        low_exponents_.push_back(i);
        second = i;
      }
    }
  }
  fold_width_ = std::min<std::uint64_t>(64, n_ - second);
  const std::uint64_t steps_per_word = (64 + fold_width_ - 1) / fold_width_;
  sparse_ = low_exponents_.size() * steps_per_word <= 16 || n_ < 64;
  if (!sparse_) {
    // μ = floor(x^(2n) / f) = rev_n(rev_n(f)^(−1) mod x^(n+1)) (Modern Computer Algebra §9.1).
    mu_ = reverse(inverse_series(reverse(f_, n_ + 1), n_ + 1), n_ + 1);
  }
}

binary_polynomial binary_modulus::reduce(binary_polynomial a) const {
  if (a.degree() < static_cast<long long>(n_)) return a;
  if (sparse_) return reduce_sparse(std::move(a));
  if (a.degree() < static_cast<long long>(2 * n_)) return reduce_barrett(std::move(a));
  // Longer: Horner's rule on pieces of n coefficients from the top, r ← (r·x^n + piece) mod f,
  // each step one Barrett reduction.
  const auto pieces = static_cast<std::uint64_t>(a.degree()) / n_;
  binary_polynomial r;
  for (std::uint64_t k = pieces + 1; k-- > 0;) {
    const binary_polynomial piece = truncate(shift_down(a, k * n_), n_);
    r = reduce_barrett(add(shift_up(r, n_), piece));
  }
  return r;
}

binary_polynomial binary_modulus::reduce_sparse(binary_polynomial a) const {
  std::vector<word>& w = a.mutable_words();
  w.push_back(0);  // a square keeps the capacity for it (square() above)
  long long top = a.degree();
  while (top >= static_cast<long long>(n_)) {
    const std::uint64_t high = static_cast<std::uint64_t>(top);
    const std::uint64_t low = std::max(n_, high + 1 - std::min(fold_width_, high + 1));
    const std::uint64_t width = high - low + 1;
    const word chunk = extract_bits(w, low, width);
    xor_bits(w, low, chunk);  // x^low·chunk ≡ x^(low−n)·chunk·Σ x^e
    for (const std::uint64_t e : low_exponents_) xor_bits(w, low - n_ + e, chunk);
    top = top_degree(w, words_for_bits(low));
  }
  a.trim();
  return a;
}

binary_polynomial binary_modulus::reduce_barrett(binary_polynomial a) const {
  // q = floor(floor(a / x^n) · μ / x^n) is the exact quotient for deg a < 2n (§9.1).
  const binary_polynomial q = shift_down(mul(shift_down(a, n_), mu_), n_);
  return truncate(add(a, mul(q, f_)), n_);
}

binary_polynomial binary_modulus::multiply(const binary_polynomial& a,
                                           const binary_polynomial& b) const {
  return reduce(mul(a, b));
}

binary_polynomial binary_modulus::square(const binary_polynomial& a) const {
  return reduce(detail::square(a));
}

binary_polynomial binary_modulus::times_x(binary_polynomial a) const {
  std::vector<word>& w = a.mutable_words();
  word carry = 0;
  for (word& x : w) {
    const word next = x >> 63;
    x = (x << 1) | carry;
    carry = next;
  }
  if (carry != 0) w.push_back(carry);
  a.trim();
  if (a.coefficient(n_)) a = add(a, f_);
  return a;
}

}  // namespace cas::detail
