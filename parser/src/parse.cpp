// The driver: limits, splitting into statements, the grammar per statement, lines and columns.

#include "parser/parse.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <variant>

#include "block_parser.hpp"
#include "grammar.hpp"
#include "large_stack.hpp"
#include "simple_statement.hpp"
#include "statement_splitter.hpp"

namespace on2::parser {
namespace {

// Turns byte offsets into 1-based lines and character columns in O(1) each, after O(n) setup.
class position_table {
 public:
  position_table(std::string_view text, std::size_t first_line)
      : first_line_(first_line), characters_before_(text.size() + 1, 0) {
    line_starts_.push_back(0);
    std::uint32_t characters = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      characters_before_[i] = characters;
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++characters;
      if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
    characters_before_[text.size()] = characters;
  }

  void locate(source_span& span) const {
    const auto next_line = std::upper_bound(line_starts_.begin(), line_starts_.end(), span.begin);
    const std::size_t line_start = *(next_line - 1);
    span.line = first_line_ - 1 + static_cast<std::size_t>(next_line - line_starts_.begin());
    span.column = characters_before_[span.begin] - characters_before_[line_start] + 1;
  }

 private:
  std::size_t first_line_;
  std::vector<std::size_t> line_starts_;
  std::vector<std::uint32_t> characters_before_;  // 1 MiB input: at most 2^20 characters
};

// Recursion is bounded by parse_limits::max_tree_height.
void locate_all(const position_table& positions, expression& e) {
  positions.locate(e.span);
  std::visit(
      [&](auto& content) {
        using type = std::decay_t<decltype(content)>;
        if constexpr (std::is_same_v<type, binary_operation> || std::is_same_v<type, equation>) {
          locate_all(positions, *content.left);
          locate_all(positions, *content.right);
        } else if constexpr (std::is_same_v<type, unary_operation> ||
                             std::is_same_v<type, star_decoration>) {
          locate_all(positions, *content.operand);
        } else if constexpr (std::is_same_v<type, bracket_expression>) {
          locate_all(positions, *content.inner);
        } else if constexpr (std::is_same_v<type, list_expression>) {
          for (expression& element : content.elements) locate_all(positions, element);
        } else if constexpr (std::is_same_v<type, function_call>) {
          positions.locate(content.name_span);
          for (expression& argument : content.arguments) locate_all(positions, argument);
        } else if constexpr (std::is_same_v<type, range_expression>) {
          locate_all(positions, *content.first);
          locate_all(positions, *content.last);
        } else if constexpr (std::is_same_v<type, index_expression>) {
          locate_all(positions, *content.list);
          locate_all(positions, *content.index);
        } else if constexpr (std::is_same_v<type, comprehension>) {
          positions.locate(content.variable_span);
          locate_all(positions, *content.element);
          locate_all(positions, *content.source);
          if (content.condition) locate_all(positions, **content.condition);
        }
      },
      e.node);
}

// Blocks nest at most parse_limits::max_nesting_depth deep, so this recursion is bounded.
void locate_statement(const position_table& positions, statement& s) {
  positions.locate(s.span);
  const auto locate_body = [&](std::vector<statement>& body) {
    for (statement& inner : body) locate_statement(positions, inner);
  };
  std::visit(
      [&](auto& content) {
        using type = std::decay_t<decltype(content)>;
        if constexpr (std::is_same_v<type, expression>) {
          locate_all(positions, content);
        } else if constexpr (std::is_same_v<type, assignment>) {
          positions.locate(content.name_span);
          for (expression& index : content.indices) locate_all(positions, index);
          locate_all(positions, content.value);
        } else if constexpr (std::is_same_v<type, if_statement>) {
          for (conditional_branch& branch : content.branches) {
            locate_all(positions, branch.condition);
            locate_body(branch.body);
          }
          locate_body(content.otherwise);
        } else if constexpr (std::is_same_v<type, for_statement>) {
          positions.locate(content.variable_span);
          locate_all(positions, content.source);
          locate_body(content.body);
        } else if constexpr (std::is_same_v<type, while_statement>) {
          locate_all(positions, content.condition);
          locate_body(content.body);
        } else if constexpr (std::is_same_v<type, return_statement>) {
          if (content.value) locate_all(positions, *content.value);
        } else if constexpr (std::is_same_v<type, function_definition>) {
          positions.locate(content.name_span);
          locate_body(content.body);
        }
      },
      s.content);
}

diagnostic nesting_diagnostic(std::size_t at, const parse_limits& limits) {
  return diagnostic{source_span{at, at + 1, 1, 1},
                    "The expression is nested deeper than " +
                        std::to_string(limits.max_nesting_depth) + " levels.",
                    "Every (, [, {, prefix operator and exponent opens a level."};
}

// Each segment is parsed on its own: a malformed statement gives one diagnostic, the others parse.
void parse_segments(std::string_view text, const std::vector<detail::statement_segment>& segments,
                    const parse_limits& limits, const position_table& positions,
                    parse_result& result) {
  for (const detail::statement_segment& segment : segments) {
    if (segment.blank) continue;
    if (segment.too_deep_at) {
      diagnostic d = nesting_diagnostic(*segment.too_deep_at, limits);
      positions.locate(d.span);
      result.diagnostics.push_back(std::move(d));
      continue;
    }
    auto outcome = segment.starts_block ? detail::parse_block_statement(text, segment, limits)
                                        : detail::parse_statement(text, segment, limits);
    if (auto* parsed = std::get_if<statement>(&outcome)) {
      locate_statement(positions, *parsed);
      result.statements.push_back(std::move(*parsed));
      continue;
    }
    diagnostic d = std::get<diagnostic>(std::move(outcome));
    // Running into the end of the input with a bracket open: the open bracket is the mistake.
    if (segment.unclosed_at && d.span.begin >= text.size()) {
      const std::size_t at = *segment.unclosed_at;
      const char open = text[at];
      const char close = open == '(' ? ')' : open == '[' ? ']' : '}';
      d = diagnostic{source_span{at, at + 1, 1, 1},
                     std::string("Unbalanced '") + open + "': it is never closed.",
                     std::string("Add '") + close + "' where the " +
                         (open == '('   ? "parenthesis"
                          : open == '[' ? "bracket"
                                        : "list") +
                         " should end."};
    }
    // Running into the end after a trailing operator (`5 -` then the end of a script): the caret
    // goes right after the operator, on its line, not on the empty line after it.
    if (!segment.unclosed_at && d.span.begin >= segment.end && segment.end > segment.begin) {
      std::size_t at = segment.end;
      while (at > segment.begin &&
             std::string_view(" \t\r\n").find(text[at - 1]) != std::string_view::npos)
        --at;
      if (text.substr(at, segment.end - at).find('\n') != std::string_view::npos) {
        d.span.begin = d.span.end = at;
      }
    }
    positions.locate(d.span);
    result.diagnostics.push_back(std::move(d));
  }
}

}  // namespace

parse_result parse_program(std::string_view text, std::string source_name,
                           const parse_limits& limits, std::size_t first_line) {
  if (text.size() <= limits.max_input_bytes) {
    if (auto simple = detail::parse_simple_program(text, limits, first_line)) {
      parse_result result;
      result.source_name = std::move(source_name);
      result.statements = std::move(*simple);
      return result;
    }
  }
  return detail::parse_program_generally(text, std::move(source_name), limits, first_line);
}

parse_result detail::parse_program_generally(std::string_view text, std::string source_name,
                                             const parse_limits& limits, std::size_t first_line) {
  parse_result result;
  result.source_name = std::move(source_name);
  if (text.size() > limits.max_input_bytes) {
    result.diagnostics.push_back(diagnostic{source_span{0, 0, first_line, 1},
                                            "The input is " + std::to_string(text.size()) +
                                                " bytes long; the limit is " +
                                                std::to_string(limits.max_input_bytes) + " bytes.",
                                            "Split it into several files or statements."});
    return result;
  }
  const position_table positions(text, first_line);
  const auto segments = detail::split_statements(text, limits.max_nesting_depth);
  const auto parse = [&] { parse_segments(text, segments, limits, positions, result); };
  // Every nesting level takes at least one byte of text, so a short text nests so little that
  // the caller's stack holds it: a thread (with its 256 MiB stack mapped and unmapped) per
  // one-line statement would cost more than parsing it.
  if (text.size() <= detail::short_text_bytes) {
    parse();
  } else {
    detail::run_with_large_stack(parse);
  }
  return result;
}

bool needs_more_input(std::string_view text) {
  const auto segments = detail::split_statements(text, std::numeric_limits<std::size_t>::max());
  if (segments.empty()) return false;
  if (segments.back().unclosed_at.has_value()) return true;
  // A block still open: the text's constructs, line by line.
  open_constructs open;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    open = open_after(text.substr(start, newline - start), open);
    start = newline + 1;
  }
  return open.blocks > 0 || open.trailing_operator;
}

std::size_t open_brackets_after(std::string_view line, std::size_t open_before) {
  return detail::open_brackets_after(line, open_before);
}

open_constructs open_after(std::string_view line, open_constructs before) {
  const detail::open_constructs open = detail::open_after(
      line, detail::open_constructs{before.brackets, before.blocks, before.trailing_operator});
  return open_constructs{open.brackets, open.blocks, open.trailing_operator};
}

program parse_program_or_throw(std::string_view text, std::string source_name,
                               const parse_limits& limits) {
  parse_result result = parse_program(text, std::move(source_name), limits);
  if (!result.ok()) throw parse_error(result.diagnostics.front(), result.source_name);
  return std::move(result.statements);
}

}  // namespace on2::parser
