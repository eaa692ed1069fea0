#pragma once
// Lines from a file or a pipe in bounded memory: a line longer than the bound is not buffered
// whole but skipped to its newline, so that a file of any length (or a megabyte line) costs at
// most one statement's worth of memory (docs/limits.md "input length").

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "line_session.hpp"

namespace on2 {

class bounded_line_reader {
 public:
  // Fills `buffer` with up to `capacity` bytes: returns how many, 0 at the end of the input, or
  // -1 when reading failed (with `error` set to why).
  using chunk_source =
      std::function<std::ptrdiff_t(char* buffer, std::size_t capacity, std::string& error)>;

  // The bytes of a line that a too_long status keeps, for the error to quote.
  static constexpr std::size_t kept_bytes_of_long_line = 4096;

  // `before_reading`, when given, runs before each call of `source` (which may wait for input):
  // the output so far is flushed then, once per chunk of input rather than once per line.
  bounded_line_reader(chunk_source source, std::size_t max_line_bytes,
                      std::function<void()> before_reading = {});

  // A line_reader (the prompt is ignored). Returns read with the line (without its newline),
  // too_long with the line's first kept_bytes_of_long_line bytes after skipping the rest of it,
  // failed with the reason in `line`, or end_of_input.
  line_status operator()(const std::string& prompt, std::string& line);

  // True when the next line is already in the buffer whole, so reading it will not call the
  // chunk source (which may wait).
  bool has_buffered_line() const noexcept;

  // The bytes already in the buffer from the next line on, lines and the start of one perhaps,
  // for a caller that runs whole lines in place (run_lines' word statements, issue 19) and then
  // skips them.
  std::string_view buffered() const noexcept {
    return {buffer_.data() + position_, filled_ - position_};
  }
  // Skips `bytes` of buffered(), whole lines with their newlines, as if they had been read.
  void skip(std::size_t bytes) noexcept { position_ += bytes; }

 private:
  bool refill(std::string& error);

  chunk_source source_;
  std::function<void()> before_reading_;
  std::size_t max_line_bytes_;
  std::vector<char> buffer_;
  std::size_t position_ = 0, filled_ = 0;
  bool at_end_ = false;
};

// A chunk source over a file descriptor (read(2), retried when a signal interrupts it). It
// returns what one read gives, so that a pipe's lines are run as they arrive.
bounded_line_reader::chunk_source chunks_of_descriptor(int descriptor);

}  // namespace on2
