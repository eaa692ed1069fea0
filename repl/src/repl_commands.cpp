#include "repl_commands.hpp"

#include <array>

namespace on2 {

std::span<const repl_command> repl_commands() {
  static constexpr std::array<repl_command, 11> commands = {{
      {":help", ":help [NAME]",
       "this overview, or the help of one function or command (?NAME too)"},
      {":help limits", ":help limits", "every limit in force and the range of the α_p table"},
      {":limit", ":limit NAME VALUE",
       "change one limit of the session's computations (:help limits lists them)"},
      {":vars", ":vars", "the variables and their values, as name = value"},
      {":reset", ":reset", "forget the variables, functions and results"},
      {":ascii", ":ascii", "print results in ASCII (w, *, ^)"},
      {":unicode", ":unicode", "print results in Unicode (ω, ·, superscripts)"},
      {":format", ":format dec|hex|bin", "the numeral base of the finite numbers printed"},
      {":time", ":time on|off", "print each statement's time after its result (0.05 ms, 1.2 s)"},
      {":load", ":load FILE", "run a script in the session; it stops at its first error"},
      {":quit", ":quit, :q", "end the session (so do Ctrl-D and the lines quit and exit)"},
  }};
  return commands;
}

const repl_command* find_repl_command(std::string_view name) {
  if (name.starts_with(':')) name.remove_prefix(1);
  if (name == "q") name = "quit";
  for (const repl_command& c : repl_commands()) {
    if (c.name.substr(1) == name) return &c;
  }
  return nullptr;
}

}  // namespace on2
