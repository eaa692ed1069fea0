#include "cas/explore/product_explanation.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/explore/mex_reference.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "kappa/kappa_monomial.hpp"

namespace cas {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using detail::monomial;
using detail::to_exponent;
using detail::trim;

std::string text(const ordinal& o) {
  return to_string(o);
}
std::string text(u64 v) {
  return std::to_string(v);
}

// ---------------------------------------------------------------------------------------------
// The mex derivation (docs/spec/arithmetic.md §1)

std::string explain_by_mex(u32 a, u32 b, const context& ctx) {
  const mex_table products = mex_product_table(std::max(a, b) + 1, ctx);
  const std::string A = text(a), B = text(b);
  std::string out = A + " ⊗ " + B + " = mex{a' ⊗ " + B + " ⊕ " + A + " ⊗ b' ⊕ a' ⊗ b' : a' < " + A +
                    ", b' < " + B + "}\n";
  std::set<u32> excluded;
  for (u32 a2 = 0; a2 < a; ++a2) {
    for (u32 b2 = 0; b2 < b; ++b2) {
      const u32 left = products[a2][b], middle = products[a][b2], right = products[a2][b2];
      const u32 value = left ^ middle ^ right;
      excluded.insert(value);
      out += "  a' = " + text(a2) + ", b' = " + text(b2) + ":  " + text(a2) + " ⊗ " + B + " ⊕ " +
             A + " ⊗ " + text(b2) + " ⊕ " + text(a2) + " ⊗ " + text(b2) + " = " + text(left) +
             " ⊕ " + text(middle) + " ⊕ " + text(right) + " = " + text(value) + "\n";
    }
  }
  if (a == 0 || b == 0) {
    out += "  there is no " + std::string(a == 0 ? "a' < 0" : "b' < 0") + ": nothing is excluded\n";
  }
  std::string listed;
  for (const u32 v : excluded) listed += (listed.empty() ? "" : ", ") + text(v);
  u32 survivor = 0;
  while (excluded.count(survivor) != 0) ++survivor;
  out += "excluded: {" + listed + "}\n";
  out +=
      "least survivor: " + text(survivor) + ", so " + A + " ⊗ " + B + " = " + text(survivor) + "\n";
  if (ordinal(nimber(survivor)) != nim_mul(ordinal(nimber(a)), ordinal(nimber(b)), ctx)) {
    throw error("The mex derivation of " + A + " ⊗ " + B +
                " disagrees with the fast product; "
                "that is a bug.");
  }
  return out;
}

// The text of an explanation: indented lines, at most explain_max_lines of them.
class bounded_explanation {
 public:
  explicit bounded_explanation(std::string& out) : out_(out) {}

  void line(std::size_t indent, const std::string& s) {
    if (++lines_ > explain_max_lines) {
      throw limit_error("The explanation is longer than " + text(explain_max_lines) +
                        " lines; explain shows shorter derivations only.");
    }
    out_ += std::string(indent, ' ') + s + "\n";
  }

 private:
  std::string& out_;
  u64 lines_ = 0;
};

// ---------------------------------------------------------------------------------------------
// The Fermat-rule derivation (docs/spec/arithmetic.md §2.1, §2.2; ONAG ch. 6) for finite factors
// of which one is explain_mex_bound or more: split both at the Fermat 2-power F below which their
// halves lie, a = a1·F ⊕ a0, and use F ⊗ F = F ⊕ H (the 3/2 rule, H = F/2):
// a ⊗ b = (a1 ⊗ b1 ⊕ a1 ⊗ b0 ⊕ a0 ⊗ b1)·F ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ H. Each half product with a
// factor explain_mex_bound or more is derived the same way beneath it; smaller ones are the mex
// rule's (explain(a, b) shows them).

class fermat_explanation : public bounded_explanation {
 public:
  fermat_explanation(const context& ctx, std::string& out) : bounded_explanation(out), ctx_(ctx) {}

