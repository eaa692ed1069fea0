#pragma once
// Lenstra's constants α_p = κ_p^(⊗p) for odd primes p (docs/spec/arithmetic.md §4), as passive data: for each p,
// f(p) (the order of 2 mod p), the Q-set (the prime powers q with κ_f(p) = ⊕ κ_q), the excess
// m_p, the degree E of the field the excess test used and the seconds it took. α_p itself is
// [κ_f(p) + m_p], rebuilt from the Q-set and m_p.
//
// The table is produced by on2's own implementation of Lenstra's algorithm (cas/tower/lenstra.hpp,
// `on2 --compute-alpha P`) and cached in cas/data/alpha_table.txt, which the build embeds. A table
// is checked whenever it is read (docs/lenstra.md, "The table file"): one edited digit would
// silently change every product above it.
//
// Thread safety: an alpha_table is a value: insert() must not run while another thread reads the
// table; the embedded table is built once, thread-safely, and read-only after that.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// A table file that is malformed, damaged or inconsistent with Lenstra's algorithm; the message
// names the source and the line ("FILE:LINE: …"). An input error, not a mathematical one.
class alpha_table_error : public error {
 public:
  using error::error;
};

struct alpha_entry {
  std::uint64_t p = 0;
  std::uint64_t order_of_two = 0;    // f(p)
  std::vector<std::uint64_t> qset;   // increasing
  std::uint64_t excess = 0;          // m_p
  std::uint64_t field_exponent = 0;  // E of the field GF(2^E) the excess test ran in
  double seconds = 0;
  ordinal alpha;                     // [κ_f(p) + m_p]
};

// α = [⊕_{q ∈ Q} κ_q + m]: the nim sum of the κ_q, then m added (Cantor) to the finite part.
ordinal alpha_from_qset(const std::vector<std::uint64_t>& qset, std::uint64_t excess,
                        const context& ctx = default_context());

class alpha_table {
 public:
  // Entries must come in increasing p; a prime already present is replaced.
  void insert(alpha_entry entry);
  const alpha_entry* find(std::uint64_t p) const;
  // α_p, or a range_error that says which prime is missing and how to extend the table.
  const ordinal& alpha(std::uint64_t p) const;
  // The largest p such that every odd prime up to p is in the table (0 when none).
  std::uint64_t covered_up_to() const;
  const std::map<std::uint64_t, alpha_entry>& entries() const { return entries_; }

  // The cache file format: comment lines start with '#'; one line per odd prime, all of them
  // from 3 on, in order:
  //   p f(p) q1,q2,… m_p E seconds
  // and last the checksum line "# checksum fnv1a64 <16 hex digits>" of the entry lines
  // (alpha_table_checksum).
  std::string to_text() const;
  // Reads and checks a table (alpha_table_error naming `source` and the line otherwise): the
  // syntax; the primes 3, 5, 7, … in order; each entry against Lenstra's algorithm
  // (check_alpha_entry in cas/tower/lenstra.hpp, with the fields up to `max_checked_field`); then
  // the checksum, which guards what that check leaves out (m_p in the larger fields, the seconds).
  // The check runs with the context's limits and polls its cancellation token.
  static alpha_table from_text(const std::string& text, const std::string& source = "the α_p table",
                               std::uint64_t max_checked_field = default_max_checked_field,
                               const context& ctx = default_context());

  // The largest field GF(2^E) in which reading a table re-runs the excess test and the Q-set's
  // degree tests: 54 of the 126 odd primes up to 709 (m_409 among them), and loading the embedded
  // table stays within about 15 ms (docs/lenstra.md, "The table file").
  static constexpr std::uint64_t default_max_checked_field = 512;

 private:
  std::map<std::uint64_t, alpha_entry> entries_;
};

// FNV-1a (64 bits) of the entry lines, each with its line break. Every step of FNV-1a is a
// bijection of the state, so a change of any single byte always changes the checksum.
std::uint64_t alpha_table_checksum(const std::string& entry_lines);

// The table embedded in the library from cas/data/alpha_table.txt, checked like any other.
const alpha_table& embedded_alpha_table();

}  // namespace cas
