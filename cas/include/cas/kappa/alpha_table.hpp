#pragma once
// Lenstra's constants α_p = κ_p^(⊗p) for odd primes p (docs/spec/arithmetic.md §4), as passive
// data: for each p, f(p) (the order of 2 mod p), the Q-set (the prime powers q with κ_f(p) = ⊕
// κ_q), the excess m_p and the degree E of the field the excess test used. α_p itself is [κ_f(p) +
// m_p], rebuilt from the Q-set and m_p. How long an entry took is not data: `on2 --compute-alpha`
// prints it.
//
// The table is produced by on2's own implementation of Lenstra's algorithm (cas/tower/lenstra.hpp,
// `on2 --compute-alpha P`) and cached in cas/data/alpha_table.txt, which the build embeds. A table
// is checked whenever it is read (docs/lenstra.md, "The table file"): one edited digit would
// silently change every product above it.
//
// Thread safety: an alpha_table is a value: insert() must not run while another thread reads the
// table; the embedded table is built once, thread-safely, and read-only after that.

#include <cstdint>
#include <functional>
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
  ordinal alpha;                     // [κ_f(p) + m_p]
};

// A hole: an odd prime whose α_p the table lacks, and why (docs/lenstra.md, "Holes"). Either its
// excess test needs a field GF(2^E) above what on2 can build (E > max_tower_degree's default),
// or its κ's need the α of a smaller prime that is itself a hole (E is then unknown, and so is the
// Q-set when Lenstra's rule needs that α for its degree tests).
struct alpha_hole {
  std::uint64_t p = 0;
  std::uint64_t order_of_two = 0;    // f(p)
  std::vector<std::uint64_t> qset;   // increasing; empty when unknown
  std::uint64_t field_exponent = 0;  // E the excess test needs; 0 when unknown
};

// Why the table lacks α_p, as a clause: "its excess test needs GF(2^E), …" or "it needs the α of
// a smaller prime the table lacks".
std::string alpha_hole_reason(const alpha_hole& hole);

// The range_error of a product (or a closure) that needs an α_p the table lacks: it names p.
class missing_alpha_error : public range_error {
 public:
  missing_alpha_error(std::uint64_t p, const std::string& message) : range_error(message), p_(p) {}
  std::uint64_t p() const noexcept { return p_; }

 private:
  std::uint64_t p_;
};

// α = [⊕_{q ∈ Q} κ_q + m]: the nim sum of the κ_q, then m added (Cantor) to the finite part.
ordinal alpha_from_qset(const std::vector<std::uint64_t>& qset, std::uint64_t excess,
                        const context& ctx = default_context());

class alpha_table {
 public:
  // Entries must come in increasing p; a prime already present (entry or hole) is replaced.
  void insert(alpha_entry entry);
  void insert_hole(alpha_hole hole);
  // The entry of p, or null (also for a hole).
  const alpha_entry* find(std::uint64_t p) const;
  const alpha_hole* find_hole(std::uint64_t p) const;
  // α_p, or a missing_alpha_error that names the prime, says why it is missing (a hole's reason)
  // and how to extend the table.
  const ordinal& alpha(std::uint64_t p) const;
  // The largest p such that every odd prime up to p has a line in the table, an entry or a hole
  // (0 when none).
  std::uint64_t covered_up_to() const;
  const std::map<std::uint64_t, alpha_entry>& entries() const { return entries_; }
  const std::map<std::uint64_t, alpha_hole>& holes() const { return holes_; }

