#include "cas/ordinal/ordinal_format.hpp"

#include <charconv>
#include <cstddef>
#include <cstdint>
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

// One Cantor term ω^β·c: the exponent 1 and the coefficient 1 are omitted (whatever the base the
// coefficient is written in).
std::string term_text(const small_ordinal& exponent, const std::string& coefficient,
                      bool coefficient_is_one, const symbols& s) {
  if (exponent.is_zero()) return coefficient;
  std::string out = s.omega;
  if (exponent != small_ordinal(1)) {
    out += '^';
    out += exponent_text(exponent, s);
  }
  if (!coefficient_is_one) {
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

// The digits in base 2 or 16, limb by limb from the top down: the top limb without leading zeros,
// the others padded to a full limb's width (a limb is 16 hex or 64 binary digits).
std::string power_of_two_base_digits(const nimber& value, int base, std::size_t digits_per_limb) {
  const auto limbs = value.limbs();
  if (limbs.empty()) return "0";
  std::string out;
  for (std::size_t i = limbs.size(); i-- > 0;) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, limbs[i], base);
    const std::string digits(buffer, result.ptr);
    if (i + 1 != limbs.size()) out.append(digits_per_limb - digits.size(), '0');
    out += digits;
  }
  return out;
}

}  // namespace

std::string to_string(const nimber& value, numeral base) {
  switch (base) {
    case numeral::hexadecimal:
      return "0x" + power_of_two_base_digits(value, 16, 16);
    case numeral::binary:
      return "0b" + power_of_two_base_digits(value, 2, 64);
    case numeral::decimal:
      break;
  }
  return value.to_string();
}

std::string to_string(const ordinal& value, notation style, numeral base) {
  if (value.is_finite()) return to_string(value.finite_part(), base);
  const symbols s = symbols_for(style);
  if (value == ordinal::omega()) return s.omega;
  std::vector<std::string> terms;
  terms.reserve(value.terms().size());
  for (const ordinal_term& t : value.terms()) {
    terms.push_back(
        term_text(t.exponent, to_string(t.coefficient, base), t.coefficient.is_one(), s));
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
    terms.push_back(term_text(small_ordinal(i), value.digit(i).str(), value.digit(i) == 1, s));
  }
  return bracketed(terms);
}

}  // namespace cas
