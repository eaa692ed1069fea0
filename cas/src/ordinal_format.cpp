#include "cas/ordinal_format.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace cas {
namespace {

struct symbols {
  const char* omega;
  const char* times;
};

symbols symbols_for(notation style) {
  return style == notation::ascii ? symbols{"w", "*"} : symbols{"ω", "·"};
}

// A finite-position term ω^position·coefficient of an exponent, with no spaces:
// `7`, `ω`, `ω·5`, `ω^2·3`.
void append_exponent_term(std::string& out, std::size_t position, const integer& coefficient,
                          const symbols& s) {
  if (position == 0) {
    out += coefficient.str();
    return;
  }
  out += s.omega;
  if (position > 1) {
    out += '^';
    out += std::to_string(position);
  }
  if (coefficient != 1) {
    out += s.times;
    out += coefficient.str();
  }
}

// An exponent β < ω^ω: terms joined by `+` without spaces, parenthesised unless it is a single
// number or ω itself.
std::string exponent_text(const small_ordinal& exponent, const symbols& s) {
  if (exponent.is_finite()) return exponent.digit(0).str();
  std::string inner;
  for (std::size_t i = exponent.length(); i-- > 0;) {
    if (exponent.digit(i) == 0) continue;
    if (!inner.empty()) inner += "+";
    append_exponent_term(inner, i, exponent.digit(i), s);
  }
  if (exponent == small_ordinal::omega_power(1)) return inner;
  inner.insert(inner.begin(), '(');
  inner += ')';
  return inner;
}

// One Cantor term ω^β·c: the exponent 1 and the coefficient 1 are omitted.
std::string term_text(const small_ordinal& exponent, const std::string& coefficient,
                      const symbols& s) {
  if (exponent.is_zero()) return coefficient;
  std::string out = s.omega;
  if (exponent != small_ordinal(1)) {
    out += '^';
    out += exponent_text(exponent, s);
  }
  if (coefficient != "1") {
    out += s.times;
    out += coefficient;
  }
  return out;
}

std::string bracketed(const std::vector<std::string>& terms) {
  std::string out = "[";
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (i != 0) out += " + ";
    out += terms[i];
  }
  return out + "]";
}

}  // namespace

std::string to_string(const ordinal& value, notation style) {
  if (value.is_finite()) return value.finite_part().to_string();
  const symbols s = symbols_for(style);
  if (value == ordinal::omega()) return s.omega;
  std::vector<std::string> terms;
  terms.reserve(value.terms().size());
  for (const ordinal_term& t : value.terms()) {
    terms.push_back(term_text(t.exponent, t.coefficient.to_string(), s));
  }
  return bracketed(terms);
}

std::string to_string(const small_ordinal& value, notation style) {
  if (value.is_finite()) return value.digit(0).str();
  const symbols s = symbols_for(style);
  if (value == small_ordinal::omega_power(1)) return s.omega;
  std::vector<std::string> terms;
  for (std::size_t i = value.length(); i-- > 0;) {
    if (value.digit(i) == 0) continue;
    terms.push_back(term_text(small_ordinal(i), value.digit(i).str(), s));
  }
  return bracketed(terms);
}

}  // namespace cas
