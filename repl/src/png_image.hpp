#pragma once
// An RGB raster and its PNG encoding through libpng (private to repl_core): the pictures of
// plot(n, "file.png") and the cells embedded in plot's SVG.

#include <cstdint>
#include <string>
#include <vector>

#include "cas/explore/heat_map.hpp"

namespace on2 {

class raster {
 public:
  raster(std::uint32_t width, std::uint32_t height, cas::rgb background);

  std::uint32_t width() const noexcept { return width_; }
  std::uint32_t height() const noexcept { return height_; }
  cas::rgb pixel(std::uint32_t x, std::uint32_t y) const;
  // Pixels outside the raster are ignored, so text and marks may be clipped at the edges.
  void set(long long x, long long y, cas::rgb colour);
  void fill(long long x, long long y, long long width, long long height, cas::rgb colour);
  // Rows of 3·width bytes, red, green, blue.
  const std::vector<std::uint8_t>& bytes() const noexcept { return bytes_; }

 private:
  std::uint32_t width_, height_;
  std::vector<std::uint8_t> bytes_;
};

// The PNG file of the raster (8-bit RGB, maximum compression). Throws std::runtime_error when
// libpng fails.
std::string png_encode(const raster& image);

}  // namespace on2