  nimber explain(const nimber& a, const nimber& b, std::size_t indent) {
    ctx_.poll();
    const unsigned level = std::max(a.level(), b.level());  // a, b < F_level = F ⊗ F
    const std::uint64_t half_bits = std::uint64_t{1} << (level - 1);
    const integer F = integer(1) << half_bits;
    const integer x = a.to_integer(), y = b.to_integer();
    const nimber a1(integer(x >> half_bits), ctx_), a0(integer(x & (F - 1)), ctx_);
    const nimber b1(integer(y >> half_bits), ctx_), b0(integer(y & (F - 1)), ctx_);
    const nimber H(integer(F >> 1), ctx_);
    const std::string f = F.str();
    line(indent, a.to_string() + " ⊗ " + b.to_string() + " with F = " + f +
                     ", H = " + H.to_string() + ": " + a.to_string() + " = " + a1.to_string() +
                     "·" + f + " ⊕ " + a0.to_string() + ", " + b.to_string() + " = " +
                     b1.to_string() + "·" + f + " ⊕ " + b0.to_string());
    const nimber c11 = part("a1 ⊗ b1", a1, b1, indent + 2);
    const nimber c10 = part("a1 ⊗ b0", a1, b0, indent + 2);
    const nimber c01 = part("a0 ⊗ b1", a0, b1, indent + 2);
    const nimber c00 = part("a0 ⊗ b0", a0, b0, indent + 2);
    const nimber c11h = part("(a1 ⊗ b1) ⊗ H", c11, H, indent + 2);
    const nimber high = nim_add(nim_add(c11, c10), c01), low = nim_add(c00, c11h);
    // high < F, so high·F is the ordinary product (the first Fermat rule) and ⊕ low is an or.
    const nimber result(integer((high.to_integer() << half_bits) | low.to_integer()), ctx_);
    line(indent + 2, "= (" + c11.to_string() + " ⊕ " + c10.to_string() + " ⊕ " + c01.to_string() +
                         ")·" + f + " ⊕ " + c00.to_string() + " ⊕ " + c11h.to_string() + " = " +
                         high.to_string() + "·" + f + " ⊕ " + low.to_string() + " = " +
                         result.to_string());
    return result;
  }

 private:
  // One half product: its value, and beneath it its own derivation when a factor is too large
  // for the mex rule and neither is 0 or 1.
  nimber part(const std::string& name, const nimber& x, const nimber& y, std::size_t indent) {
    const nimber value = nim_mul(x, y, ctx_);
    line(indent, name + " = " + x.to_string() + " ⊗ " + y.to_string() + " = " + value.to_string());
    const nimber two(2), bound(explain_mex_bound);
    if (x >= two && y >= two && (x >= bound || y >= bound)) {
      if (explain(x, y, indent + 2) != value) {
        throw error("The Fermat derivation of a product disagrees with nim_mul; that is a bug.");
      }
    }
    return value;
  }

