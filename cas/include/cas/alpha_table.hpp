#pragma once
// Lenstra's constants α_p = κ_p^(⊗p) for odd primes p (MATH.md §4), as passive data: for each p,
// f(p) (the order of 2 mod p), the Q-set (the prime powers q with κ_f(p) = ⊕ κ_q), the excess
// m_p, the degree E of the field the excess test used and the seconds it took. α_p itself is
// [κ_f(p) + m_p], rebuilt from the Q-set and m_p.
//
// The table is produced by on2's own implementation of Lenstra's algorithm (cas/lenstra.hpp,
// `on2 --compute-alpha P`) and cached in cas/data/alpha_table.txt, which the build embeds.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cas/ordinal.hpp"

namespace cas {

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
ordinal alpha_from_qset(const std::vector<std::uint64_t>& qset, std::uint64_t excess);

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

  // The cache file format: comment lines start with '#'; one line per prime:
  //   p f(p) q1,q2,… m_p E seconds
  std::string to_text() const;
  // range_error naming the line for a malformed file.
  static alpha_table from_text(const std::string& text);

 private:
  std::map<std::uint64_t, alpha_entry> entries_;
};

// The table embedded in the library from cas/data/alpha_table.txt.
const alpha_table& embedded_alpha_table();

}  // namespace cas
