#include "block_parser.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grammar.hpp"
#include "parser/character_classes.hpp"

namespace on2::parser::detail {
namespace {

using on2::parser::is_word;

// A parse failure with its place; caught by parse_block_statement.
struct block_error {
  diagnostic d;
};

// Joins pieces with append: GCC 12's -Wrestrict misfires on `"…" + std::string(…)`.
std::string joined(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view piece : pieces) out.append(piece);
  return out;
}

// Keywords and literals: never a variable, parameter or function name.
bool is_reserved(std::string_view word) {
  return is_block_word(word) || word == "in" || word == "do" || word == "then" || word == "and" ||
         word == "or" || word == "not" || word == "w" || word == "omega" || word == "true" ||
         word == "false";
}

class block_parser {
 public:
  block_parser(std::string_view text, std::size_t end, const parse_limits& limits)
      : text_(text), end_(end), limits_(limits) {}

  // One statement at `i` (a block or a simple statement), then nothing but white space up to
  // the end of the segment.
  statement whole_statement(std::size_t i, bool semicolon) {
    statement s = next_statement(i, semicolon, 0);
    i = skip_blanks(i);
    if (i < end_) fail(i, i + 1, "Expected the end of the statement after `end`.", "");
    return s;
  }

 private:
  [[noreturn]] void fail(std::size_t begin, std::size_t end, std::string message,
                         std::string hint) const {
    throw block_error{
        diagnostic{source_span{begin, end, 1, 1}, std::move(message), std::move(hint)}};
  }

  // Skips spaces, tabs and comments (not newlines or `;`).
  std::size_t skip_blanks(std::size_t i) const {
    while (i < end_) {
      const char c = text_[i];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i;
      } else if (c == '#') {
        while (i < end_ && text_[i] != '\n') ++i;
      } else {
        break;
      }
    }
    return i;
  }

  std::size_t skip_separators(std::size_t i) const {
    while (true) {
      i = skip_blanks(i);
      if (i < end_ && (text_[i] == '\n' || text_[i] == ';')) {
        ++i;
        continue;
      }
      return i;
    }
  }

  std::string_view word_at(std::size_t i) const {
    if (i >= end_ || (i > 0 && is_word(text_[i - 1]))) return {};
    std::size_t j = i;
    while (j < end_ && is_word(text_[j])) ++j;
    return text_.substr(i, j - i);
  }

