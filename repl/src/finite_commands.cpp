#include "finite_commands.hpp"

#include <gmp.h>

#include <algorithm>
#include <sstream>

#include "cas/nimber.hpp"

namespace on2 {
namespace {

constexpr std::size_t max_literal_digits = 1'000'000;

// Decimal, 0x hexadecimal or 0b binary natural numbers (a leading 0 is not octal).
cas::nimber parse_nimber(const std::string& text, const cas::context& ctx) {
  int base = 10;
  std::string digits = text;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    digits = text.substr(2);
  } else if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
    base = 2;
    digits = text.substr(2);
  }
  if (digits.size() > max_literal_digits) {
    throw input_error(input_error::kind::parse,
                      "The number has " + std::to_string(digits.size()) +
                          " digits, above the limit of " + std::to_string(max_literal_digits) + ".");
  }
  const bool valid = !digits.empty() && std::all_of(digits.begin(), digits.end(), [&](char c) {
    if (base == 2) return c == '0' || c == '1';
    if (base == 16) return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
  if (!valid) {
    throw input_error(input_error::kind::parse,
                      "'" + text + "' is not a natural number (decimal, 0x… or 0b…).");
  }
  cas::integer value;
  mpz_set_str(value.backend().data(), digits.c_str(), base);
  return cas::nimber(value, ctx);
}

cas::integer parse_exponent(const std::string& text) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.size() > max_literal_digits ||
      !std::all_of(digits.begin(), digits.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; })) {
    throw input_error(input_error::kind::parse, "'" + text + "' is not an integer exponent.");
  }
  cas::integer value(digits);
  return negative ? cas::integer(-value) : value;
}

std::string format_polynomial(const cas::gf2_polynomial& p) {
  std::string out;
  for (std::uint64_t i = p.degree() + 1; i-- > 0;) {
    if (!p.coefficient(i)) continue;
    if (!out.empty()) out += " + ";
    out += i == 0 ? "1" : i == 1 ? "x" : "x^" + std::to_string(i);
  }
  return out;
}

using args = std::vector<std::string>;
using ctx_t = cas::context;

std::vector<command> build_registry() {
  return {
      {"add", "A B", 2, "nim sum A ⊕ B (XOR)", "on2 add 5 3  →  6",
       [](const args& a, const ctx_t& c) {
         return cas::nim_add(parse_nimber(a[0], c), parse_nimber(a[1], c)).to_string();
       }},
      {"mul", "A B", 2, "nim product A ⊗ B", "on2 mul 2 2  →  3",
       [](const args& a, const ctx_t& c) {
         return cas::nim_mul(parse_nimber(a[0], c), parse_nimber(a[1], c), c).to_string();
       }},
      {"div", "A B", 2, "nim quotient A ⊗ B⁻¹ (B ≠ 0)", "on2 div 1 4  →  15",
       [](const args& a, const ctx_t& c) {
         return cas::nim_div(parse_nimber(a[0], c), parse_nimber(a[1], c), c).to_string();
       }},
      {"inv", "A", 1, "nim inverse A⁻¹ (A ≠ 0)", "on2 inv 2  →  3",
       [](const args& a, const ctx_t& c) { return cas::nim_inv(parse_nimber(a[0], c), c).to_string(); }},
      {"square", "A", 1, "nim square A ⊗ A", "on2 square 4  →  6",
       [](const args& a, const ctx_t& c) {
         return cas::nim_square(parse_nimber(a[0], c), c).to_string();
       }},
      {"sqrt", "A", 1, "the nim square root of A", "on2 sqrt 6  →  4",
       [](const args& a, const ctx_t& c) { return cas::nim_sqrt(parse_nimber(a[0], c), c).to_string(); }},
      {"pow", "A E", 2, "nim power A^E, E any integer (negative: inverse)", "on2 pow 2 -1  →  3",
       [](const args& a, const ctx_t& c) {
         return cas::nim_pow(parse_nimber(a[0], c), parse_exponent(a[1]), c).to_string();
       }},
      {"degree", "A", 1, "degree of A over GF(2)", "on2 degree 16  →  8",
       [](const args& a, const ctx_t& c) { return std::to_string(cas::nim_degree(parse_nimber(a[0], c))); }},
      {"trace", "A", 1, "trace of A from GF(2^degree) to GF(2)", "on2 trace 2  →  1",
       [](const args& a, const ctx_t& c) { return std::to_string(cas::nim_trace(parse_nimber(a[0], c))); }},
      {"minpoly", "A", 1, "minimal polynomial of A over GF(2)", "on2 minpoly 2  →  x^2 + x + 1",
       [](const args& a, const ctx_t& c) {
         return format_polynomial(cas::nim_minpoly(parse_nimber(a[0], c), c));
       }},
      {"order", "A", 1, "multiplicative order of A ≠ 0", "on2 order 2  →  3",
       [](const args& a, const ctx_t& c) { return cas::nim_order(parse_nimber(a[0], c), c).str(); }},
      {"solve", "C", 1, "the two solutions y of y² ⊕ y = C", "on2 solve 1  →  2 3",
       [](const args& a, const ctx_t& c) {
         const cas::nimber y = cas::solve_artin_schreier(parse_nimber(a[0], c), c);
         return y.to_string() + " " + cas::nim_add(y, cas::nimber(1)).to_string();
       }},
  };
}

}  // namespace

const std::vector<command>& command_registry() {
  static const std::vector<command> registry = build_registry();
  return registry;
}

std::string run_command(const std::vector<std::string>& words, const cas::context& ctx) {
  const auto& registry = command_registry();
  const auto found = std::find_if(registry.begin(), registry.end(),
                                  [&](const command& c) { return c.name == words[0]; });
  if (found == registry.end()) {
    throw input_error(input_error::kind::usage,
                      "Unknown command '" + words[0] + "'; 'on2 --help' lists the commands.");
  }
  if (words.size() - 1 != found->arity) {
    throw input_error(input_error::kind::usage, "'" + found->name + "' takes " +
                                                    std::to_string(found->arity) + " operand" +
                                                    (found->arity == 1 ? "" : "s") + ": " +
                                                    found->name + " " + found->operands + ".");
  }
  return found->run(std::vector<std::string>(words.begin() + 1, words.end()), ctx);
}

std::string help_text() {
  std::ostringstream out;
  out << "on2 — arithmetic in Conway's field of nimbers (finite core).\n\n"
         "Usage: on2 -e EXPR … | -f FILE  evaluate the on2 language (NOTATION.md); options\n"
         "                               --ascii, --unicode, --keep-going\n"
         "       on2 COMMAND OPERANDS…   run one calculator command\n"
         "       on2                     read commands from standard input, one per line\n"
         "       on2 --compute-alpha P [--table FILE] [--recompute]\n"
         "                               compute Lenstra's α_p for the odd primes p ≤ P\n"
         "       on2 --check-alpha [--table FILE]\n"
         "                               recompute the whole α_p table and compare\n"
         "       on2 --help | --version\n\n"
         "Numbers are naturals of any size: decimal, 0x… (hexadecimal) or 0b… (binary).\n\n"
         "Commands:\n";
  for (const command& c : command_registry()) {
    std::string head = "  " + c.name + " " + c.operands;
    head.resize(std::max<std::size_t>(head.size() + 1, 16), ' ');
    out << head << c.summary << "   (" << c.example << ")\n";
  }
  out << "\nExit codes: 0 success, 1 math error, 2 malformed number, 3 limit exceeded or "
         "interrupted, 4 usage error.\n";
  return out.str();
}

}  // namespace on2
