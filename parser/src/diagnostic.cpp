#include "parser/diagnostic.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace on2::parser {

std::size_t count_utf8_characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string render_diagnostic(const diagnostic& d, std::string_view text,
                              std::string_view source_name) {
  const std::size_t begin = std::min(d.span.begin, text.size());
  const std::size_t line_start =
      begin == 0 ? 0 : (text.rfind('\n', begin - 1) == std::string_view::npos
                            ? 0
                            : text.rfind('\n', begin - 1) + 1);
  std::size_t line_end = text.find('\n', begin);
  if (line_end == std::string_view::npos) line_end = text.size();
  std::string_view line = text.substr(line_start, line_end - line_start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);

  const std::size_t line_number =
      1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(line_start), '\n'));
  const std::string_view before = text.substr(line_start, begin - line_start);
  const std::size_t column = count_utf8_characters(before) + 1;

  std::string out;
  out += source_name;
  out += ':' + std::to_string(line_number) + ':' + std::to_string(column) + ": error: ";
  out += d.message;
  out += "\n    ";
  out += line;
  out += "\n    ";
  // Tabs are copied so that the caret lines up however the terminal expands them.
  for (std::size_t i = 0; i < before.size(); ++i) {
    if ((static_cast<unsigned char>(before[i]) & 0xC0) == 0x80) continue;
    out += before[i] == '\t' ? '\t' : ' ';
  }
  const std::size_t end = std::clamp(d.span.end, begin, line_start + line.size());
  const std::size_t width = std::max<std::size_t>(1, count_utf8_characters(text.substr(begin, end - begin)));
  out += '^';
  out.append(width - 1, '~');
  out += '\n';
  if (!d.hint.empty()) out += "hint: " + d.hint + "\n";
  return out;
}

parse_error::parse_error(diagnostic d, std::string source_name)
    : cas::error(d.message), diagnostic_(std::move(d)), source_name_(std::move(source_name)) {}

}  // namespace on2::parser
