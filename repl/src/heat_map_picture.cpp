#include "heat_map_picture.hpp"

#include <algorithm>
#include <array>

#include "bitmap_font.hpp"

namespace on2 {

namespace {

using layout_type = heat_map_layout;

constexpr long long margin = 16;
constexpr long long grid_target = 512;  // the grid's larger side, in pixels
constexpr cas::rgb white = {255, 255, 255};
constexpr cas::rgb ink = {30, 30, 30};

long long text_width(const std::string& text) {
  return static_cast<long long>(code_points(text).size()) * layout_type::char_advance;
}

// Greedy word wrap to at most `columns` characters a line (a longer word stands alone).
std::vector<std::string> wrap(const std::string& text, std::size_t columns) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t line_length = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::size_t length = code_points(word).size();
    if (line_length > 0 && line_length + 1 + length > columns) {
      lines.push_back(line);
      line.clear();
      line_length = 0;
    }
    if (line_length > 0) {
      line += ' ';
      ++line_length;
    }
    line += word;
    line_length += length;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// Ticks every `step` cells, step the least power of 2 that leaves `room` pixels between them.
std::vector<picture_tick> ticks(const cas::heat_map_axis& axis, std::uint64_t cells, long long cell,
                                long long start, long long room) {
  std::uint64_t step = 1;
  while (static_cast<long long>(step) * cell < room && step < cells) step *= 2;
  std::vector<picture_tick> out;
  for (std::uint64_t i = 0; i < cells; i += step) {
    out.push_back({start + static_cast<long long>(i) * cell + cell / 2,
                   std::to_string(axis.origin + i * axis.step)});
  }
  return out;
}

long long widest(const std::vector<picture_tick>& ticks) {
  long long w = 0;
  for (const picture_tick& t : ticks) w = std::max(w, text_width(t.label));
  return w;
}

void draw_text(raster& image, long long x, long long y, const std::string& text) {
  for (const char32_t c : code_points(text)) {
    const glyph& g = glyph_of(c);
    for (int row = 0; row < glyph_height; ++row) {
      for (int column = 0; column < glyph_width; ++column) {
        if ((g[static_cast<std::size_t>(row)] >> (glyph_width - 1 - column)) & 1) {
          image.fill(x + column * layout_type::text_scale, y + row * layout_type::text_scale,
                     layout_type::text_scale, layout_type::text_scale, ink);
        }
      }
    }
    x += layout_type::char_advance;
  }
}

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') {
      out += "&amp;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '"') {
      out += "&quot;";
    } else {
      out += c;
    }
  }
  return out;
}

std::string base64(const std::string& bytes) {
  static constexpr char digits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t word = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      word = (word << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    }
    for (std::size_t k = 0; k < 4; ++k) {
      out += k <= n ? digits[(word >> (18 - 6 * k)) & 63] : '=';
    }
  }
  return out;
}

std::string num(long long v) {
  return std::to_string(v);
}

// An SVG <text> whose top is at y (the baseline is cap_height below it).
std::string svg_text(const char* css_class, long long x, long long y, const std::string& text,
                     const char* anchor = "start") {
  return "<text class=\"" + std::string(css_class) + "\" x=\"" + num(x) + "\" y=\"" +
         num(y + layout_type::cap_height) + "\" text-anchor=\"" + anchor + "\">" + escaped(text) +
         "</text>\n";
}

}  // namespace

