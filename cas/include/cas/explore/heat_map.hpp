#pragma once
// The multiplication table of the nimbers below n as a colour heat map in SVG
// (docs/spec/language.md "Tables", plot): one square per cell, coloured by its value on a
// viridis-like scale from 0 (dark violet) to n − 1 (yellow), with a title and a legend. Drawn only
// when the nimbers below n form a field (the checks of cas/explore/field_axioms.hpp run first). The
// text is returned; writing the file is the caller's business (cas does no I/O).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <string>

#include "cas/core/context.hpp"

namespace cas {

struct rgb {
  std::uint8_t red = 0, green = 0, blue = 0;
  friend bool operator==(const rgb&, const rgb&) = default;
};

// The colour of `value` on the scale of 0 … n − 1 (n ≥ 2), interpolated linearly between nine
// anchors of the viridis map.
rgb heat_colour(std::uint64_t value, std::uint64_t n);
// "#rrggbb".
std::string hex_colour(rgb colour);

// The side of the picture in cells: n up to 256, else 256 (downsampled).
std::uint64_t heat_map_cells(std::uint64_t n);

// The value cell (i, j) shows. Up to 256 that is i ⊗ j. Above, a cell stands for the block of
// s × s products with s = n / 256, a ∈ [i·s, (i+1)·s), b ∈ [j·s, (j+1)·s), and shows the mean
// (rounded down) of the products on the block's 16 × 16 sample grid a = i·s + k·s/16,
// b = j·s + l·s/16.
std::uint64_t heat_map_cell_value(std::uint64_t n, std::uint64_t i, std::uint64_t j);

// The SVG document. Each cell is a <rect class="cell" data-a="i·s" data-b="j·s"
// data-value="…" fill="#rrggbb"/>; the legend is <rect class="legend"> swatches labelled with
// their values. n ≤ max_table_file_size; polls the cancellation token.
std::string multiplication_heat_map_svg(std::uint64_t n, const context& ctx = default_context());

}  // namespace cas
