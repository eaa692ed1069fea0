#pragma once
// Reading the language line by line, as the REPL and piped standard input do (NOTATION.md):
// a statement continues on the next line while a bracket is open; a line starting with ':' is
// a REPL command (:help, :vars, :reset, :ascii, :unicode, :format, :time, :load, :quit).

#include <iosfwd>
#include <string>

#include "evaluator.hpp"

namespace on2 {

struct line_options {
  bool interactive = false;  // prompts; errors never end the session
  bool keep_going = false;   // non-interactive: go on after an error
};

// Reads `in` to the end or to :quit. Returns the exit code: 0, or the first error's code when not
// interactive.
int run_lines(session& language, std::istream& in, std::ostream& out, std::ostream& err,
              const line_options& options);

}  // namespace on2
