// The pictures of plot (repl/src/heat_map_picture.cpp, functions_tables.cpp), read back the way
// a viewer reads them: the PNG decoded with libpng and checked pixel by pixel (each cell has the
// colour of its value, tick marks and text are there, the title fits, the grid is not one
// colour); the SVG parsed as XML (title, ticks, legend) with its embedded cells decoded the same
// way; the size of plot(256, "p.svg") (it was 7.5 MB); the refusals.
#include <gtest/gtest.h>
#include <png.h>
#include <unistd.h>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cas/explore/heat_map.hpp"
#include "cas/finite/nimber.hpp"
#include "evaluator.hpp"
#include "heat_map_picture.hpp"

namespace {

using u64 = std::uint64_t;

std::string results_of(const std::string& text, int* exit_code = nullptr) {
  on2::session s;
  const on2::run_report report = s.run_text(text, "<test>", false);
  if (exit_code != nullptr) *exit_code = report.exit_code;
  std::string out;
  for (const on2::output_line& line : report.lines) out += line.text;
  return out;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct decoded_png {
  u64 width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  cas::rgb at(u64 x, u64 y) const {
    const std::size_t i = 3 * (y * width + x);
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

// libpng's simplified reading API.
decoded_png decode(const std::string& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  decoded_png out;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    ADD_FAILURE() << "not a PNG: " << image.message;
    return out;
  }
  image.format = PNG_FORMAT_RGB;
  out.width = image.width;
  out.height = image.height;
  out.rgb.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr)) {
    ADD_FAILURE() << "PNG decoding failed: " << image.message;
  }
  return out;
}

std::string base64_decode(const std::string& text) {
  std::string out;
  std::uint32_t word = 0;
  int bits = 0;
  for (const char c : text) {
    int v = -1;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    if (c >= '0' && c <= '9') v = c - '0' + 52;
    if (c == '+') v = 62;
    if (c == '/') v = 63;
    if (v < 0) continue;
    word = (word << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((word >> bits) & 0xff);
    }
  }
  return out;
}

u64 product(u64 a, u64 b) {
  return cas::nim_mul(cas::nimber(a), cas::nimber(b)).low_word();
}

constexpr cas::rgb white = {255, 255, 255};

bool dark(cas::rgb c) {
  return c.red < 100 && c.green < 100 && c.blue < 100;
}

class Plot : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ =
        std::filesystem::temp_directory_path() / ("on2_plot_" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }
  std::string path(const std::string& name) const { return (directory_ / name).string(); }
  std::filesystem::path directory_;
};

// Each cell's centre in the PNG has the colour of a ⊗ b on the scale of the picture.
void check_png_cells(const decoded_png& png, const on2::heat_map_layout& l, u64 first_a,
                     u64 first_b, u64 side, u64 largest) {
  for (u64 i = 0; i < side; ++i) {
    for (u64 j = 0; j < side; ++j) {
      const u64 x =
          static_cast<u64>(l.grid_x) + j * static_cast<u64>(l.cell) + static_cast<u64>(l.cell) / 2;
      const u64 y =
          static_cast<u64>(l.grid_y) + i * static_cast<u64>(l.cell) + static_cast<u64>(l.cell) / 2;
      ASSERT_EQ(png.at(x, y), cas::heat_colour(product(first_a + i, first_b + j), largest + 1))
          << i << " " << j;
    }
  }
}