  const context& ctx_;
};

std::string explain_by_fermat_rules(const nimber& a, const nimber& b, const context& ctx) {
  for (const nimber* factor : {&a, &b}) {
    if (factor->bit_length() > explain_fermat_max_bits) {
      throw limit_error("explain derives products of finite factors below 2^" +
                        text(explain_fermat_max_bits) + " only; one factor has " +
                        text(factor->bit_length()) + " bits.");
    }
  }
  std::string out = a.to_string() + " ⊗ " + b.to_string() +
                    " by the Fermat rules: for a Fermat 2-power F = 2^(2^k), F ⊗ x = F·x when "
                    "x < F, and F ⊗ F = F ⊕ H with H = F/2 (the 3/2 rule); so with halves "
                    "a = a1·F ⊕ a0, b = b1·F ⊕ b0 below F\n"
                    "  a ⊗ b = (a1 ⊗ b1 ⊕ a1 ⊗ b0 ⊕ a0 ⊗ b1)·F ⊕ a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ H\n";
  fermat_explanation explanation(ctx, out);
  const nimber result = explanation.explain(a, b, 0);
  explanation.line(0, "so " + a.to_string() + " ⊗ " + b.to_string() + " = " + result.to_string() +
                          "; products of factors below " + text(explain_mex_bound) +
                          " follow from the mex rule (explain shows each)");
  if (result != nim_mul(a, b, ctx)) {
    throw error("The Fermat derivation of a product disagrees with nim_mul; that is a bug.");
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The κ derivation, step for step as kappa.cpp's kappa_product

integer power(u64 p, u64 e) {
  integer q = 1;
  for (u64 i = 0; i < e; ++i) q *= p;
  return q;
}

// κ_(p^(k+1)) for exponent position i, digit k.
std::string kappa_name(std::size_t i, std::size_t k) {
  return "κ_" + power(odd_prime_at(i), k + 1).str();
}

// The ordinal κ_(p_(i+1)^(k+1)) = [ω^(ω^i · p^k)].
ordinal kappa_value(std::size_t i, std::size_t k) {
  return ordinal::term(small_ordinal::omega_power(i, power(odd_prime_at(i), k)), nimber(1));
}

std::string monomial_text(const monomial& m) {
  std::string out;
  for (std::size_t i = m.size(); i-- > 0;) {
    for (std::size_t k = m[i].size(); k-- > 0;) {
      if (m[i][k] == 0) continue;
      if (!out.empty()) out += " ⊗ ";
      out += kappa_name(i, k);
      if (m[i][k] != 1) {
        out += '^';
        out += text(m[i][k]);
      }
    }
  }
  return out.empty() ? "1" : out;
}

std::string term_text(const nimber& c, const monomial& m) {
  const std::string kappas = monomial_text(m);
  if (kappas == "1") return c.to_string();
  return c.is_one() ? kappas : c.to_string() + " ⊗ " + kappas;
}

struct kappa_term {
  nimber coefficient;
  monomial exponent;
};

std::vector<kappa_term> to_kappa_terms(const ordinal& a) {
  std::vector<kappa_term> terms;
  for (const ordinal_term& t : a.terms())
    terms.push_back({t.coefficient, kappa_digits(t.exponent)});
  return terms;
}

class explained_product : public bounded_explanation {
 public:
  explained_product(const context& ctx, std::string& out) : bounded_explanation(out), ctx_(ctx) {}

  void multiply_into(const nimber& c, const monomial& x, const monomial& y) {
    std::vector<std::size_t> overflows;
    monomial product = add_digits(x, y, overflows, 2);
    expand(c, std::move(product), overflows, 2);
  }

  ordinal result() const {
    std::vector<ordinal_term> terms;
    for (const auto& [m, c] : sum_) {
      if (!c.is_zero()) terms.push_back({to_exponent(m), c});
    }
    return ordinal::from_terms(std::move(terms), ctx_);
  }

  const std::vector<ordinal>& contributions() const { return contributions_; }

 private:
  monomial add_digits(const monomial& x, const monomial& y, std::vector<std::size_t>& overflows,
                      std::size_t indent) {
    monomial m(std::max(x.size(), y.size()));
    std::string additions;
    for (std::size_t i = 0; i < m.size(); ++i) {
      const std::vector<u64> none;
      const auto& dx = i < x.size() ? x[i] : none;
      const auto& dy = i < y.size() ? y[i] : none;
      auto& d = m[i];
      d.assign(std::max(dx.size(), dy.size()), 0);
      for (std::size_t k = 0; k < dx.size(); ++k) d[k] += dx[k];
      for (std::size_t k = 0; k < dy.size(); ++k) d[k] += dy[k];
      for (std::size_t k = d.size(); k-- > 0;) {
        const u64 from_x = k < dx.size() ? dx[k] : 0, from_y = k < dy.size() ? dy[k] : 0;
        if (from_x != 0 && from_y != 0) {
          additions += (additions.empty() ? "" : ", ") + kappa_name(i, k) + ": " + text(from_x) +
                       " + " + text(from_y) + " = " + text(d[k]);
        }
      }
    }
    if (!additions.empty()) line(indent, "digits add: " + additions);
    for (std::size_t i = 0; i < m.size(); ++i) {
      auto& d = m[i];
      if (d.empty()) continue;
      const u64 p = odd_prime_at(i);
      for (std::size_t k = d.size(); k-- > 0;) {
        if (d[k] < p) continue;
        d[k] -= p;
        if (k > 0) {
          ++d[k - 1];
          line(indent, "carry down: " + kappa_name(i, k) + "^" + text(p) + " = " +
                           kappa_name(i, k - 1) + " (the digit of " + kappa_name(i, k) +
                           " reaches " + text(p) + ")");
        } else {
          overflows.push_back(i);
          line(indent, kappa_name(i, 0) + "^" + text(p) + " = α_" + text(p) + " = " +
                           text(alphas_of(ctx_).alpha(p)) + " (the digit of " + kappa_name(i, 0) +
                           " reaches " + text(p) + ")");
        }
      }
    }
    trim(m);
    return m;
  }

  void expand(const nimber& c, monomial m, std::vector<std::size_t> pending, std::size_t indent) {
    if (c.is_zero()) return;
    if (pending.empty()) {
      const ordinal value = ordinal::term(to_exponent(m), c);
      const std::string kappas = term_text(c, m), cantor = text(value);
      line(indent, kappas == cantor ? "→ " + kappas : "→ " + kappas + " = " + cantor);
      contributions_.push_back(value);
      nimber& slot = sum_[m];
      slot = nim_add(slot, c);
      return;
    }
    ctx_.poll();
    const std::size_t position = pending.back();
    pending.pop_back();
    const u64 p = odd_prime_at(position);
    line(indent, "multiply " + term_text(c, m) + " by α_" + text(p) + " = " +
                     text(alphas_of(ctx_).alpha(p)) + ", term by term:");
    for (const ordinal_term& t : alphas_of(ctx_).alpha(p).terms()) {
      const kappa_term alpha_term{t.coefficient, kappa_digits(t.exponent)};
      const nimber coefficient = nim_mul(c, alpha_term.coefficient, ctx_);
      line(indent + 2, "term " + term_text(alpha_term.coefficient, alpha_term.exponent) + " of α_" +
                           text(p) + ": coefficient " + c.to_string() + " ⊗ " +
                           alpha_term.coefficient.to_string() + " = " + coefficient.to_string());
      std::vector<std::size_t> more = pending;
      monomial product = add_digits(m, alpha_term.exponent, more, indent + 4);
      expand(coefficient, std::move(product), std::move(more), indent + 4);
    }
  }

  const context& ctx_;
  std::map<monomial, nimber> sum_;
  std::vector<ordinal> contributions_;
};

// Built by appending: GCC 12 warns falsely (-Wrestrict) about "(" + a temporary string.
std::string parenthesised(const std::string& inner) {
  std::string out = "(";
  out += inner;
  out += ')';
  return out;
}

// A product of κ's in parentheses, a single factor as it is.
std::string factor_text(const std::string& term) {
  return term.find(" ⊗ ") == std::string::npos ? term : parenthesised(term);
}

std::string factor_text(const ordinal& a) {
  const std::string t = text(a);
  return a.terms().size() > 1 && t.front() != '[' ? parenthesised(t) : t;
}

std::string decomposition_line(const ordinal& a) {
  std::string out;
  for (const kappa_term& t : to_kappa_terms(a)) {
    out += (out.empty() ? "" : " ⊕ ") + term_text(t.coefficient, t.exponent);
  }
  return out.empty() ? "0" : out;
}

std::string explain_by_kappas(const ordinal& a, const ordinal& b, const context& ctx) {
  std::string out = factor_text(a) + " ⊗ " + factor_text(b) +
                    " by Conway's κ decomposition: [ω^β·c] = c ⊗ (κ's from the digits of β)\n";
  explained_product product(ctx, out);
  product.line(0, text(a) + " = " + decomposition_line(a));
  product.line(0, text(b) + " = " + decomposition_line(b));
  const std::vector<kappa_term> x = to_kappa_terms(a), y = to_kappa_terms(b);
  product.line(0, "each term of the first times each term of the second (" + text(x.size()) +
                      " × " + text(y.size()) + " pairs):");
  for (const kappa_term& s : x) {
    ctx.poll();
    for (const kappa_term& t : y) {
      const nimber c = nim_mul(s.coefficient, t.coefficient, ctx);
      product.line(2, factor_text(term_text(s.coefficient, s.exponent)) + " ⊗ " +
                          factor_text(term_text(t.coefficient, t.exponent)) + ": coefficients " +
                          s.coefficient.to_string() + " ⊗ " + t.coefficient.to_string() + " = " +
                          c.to_string());
      product.multiply_into(c, s.exponent, t.exponent);
    }
  }
  const ordinal result = product.result();
  std::string sum;
  for (const ordinal& c : product.contributions()) sum += (sum.empty() ? "" : " ⊕ ") + text(c);
  product.line(0, "nim sum of the contributions: " + (sum.empty() ? "0" : sum));
  product.line(0, "= " + text(result));
  if (result != nim_mul(a, b, ctx)) {
    throw error("The κ derivation of the product disagrees with nim_mul; that is a bug.");
  }
  return out;
}

}  // namespace

std::string explain_product(const ordinal& a, const ordinal& b, const context& ctx) {
  if (a.is_finite() && b.is_finite()) {
    const nimber& x = a.finite_part();
    const nimber& y = b.finite_part();
    if (x >= nimber(explain_mex_bound) || y >= nimber(explain_mex_bound)) {
      return explain_by_fermat_rules(x, y, ctx);
    }
    return explain_by_mex(static_cast<u32>(x.low_word()), static_cast<u32>(y.low_word()), ctx);
  }
  return explain_by_kappas(a, b, ctx);
}

std::string kappa_decomposition_text(const ordinal& a, const context& ctx) {
  ctx.poll();
  std::string out = text(a) + " = " + decomposition_line(a) + "\n";
  std::map<std::pair<std::size_t, std::size_t>, bool> used;
  for (const ordinal_term& t : a.terms()) {
    const monomial m = kappa_digits(t.exponent);
    const ordinal single = ordinal::term(t.exponent, t.coefficient);
    std::string digits;
    for (std::size_t i = 0; i < m.size(); ++i) {
      if (m[i].empty()) continue;
      std::string place;
      for (std::size_t k = m[i].size(); k-- > 0;) place += text(m[i][k]);
      digits += (digits.empty() ? "" : ", ") + std::string("b_") + text(i) + " = " +
                t.exponent.digit(i).str() + " = (" + place + ") in base " + text(odd_prime_at(i));
      for (std::size_t k = 0; k < m[i].size(); ++k) {
        if (m[i][k] != 0) used[{i, k}] = true;
      }
    }
    out += "  " + text(single) + " = " + term_text(t.coefficient, m);
    if (!digits.empty()) out += "   (" + digits + ")";
    out += "\n";
  }
  if (!used.empty()) {
    std::string legend;
    for (auto it = used.rbegin(); it != used.rend(); ++it) {
      legend += (legend.empty() ? "" : ", ") + kappa_name(it->first.first, it->first.second) +
                " = " + text(kappa_value(it->first.first, it->first.second));
    }
    out += "where " + legend + "\n";
  }
  return out;
}

}  // namespace cas
