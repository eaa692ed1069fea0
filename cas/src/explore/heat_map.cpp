#include "cas/explore/heat_map.hpp"

#include <array>
#include <cstdio>

#include "cas/explore/field_axioms.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas {
namespace {

using u64 = std::uint64_t;

constexpr u64 max_cells = 256;
constexpr u64 samples_per_side = 16;
constexpr u64 picture_size = 512;  // pixels of the table
constexpr u64 left_margin = 40, top_margin = 60, legend_width = 110;
constexpr u64 legend_swatches = 32;

// Viridis at 0, 1/8, …, 1 (matplotlib's map, rounded to 8 bits).
constexpr std::array<rgb, 9> anchors = {{{68, 1, 84},
                                         {71, 45, 123},
                                         {59, 82, 139},
                                         {44, 114, 142},
                                         {33, 145, 140},
                                         {40, 174, 128},
                                         {94, 201, 98},
                                         {173, 220, 48},
                                         {253, 231, 37}}};

std::uint8_t mix(std::uint8_t from, std::uint8_t to, double t) {
  return static_cast<std::uint8_t>(from + (to - from) * t + 0.5);
}

u64 product(u64 a, u64 b) {
  return nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
}

std::string number(u64 v) {
  return std::to_string(v);
}

}  // namespace

rgb heat_colour(std::uint64_t value, std::uint64_t n) {
  const double position = static_cast<double>(value) / static_cast<double>(n - 1) * 8.0;
  const auto index = static_cast<std::size_t>(position >= 8.0 ? 7.0 : position);
  const double t = position - static_cast<double>(index);
  const rgb& from = anchors[index];
  const rgb& to = anchors[index + 1];
  return {mix(from.red, to.red, t), mix(from.green, to.green, t), mix(from.blue, to.blue, t)};
}

std::string hex_colour(rgb colour) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", colour.red, colour.green, colour.blue);
  return text;
}

std::uint64_t heat_map_cells(std::uint64_t n) {
  return n < max_cells ? n : max_cells;
}

std::uint64_t heat_map_cell_value(std::uint64_t n, std::uint64_t i, std::uint64_t j) {
  const u64 block = n / heat_map_cells(n);
  if (block == 1) return product(i, j);
  const u64 samples = block < samples_per_side ? block : samples_per_side;
  const u64 step = block / samples;
  u64 total = 0;
  for (u64 k = 0; k < samples; ++k) {
    for (u64 l = 0; l < samples; ++l) total += product(i * block + k * step, j * block + l * step);
  }
  return total / (samples * samples);
}

std::string multiplication_heat_map_svg(std::uint64_t n, const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_table_file_size, "The size of a plotted table",
                  "max_table_file_size");
  require_field(n, ctx);
  const u64 cells = heat_map_cells(n), block = n / cells, cell_size = picture_size / cells;
  const u64 width = left_margin + picture_size + legend_width,
            height = top_margin + picture_size + 20;
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" +
         number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) + "\">\n";
  std::string title = "Nim products a ⊗ b of the nimbers below " + number(n);
  if (block > 1) {
    title += " (each cell the mean of a " + number(block) + "×" + number(block) + " block)";
  }
  svg += "<title>" + title + "</title>\n";
  svg += "<text x=\"" + number(left_margin) +
         "\" y=\"24\" font-family=\"sans-serif\" font-size=\"16\">" + title + "</text>\n";
  svg += "<text x=\"" + number(left_margin) + "\" y=\"" + number(top_margin - 8) +
         "\" font-family=\"sans-serif\" font-size=\"12\">b →</text>\n";
  svg += "<text x=\"8\" y=\"" + number(top_margin + 12) +
         "\" font-family=\"sans-serif\" font-size=\"12\">a ↓</text>\n";
  svg += "<g shape-rendering=\"crispEdges\">\n";
  for (u64 i = 0; i < cells; ++i) {
    ctx.poll();
    for (u64 j = 0; j < cells; ++j) {
      const u64 v = heat_map_cell_value(n, i, j);
      svg += "<rect class=\"cell\" data-a=\"" + number(i * block) + "\" data-b=\"" +
             number(j * block) + "\" data-value=\"" + number(v) + "\" x=\"" +
             number(left_margin + j * cell_size) + "\" y=\"" + number(top_margin + i * cell_size) +
             "\" width=\"" + number(cell_size) + "\" height=\"" + number(cell_size) + "\" fill=\"" +
             hex_colour(heat_colour(v, n)) + "\"/>\n";
    }
  }
  svg += "</g>\n";
  // The legend: swatches from 0 (top) to n − 1 (bottom), the ends and the middle labelled.
  const u64 legend_x = left_margin + picture_size + 20, swatch = picture_size / legend_swatches;
  svg += "<g class=\"legend\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<text x=\"" + number(legend_x) + "\" y=\"" + number(top_margin - 8) + "\">a ⊗ b</text>\n";
  for (u64 k = 0; k < legend_swatches; ++k) {
    const u64 v = (n - 1) * k / (legend_swatches - 1);
    const u64 y = top_margin + k * swatch;
    svg += "<rect class=\"legend\" data-value=\"" + number(v) + "\" x=\"" + number(legend_x) +
           "\" y=\"" + number(y) + "\" width=\"20\" height=\"" + number(swatch) + "\" fill=\"" +
           hex_colour(heat_colour(v, n)) + "\"/>\n";
    if (k == 0 || k == legend_swatches / 2 || k == legend_swatches - 1) {
      svg += "<text x=\"" + number(legend_x + 26) + "\" y=\"" + number(y + swatch) + "\">" +
             number(v) + "</text>\n";
    }
  }
  svg += "</g>\n</svg>\n";
  return svg;
}

}  // namespace cas
