#pragma once
// The addition and multiplication tables of the nimbers below n (docs/spec/language.md "Tables"),
// drawn only when those nimbers form a field (n = 2, 4, 16, 256, 65536): each function first checks
// the field axioms (cas/explore/field_axioms.hpp) and throws their error otherwise. As aligned
// text, as CSV lines (the caller writes them: cas does no I/O), and recomputed from the mex
// definitions (docs/spec/arithmetic.md §1) and compared with the fast product cell by cell.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "cas/core/context.hpp"

namespace cas {

// Both tables as aligned text, each a header row and one row per a:
//   ⊕ | 0 1 2 3
//   --+--------
//   0 | 0 1 2 3
// n ≤ max_text_table_size.
std::string field_tables_text(std::uint64_t n, const context& ctx = default_context());

// The CSV form, one line at a time (without the line break) to `line`: the header
// "a,b,nim_sum,nim_product", then one line per pair (a, b) in lexicographic order: n² + 1 lines.
// n ≤ max_table_file_size, and the lines with their line breaks at most max_table_file_bytes
// (csv_table_bytes, checked before the first line: 65536 makes 2^32 lines, about 100 GB). Polls
// the cancellation token.
void for_each_csv_line(std::uint64_t n, const std::function<void(std::string_view line)>& line,
                       const context& ctx = default_context());

// The exact size in bytes of the CSV form for a field size n, line breaks included. In a field,
// b ↦ a ⊕ b and b ↦ a ⊗ b (a ≠ 0) are permutations of the nimbers below n, so each of the four
// columns is a sum of D = Σ_{x<n} (digits of x), except the products of the row a = 0, all 0.
// For other n (which for_each_csv_line then refuses) it is an estimate.
std::uint64_t csv_table_bytes(std::uint64_t n);

// The tables computed from the mex definitions (mex_sum_table, mex_product_table), as text in
// the layout of field_tables_text, followed by the comparison with the fast product: every cell
// of both tables, or the first cell where they differ. n ≤ max_mex_size as well.
struct mex_comparison {
  std::string tables_text;
  std::uint64_t cells_compared = 0;
  std::string first_difference;  // empty when every cell agrees
  std::string to_text() const;
};
mex_comparison compare_mex_tables(std::uint64_t n, const context& ctx = default_context());

}  // namespace cas
