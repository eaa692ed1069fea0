#pragma once
// Values to text as docs/spec/language.md "Output" says: nimbers through cas::to_string,
// polynomials as `x^3 + [ω^2·2]*x^2 + 3*x + 1`, lists `{a, b, c}`, booleans `true` / `false`,
// strings in double quotes with `\"` and `\\` escaped. What is printed reads back as the same
// value.

#include <cstdint>
#include <string>

#include "cas/ordinal/ordinal_format.hpp"
#include "value.hpp"

namespace on2 {

// `:ascii` / `:unicode` and `:format dec|hex|bin`; the numeral base applies to every finite
// number printed, Cantor coefficients included (exponents stay decimal).
struct print_options {
  cas::notation notation = cas::notation::unicode;
  cas::numeral numeral = cas::numeral::decimal;

  friend bool operator==(const print_options&, const print_options&) = default;
};

std::string to_text(const value& v, const print_options& options = {});
// The decimal digits of n at `out` (at most 20 bytes); returns their end. A nimber below 2^64
// prints so in decimal (`:format dec`).
char* write_decimal(char* out, std::uint64_t n) noexcept;

// The same text appended to `out`: nested lists are not copied once per level, and a caller that
// prints many results reuses one string's storage (session::run_text's quick statements).
void append_text(std::string& out, const value& v, const print_options& options);

// The text of a string value as print( ) shows it, without quotes: a report (value::report) in
// the options' notation, a string the user typed as it is.
std::string string_text(const value& v, const print_options& options);

}  // namespace on2
