#pragma once
// Interactive line input through libedit's readline-compatible API (BSD-licensed, so on2 stays
// MIT): editing, a history file in the user's data directory (written after each entry), and tab
// completion of function names, variables and :commands.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "line_session.hpp"

namespace on2 {

class line_editor {
 public:
  // The history keeps the latest entries only, so that its file stays small.
  static constexpr std::size_t max_history_entries = 1000;

  // Asked, each time Tab is pressed, for the completions of the word before the cursor (the
  // second argument; the first is the line before that word).
  using completer =
      std::function<std::vector<std::string>(std::string_view before, std::string_view word)>;
  explicit line_editor(completer complete);
  ~line_editor();
  line_editor(const line_editor&) = delete;
  line_editor& operator=(const line_editor&) = delete;

  // Shows the prompt and reads a line; end_of_input at Ctrl-D, interrupted at Ctrl-C.
  line_status read(const std::string& prompt, std::string& line);

 private:
  std::string history_path_;
};

// $XDG_DATA_HOME/on2/history, else $HOME/.local/share/on2/history ("" when neither is set).
std::string history_file_path();

}  // namespace on2
