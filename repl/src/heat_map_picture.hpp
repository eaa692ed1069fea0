#pragma once
// The files of plot (docs/spec/language.md "Tables"): a cas::heat_map drawn with its title, its
// axes (tick marks and labels) and its legend, as PNG (a raster with on2's bitmap font) or as
// SVG (vector text and ticks, the cells one embedded PNG pixel each, scaled up). Both come from
// one layout, so the text that fits the PNG fits the SVG. Private to repl_core.

#include <cstdint>
#include <string>
#include <vector>

#include "cas/explore/heat_map.hpp"
#include "png_image.hpp"

namespace on2 {

struct picture_tick {
  long long position;  // the pixel of the tick: x for a column, y for a row (the cell's centre)
  std::string label;
};

// Where everything goes, in pixels.
struct heat_map_layout {
  static constexpr int text_scale = 2;                 // font pixels per glyph pixel
  static constexpr int char_advance = 6 * text_scale;  // 12
  static constexpr int cap_height = 7 * text_scale;    // 14, from the top to the baseline
  static constexpr int text_height = 9 * text_scale;   // 18, the descenders included
  static constexpr int line_height = text_height + 4;  // 22
  static constexpr int tick_length = 6;

  long long width = 0, height = 0;
  long long cell = 1;  // the side of a cell
  long long grid_x = 0, grid_y = 0, grid_width = 0, grid_height = 0;
  long long title_x = 0, title_y = 0;
  std::vector<std::string> title_lines;
  long long column_name_y = 0, column_labels_y = 0, row_name_y = 0;
  std::vector<picture_tick> column_ticks, row_ticks;
  long long row_labels_right = 0;  // tick labels of rows end here
  long long legend_x = 0, legend_y = 0, swatch_width = 24, swatch_height = 0;
  long long legend_labels_x = 0;
};

heat_map_layout lay_out(const cas::heat_map& map);

// The whole picture, white background, dark text.
raster draw_heat_map(const cas::heat_map& map, const heat_map_layout& layout);
// One pixel per cell.
raster cell_raster(const cas::heat_map& map);
// An SVG document; class names: "title", "axis-name", "tick", "tick-label", "cells" (the
// <image>, with data-rows and data-columns), "legend" (swatches, with data-label), "legend-label".
std::string heat_map_svg(const cas::heat_map& map, const heat_map_layout& layout);

}  // namespace on2