  // The first place from `i` where, outside brackets, strings and comments, a separator (`;`,
  // newline), the end of the segment, or one of `words` stands.
  template <std::size_t N>
  std::size_t find_top_level(std::size_t i, const std::array<std::string_view, N>& words) const {
    std::size_t brackets = 0;
    bool trailing_operator = false;  // a newline after `+` continues the statement
    while (i < end_) {
      const char c = text_[i];
      if (const std::size_t length = continuing_operator_at(text_, i); length > 0) {
        trailing_operator = true;
        i += length;
        continue;
      }
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#') trailing_operator = false;
      if (c == '"') {
        ++i;
        while (i < end_ && text_[i] != '"' && text_[i] != '\n') i += text_[i] == '\\' ? 2 : 1;
        if (i < end_ && text_[i] == '"') ++i;
        continue;
      }
      if (c == '#') {
        while (i < end_ && text_[i] != '\n') ++i;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') ++brackets;
      if ((c == ')' || c == ']' || c == '}') && brackets > 0) --brackets;
      if (brackets == 0 && (c == ';' || (c == '\n' && !trailing_operator))) return i;
      if (is_word(c)) {
        const std::string_view w = word_at(i);
        if (!w.empty()) {
          trailing_operator = is_operator_word(w);
          if (brackets == 0) {
            for (std::string_view stop : words)
              if (w == stop) return i;
          }
          i += w.size();
          continue;
        }
      }
      ++i;
    }
    return end_;
  }

  expression parse_expression_in(std::size_t begin, std::size_t end, std::size_t keyword_begin,
                                 std::string_view what) {
    if (skip_blanks(begin) >= end) {
      fail(keyword_begin, begin, joined({"Expected ", what, " here."}), "");
    }
    auto parsed = parse_expression(text_, begin, end, limits_);
    if (auto* d = std::get_if<diagnostic>(&parsed)) throw block_error{std::move(*d)};
    return std::get<expression>(std::move(parsed));
  }

  // `expect` after a condition or list that started at `keyword_begin`.
  std::size_t expect_word(std::size_t at, std::string_view expect, std::size_t keyword_begin,
                          std::string_view keyword) {
    if (word_at(at) == expect) return at + expect.size();
    (void)keyword_begin;
    const std::string found = at >= end_          ? std::string("the end of the input")
                              : text_[at] == '\n' ? std::string("the end of the line")
                              : text_[at] == ';'  ? std::string("';'")
                                                  : joined({"'", word_at(at), "'"});
    const std::size_t length =
        at < end_ && text_[at] != '\n' ? std::max<std::size_t>(word_at(at).size(), 1) : 0;
    fail(at, at + length,
         joined({"Expected '", expect, "' after the ", keyword == "for" ? "list" : "condition",
                 " of `", keyword, "` but found ", found, "."}),
         keyword == "if"      ? "Write: if c then … end."
         : keyword == "while" ? "Write: while c do … end."
                              : "Write: for v in L do … end.");
  }

  struct body_result {
    std::vector<statement> statements;
    std::size_t stop = 0;        // where the stop word stands
    std::string_view stop_word;  // empty at the end of the segment
  };

  // Statements up to one of `stops` (at block depth 0).
  template <std::size_t N>
  body_result body(std::size_t i, const std::array<std::string_view, N>& stops, std::size_t loops) {
    body_result result;
    while (true) {
      i = skip_separators(i);
      if (i >= end_) {
        result.stop = end_;
        return result;
      }
      const std::string_view w = word_at(i);
      for (std::string_view stop : stops) {
        if (w == stop) {
          result.stop = i;
          result.stop_word = w;
          return result;
        }
      }
      result.statements.push_back(next_statement(i, false, loops));
    }
  }

  // The statement at `i`; moves `i` past it.
  statement next_statement(std::size_t& i, bool semicolon, std::size_t loops) {
    i = skip_blanks(i);
    const std::string_view w = word_at(i);
    const std::size_t begin = i;
    if (++depth_ > limits_.max_nesting_depth) {
      fail(begin, begin + w.size(),
           joined({"The blocks are nested deeper than ", std::to_string(limits_.max_nesting_depth),
                   " levels."}),
           "");
    }
    struct leave {
      std::size_t& depth;
      ~leave() { --depth; }
    } leave_depth{depth_};
    statement s;
    if (w == "if") {
      s.content = if_block(i, loops);
    } else if (w == "while") {
      s.content = while_block(i, loops);
    } else if (w == "for") {
      s.content = for_block(i, loops);
    } else if (w == "def") {
      if (in_function_ || depth_ > 1) {
        fail(begin, begin + w.size(), "A function is defined at the top level only.",
             "Define it before the block or function that uses it.");
      }
      s.content = def_block(i);
    } else if (w == "return") {
      if (!in_function_) {
        fail(begin, begin + w.size(), "`return` is only allowed inside a function.",
             "Functions are def f(a, b) … end.");
      }
      constexpr std::array<std::string_view, 3> enders{"end", "elif", "else"};
      const std::size_t value_begin = i + w.size();
      const std::size_t stop = find_top_level(value_begin, enders);
      return_statement r;
      if (skip_blanks(value_begin) < stop) {
        r.value = parse_expression_in(value_begin, stop, begin, "a value after `return`");
      }
      i = stop;
      s.content = std::move(r);
    } else if (w == "break" || w == "continue") {
      if (loops == 0) {
        fail(begin, begin + w.size(), joined({"`", w, "` is only allowed inside a loop."}),
             "Loops are for … do … end and while … do … end.");
      }
      i += w.size();
      s.content = loop_jump{w == "break"};
    } else if (w == "end" || w == "elif" || w == "else" || w == "then" || w == "do") {
      fail(begin, begin + w.size(), joined({"`", w, "` does not belong to an open block."}),
           "Blocks are if … then … end, for … do … end and while … do … end.");
    } else {
      // A simple statement: up to a separator or a word that ends the enclosing block.
      constexpr std::array<std::string_view, 3> enders{"end", "elif", "else"};
      const std::size_t stop = find_top_level(i, enders);
      statement_segment segment;
      segment.begin = i;
      segment.end = stop;
      segment.blank = false;
      segment.ends_with_semicolon = stop < end_ && text_[stop] == ';';
      auto parsed = parse_statement(text_, segment, limits_);
      if (auto* d = std::get_if<diagnostic>(&parsed)) throw block_error{std::move(*d)};
      i = stop;
      s = std::get<statement>(std::move(parsed));
      return s;
    }
    s.span = source_span{begin, i, 1, 1};
    s.ends_with_semicolon = semicolon;
    return s;
  }

  [[noreturn]] void unclosed(std::size_t begin, std::string_view keyword) const {
    fail(begin, begin + keyword.size(),
         joined({"This `", keyword, "` is never closed with `end`."}),
         "Every if, for, while and def block ends with `end`.");
  }

  if_statement if_block(std::size_t& i, std::size_t loops) {
    const std::size_t if_begin = i;
    if_statement result;
    std::string_view keyword = "if";
    while (true) {
      const std::size_t condition_begin = i + keyword.size();
      constexpr std::array<std::string_view, 1> then_word{"then"};
      const std::size_t then_at = find_top_level(condition_begin, then_word);
      expression condition =
          parse_expression_in(condition_begin, then_at, i, "a condition after `if`");
      const std::size_t body_begin = expect_word(then_at, "then", i, "if");
      constexpr std::array<std::string_view, 3> stops{"elif", "else", "end"};
      body_result b = body(body_begin, stops, loops);
      result.branches.push_back({std::move(condition), std::move(b.statements)});
      if (b.stop_word.empty()) unclosed(if_begin, "if");
      i = b.stop;
      if (b.stop_word == "elif") {
        keyword = "elif";
        continue;
      }
      if (b.stop_word == "else") {
        constexpr std::array<std::string_view, 1> end_word{"end"};
        body_result e = body(i + 4, end_word, loops);
        if (e.stop_word.empty()) unclosed(if_begin, "if");
        result.otherwise = std::move(e.statements);
        i = e.stop;
      }
      i += 3;  // `end`
      return result;
    }
  }

  while_statement while_block(std::size_t& i, std::size_t loops) {
    const std::size_t begin = i;
    constexpr std::array<std::string_view, 1> do_word{"do"};
    const std::size_t do_at = find_top_level(i + 5, do_word);
    expression condition = parse_expression_in(i + 5, do_at, i, "a condition after `while`");
    const std::size_t body_begin = expect_word(do_at, "do", i, "while");
    constexpr std::array<std::string_view, 1> end_word{"end"};
    body_result b = body(body_begin, end_word, loops + 1);
    if (b.stop_word.empty()) unclosed(begin, "while");
    i = b.stop + 3;
    return while_statement{std::move(condition), std::move(b.statements)};
  }

  // `def f(a, b)` then the body up to `end`.
  function_definition def_block(std::size_t& i) {
    const std::size_t begin = i;
    std::size_t at = skip_blanks(i + 3);
    const std::string_view name = word_at(at);
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) {
      fail(at, at + 1, "Expected the name of the function after `def`.",
           "Write: def f(a, b) … end.");
    }
    if (is_reserved(name)) {
      fail(at, at + name.size(), joined({"`", name, "` cannot name a function."}),
           "Choose another name.");
    }
    function_definition definition;
    definition.name = std::string(name);
    definition.name_span = source_span{at, at + name.size(), 1, 1};
    at = skip_blanks(at + name.size());
    if (at >= end_ || text_[at] != '(') {
      fail(at, at + 1, joined({"Expected '(' after `def ", name, "`."}),
           "Write: def f(a, b) … end.");
    }
    at = skip_blanks(at + 1);
    while (at < end_ && text_[at] != ')') {
      const std::string_view parameter = word_at(at);
      if (parameter.empty() || (parameter[0] >= '0' && parameter[0] <= '9')) {
        fail(at, at + 1, "Expected the name of a parameter.", "Write: def f(a, b) … end.");
      }
      if (is_reserved(parameter)) {
        fail(at, at + parameter.size(), joined({"`", parameter, "` cannot be a parameter."}),
             "Choose another name.");
      }
      if (std::find(definition.parameters.begin(), definition.parameters.end(), parameter) !=
          definition.parameters.end()) {
        fail(at, at + parameter.size(), joined({"The parameter `", parameter, "` appears twice."}),
             "");
      }
      definition.parameters.emplace_back(parameter);
      at = skip_blanks(at + parameter.size());
      if (at < end_ && text_[at] == ',') at = skip_blanks(at + 1);
    }
    if (at >= end_)
      fail(begin, begin + 3, "The parameters of `def` are never closed with ')'.", "");
    in_function_ = true;
    struct leave {
      bool& flag;
      ~leave() { flag = false; }
    } leave_function{in_function_};
    constexpr std::array<std::string_view, 1> end_word{"end"};
    body_result b = body(at + 1, end_word, 0);
    if (b.stop_word.empty()) unclosed(begin, "def");
    i = b.stop + 3;
    definition.body = std::move(b.statements);
    return definition;
  }

