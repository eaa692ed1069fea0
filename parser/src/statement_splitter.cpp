#include "statement_splitter.hpp"

namespace on2::parser::detail {
namespace {

// From the opening '"' at `i` to just past the closing one, or to the end of the line.
std::size_t skip_string(std::string_view text, std::size_t i) {
  ++i;
  while (i < text.size() && text[i] != '"' && text[i] != '\n') {
    i += (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ? 2 : 1;
  }
  return i < text.size() && text[i] == '"' ? i + 1 : i;
}

// From the '#' at `i` to the end of the line.
std::size_t skip_comment(std::string_view text, std::size_t i) {
  while (i < text.size() && text[i] != '\n') ++i;
  return i;
}

}  // namespace

std::vector<statement_segment> split_statements(std::string_view text, std::size_t max_depth) {
  std::vector<statement_segment> segments;
  std::vector<std::size_t> open_brackets;
  statement_segment current;
  auto finish = [&](std::size_t end, bool semicolon) {
    current.end = end;
    current.ends_with_semicolon = semicolon;
    if (!open_brackets.empty()) current.unclosed_at = open_brackets.front();
    segments.push_back(current);
    current = statement_segment{};
    current.begin = end + 1;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"') {
      current.blank = false;
      i = skip_string(text, i);
      continue;
    }
    if (c == '#') {
      i = skip_comment(text, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      current.blank = false;
      open_brackets.push_back(i);
      if (open_brackets.size() > max_depth && !current.too_deep_at) current.too_deep_at = i;
    } else if (c == ')' || c == ']' || c == '}') {
      current.blank = false;
      if (!open_brackets.empty()) open_brackets.pop_back();
    } else if ((c == ';' || c == '\n') && open_brackets.empty()) {
      finish(i, c == ';');
    } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') {
      current.blank = false;
    }
    ++i;
  }
  finish(text.size(), false);
  return segments;
}

std::size_t open_brackets_after(std::string_view line, std::size_t open_before) {
  std::size_t open = open_before;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '"') {
      i = skip_string(line, i);
      continue;
    }
    if (c == '#') {
      i = skip_comment(line, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++open;
    // As in split_statements, a closing bracket with none open closes nothing.
    if ((c == ')' || c == ']' || c == '}') && open > 0) --open;
    ++i;
  }
  return open;
}

}  // namespace on2::parser::detail
