#include "statement_splitter.hpp"

#include <algorithm>
#include <array>

#include "parser/character_classes.hpp"

namespace on2::parser::detail {
namespace {

using on2::parser::is_word;

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

// The word starting at `i` ([i, end)), or an empty view when `i` is inside a word or not at one.
std::string_view word_at(std::string_view text, std::size_t i) {
  if (i > 0 && is_word(text[i - 1])) return {};
  std::size_t end = i;
  while (end < text.size() && is_word(text[end])) ++end;
  return text.substr(i, end - i);
}

// Counts a block keyword outside brackets: +1 for if/for/while/def, −1 for end.
void count_block_word(std::string_view word, std::size_t brackets, std::size_t& blocks) {
  if (brackets > 0) return;
  if (opens_block(word)) ++blocks;
  if (word == "end" && blocks > 0) --blocks;
}

}  // namespace

std::size_t continuing_operator_at(std::string_view text, std::size_t i) {
  if (std::string_view("+-*/^=<>!,.").find(text[i]) != std::string_view::npos) return 1;
  for (std::string_view symbol : {"\u2295", "\u2297", "\u00b7", "\u00d7"}) {
    if (text.substr(i).starts_with(symbol)) return symbol.size();
  }
  return 0;
}

bool is_operator_word(std::string_view word) {
  return word == "and" || word == "or" || word == "not";
}

bool opens_block(std::string_view word) {
  return word == "if" || word == "for" || word == "while" || word == "def";
}

bool is_block_word(std::string_view word) {
  static constexpr std::array<std::string_view, 10> words{
      "if", "for", "while", "break", "continue", "end", "elif", "else", "def", "return"};
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::vector<statement_segment> split_statements(std::string_view text, std::size_t max_depth) {
  std::vector<statement_segment> segments;
  std::vector<std::size_t> open_brackets;
  std::size_t blocks = 0;
  bool trailing_operator = false;
  statement_segment current;
  auto finish = [&](std::size_t end, bool semicolon) {
    current.end = end;
    current.ends_with_semicolon = semicolon;
    if (!open_brackets.empty()) current.unclosed_at = open_brackets.front();
    segments.push_back(current);
    current = statement_segment{};
    current.begin = end + 1;
    blocks = 0;
    trailing_operator = false;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (is_word(c)) {
      const std::string_view word = word_at(text, i);
      if (word.empty()) {
        ++i;
        continue;
      }
      if (current.blank && is_block_word(word)) current.starts_block = true;
      current.blank = false;
      trailing_operator = is_operator_word(word);
      count_block_word(word, open_brackets.size(), blocks);
      if (blocks + open_brackets.size() > max_depth && !current.too_deep_at)
        current.too_deep_at = i;
      i += word.size();
      continue;
    }
    if (c == '"') {
      current.blank = false;
      trailing_operator = false;
      i = skip_string(text, i);
      continue;
    }
    if (c == '#') {
      i = skip_comment(text, i);
      continue;
    }
    if (const std::size_t length = continuing_operator_at(text, i); length > 0) {
      current.blank = false;
      trailing_operator = true;
      i += length;
      continue;
    }
    const bool blank_character =
        c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
    if (!blank_character && c != ';') trailing_operator = false;
    if (c == '(' || c == '[' || c == '{') {
      current.blank = false;
      open_brackets.push_back(i);
      if (open_brackets.size() > max_depth && !current.too_deep_at) current.too_deep_at = i;
    } else if (c == ')' || c == ']' || c == '}') {
      current.blank = false;
      if (!open_brackets.empty()) open_brackets.pop_back();
    } else if ((c == ';' || (c == '\n' && !trailing_operator)) && open_brackets.empty() &&
               blocks == 0) {
      finish(i, c == ';');
    } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') {
      current.blank = false;
    }
    ++i;
  }
  finish(text.size(), false);
  return segments;
}

open_constructs open_after(std::string_view line, open_constructs before) {
  open_constructs open = before;
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '"') {
      open.trailing_operator = false;
      i = skip_string(line, i);
      continue;
    }
    if (c == '#') {
      i = skip_comment(line, i);
      continue;
    }
    if (is_word(c)) {
      const std::string_view word = word_at(line, i);
      if (!word.empty()) {
        count_block_word(word, open.brackets, open.blocks);
        open.trailing_operator = is_operator_word(word);
        i += word.size();
        continue;
      }
    }
    if (const std::size_t length = continuing_operator_at(line, i); length > 0) {
      open.trailing_operator = true;
      i += length;
      continue;
    }
    if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') {
      open.trailing_operator = false;
    }
    if (c == '(' || c == '[' || c == '{') ++open.brackets;
    if ((c == ')' || c == ']' || c == '}') && open.brackets > 0) --open.brackets;
    ++i;
  }
  return open;
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
