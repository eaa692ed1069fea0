#pragma once
// Where a piece of syntax sits in the text it was parsed from.

#include <cstddef>

namespace on2::parser {

// Byte offsets [begin, end) into the parsed text, and the 1-based line and column of `begin`.
// Columns count characters (UTF-8 code points), not bytes: `ω` is two bytes but one column.
struct source_span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t line = 1;
  std::size_t column = 1;

  friend bool operator==(const source_span&, const source_span&) = default;
};

}  // namespace on2::parser
