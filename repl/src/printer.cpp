#include "printer.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "ascii_text.hpp"
#include "parser/printable_text.hpp"

namespace on2 {
namespace {

// The string as it is typed; a control character (which a literal cannot hold, but a value made
// by a function might) is shown escaped rather than sent to the terminal.
std::string quoted(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return '"' + parser::printable(out) + '"';
}

// docs/spec/language.md "Output": decreasing degree, a coefficient joined to its power by `*`, a
// coefficient 1 omitted: `x^3 + [ω^2·2]*x^2 + 3*x + 1`. Exponents stay decimal in every base,
// since the exponent of `^` reads as the natural number it is.
void append_polynomial(std::string& out, const polynomial_value& f, const print_options& options) {
  const auto& coefficients = f.p.coefficients();
  const cas::ordinal one(cas::nimber(1));
  bool first = true;
  for (std::size_t i = coefficients.size(); i-- > 0;) {
    const cas::ordinal& c = coefficients[i];
    if (c.is_zero()) continue;
    if (!first) out += " + ";
    first = false;
    if (i == 0 || c != one) {
      out += cas::to_string(c, options.notation, options.numeral);
      if (i == 0) continue;
      out += '*';
    }
    out += f.indeterminate;
    if (i > 1) out += '^' + std::to_string(i);
  }
}

// "00" "01" … "99": two digits per division (by 100) rather than one.
constexpr std::array<char, 200> digit_pairs = [] {
  std::array<char, 200> pairs{};
  for (std::size_t i = 0; i < 100; ++i) {
    pairs[2 * i] = static_cast<char>('0' + i / 10);
    pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return pairs;
}();

// The eight digits of n < 10^8 at `out`, leading zeros included, in 32-bit arithmetic.
void write_eight_digits(char* out, std::uint32_t n) noexcept {
  const std::uint32_t high = n / 10000, low = n % 10000;
  std::memcpy(out, &digit_pairs[2 * (high / 100)], 2);
  std::memcpy(out + 2, &digit_pairs[2 * (high % 100)], 2);
  std::memcpy(out + 4, &digit_pairs[2 * (low / 100)], 2);
  std::memcpy(out + 6, &digit_pairs[2 * (low % 100)], 2);
}

}  // namespace

char* write_decimal(char* out, std::uint64_t n) noexcept {
  // Below 10^8 digit pairs from the top; above, the number in groups of eight digits.
  if (n < 100000000) {
    char digits[8];
    write_eight_digits(digits, static_cast<std::uint32_t>(n));
    std::size_t leading = 0;
    while (leading < 7 && digits[leading] == '0') ++leading;
    std::memcpy(out, digits + leading, 8 - leading);
    return out + (8 - leading);
  }
  const std::uint64_t high = n / 100000000;
  out = write_decimal(out, high);  // at most 12 digits: once more at most
  write_eight_digits(out, static_cast<std::uint32_t>(n - high * 100000000));
  return out + 8;
}

void append_text(std::string& out, const value& v, const print_options& options) {
  if (v.is_nimber()) {
    const cas::ordinal& o = v.as_nimber();
    // A finite nimber below 2^64 in decimal, the common result, without building an integer.
    if (options.numeral == cas::numeral::decimal && o.is_finite() &&
        o.finite_part().limbs().size() <= 1) {
      char digits[20];
      out.append(digits, write_decimal(digits, o.finite_part().low_word()));
      return;
    }
    out += cas::to_string(o, options.notation, options.numeral);
  } else if (v.is_polynomial()) {
    append_polynomial(out, v.as_polynomial(), options);
  } else if (v.is_list()) {
    out += '{';
    const list& elements = v.as_list();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (i != 0) out += ", ";
      append_text(out, elements[i], options);
    }
    out += '}';
  } else if (v.is_boolean()) {
    out += v.as_boolean() ? "true" : "false";
  } else if (const std::string text = string_text(v, options);
             text.find('\n') != std::string::npos) {
    // A string with a line break cannot be typed (a string ends on its line): it is a report
    // such as table(16) or explain(2, 2), and prints as the text it is, without a final break.
    out += parser::printable(
        std::string_view(text).substr(0, text.ends_with('\n') ? text.size() - 1 : text.size()),
        /*keep_line_breaks=*/true);
  } else {
    out += quoted(text);
  }
}

std::string string_text(const value& v, const print_options& options) {
  return v.is_report() && options.notation == cas::notation::ascii ? ascii_text(v.as_string())
                                                                   : v.as_string();
}

std::string to_text(const value& v, const print_options& options) {
  std::string out;
  append_text(out, v, options);
  return out;
}

}  // namespace on2