  for_statement for_block(std::size_t& i, std::size_t loops) {
    const std::size_t begin = i;
    std::size_t at = skip_blanks(i + 3);
    const std::string_view variable = word_at(at);
    if (variable.empty() || (variable[0] >= '0' && variable[0] <= '9')) {
      fail(at, at + 1, "Expected the name of the loop variable after `for`.",
           "Write: for v in L do … end.");
    }
    if (is_reserved(variable)) {
      fail(at, at + variable.size(), joined({"`", variable, "` cannot be a variable."}),
           "Choose another name.");
    }
    const source_span variable_span{at, at + variable.size(), 1, 1};
    at = skip_blanks(at + variable.size());
    if (word_at(at) != "in") {
      fail(at, at + std::max<std::size_t>(word_at(at).size(), 1),
           "Expected 'in' after the variable of `for`.", "Write: for v in L do … end.");
    }
    constexpr std::array<std::string_view, 1> do_word{"do"};
    const std::size_t do_at = find_top_level(at + 2, do_word);
    expression source = parse_expression_in(at + 2, do_at, at, "a list after `in`");
    const std::size_t body_begin = expect_word(do_at, "do", begin, "for");
    constexpr std::array<std::string_view, 1> end_word{"end"};
    body_result b = body(body_begin, end_word, loops + 1);
    if (b.stop_word.empty()) unclosed(begin, "for");
    i = b.stop + 3;
    return for_statement{std::string(variable), variable_span, std::move(source),
                         std::move(b.statements)};
  }

  std::string_view text_;
  std::size_t end_;
  const parse_limits& limits_;
  std::size_t depth_ = 0;
  bool in_function_ = false;
};

}  // namespace

std::variant<statement, diagnostic> parse_block_statement(std::string_view text,
                                                          const statement_segment& segment,
                                                          const parse_limits& limits) {
  block_parser parser(text, segment.end, limits);
  try {
    return parser.whole_statement(segment.begin, segment.ends_with_semicolon);
  } catch (const block_error& error) {
    return error.d;
  }
}

}  // namespace on2::parser::detail
