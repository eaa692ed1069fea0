#include "cas/kappa/kappa.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "kappa/kappa_monomial.hpp"

namespace cas {
namespace {

using detail::monomial;
using detail::to_exponent;
using detail::trim;

struct kappa_term {
  nimber coefficient;
  monomial exponent;
};

// One nim product computation: the α_p's as κ-terms, converted once, and the accumulated result.
// The partial sum is an ordinal too and is held to max_ordinal_terms as it grows: the product of
// two 50 001-term ordinals has 2.5·10^9 terms, which grew to gigabytes before the result's own
// check could refuse it (issue 16). Terms that cancel leave the sum, so it is the true size.
class kappa_product {
 public:
  // `operation` names the computation and `term_products` counts its products of terms, for
  // the limit's message.
  kappa_product(const context& ctx, const char* operation, const integer& term_products)
      : ctx_(ctx), operation_(operation), term_products_(term_products) {}

  // sum ⊕= c ⊗ κ^x ⊗ κ^y.
  void multiply_into(const nimber& c, const monomial& x, const monomial& y) {
    std::vector<std::size_t> overflows;
    monomial product = add_digits(x, y, overflows);
    expand(c, std::move(product), overflows);
    ++done_;
  }

  void add(const nimber& c, const monomial& m) {
    const auto [slot, inserted] = sum_.try_emplace(m);
    slot->second = nim_add(slot->second, c);
    if (slot->second.is_zero()) {
      sum_.erase(slot);
      return;
    }
    const std::uint64_t limit = ctx_.limits().max_ordinal_terms;
    if (inserted && sum_.size() > limit) {
      throw limit_error(
          std::string("The ") + operation_ + "'s partial sum reached " +
          std::to_string(sum_.size()) + " terms after " + std::to_string(done_ + 1) + " of its " +
          term_products_.str() +
          " products of terms, above the limit max_ordinal_terms = " + std::to_string(limit) + ".");
    }
  }

  ordinal result() const {
    std::vector<ordinal_term> terms;
    terms.reserve(sum_.size());
    for (const auto& [m, c] : sum_) {
      if (!c.is_zero()) terms.push_back({to_exponent(m), c});
    }
    return ordinal::from_terms(std::move(terms), ctx_);
  }

 private:
  // x + y place by place; a digit reaching p carries down; overflows of digit 0 are listed.
  monomial add_digits(const monomial& x, const monomial& y, std::vector<std::size_t>& overflows) {
    monomial m(std::max(x.size(), y.size()));
    for (std::size_t i = 0; i < m.size(); ++i) {
      const std::vector<std::uint64_t> none;
      const auto& dx = i < x.size() ? x[i] : none;
      const auto& dy = i < y.size() ? y[i] : none;
      auto& d = m[i];
      d.assign(std::max(dx.size(), dy.size()), 0);
      for (std::size_t k = 0; k < dx.size(); ++k) d[k] += dx[k];
      for (std::size_t k = 0; k < dy.size(); ++k) d[k] += dy[k];
      if (d.empty()) continue;
      const std::uint64_t p = odd_prime_at(i);
      for (std::size_t k = d.size(); k-- > 0;) {
        if (d[k] < p) continue;
        d[k] -= p;  // κ_(p^(k+1))^p = κ_(p^k), and κ_p^p = α_p
        if (k > 0) {
          ++d[k - 1];
        } else {
          overflows.push_back(i);
        }
      }
    }
    trim(m);
    return m;
  }

  // sum ⊕= c ⊗ κ^m ⊗ ∏_{i ∈ pending} α_(p_(i+1)).
  void expand(const nimber& c, monomial m, std::vector<std::size_t> pending) {
    if (c.is_zero()) return;
    if (pending.empty()) {
      add(c, m);
      return;
    }
    ctx_.poll();
    const std::size_t position = pending.back();
    pending.pop_back();
    for (const kappa_term& t : alpha_terms(position)) {
      std::vector<std::size_t> more = pending;
      monomial product = add_digits(m, t.exponent, more);
      expand(nim_mul(c, t.coefficient, ctx_), std::move(product), std::move(more));
    }
  }

  const std::vector<kappa_term>& alpha_terms(std::size_t position) {
    auto found = alphas_.find(position);
    if (found != alphas_.end()) return found->second;
    std::vector<kappa_term> terms;
    for (const ordinal_term& t : alphas_of(ctx_).alpha(odd_prime_at(position)).terms()) {
      terms.push_back({t.coefficient, kappa_digits(t.exponent)});
    }
    return alphas_.emplace(position, std::move(terms)).first->second;
  }