heat_map_layout lay_out(const cas::heat_map& map) {
  heat_map_layout l;
  const auto longest = static_cast<long long>(std::max(map.row_count, map.column_count));
  l.cell = std::max<long long>(1, grid_target / longest);
  l.grid_width = static_cast<long long>(map.column_count) * l.cell;
  l.grid_height = static_cast<long long>(map.row_count) * l.cell;
  // Row ticks first: their labels decide where the grid starts.
  l.row_ticks = ticks(map.rows, map.row_count, l.cell, 0, layout_type::line_height + 4);
  l.row_labels_right = margin + widest(l.row_ticks);
  l.grid_x = l.row_labels_right + 4 + layout_type::tick_length;
  std::uint64_t widest_column_label = 0;
  for (std::uint64_t i = 0; i < map.column_count; ++i) {
    widest_column_label = std::max<std::uint64_t>(
        widest_column_label, std::to_string(map.columns.origin + i * map.columns.step).size());
  }
  l.column_ticks =
      ticks(map.columns, map.column_count, l.cell, l.grid_x,
            static_cast<long long>(widest_column_label + 1) * layout_type::char_advance);
  // The legend right of the grid.
  long long legend_text = text_width(map.legend_title);
  for (const cas::heat_map_legend_entry& e : map.legend) {
    legend_text = std::max(legend_text, l.swatch_width + 8 + text_width(e.label));
  }
  l.legend_x = l.grid_x + l.grid_width + 24;
  l.legend_labels_x = l.legend_x + l.swatch_width + 8;
  l.width = std::max(l.legend_x + legend_text, l.grid_x + text_width(map.columns.name)) + margin;
  // The title, wrapped to the width, on top.
  l.title_x = margin;
  l.title_y = margin;
  l.title_lines =
      wrap(map.title, static_cast<std::size_t>((l.width - 2 * margin) / layout_type::char_advance));
  l.column_name_y =
      l.title_y + static_cast<long long>(l.title_lines.size()) * layout_type::line_height + 8;
  l.column_labels_y = l.column_name_y + layout_type::line_height;
  l.grid_y = l.column_labels_y + layout_type::line_height + layout_type::tick_length;
  for (picture_tick& t : l.row_ticks) t.position += l.grid_y;
  l.legend_y = l.grid_y;
  l.swatch_height =
      map.colour_bar
          ? std::max<long long>(1, l.grid_height / static_cast<long long>(map.legend.size()))
          : layout_type::line_height;
  const long long legend_bottom =
      l.legend_y + static_cast<long long>(map.legend.size()) * l.swatch_height;
  l.row_name_y = l.grid_y + l.grid_height + 10;
  l.height = std::max(l.row_name_y + layout_type::line_height, legend_bottom) + margin;
  return l;
}

raster draw_heat_map(const cas::heat_map& map, const heat_map_layout& l) {
  raster image(static_cast<std::uint32_t>(l.width), static_cast<std::uint32_t>(l.height), white);
  for (std::size_t i = 0; i < l.title_lines.size(); ++i) {
    draw_text(image, l.title_x,
              l.title_y + static_cast<long long>(i) * heat_map_layout::line_height,
              l.title_lines[i]);
  }
  draw_text(image, l.grid_x, l.column_name_y, map.columns.name + " →");
  draw_text(image, margin, l.row_name_y, "↓ " + map.rows.name);
  for (const picture_tick& t : l.column_ticks) {
    image.fill(t.position, l.grid_y - heat_map_layout::tick_length, 1, heat_map_layout::tick_length,
               ink);
    draw_text(image, t.position - text_width(t.label) / 2, l.column_labels_y, t.label);
  }
  for (const picture_tick& t : l.row_ticks) {
    image.fill(l.grid_x - heat_map_layout::tick_length, t.position, heat_map_layout::tick_length, 1,
               ink);
    draw_text(image, l.row_labels_right - text_width(t.label),
              t.position - heat_map_layout::cap_height / 2, t.label);
  }
  for (std::uint64_t r = 0; r < map.row_count; ++r) {
    for (std::uint64_t c = 0; c < map.column_count; ++c) {
      image.fill(l.grid_x + static_cast<long long>(c) * l.cell,
                 l.grid_y + static_cast<long long>(r) * l.cell, l.cell, l.cell, map.colour(r, c));
    }
  }
  draw_text(image, l.legend_x, l.column_labels_y, map.legend_title);
  for (std::size_t k = 0; k < map.legend.size(); ++k) {
    const long long y = l.legend_y + static_cast<long long>(k) * l.swatch_height;
    const cas::heat_map_legend_entry& e = map.legend[k];
    image.fill(l.legend_x, y, l.swatch_width,
               map.colour_bar ? l.swatch_height : l.swatch_height - 4, e.colour);
    if (!e.label.empty()) {
      const long long middle = y + (map.colour_bar ? l.swatch_height : l.swatch_height - 4) / 2;
      draw_text(image, l.legend_labels_x, middle - heat_map_layout::cap_height / 2, e.label);
    }
  }
  return image;
}