  // The cache file format: comment lines start with '#'; one line per odd prime, all of them
  // from 3 on, in order:
  //   p f(p) q1,q2,… m_p E
  // or, for a hole, "p f(p) q1,q2,… - E" (E the field its test needs), "p f(p) q1,q2,… - -" or
  // "p f(p) - - -" (unknown because it needs a hole's α; to_text adds a comment with the reason)
  // and last the checksum line "# checksum fnv1a64 <16 hex digits>" of the entry lines
  // (alpha_table_checksum).
  std::string to_text() const;
  // A check of one entry beyond those from_text makes itself, given a context whose α_p table
  // holds the entries of the smaller primes read so far: what is wrong with it, or "" when it
  // passes. cas/tower/alpha_table_check.hpp provides Lenstra's algorithm's (the deep check).
  using entry_check = std::function<std::string(const alpha_entry&, const context&)>;
  // The same for a hole: whether its reason holds (cas/tower/alpha_table_check.hpp).
  using hole_check = std::function<std::string(const alpha_hole&, const context&)>;
  // Reads and checks a table (alpha_table_error naming `source` and the line otherwise): the
  // syntax; the primes 3, 5, 7, … in order; each entry as far as integers tell
  // (alpha_entry_inconsistency_without_fields), then `deep_check` if given; then the checksum,
  // which guards what the entry checks leave out (here, without a deep check: E, the Q-set rule
  // and the excess test). Tables from outside the library go through read_checked_alpha_table
  // (cas/tower/alpha_table_check.hpp). A hole is checked as far as integers tell
  // (alpha_hole_inconsistency_without_fields), then by `deep_hole_check` if given. The checks
  // run with the context's limits and poll its cancellation token.
  static alpha_table from_text(const std::string& text, const std::string& source = "the α_p table",
                               const entry_check& deep_check = {},
                               const context& ctx = default_context(),
                               const hole_check& deep_hole_check = {});

 private:
  std::map<std::uint64_t, alpha_entry> entries_;
  std::map<std::uint64_t, alpha_hole> holes_;
};

// FNV-1a (64 bits) of the entry lines, each with its line break. Every step of FNV-1a is a
// bijection of the state, so a change of any single byte always changes the checksum.
std::uint64_t alpha_table_checksum(const std::string& entry_lines);

// Lenstra's lower bound for the excess m_p: 1 when the Q-set is one odd prime power, 4 when
// f(p) = 2·3^k with k ≥ 1, 0 otherwise (docs/spec/arithmetic.md §4).
std::uint64_t excess_lower_bound(std::uint64_t order_of_two,
                                 const std::vector<std::uint64_t>& qset);
// How far above its lower bound the excess is searched (and accepted when a table is read). Every
// known m_p is 0, 1 or 4 (OEIS A380496, and cas/data/alpha_table.txt up to 709).
inline constexpr std::uint64_t max_excess_above_lower_bound = 64;

// Why `entry` cannot be what Lenstra's algorithm gives for its prime, as far as integers tell
// without the fields of the excess test, or "": p is an odd prime, f(p) = ord_p(2), the Q-set
// consists of prime-power parts of f(p) and holds that of f(p)'s largest prime (Lenstra's rule
// never drops it), and m_p lies in the searched range.
std::string alpha_entry_inconsistency_without_fields(const alpha_entry& entry,
                                                     const context& ctx = default_context());

// Why `hole` cannot be a hole of a table read so far (the context's table), as far as integers
// tell, or "": p is an odd prime, f(p) = ord_p(2), a known Q-set is made of prime-power parts of
// f(p) and holds that of its largest prime; a known E is above the default max_tower_degree
// (below it on2 computes α_p); an unknown E needs an earlier hole, and so does an unknown Q-set.
std::string alpha_hole_inconsistency_without_fields(const alpha_hole& hole,
                                                    const context& ctx = default_context());

// The table embedded in the library from cas/data/alpha_table.txt, read by from_text without a
// deep check, so no program pays for one at start: the build runs the deep check on it
// (cas/tools/check_embedded_alpha_table.cpp) and so does tests/cas/kappa/alpha_table_test.cpp.
const alpha_table& embedded_alpha_table();

// The α_p table nim products of ordinals use under `ctx`: the one set on it
// (context::alpha_table_override), else the embedded one.
const alpha_table& alphas_of(const context& ctx);

}  // namespace cas