  const context& ctx_;
  const char* operation_;
  integer term_products_;
  std::uint64_t done_ = 0;
  std::map<std::size_t, std::vector<kappa_term>> alphas_;
  std::map<monomial, nimber> sum_;
};

std::vector<kappa_term> to_kappa_terms(const ordinal& a) {
  std::vector<kappa_term> terms;
  terms.reserve(a.terms().size());
  for (const ordinal_term& t : a.terms())
    terms.push_back({t.coefficient, kappa_digits(t.exponent)});
  return terms;
}

}  // namespace

std::vector<std::vector<std::uint64_t>> kappa_digits(const small_ordinal& exponent) {
  std::vector<std::vector<std::uint64_t>> digits(exponent.length());
  // Machine words while the digits fit them (every exponent of a field that can be built).
  if (exponent.fits_words()) {
    for (const auto& [i, value] : exponent.word_digits()) {
      const std::uint64_t p = odd_prime_at(i);
      for (std::uint64_t rest = value; rest != 0; rest /= p) digits[i].push_back(rest % p);
    }
    return digits;
  }
  for (std::size_t i = 0; i < exponent.length(); ++i) {
    const std::uint64_t p = odd_prime_at(i);
    for (integer rest = exponent.digit(i); rest != 0; rest /= p) {
      digits[i].push_back(static_cast<std::uint64_t>(rest % p));
    }
  }
  return digits;
}

ordinal nim_mul_terms(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_finite() && b.is_finite())
    return ordinal(nim_mul(a.finite_part(), b.finite_part(), ctx));
  // a ⊗ a term by term: the schoolbook partial sums would hold the cross terms until their
  // twins cancel them, far beyond the square's size.
  if (a == b) return nim_square_terms(a, ctx);
  const std::vector<kappa_term> x = to_kappa_terms(a), y = to_kappa_terms(b);
  kappa_product product(ctx, "nim product", integer(x.size()) * y.size());
  for (const kappa_term& s : x) {
    for (const kappa_term& t : y) {
      ctx.poll();  // a coefficient product alone can take milliseconds
      product.multiply_into(nim_mul(s.coefficient, t.coefficient, ctx), s.exponent, t.exponent);
    }
  }
  return product.result();
}

ordinal nim_square_terms(const ordinal& a, const context& ctx) {
  if (a.is_finite()) return ordinal(nim_square(a.finite_part(), ctx));
  kappa_product product(ctx, "nim square", integer(a.terms().size()));
  // (Σ t)^2 = Σ t^2: the cross terms appear twice and cancel.
  for (const kappa_term& t : to_kappa_terms(a)) {
    ctx.poll();
    product.multiply_into(nim_square(t.coefficient, ctx), t.exponent, t.exponent);
  }
  return product.result();
}

ordinal nim_pow_terms(const ordinal& a, const integer& e, const context& ctx) {
  if (e < 0) {
    throw range_error("The exponent " + e.str() + " is negative; nim_pow_terms takes naturals.");
  }
  if (a.is_finite()) return ordinal(nim_pow(a.finite_part(), e, ctx));
  integer exponent = e;
  const integer field = closure_of(a, ctx).field_exponent();
  if (field < 4096) exponent %= (integer(1) << static_cast<unsigned>(field)) - 1;
  ordinal result(nimber(1));
  for (std::size_t i = exponent == 0 ? 0 : msb(exponent) + 1; i-- > 0;) {
    result = nim_square_terms(result, ctx);
    if (bit_test(exponent, static_cast<unsigned>(i))) result = nim_mul_terms(result, a, ctx);
  }
  return result;
}

integer kappa_closure::field_exponent() const {
  integer e = 1;
  for (const auto& [prime, power] : prime_powers) {
    for (std::uint64_t j = 0; j < power; ++j) e *= prime;
  }
  return e;
}

kappa_closure closure_union(const kappa_closure& a, const kappa_closure& b) {
  kappa_closure u = a;
  for (const auto& [prime, power] : b.prime_powers) {
    std::uint64_t& slot = u.prime_powers[prime];
    slot = std::max(slot, power);
  }
  return u;
}

kappa_closure closure_of(const ordinal& a, const context& ctx) {
  kappa_closure closure;
  std::vector<std::uint64_t> odd_primes_to_close;
  auto need = [&](std::uint64_t prime, std::uint64_t power) {
    std::uint64_t& slot = closure.prime_powers[prime];
    if (power > slot) {
      if (slot == 0 && prime != 2) odd_primes_to_close.push_back(prime);
      slot = power;
    }
  };
  // For each position the largest digit (the number of its base-p digits is what counts), and
  // the largest coefficient: one pass over the terms, no digit vectors.
  auto need_ordinal = [&](const ordinal& x) {
    std::vector<integer> largest;
    std::vector<std::uint64_t> largest_word;  // the same while the digits fit in words
    unsigned level = 0;
    for (const ordinal_term& t : x.terms()) {
      // A coefficient below 2^(2^j) needs κ_2, κ_4, …, κ_(2^j).
      level = std::max(level, t.coefficient.level());
      const std::size_t length = t.exponent.length();
      if (largest.size() < length) {
        largest.resize(length);
        largest_word.resize(length, 0);
      }
      if (t.exponent.fits_words()) {
        for (const auto& [i, value] : t.exponent.word_digits()) {
          largest_word[i] = std::max(largest_word[i], value);
        }
        continue;
      }
      const std::vector<integer> digits = t.exponent.digits();
      for (std::size_t i = 0; i < digits.size(); ++i) {
        if (digits[i] > largest[i]) largest[i] = digits[i];
      }
    }
    for (std::size_t i = 0; i < largest.size(); ++i) {
      if (largest[i] < largest_word[i]) largest[i] = largest_word[i];
    }
    if (level > 0) need(2, level);
    for (std::size_t i = 0; i < largest.size(); ++i) {
      if (largest[i] == 0) continue;
      const std::uint64_t p = odd_prime_at(i);
      std::uint64_t count = 0;
      if (largest[i] <= std::numeric_limits<std::uint64_t>::max()) {
        for (auto rest = static_cast<std::uint64_t>(largest[i]); rest != 0; rest /= p) ++count;
      } else {
        for (integer rest = largest[i]; rest != 0; rest /= p) ++count;
      }
      need(p, count);
    }
  };
  need_ordinal(a);
  // κ_p needs the κ's of α_p, which involve smaller primes only.
  while (!odd_primes_to_close.empty()) {
    const std::uint64_t p = odd_primes_to_close.back();
    odd_primes_to_close.pop_back();
    need_ordinal(alphas_of(ctx).alpha(p));
  }
  return closure;
}

}  // namespace cas
