#include "parser/diagnostic.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "parser/printable_text.hpp"

namespace on2::parser {

std::size_t count_utf8_characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

namespace {

// One character of the quoted source line as it is shown (an escape for a control character or
// a stray byte), and the bytes it stands for.
struct shown_character {
  std::size_t begin, end;
  std::string text;
  std::size_t width;  // columns: 1, or the escape's length
};

std::vector<shown_character> shown_characters(std::string_view line, std::size_t line_start) {
  std::vector<shown_character> shown;
  std::size_t i = 0;
  while (i < line.size()) {
    const std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(line, i));
    std::string text = printable(line.substr(i, length));
    const std::size_t width = text == line.substr(i, length) ? 1 : text.size();
    shown.push_back({line_start + i, line_start + i + length, std::move(text), width});
    i += length;
  }
  return shown;
}

}  // namespace

std::string render_diagnostic(const diagnostic& d, std::string_view text,
                              std::string_view source_name, std::size_t first_line) {
  const std::size_t begin = std::min(d.span.begin, text.size());
  const std::size_t line_start = begin == 0 ? 0
                                            : (text.rfind('\n', begin - 1) == std::string_view::npos
                                                   ? 0
                                                   : text.rfind('\n', begin - 1) + 1);
  std::size_t line_end = text.find('\n', begin);
  if (line_end == std::string_view::npos) line_end = text.size();
  std::string_view line = text.substr(line_start, line_end - line_start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);

  const std::size_t line_number =
      first_line + static_cast<std::size_t>(std::count(
                       text.begin(), text.begin() + static_cast<std::ptrdiff_t>(line_start), '\n'));
  const std::size_t column = count_utf8_characters(text.substr(line_start, begin - line_start)) + 1;
  const std::size_t end = std::clamp(d.span.end, begin, line_start + line.size());

  // The shown part of the line: all of it when it is short, else a window of
  // max_quoted_columns characters around the span's start, with "…" where it is cut.
  const std::vector<shown_character> shown = shown_characters(line, line_start);
  std::size_t first = 0;
  while (first < shown.size() && shown[first].end <= begin) ++first;
  const std::size_t span_index = first;  // the first character at or after `begin`
  first = shown.size() <= max_quoted_columns || span_index < max_quoted_columns / 2
              ? 0
              : std::min(span_index - max_quoted_columns / 4, shown.size() - max_quoted_columns);
  const std::size_t last = std::min(shown.size(), first + max_quoted_columns);

  std::string quoted = first > 0 ? "…" : "", caret = first > 0 ? " " : "";
  std::size_t width = 0;
  for (std::size_t i = first; i < last; ++i) {
    const shown_character& c = shown[i];
    quoted += c.text;
    if (c.end <= begin) {
      // Tabs are copied so that the caret lines up however the terminal expands them.
      caret += c.text == "\t" ? std::string("\t") : std::string(c.width, ' ');
    } else if (c.begin < end) {
      width += c.width;
    }
  }
  if (last < shown.size()) quoted += "…";

  std::string out = printable(source_name);
  out += ':' + std::to_string(line_number) + ':' + std::to_string(column) + ": error: ";
  out += printable(d.message);
  out += "\n    " + quoted + "\n    " + caret + '^';
  out.append(std::max<std::size_t>(width, 1) - 1, '~');
  out += '\n';
  if (!d.hint.empty()) out += "hint: " + printable(d.hint) + "\n";
  return out;
}

parse_error::parse_error(diagnostic d, std::string source_name)
    : cas::error(d.message), diagnostic_(std::move(d)), source_name_(std::move(source_name)) {}

}  // namespace on2::parser
