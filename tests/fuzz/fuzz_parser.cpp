// Fuzz target: the parser on arbitrary bytes (docs/fuzzing.md). Every input must give statements
// or diagnostics, never a crash; the debug rendering and the caret printer run on the result too.
// A line that is a quick statement (is_quick_statement; read_quick_statement, the REPL's word
// statements) must parse as one statement, and its literals' values must be those of its digits.
// A line the lean parser takes (lean_statement.hpp) must give the grammar's tree and spans.

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "lean_statement.hpp"
#include "parser/diagnostic.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"
#include "simple_statement.hpp"

namespace {

// The digits' value, when below 2^64.
bool word_of(std::string_view digits, std::uint64_t& word) {
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), word);
  return error == std::errc() && end == digits.data() + digits.size();
}

bool same_span(const on2::parser::source_span& a, const on2::parser::source_span& b) {
  return a.begin == b.begin && a.end == b.end && a.line == b.line && a.column == b.column;
}

// The same nodes with the same spans (to_debug_string compares the rest: operators, literals,
// names). Recursion is bounded by the lean parser's depth.
bool same_spans(const on2::parser::expression& a, const on2::parser::expression& b) {
  using namespace on2::parser;
  if (!same_span(a.span, b.span) || a.node.index() != b.node.index()) return false;
  if (const auto* x = std::get_if<binary_operation>(&a.node)) {
    const auto& y = std::get<binary_operation>(b.node);
    return x->op == y.op && same_spans(*x->left, *y.left) && same_spans(*x->right, *y.right);
  }
  if (const auto* x = std::get_if<unary_operation>(&a.node)) {
    return same_spans(*x->operand, *std::get<unary_operation>(b.node).operand);
  }
  if (const auto* x = std::get_if<star_decoration>(&a.node)) {
    return same_spans(*x->operand, *std::get<star_decoration>(b.node).operand);
  }
  if (const auto* x = std::get_if<bracket_expression>(&a.node)) {
    return same_spans(*x->inner, *std::get<bracket_expression>(b.node).inner);
  }
  if (const auto* x = std::get_if<function_call>(&a.node)) {
    const auto& y = std::get<function_call>(b.node);
    if (!same_span(x->name_span, y.name_span) || x->arguments.size() != y.arguments.size()) {
      return false;
    }
    for (std::size_t i = 0; i < x->arguments.size(); ++i) {
      if (!same_spans(x->arguments[i], y.arguments[i])) return false;
    }
  }
  return true;
}

// The lean parser's statement for `line` is the grammar's.
bool same_as_grammar(const on2::parser::statement& lean, std::string_view line) {
  using namespace on2::parser;
  const parse_result grammar = detail::parse_program_generally(line, "<fuzz>", {}, 1);
  if (!grammar.ok() || grammar.statements.size() != 1) return false;
  const statement& s = grammar.statements.front();
  if (!same_span(s.span, lean.span) || s.ends_with_semicolon != lean.ends_with_semicolon ||
      to_debug_string(s) != to_debug_string(lean) || s.content.index() != lean.content.index()) {
    return false;
  }
  if (const auto* e = std::get_if<expression>(&s.content)) {
    return same_spans(*e, std::get<expression>(lean.content));
  }
  const auto& a = std::get<assignment>(s.content);
  const auto& b = std::get<assignment>(lean.content);
  return same_span(a.name_span, b.name_span) && same_spans(a.value, b.value);
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
    if (const auto lean = on2::parser::detail::parse_lean_line(line, 0, 1, {})) {
      if (!same_as_grammar(*lean, line)) std::abort();
    }
    const auto quick = on2::parser::read_quick_statement(line);
    const bool is_quick = on2::parser::is_quick_statement(line);
    if (quick && !is_quick) std::abort();
    if (!is_quick) continue;
    const on2::parser::parse_result alone = on2::parser::parse_program(line, "<fuzz>");
    if (alone.statements.size() != 1 || !alone.diagnostics.empty()) std::abort();
    if (!quick) continue;
    std::uint64_t left = 0, right = 0;
    const bool words =
        word_of(quick->left, left) && (quick->op == 0 || word_of(quick->right, right));
    if (words != quick->words) std::abort();
    if (words && (left != quick->left_word || right != quick->right_word)) std::abort();
  }
  return 0;
}