TEST_F(Plot, PngCellsTicksTitleAndLegend) {
  const std::string file = path("p16.png");
  EXPECT_EQ(results_of("plot(16, \"" + file + "\")"),
            "Drew \"Nim products a ⊗ b of the nimbers a, b below 16\" in " + file +
                ": 16×16 cells, 662×656 pixels.");
  const decoded_png png = decode(read_file(file));
  const on2::heat_map_layout l = on2::lay_out(cas::product_heat_map(16));
  ASSERT_EQ(png.width, static_cast<u64>(l.width));
  ASSERT_EQ(png.height, static_cast<u64>(l.height));
  check_png_cells(png, l, 0, 0, 16, 15);
  // Tick marks: a dark pixel just above the grid at each column tick, left of it at each row tick,
  // and white between two ticks.
  ASSERT_GE(l.column_ticks.size(), 4u);
  for (const on2::picture_tick& t : l.column_ticks) {
    EXPECT_TRUE(dark(png.at(static_cast<u64>(t.position), static_cast<u64>(l.grid_y - 2))))
        << t.label;
  }
  for (const on2::picture_tick& t : l.row_ticks) {
    EXPECT_TRUE(dark(png.at(static_cast<u64>(l.grid_x - 2), static_cast<u64>(t.position))))
        << t.label;
  }
  EXPECT_EQ(png.at(static_cast<u64>(l.column_ticks[0].position + l.cell / 2 + 1),
                   static_cast<u64>(l.grid_y - 2)),
            white);
  // Text: dark pixels in the title's line and in the tick labels' line, none right of the
  // margin (the title fits).
  u64 title_ink = 0, label_ink = 0, beyond = 0;
  for (u64 x = 0; x < png.width; ++x) {
    for (u64 y = static_cast<u64>(l.title_y); y < static_cast<u64>(l.title_y + 14); ++y) {
      if (dark(png.at(x, y))) (x + 16 > png.width ? beyond : title_ink) += 1;
    }
    for (u64 y = static_cast<u64>(l.column_labels_y); y < static_cast<u64>(l.column_labels_y + 14);
         ++y) {
      if (dark(png.at(x, y))) label_ink += 1;
    }
  }
  EXPECT_GT(title_ink, 200u);
  EXPECT_GT(label_ink, 50u);
  EXPECT_EQ(beyond, 0u);
  // The legend's colour bar runs from 0's colour at the top to 15's at the bottom.
  EXPECT_EQ(png.at(static_cast<u64>(l.legend_x + 5), static_cast<u64>(l.legend_y + 1)),
            cas::heat_colour(0, 16));
  EXPECT_EQ(png.at(static_cast<u64>(l.legend_x + 5),
                   static_cast<u64>(l.legend_y + 32 * l.swatch_height - 2)),
            cas::heat_colour(15, 16));
}

// plot(65536, …) drew one flat colour (issue 20): the window is at full resolution, its cells
// are a ⊗ b, and the picture has many colours.
TEST_F(Plot, PngWindowOf65536IsNotUniform) {
  const std::string file = path("w.png");
  int code = -1;
  results_of("plot(65536, \"" + file + "\", \"product\", 512, 1024)", &code);
  EXPECT_EQ(code, 0);
  const decoded_png png = decode(read_file(file));
  const cas::heat_map map = cas::product_heat_map(65536, 512, 1024);
  const on2::heat_map_layout l = on2::lay_out(map);
  u64 largest = 0;
  for (const u64 v : map.values) largest = std::max(largest, v);
  check_png_cells(png, l, 512, 1024, 256, largest);
  std::set<std::uint32_t> colours;
  for (u64 y = static_cast<u64>(l.grid_y); y < static_cast<u64>(l.grid_y + l.grid_height); ++y) {
    for (u64 x = static_cast<u64>(l.grid_x); x < static_cast<u64>(l.grid_x + l.grid_width); ++x) {
      const cas::rgb c = png.at(x, y);
      colours.insert(std::uint32_t{c.red} << 16 | std::uint32_t{c.green} << 8 | c.blue);
    }
  }
  EXPECT_GT(colours.size(), 200u);
}

TEST_F(Plot, PngOrderAndLogMaps) {
  const std::string orders = path("o.png"), logs = path("l.png");
  results_of("plot(256, \"" + orders + "\", \"order\"); plot(256, \"" + logs + "\", \"log\")");
  const cas::heat_map order_map = cas::order_heat_map(256), log_map = cas::log_heat_map(256);
  for (const auto& [file, map] : {std::pair{orders, &order_map}, std::pair{logs, &log_map}}) {
    const decoded_png png = decode(read_file(file));
    const on2::heat_map_layout l = on2::lay_out(*map);
    for (u64 a = 0; a < 256; ++a) {
      const u64 x =
          static_cast<u64>(l.grid_x + static_cast<long long>(a % 16) * l.cell + l.cell / 2);
      const u64 y =
          static_cast<u64>(l.grid_y + static_cast<long long>(a / 16) * l.cell + l.cell / 2);
      ASSERT_EQ(png.at(x, y), map->colours[a]) << file << " " << a;
    }
  }
  // 0 has no order; 1 has order 1, the first legend entry.
  EXPECT_EQ(order_map.colours[0], cas::blank_colour());
  EXPECT_EQ(order_map.colours[1], order_map.legend[0].colour);
}

