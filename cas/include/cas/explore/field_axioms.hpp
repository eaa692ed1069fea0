#pragma once
// The field axioms for the nimbers below n (docs/spec/language.md "Tables"): do 0, 1, …, n − 1 with
// nim sum and nim product form a field? They do exactly when n is a Fermat 2-power 2^(2^k)
// (docs/spec/arithmetic.md §2). The axioms are checked in docs/spec/language.md's order — closure
// under ⊕, closure under ⊗, commutativity, associativity, distributivity, inverses — and the first
// failure is reported with a witness, e.g. "closure under ⊗ fails, 2 ⊗ 4 = 8" for n = 8.
//
// Sizes: n from 2 to 65536 (the context's max_table_file_size). Up to 256 every axiom is checked
// over every pair and triple; above 256 associativity and distributivity use the sound
// bilinearity reduction described at check_field.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cas/core/context.hpp"

namespace cas {

enum class field_axiom {
  closure_under_sum,
  closure_under_product,
  commutativity,
  associativity,
  distributivity,
  inverses,
};

// "closure under ⊕", "closure under ⊗", "commutativity", …
std::string_view axiom_name(field_axiom axiom);

struct axiom_failure {
  field_axiom axiom;
  std::string witness;  // "2 ⊗ 4 = 8", "4 ⊕ 96 = 100"
  friend bool operator==(const axiom_failure&, const axiom_failure&) = default;
};

// A multiplication to test on the nimbers below n (n ≤ 256), for the checker's own tests: entry
// a·n + b is a ⊗ b (any value, so a broken product can leave the set). Addition is XOR.
struct product_table {
  std::uint32_t n = 0;
  std::vector<std::uint32_t> products;
};
// The table of the fast product (the 16-bit kernel) for the nimbers below n ≤ 256.
product_table fast_product_table(std::uint32_t n);

// The first axiom that fails for the nimbers below n, with the least witness, or nothing when they
// form a field. The least witness: pairs (a, b) and triples (a, b, c) are searched in
// lexicographic order (a first, then b, then c), so for n = 100 the first pair whose sum leaves
// the set is 4 ⊕ 96 = 100 and for n = 8 the first product that does is 2 ⊗ 4 = 8 (with a
// commutative operation the least failing pair has a ≤ b). Commutativity failures are searched
// over a < b; an element without inverse is the least one. Above 256, where the reduction of
// check_field runs, a product that is not bilinear is reported as a failure of distributivity.
std::optional<axiom_failure> first_failed_axiom(const product_table& table,
                                                const context& ctx = default_context());
std::optional<axiom_failure> first_failed_axiom(std::uint64_t n,
                                                const context& ctx = default_context());

// math_error "The nimbers below 8 are not a field: closure under ⊗ fails, 2 ⊗ 4 = 8." unless the
// nimbers below n form a field; limit_error above max_table_file_size; math_error for n < 2.
void require_field(std::uint64_t n, const context& ctx = default_context());

// What check_field verified about one axiom.
struct axiom_check {
  field_axiom axiom;
  std::string statement;  // "a ⊗ b = b ⊗ a and a ⊕ b = b ⊕ a"
  std::uint64_t cases;    // the number of pairs, triples or elements examined
  std::string scope;      // "pairs (a, b)", "basis triples (2^i, 2^j, 2^k)", …
  std::string note;       // how the cases cover the axiom when they are not every case
};

struct field_check_report {
  std::uint64_t n = 0;
  std::string method;  // "exhaustively" or the reduction used
  std::vector<axiom_check> checks;
  double seconds = 0;
  // The report as lines of text, the time included.
  std::string to_text() const;
};

// Verifies every axiom for the nimbers below n and says what was checked, or throws as
// require_field does. n ≤ 256: every pair and triple over a table of the 16-bit kernel. Above
// 256 (n = 65536 in practice) the sound reduction: (1) for every pair (a, b),
// a ⊗ b = ⊕_{i : bit i of a} 2^i ⊗ b (the product is GF(2)-linear in a); (2) for every i and b,
// 2^i ⊗ b = b ⊗ 2^i; together the product is bilinear, so distributivity holds and commutativity,
// closure and associativity need only the basis pairs and the 16³ basis triples (2^i, 2^j, 2^k);
// (3) every non-zero a has an inverse (computed, then multiplied back). Polls the cancellation
// token.
field_check_report check_field(std::uint64_t n, const context& ctx = default_context());

}  // namespace cas
