#pragma once
// Reading the language line by line, as the REPL and piped standard input do
// (docs/spec/language.md): a statement continues on the next line while a bracket is open; a line
// starting with ':' is a REPL command (:help, :vars, :reset, :ascii, :unicode, :format, :time,
// :load, :quit).

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evaluator.hpp"

namespace on2 {

class bounded_line_reader;

struct line_options {
  bool interactive = false;             // prompts; errors never end the session
  bool keep_going = false;              // non-interactive: go on after an error
  bool json = false;                    // one JSON object per result or error, on stdout
  std::string source_name = "<stdin>";  // in diagnostics
  bool commands = true;  // a line starting with ':' is a REPL command (not in script files)
};

// Prints a run's results (stdout) and diagnostics (stderr), or all of them as JSON objects.
void print_report(const run_report& report, std::ostream& out, std::ostream& err, bool json);
// Runs `text` in the session, printing each line as it comes (a print( ) line while its loop
// runs), with each statement's time after its output when `timing` (:time on); under --json also
// the acknowledgements of assignments and definitions. A Ctrl-C requested before the call is not
// cleared: it interrupts the first statement that polls (session::run_text consumes it).
run_report run_and_print(session& language, std::string_view text, const std::string& source_name,
                         bool keep_going, std::ostream& out, std::ostream& err, bool json,
                         bool timing = false, std::size_t first_line = 1);

// The whole file, or nothing when it cannot be read.
std::optional<std::string> read_text_file(const std::string& path);

// What reading one line gave: the line, the end of input (Ctrl-D), a Ctrl-C at the prompt
// (which abandons the statement being typed and goes on with the session), a line longer than
// one statement may be (`line` holds its start; the rest was skipped), or a read error (`line`
// says why).
enum class line_status { read, end_of_input, interrupted, too_long, failed };

// Reads one line, showing the prompt when interactive.
using line_reader = std::function<line_status(const std::string& prompt, std::string& line)>;

// Reads lines to the end or to :quit, running each statement as soon as its last line is read
// and printing its results then (so memory holds one statement, and a long script shows its
// progress). A statement keeps parse_limits::max_input_bytes; one that grows beyond it is an
// error, and its remaining lines are skipped. Returns the exit code: 0, or the first error's
// code when not interactive.
//
// `more_input_ready`, when given, says whether the reader holds another whole line, so that
// reading it will not wait: run_lines then gathers consecutive quick statements
// (parser::is_quick_statement, `a * b`) and runs them as one text, which parses and prints them
// without the set-up of one run each.
int run_lines(session& language, const line_reader& read, std::ostream& out, std::ostream& err,
              const line_options& options, const std::function<bool()>& more_input_ready = {});
// The same for a bounded_line_reader (a file or a pipe), whose whole lines in its buffer say that
// more input is ready; besides, the word statements it holds (session::run_word_lines, `a * b`
// of numbers below 2^64) run in place there, many lines a call, without a copy of each line.
int run_input(session& language, bounded_line_reader& reader, std::ostream& out, std::ostream& err,
              const line_options& options);

// The longest line a bounded_line_reader should hand to run_lines: one statement's limit.
std::size_t max_line_bytes(const session& language);

// Runs a script file (`on2 FILE`, `-f FILE`, `:load FILE`) through run_lines with a
// bounded_line_reader: any length, statement by statement, without :commands. A file that cannot be
// opened or read is an I/O error (exit code 4), reported at `error_place` ("on2", or where a :load
// command stands).
int run_file(session& language, const std::string& path, std::ostream& out, std::ostream& err,
             const line_options& options, const std::string& error_place = "on2");

// What Tab offers for `word`, the word before the cursor, with `before` the line before it:
// the function names (built-in and the user's) that start with it, with their `(` unless the line
// is a :command or ?NAME, and the variables, keywords and :commands that start with it.
std::vector<std::string> completions(const session& language, std::string_view before,
                                     std::string_view word);

}  // namespace on2
