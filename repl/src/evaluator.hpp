#pragma once
// The evaluator of the on2 language (docs/spec/language.md): syntax trees in, values and
// diagnostics out. A session holds what statements share: the variables, the numbered results (%n,
// %), the print options and the cas::context that supplies limits, cancellation and the α_p table.

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cas/core/context.hpp"
#include "evaluation_error.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"
#include "printer.hpp"
#include "result_history.hpp"
#include "value.hpp"

namespace on2 {

// One line of output of run_text, in source order: a printed result or print( ) line (for
// stdout), a rendered diagnostic (for stderr, several lines ending in '\n'), or, for --json only
// (run_listener::acknowledge), the acknowledgement of an assignment or a definition.
struct output_line {
  enum class stream { result, diagnostic, acknowledgement };
  stream where = stream::result;
  std::string text;
  // For --json (docs/spec/language.md "Output"): a result's type and both notations, and for a
  // list its elements; an error's message, kind ("math", …), hint and place; an
  // acknowledgement's name ("a", or the signature "f(a, b)").
  std::string type, ascii, unicode, message, source, kind, hint, name;
  std::string elements;  // a list's elements as a JSON array, "" for other values
  bool printed = false;  // a line of print( ), not a result
  std::size_t line = 0, column = 0;

  friend bool operator==(const output_line&, const output_line&) = default;
};

// The line as one JSON object: {"type": …, "ascii": …, "unicode": …} for a result (with
// "elements": [ … ] for a list, as json_value writes them), {"print": …} for a print( ) line,
// {"error": …, "kind": …, "hint": …, "source": …, "line": …, "column": …} for an error,
// {"assigned": "a"} and
// {"defined": "f(a, b)"} for the acknowledgements.
std::string to_json(const output_line& line);
// `text` as a JSON string, quotes included; bytes that are not UTF-8 become U+FFFD.
std::string json_string(std::string_view text);
// {"type": …, "ascii": …, "unicode": …}, with "elements": [ … ] for a list: an element is
// {"type": …, "ascii": …, "unicode": …}, or {"type": "list", "elements": [ … ]} for a list.
std::string json_value(const value& v, cas::numeral numeral);

// How long one statement ran (parse diagnostics are not statements), and how many of the
// report's lines were there when it ended: its time is printed after its own output (:time).
struct statement_time {
  std::size_t lines_before = 0;
  std::chrono::steady_clock::duration elapsed{};
  friend bool operator==(const statement_time&, const statement_time&) = default;
};

// Told of run_text's output as it happens, so that a print( ) line shows while its loop still
// runs (docs/spec/language.md "Output").
struct run_listener {
  // Each line, once it is complete; the report then keeps no lines (only the exit code, the
  // error count and the times), so printing for hours takes no memory.
  std::function<void(const output_line&)> line;
  std::function<void(const statement_time&)> time;  // each statement's time, after its lines
  bool acknowledge = false;  // also report assignments and definitions (--json)
  // Results need only their text (output_line::text, not --json): their type, ascii and unicode
  // forms are left empty, which saves two printings per result.
  bool text_only = false;
  // When set (with text_only), the results of the word statements (session::run_word_lines) come
  // here as text, many lines at once, each ending in '\n', instead of one `line` call each.
  std::function<void(std::string_view)> result_text;
};

struct run_report {
  std::vector<output_line> lines;
  // 0, or the exit code (docs/spec/language.md "Command line") of the first error.
  int exit_code = 0;
  std::size_t error_count = 0;
  // One per statement run, in order, when they are wanted: without a line listener, or with a
  // time listener (a listener that prints lines and no times saves two clock reads per statement).
  std::vector<statement_time> times;
};

// A function the user defined: `f(a, b) = e` or `def f(a, b) … end`, with the text it was
// defined in (its spans point there) and "f(a, b)" for messages.
struct user_function {
  parser::function_definition definition;
  source_origin origin;
  std::string signature;
};

class session {
 public:
  // The context must outlive the session.
  explicit session(cas::context& ctx = cas::default_context());

