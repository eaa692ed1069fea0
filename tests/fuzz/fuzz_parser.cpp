// Fuzz target: the parser on arbitrary bytes (docs/fuzzing.md). Every input must give statements
// or diagnostics, never a crash; the debug rendering and the caret printer run on the result too.
// A line that is a quick statement (read_quick_statement, the REPL's word statements) must parse
// as one statement, and its literals' values must be those of its digits.

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "parser/diagnostic.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"

namespace {

// The digits' value, when below 2^64.
bool word_of(std::string_view digits, std::uint64_t& word) {
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), word);
  return error == std::errc() && end == digits.data() + digits.size();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  on2::parser::parse_result result = on2::parser::parse_program(text, "<fuzz>");
  for (const on2::parser::statement& s : result.statements) (void)on2::parser::to_debug_string(s);
  for (const on2::parser::diagnostic& d : result.diagnostics) {
    (void)on2::parser::render_diagnostic(d, text, result.source_name);
  }
  (void)on2::parser::needs_more_input(text);
  // Each line that is a quick statement: one statement, and its literals' values.
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const auto quick = on2::parser::read_quick_statement(line);
    if (quick.has_value() != on2::parser::is_quick_statement(line)) std::abort();
    if (!quick) continue;
    const on2::parser::parse_result alone = on2::parser::parse_program(line, "<fuzz>");
    if (alone.statements.size() != 1 || !alone.diagnostics.empty()) std::abort();
    std::uint64_t left = 0, right = 0;
    const bool words =
        word_of(quick->left, left) && (quick->op == 0 || word_of(quick->right, right));
    if (words != quick->words) std::abort();
    if (words && (left != quick->left_word || right != quick->right_word)) std::abort();
  }
  return 0;
}
