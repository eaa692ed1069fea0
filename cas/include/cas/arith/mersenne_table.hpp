#pragma once
// The known complete factorisations of 2^m − 1: the Cunningham Project's table 2− (Wagstaff,
// 2022-04-06), shipped as cas/data/mersenne_factors.txt and embedded in the library (docs/data.md).
// A line "m p1 p2 …" lists the primes p with ord_p(2) = m; the primes of 2^m − 1 are those of the
// lines of the divisors of m, since every prime of 2^m − 1 has an order k | m.
//
// Thread safety: a mersenne_table is a value; the embedded one is built once, thread-safely, and
// read-only after that.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/core/integer.hpp"

namespace cas {

// A table that is malformed or inconsistent (a line out of order, a divisor's line missing, factors
// whose product is not 2^m − 1); the message names the source and the line ("SOURCE:LINE: …").
class mersenne_table_error : public error {
 public:
  using error::error;
};

class mersenne_table {
 public:
  // Reads the format above ('#' starts a comment line). Checked at once: the syntax (decimal
  // naturals separated by single spaces), m ≥ 2 strictly increasing, the primes of a line
  // increasing and > 1, and the line of every divisor k ≥ 2 of every m present. The values are
  // checked when used (factorization).
  static mersenne_table from_text(std::string text, std::string source = "the 2^m − 1 table");

  // Only indexes the lines (m and where its primes are), for a text that from_text has accepted:
  // the embedded table, which the test MersenneTable.EmbeddedIsTheCommittedFile reads both ways.
  // Its first use then costs a scan for newlines instead of reading 10 496 primes (issue 20:
  // orders in under 10 ms); each line's primes are read when used.
  static mersenne_table index_checked_text(std::string text, std::string source);

  bool contains(std::uint64_t m) const { return m == 1 || lines_.count(m) != 0; }
  std::uint64_t size() const { return lines_.size(); }
  std::uint64_t largest() const { return lines_.empty() ? 1 : lines_.rbegin()->first; }
  // The primes of m's line, increasing (none for m = 1); m must be in the table.
  std::vector<integer> primitive_primes(std::uint64_t m) const;

  // The factorisation of 2^m − 1 as (prime, multiplicity), primes increasing, or nullopt when m is
  // not in the table. Verified before it is returned: each prime divides 2^m − 1 and the product
  // is 2^m − 1 exactly (mersenne_table_error otherwise). Primality is the data's claim, checked
  // when the file is built and by the test MersenneTable.EveryEntry.
  std::optional<std::vector<std::pair<integer, unsigned>>> factorization(std::uint64_t m) const;

 private:
  struct line {
    int number;
    std::size_t begin, end;  // the primes' text in text_ (offsets: text_ may move)
  };
  [[noreturn]] void fail(const line& at, const std::string& what) const;

  std::string text_;
  std::string source_;
  std::map<std::uint64_t, line> lines_;
};

// The table embedded from cas/data/mersenne_factors.txt, read and checked on first use.
const mersenne_table& embedded_mersenne_table();

}  // namespace cas
