#include "png_image.hpp"

#include <png.h>

#include <csetjmp>
#include <stdexcept>

namespace on2 {

raster::raster(std::uint32_t width, std::uint32_t height, cas::rgb background)
    : width_(width), height_(height), bytes_(std::size_t{3} * width * height) {
  for (std::size_t i = 0; i < bytes_.size(); i += 3) {
    bytes_[i] = background.red;
    bytes_[i + 1] = background.green;
    bytes_[i + 2] = background.blue;
  }
}

cas::rgb raster::pixel(std::uint32_t x, std::uint32_t y) const {
  const std::size_t at = 3 * (std::size_t{y} * width_ + x);
  return {bytes_[at], bytes_[at + 1], bytes_[at + 2]};
}

void raster::set(long long x, long long y, cas::rgb colour) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  const std::size_t at = 3 * (static_cast<std::size_t>(y) * width_ + static_cast<std::size_t>(x));
  bytes_[at] = colour.red;
  bytes_[at + 1] = colour.green;
  bytes_[at + 2] = colour.blue;
}

void raster::fill(long long x, long long y, long long width, long long height, cas::rgb colour) {
  for (long long j = y; j < y + height; ++j) {
    for (long long i = x; i < x + width; ++i) set(i, j, colour);
  }
}

namespace {

void append_to_string(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<std::string*>(png_get_io_ptr(png));
  out->append(reinterpret_cast<const char*>(data), length);
}

void no_flush(png_structp) {}

void no_warning(png_structp, png_const_charp) {}

}  // namespace

// libpng reports errors by longjmp to png_jmpbuf (its documented protocol); nothing between the
// setjmp and the calls that may jump owns a resource, so no destructor is skipped.
std::string png_encode(const raster& image) {
  std::string out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, no_warning);
  png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("The PNG encoder (libpng) failed.");
  }
  png_set_write_fn(png, &out, append_to_string, no_flush);
  png_set_compression_level(png, 9);
  png_set_IHDR(png, info, image.width(), image.height(), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  const std::size_t stride = std::size_t{3} * image.width();
  for (std::uint32_t y = 0; y < image.height(); ++y) {
    png_write_row(png, image.bytes().data() + y * stride);
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

}  // namespace on2