  // Evaluates one statement. Returns the text to print, or nothing for an assignment and for a
  // statement ending in `;`. Throws evaluation_error; the session is then as before the
  // statement (variables survive errors, a failed statement gets no result number).
  // `source_text` is the text the statement was parsed from; with it, hints can quote the input.
  std::optional<std::string> evaluate(const parser::statement& s,
                                      std::string_view source_text = {});

  // Parses `text` and evaluates its statements in order, collecting printed results and
  // rendered diagnostics ("file:line:col: error: …", the line, a caret) in source order. Stops at
  // the first error (parse or evaluation) unless keep_going. `first_line` is the number of the
  // text's first line in its source, for a reader that runs a source statement by statement.
  // An interruption (Ctrl-C) ends the statement it interrupts and is then cleared.
  // `listener` hears each line and time as it happens.
  run_report run_text(std::string_view text, std::string source_name, bool keep_going,
                      std::size_t first_line = 1, const run_listener& listener = {});

  // run_text's fast lane for the lines a script holds by the million (issue 19), also for a reader
  // that holds many lines (run_lines): from the start of `text`, the word statements, quick
  // statements (parser::read_quick_statement) that are literals below 2^64 or nim sums and
  // products of two, and lines of nim sums, products and powers of such literals and of
  // variables that hold such nimbers, possibly assigned to a variable (word_expression.hpp), run
  // on machine words without a syntax tree, their results printed and kept for %n and their
  // assignments made as run_text would (blank lines skipped). Stops at the first other line, at a
  // line longer than `max_line_bytes` or than a statement may be, at a line without its newline
  // when `whole_lines`, and at a pending Ctrl-C: the general path takes over there. Runs nothing
  // unless the listener takes results as text (`line` or `result_text`, text_only) and no times,
  // and max_nimber_bits ≥ 64. Returns the bytes run (whole lines) and adds the lines run to
  // `line`; they count as parsed (parsed_bytes).
  std::size_t run_word_lines(std::string_view text, std::size_t& line, const run_listener& listener,
                             std::size_t max_line_bytes = static_cast<std::size_t>(-1),
                             bool whole_lines = false);

  // The bytes run_text has parsed in all: reading a source costs one parse of each of its bytes
  // (tests/repl/line_session_test.cpp checks that a reader keeps it so).
  std::size_t parsed_bytes() const noexcept { return parsed_bytes_; }

  print_options& options() noexcept { return options_; }
  const print_options& options() const noexcept { return options_; }
  parser::parse_limits& parse_limits() noexcept { return parse_limits_; }
  const parser::parse_limits& parse_limits() const noexcept { return parse_limits_; }
  cas::context& context() noexcept { return context_; }

  const std::map<std::string, value, std::less<>>& variables() const noexcept { return variables_; }
  const result_history& results() const noexcept { return results_; }
  const std::map<std::string, std::shared_ptr<const user_function>, std::less<>>& functions()
      const noexcept {
    return functions_;
  }
  // `:reset`: forgets the variables, the functions and the results; the options stay.
  void reset();

 private:
  cas::context& context_;
  print_options options_;
  parser::parse_limits parse_limits_;
  std::map<std::string, value, std::less<>> variables_;
  result_history results_;
  std::map<std::string, std::shared_ptr<const user_function>, std::less<>> functions_;
  std::string current_source_name_ = "<stdin>";  // of the text run_text runs
  std::size_t current_first_line_ = 1;
  std::function<void(std::string)> print_sink_;  // set by run_text: print( ) lines
  // Names whose assignment failed and that have no value, with where ("<expr>:1:1").
  std::map<std::string, std::string, std::less<>> failed_assignments_;
  std::size_t parsed_bytes_ = 0;
};

}  // namespace on2
