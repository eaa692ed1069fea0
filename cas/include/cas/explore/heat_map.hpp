#pragma once
// Pictures of the finite fields GF(2^(2^k)) = the nimbers below n (docs/spec/language.md
// "Tables", plot) as heat maps: a grid of cells, each with a value and its colour, and what the
// picture needs to be read: a title that says what it shows, the axes (what a row and a column
// stand for) and a legend. Three kinds, none uniform by construction:
//   - the products a ⊗ b: the whole table up to n = 256, and above a 256 × 256 window of it at
//     full resolution (the top-left one, where a, b < 256, is the table of the subfield GF(2^8));
//   - the multiplicative order of each element a < n, laid out as a square (a = side·row +
//     column), coloured by which divisor of n − 1 it is;
//   - the discrete logarithm of each a ≠ 0 to the least primitive element, laid out the same way.
// Drawn only when the nimbers below n form a field (the checks of cas/explore/field_axioms.hpp run
// first). The grid is returned; encoding it as PNG or SVG and writing the file is the caller's
// business (cas does no I/O; the on2 program does it in repl/src/heat_map_picture.cpp).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <string>
#include <vector>

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
// Colour number `index` of `count` that tell categories apart (the orders): distinct hues.
rgb category_colour(std::uint64_t index, std::uint64_t count);
// The colour of a cell that has no value (0 has no order and no logarithm): a light grey that
// viridis never takes.
rgb blank_colour();

// What the rows or the columns stand for: cell i shows `name` = origin + i (a window of the
// product table), or, for the maps of single elements, a = side·row + column.
struct heat_map_axis {
  std::string name;          // "a", "b", "row = a div 256", "column = a mod 256"
  std::uint64_t origin = 0;  // the number the first cell stands for
  std::uint64_t step = 1;    // how much one cell adds to it
};

struct heat_map_legend_entry {
  rgb colour;
  std::string label;
};

struct heat_map {
  static constexpr std::uint64_t no_value = ~std::uint64_t{0};

  std::string title;  // what the picture shows, in a sentence
  heat_map_axis rows, columns;
  std::uint64_t row_count = 0, column_count = 0;
  std::vector<std::uint64_t> values;  // row by row; no_value for a cell without one
  std::vector<rgb> colours;           // row by row, the colour of each value
  std::string legend_title;
  // A colour bar (entries evenly spaced from the scale's least value, at the top, to its
  // largest) or, when false, one swatch per entry (the orders).
  bool colour_bar = true;
  std::vector<heat_map_legend_entry> legend;

  std::uint64_t value(std::uint64_t row, std::uint64_t column) const {
    return values[row * column_count + column];
  }
  rgb colour(std::uint64_t row, std::uint64_t column) const {
    return colours[row * column_count + column];
  }
};

// The side of a product picture: n up to 256, else 256.
std::uint64_t product_window_side(std::uint64_t n);

// a ⊗ b for first_a ≤ a < first_a + side, first_b ≤ b < first_b + side, side =
// product_window_side(n), coloured on the scale 0 … m of the largest product m shown. math_error
// when n is not a field size or the window does not lie inside the table;
// limit_error above max_table_file_size. Polls the cancellation token.
heat_map product_heat_map(std::uint64_t n, std::uint64_t first_a = 0, std::uint64_t first_b = 0,
                          const context& ctx = default_context());

// The multiplicative order of each a < n, at row a div side and column a mod side (side × side
// cells, side = √n; n = 2 gives one row of two), coloured by the rank of the order among the
// divisors of n − 1 (category_colour); 0 is blank. The legend lists each order with how many
// elements have it.
heat_map order_heat_map(std::uint64_t n, const context& ctx = default_context());

// The discrete logarithm of each a < n to the base g, the least primitive element of the field
// (the least element of order n − 1), laid out as order_heat_map; 0 is blank.
heat_map log_heat_map(std::uint64_t n, const context& ctx = default_context());

}  // namespace cas