raster cell_raster(const cas::heat_map& map) {
  raster image(static_cast<std::uint32_t>(map.column_count),
               static_cast<std::uint32_t>(map.row_count), white);
  for (std::uint64_t r = 0; r < map.row_count; ++r) {
    for (std::uint64_t c = 0; c < map.column_count; ++c) {
      image.set(static_cast<long long>(c), static_cast<long long>(r), map.colour(r, c));
    }
  }
  return image;
}

std::string heat_map_svg(const cas::heat_map& map, const heat_map_layout& l) {
  // Monospace at 20 px advances about 0.6 em = 12 px a character, as the PNG's font does.
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(l.width) + "\" height=\"" +
         num(l.height) + "\" viewBox=\"0 0 " + num(l.width) + " " + num(l.height) +
         "\" font-family=\"monospace\" font-size=\"20\" fill=\"#1e1e1e\">\n";
  svg += "<title>" + escaped(map.title) + "</title>\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (std::size_t i = 0; i < l.title_lines.size(); ++i) {
    svg += svg_text("title", l.title_x,
                    l.title_y + static_cast<long long>(i) * heat_map_layout::line_height,
                    l.title_lines[i]);
  }
  svg += svg_text("axis-name", l.grid_x, l.column_name_y, map.columns.name + " →");
  svg += svg_text("axis-name", margin, l.row_name_y, "↓ " + map.rows.name);
  svg += "<g class=\"ticks\" stroke=\"#1e1e1e\" stroke-width=\"1\">\n";
  for (const picture_tick& t : l.column_ticks) {
    svg += "<line class=\"tick\" x1=\"" + num(t.position) + ".5\" y1=\"" +
           num(l.grid_y - heat_map_layout::tick_length) + "\" x2=\"" + num(t.position) +
           ".5\" y2=\"" + num(l.grid_y) + "\"/>\n";
  }
  for (const picture_tick& t : l.row_ticks) {
    svg += "<line class=\"tick\" x1=\"" + num(l.grid_x - heat_map_layout::tick_length) +
           "\" y1=\"" + num(t.position) + ".5\" x2=\"" + num(l.grid_x) + "\" y2=\"" +
           num(t.position) + ".5\"/>\n";
  }
  svg += "</g>\n";
  for (const picture_tick& t : l.column_ticks) {
    svg += svg_text("tick-label", t.position, l.column_labels_y, t.label, "middle");
  }
  for (const picture_tick& t : l.row_ticks) {
    svg += svg_text("tick-label", l.row_labels_right, t.position - heat_map_layout::cap_height / 2,
                    t.label, "end");
  }
  svg += "<image class=\"cells\" data-rows=\"" + num(static_cast<long long>(map.row_count)) +
         "\" data-columns=\"" + num(static_cast<long long>(map.column_count)) + "\" x=\"" +
         num(l.grid_x) + "\" y=\"" + num(l.grid_y) + "\" width=\"" + num(l.grid_width) +
         "\" height=\"" + num(l.grid_height) +
         "\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" href=\"data:image/"
         "png;base64," +
         base64(png_encode(cell_raster(map))) + "\"/>\n";
  svg += "<g class=\"legend\">\n";
  svg += svg_text("legend-title", l.legend_x, l.column_labels_y, map.legend_title);
  for (std::size_t k = 0; k < map.legend.size(); ++k) {
    const long long y = l.legend_y + static_cast<long long>(k) * l.swatch_height;
    const long long h = map.colour_bar ? l.swatch_height : l.swatch_height - 4;
    const cas::heat_map_legend_entry& e = map.legend[k];
    svg += "<rect class=\"legend\" data-label=\"" + escaped(e.label) + "\" x=\"" + num(l.legend_x) +
           "\" y=\"" + num(y) + "\" width=\"" + num(l.swatch_width) + "\" height=\"" + num(h) +
           "\" fill=\"" + cas::hex_colour(e.colour) + "\"/>\n";
    if (!e.label.empty()) {
      svg += svg_text("legend-label", l.legend_labels_x,
                      y + h / 2 - heat_map_layout::cap_height / 2, e.label);
    }
  }
  svg += "</g>\n</svg>\n";
  return svg;
}

}  // namespace on2
