#include "cas/arith/mersenne_table.hpp"

#include <gmp.h>

#include <algorithm>
#include <string_view>

namespace cas {

std::string embedded_mersenne_factors_text();  // generated from cas/data/mersenne_factors.txt

namespace {

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The decimal fields of `text`, separated by single spaces.
std::optional<std::vector<std::string_view>> fields(std::string_view text) {
  std::vector<std::string_view> result;
  for (std::size_t at = 0;;) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    const std::string_view field = text.substr(at, space - at);
    if (!all_digits(field) || (field.size() > 1 && field[0] == '0')) return std::nullopt;
    result.push_back(field);
    if (space == text.size()) return result;
    at = space + 1;
  }
}

// Calls visit(number, begin, end) for every line of `all` but the comments ('#' lines): number
// counts every line from 1, and [begin, end) is the line without its '\n'.
template <class Visit>
void for_each_entry_line(std::string_view all, Visit visit) {
  int number = 0;
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t end = std::min(all.find('\n', at), all.size());
    const std::size_t begin = at;
    ++number;
    at = end + 1;
    if (end > begin && all[begin] == '#') continue;
    visit(number, begin, end);
  }
}

integer decimal(std::string_view digits) {
  integer value;
  mpz_set_str(value.backend().data(), std::string(digits).c_str(), 10);  // digits checked by fields
  return value;
}

}  // namespace

void mersenne_table::fail(const line& at, const std::string& what) const {
  throw mersenne_table_error(source_ + ":" + std::to_string(at.number) + ": " + what + ".");
}

mersenne_table mersenne_table::from_text(std::string text, std::string source) {
  mersenne_table table;
  table.text_ = std::move(text);
  table.source_ = std::move(source);
  const std::string_view all = table.text_;
  for_each_entry_line(all, [&](int number, std::size_t begin, std::size_t end) {
    const std::string_view text_line = all.substr(begin, end - begin);
    const line here{number, 0, 0};
    const auto numbers = fields(text_line);
    if (!numbers) {
      const std::string shown(text_line.substr(0, 60));
      std::string printable;
      for (char c : shown) printable += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
      table.fail(here,
                 "a line is m and primes, decimal naturals separated by single spaces, not '" +
                     printable + (text_line.size() > 60 ? "…'" : "'"));
    }
    if ((*numbers)[0].size() > 9) table.fail(here, "the exponent m is beyond 10^9");
    const std::uint64_t m = std::stoull(std::string((*numbers)[0]));
    if (m < 2) table.fail(here, "the exponent m must be at least 2");
    if (!table.lines_.empty() && m <= table.lines_.rbegin()->first) {
      table.fail(here, "m = " + std::to_string(m) + " does not come after m = " +
                           std::to_string(table.lines_.rbegin()->first) + " (line " +
                           std::to_string(table.lines_.rbegin()->second.number) + ")");
    }
    for (std::size_t i = 1; i < numbers->size(); ++i) {
      const std::string_view p = (*numbers)[i], previous = (*numbers)[i - 1];
      if (p == "1" || p == "0")
        table.fail(here, "the factor " + std::string(p) + " is not a prime");
      if (i > 1 && (p.size() < previous.size() || (p.size() == previous.size() && p <= previous))) {
        table.fail(here, "the primes of m = " + std::to_string(m) + " are not increasing");
      }
    }
    const std::size_t primes_begin = begin + (*numbers)[0].size() + (numbers->size() > 1 ? 1 : 0);
    table.lines_.emplace(m, line{here.number, primes_begin, begin + text_line.size()});
  });
  for (const auto& [m, at] : table.lines_) {
    for (std::uint64_t k = 2; k * k <= m; ++k) {
      if (m % k != 0) continue;
      for (const std::uint64_t divisor : {k, m / k}) {
        if (table.lines_.count(divisor) == 0) {
          table.fail(at, "m = " + std::to_string(m) + " is listed but its divisor " +
                             std::to_string(divisor) + " is not");
        }
      }
    }
  }
  return table;
}

mersenne_table mersenne_table::index_checked_text(std::string text, std::string source) {
  mersenne_table table;
  table.text_ = std::move(text);
  table.source_ = std::move(source);
  const std::string_view all = table.text_;
  for_each_entry_line(all, [&](int number, std::size_t begin, std::size_t end) {
    if (end == begin) return;
    const std::size_t space = std::min(all.find(' ', begin), end);
    std::uint64_t m = 0;
    for (std::size_t i = begin; i < space; ++i) m = m * 10 + static_cast<unsigned>(all[i] - '0');
    table.lines_.emplace_hint(table.lines_.end(), m, line{number, std::min(space + 1, end), end});
  });
  return table;
}

std::vector<integer> mersenne_table::primitive_primes(std::uint64_t m) const {
  if (m == 1) return {};
  const line& at = lines_.at(m);
  std::vector<integer> primes;
  const std::string_view text = std::string_view(text_).substr(at.begin, at.end - at.begin);
  if (text.empty()) return primes;
  const auto numbers = fields(text);  // checked when the table was read
  for (const std::string_view digits : numbers.value()) primes.push_back(decimal(digits));
  return primes;
}

std::optional<std::vector<std::pair<integer, unsigned>>> mersenne_table::factorization(
    std::uint64_t m) const {
  if (!contains(m)) return std::nullopt;
  integer rest = (integer(1) << static_cast<unsigned>(m)) - 1;
  std::vector<std::pair<integer, unsigned>> result;
  std::vector<std::uint64_t> divisors;
  for (std::uint64_t k = 1; k * k <= m; ++k) {
    if (m % k != 0) continue;
    divisors.push_back(k);
    if (k * k != m) divisors.push_back(m / k);
  }
  std::sort(divisors.begin(), divisors.end());
  std::vector<std::uint64_t> found_on;  // the m of the line of each prime in result
  for (const std::uint64_t k : divisors) {
    for (const integer& p : primitive_primes(k)) {
      for (std::size_t i = 0; i < result.size(); ++i) {
        if (result[i].first == p) {
          fail(lines_.at(k), "the prime " + p.str() + " is listed for m = " + std::to_string(k) +
                                 " and for m = " + std::to_string(found_on[i]) +
                                 " (2 has one order modulo p)");
        }
      }
      unsigned multiplicity = 0;
      while (mpz_divisible_p(rest.backend().data(), p.backend().data()) != 0) {
        mpz_divexact(rest.backend().data(), rest.backend().data(), p.backend().data());
        ++multiplicity;
      }
      if (multiplicity == 0) {
        fail(lines_.at(k), "the prime " + p.str() + " of m = " + std::to_string(k) +
                               " does not divide 2^" + std::to_string(k) + " − 1");
      }
      result.emplace_back(p, multiplicity);
      found_on.push_back(k);
    }
  }
  if (rest != 1) {
    fail(lines_.at(m), "the primes of m = " + std::to_string(m) +
                           " and of its divisors leave a cofactor of 2^" + std::to_string(m) +
                           " − 1");
  }
  std::sort(result.begin(), result.end());
  return result;
}

const mersenne_table& embedded_mersenne_table() {
  static const mersenne_table table = mersenne_table::index_checked_text(
      embedded_mersenne_factors_text(),
      "the embedded 2^m − 1 table (cas/data/mersenne_factors.txt)");
  return table;
}

}  // namespace cas
