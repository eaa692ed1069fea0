#pragma once
// Reading the language line by line, as the REPL and piped standard input do (NOTATION.md):
// a statement continues on the next line while a bracket is open; a line starting with ':' is
// a REPL command (:help, :vars, :reset, :ascii, :unicode, :format, :time, :load, :quit).

#include <functional>
#include <optional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "evaluator.hpp"

namespace on2 {

struct line_options {
  bool interactive = false;  // prompts; errors never end the session
  bool keep_going = false;   // non-interactive: go on after an error
  bool json = false;         // one JSON object per result or error, on stdout
};

// Prints a run's results (stdout) and diagnostics (stderr), or all of them as JSON objects.
void print_report(const run_report& report, std::ostream& out, std::ostream& err, bool json);

// Runs `text` in the session and prints the report. A Ctrl-C requested before the call is not
// cleared: it interrupts the first statement that polls (session::run_text consumes it).
run_report run_and_print(session& language, std::string_view text, const std::string& source_name,
                         bool keep_going, std::ostream& out, std::ostream& err, bool json);

// The whole file, or nothing when it cannot be read.
std::optional<std::string> read_text_file(const std::string& path);

// What reading one line gave: the line, the end of input (Ctrl-D), or a Ctrl-C at the prompt,
// which abandons the statement being typed and goes on with the session.
enum class line_status { read, end_of_input, interrupted };

// Reads one line, showing the prompt when interactive.
using line_reader = std::function<line_status(const std::string& prompt, std::string& line)>;

// Reads lines to the end or to :quit. Returns the exit code: 0, or the first error's code when
// not interactive.
int run_lines(session& language, const line_reader& read, std::ostream& out, std::ostream& err,
              const line_options& options);

// The words Tab completes: function names, variables and the :commands.
std::vector<std::string> completion_words(const session& language);

}  // namespace on2