TEST_F(Plot, SvgStructureAndEmbeddedCells) {
  const std::string file = path("p.svg");
  results_of("plot(256, \"" + file + "\")");
  const std::string text = read_file(file);
  // It was 7.5 MB, one <rect> per cell: the cells are one embedded PNG now.
  EXPECT_LT(text.size(), 400000u);
  boost::property_tree::ptree tree;
  std::istringstream in(text);
  ASSERT_NO_THROW(boost::property_tree::read_xml(in, tree));
  const auto& svg = tree.get_child("svg");
  const cas::heat_map map = cas::product_heat_map(256);
  const on2::heat_map_layout l = on2::lay_out(map);
  EXPECT_EQ(svg.get<std::string>("title"), map.title);
  EXPECT_EQ(svg.get<long long>("<xmlattr>.width"), l.width);
  u64 title_lines = 0, ticks = 0, tick_labels = 0, legend = 0, images = 0;
  for (const auto& [name, child] : svg) {
    if (name == "text" && child.get<std::string>("<xmlattr>.class") == "title") ++title_lines;
    if (name == "text" && child.get<std::string>("<xmlattr>.class") == "tick-label") ++tick_labels;
    if (name == "g") {
      for (const auto& [inner, element] : child) {
        if (inner == "line") ++ticks;
        if (inner == "rect" && element.get<std::string>("<xmlattr>.class") == "legend") ++legend;
      }
    }
    if (name == "image") {
      ++images;
      EXPECT_EQ(child.get<long long>("<xmlattr>.width"), l.grid_width);
      EXPECT_EQ(child.get<u64>("<xmlattr>.data-rows"), 256u);
      const std::string href = child.get<std::string>("<xmlattr>.href");
      const std::string prefix = "data:image/png;base64,";
      ASSERT_EQ(href.rfind(prefix, 0), 0u);
      const decoded_png cells = decode(base64_decode(href.substr(prefix.size())));
      ASSERT_EQ(cells.width, 256u);
      ASSERT_EQ(cells.height, 256u);
      for (u64 a = 0; a < 256; a += 7) {
        for (u64 b = 0; b < 256; b += 5) {
          ASSERT_EQ(cells.at(b, a), cas::heat_colour(product(a, b), 256)) << a << " " << b;
        }
      }
    }
  }
  EXPECT_EQ(title_lines, l.title_lines.size());
  EXPECT_EQ(ticks, l.column_ticks.size() + l.row_ticks.size());
  EXPECT_EQ(tick_labels, l.column_ticks.size() + l.row_ticks.size());
  EXPECT_GE(ticks, 8u);
  EXPECT_EQ(legend, 32u);
  EXPECT_EQ(images, 1u);
}

TEST_F(Plot, LongTitlesAreWrappedToTheWidth) {
  const on2::heat_map_layout l = on2::lay_out(cas::log_heat_map(65536));
  EXPECT_GE(l.title_lines.size(), 2u);
  for (const std::string& line : l.title_lines) {
    std::size_t characters = 0;
    for (const char c : line) characters += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    EXPECT_LE(static_cast<long long>(characters) * on2::heat_map_layout::char_advance, l.width - 32)
        << line;
  }
}

TEST_F(Plot, Refusals) {
  int code = 0;
  results_of("plot(16, \"" + path("p.gif") + "\")", &code);
  EXPECT_EQ(code, 4);
  results_of("plot(16, \"" + path("p.png") + "\", \"sum\")", &code);
  EXPECT_EQ(code, 4);
  results_of("plot(16, \"" + path("p.png") + "\", \"order\", 0, 0)", &code);
  EXPECT_EQ(code, 4);
  results_of("plot(65536, \"" + path("p.png") + "\", \"product\", 0)", &code);
  EXPECT_EQ(code, 4);
  results_of("plot(65536, \"" + path("p.png") + "\", \"product\", 65281, 0)", &code);
  EXPECT_EQ(code, 1);
  results_of("plot(8, \"" + path("p.png") + "\")", &code);
  EXPECT_EQ(code, 1);
  EXPECT_FALSE(std::filesystem::exists(path("p.png")));
  EXPECT_FALSE(std::filesystem::exists(path("p.gif")));
  results_of("plot(16, \"" + (directory_ / "missing" / "p.png").string() + "\")", &code);
  EXPECT_EQ(code, 4);
}

}  // namespace
