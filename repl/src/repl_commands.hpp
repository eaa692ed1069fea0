#pragma once
// The REPL's `:` commands (docs/spec/language.md "REPL commands"): one table for :help, its
// overview and Tab completion, so that no command lacks an entry.

#include <span>
#include <string_view>

namespace on2 {

struct repl_command {
  std::string_view name;     // ":load"
  std::string_view usage;    // ":load FILE"
  std::string_view summary;  // what it does, one line
};

std::span<const repl_command> repl_commands();

// The command called `name`, written with or without its colon (":time", "time", ":q").
const repl_command* find_repl_command(std::string_view name);

}  // namespace on2
