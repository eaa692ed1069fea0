#include "bounded_line_reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace on2 {

bounded_line_reader::bounded_line_reader(chunk_source source, std::size_t max_line_bytes,
                                         std::function<void()> before_reading)
    : source_(std::move(source)),
      before_reading_(std::move(before_reading)),
      max_line_bytes_(max_line_bytes),
      buffer_(std::size_t{1} << 16) {}

bool bounded_line_reader::refill(std::string& error) {
  position_ = filled_ = 0;
  if (before_reading_) before_reading_();
  const std::ptrdiff_t got = source_(buffer_.data(), buffer_.size(), error);
  if (got < 0) return false;
  filled_ = static_cast<std::size_t>(got);
  at_end_ = got == 0;
  return true;
}

line_status bounded_line_reader::operator()(const std::string&, std::string& line) {
  line.clear();
  bool started = false, too_long = false;
  while (true) {
    if (position_ == filled_) {
      if (at_end_) break;
      std::string error;
      if (!refill(error)) {
        line = std::move(error);
        at_end_ = true;
        return line_status::failed;
      }
      if (at_end_) break;
    }
    started = true;
    const char* begin = buffer_.data() + position_;
    const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', filled_ - position_));
    const std::size_t length =
        newline != nullptr ? static_cast<std::size_t>(newline - begin) : filled_ - position_;
    if (!too_long) {
      if (line.size() + length > max_line_bytes_) {
        too_long = true;
        line.append(begin, std::min(length, kept_bytes_of_long_line));
        line.resize(std::min(line.size(), kept_bytes_of_long_line));
      } else {
        line.append(begin, length);
      }
    }
    position_ += length;
    if (newline != nullptr) {
      ++position_;
      break;
    }
  }
  if (!started) return line_status::end_of_input;
  if (!too_long) return line_status::read;
  // Not in the middle of a UTF-8 character: the error quotes the kept bytes.
  while (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xC0) == 0x80) line.pop_back();
  if (!line.empty() && static_cast<unsigned char>(line.back()) >= 0xC0) line.pop_back();
  return line_status::too_long;
}

bool bounded_line_reader::has_buffered_line() const noexcept {
  return std::memchr(buffer_.data() + position_, '\n', filled_ - position_) != nullptr;
}

bounded_line_reader::chunk_source chunks_of_descriptor(int descriptor) {
  return [descriptor](char* buffer, std::size_t capacity, std::string& error) -> std::ptrdiff_t {
    while (true) {
      const ssize_t got = ::read(descriptor, buffer, capacity);
      if (got >= 0) return got;
      if (errno == EINTR) continue;
      error = std::strerror(errno);
      return -1;
    }
  };
}

}  // namespace on2
