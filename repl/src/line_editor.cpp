#include "line_editor.hpp"

#include <editline/readline.h>
#include <langinfo.h>

#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace on2 {
namespace {

// readline's completion callbacks are plain functions: the one editor's completer.
line_editor::completer* active_completer = nullptr;
std::vector<std::string> matches;

char* next_match(const char*, int state) {
  static std::size_t index = 0;
  if (state == 0) index = 0;
  if (index >= matches.size()) return nullptr;
  return strdup(matches[index++].c_str());
}

char** complete(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // no file-name completion
  matches.clear();
  if (active_completer != nullptr) {
    matches = (*active_completer)(std::string_view(rl_line_buffer, static_cast<std::size_t>(start)),
                                  text);
  }
  // A function name completes to `name(`, ready for its arguments: no space after it.
  rl_completion_append_character = matches.size() == 1 && matches[0].ends_with('(') ? '\0' : ' ';
  return rl_completion_matches(text, next_match);
}

// Set by a Ctrl-C at the prompt. libedit's readline returns nullptr for it as for Ctrl-D; the
// flag tells them apart. (libedit catches the signal itself, then re-raises it to the handler
// that was installed before, which is this one while the prompt is up.)
volatile std::sig_atomic_t prompt_interrupted = 0;
extern "C" void note_prompt_interrupt(int) {
  prompt_interrupted = 1;
}

}  // namespace

std::string history_file_path() {
  std::filesystem::path base;
  if (const char* data = std::getenv("XDG_DATA_HOME"); data != nullptr && *data != '\0') {
    base = data;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    base = std::filesystem::path(home) / ".local" / "share";
  } else {
    return {};
  }
  return (base / "on2" / "history").string();
}

line_editor::line_editor(completer complete_word) : history_path_(history_file_path()) {
  // libedit drops the bytes of ω, ⊕, ⊗, · and × unless the character type is UTF-8: take the
  // user's locale, and C.UTF-8 (always present on Debian) when that one is not UTF-8.
  std::setlocale(LC_CTYPE, "");
  if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
  active_completer = new completer(std::move(complete_word));
  rl_attempted_completion_function = complete;
  rl_basic_word_break_characters = const_cast<char*>(" \t\n()[]{},;=+-*/^<>!#\"");
  using_history();
  stifle_history(static_cast<int>(max_history_entries));
  if (!history_path_.empty()) {
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(history_path_).parent_path(),
                                        ignored);
    read_history(history_path_.c_str());
  }
}

line_editor::~line_editor() {
  delete active_completer;
  active_completer = nullptr;
}

line_status line_editor::read(const std::string& prompt, std::string& line) {
  struct sigaction at_prompt {
  }, previous{};
  at_prompt.sa_handler = note_prompt_interrupt;
  sigemptyset(&at_prompt.sa_mask);
  prompt_interrupted = 0;
  sigaction(SIGINT, &at_prompt, &previous);
  char* text = readline(prompt.c_str());
  sigaction(SIGINT, &previous, nullptr);
  if (prompt_interrupted != 0) {
    std::free(text);
    return line_status::interrupted;
  }
  if (text == nullptr) return line_status::end_of_input;
  line = text;
  if (!line.empty()) {
    add_history(text);
    // Saved as it is entered, so that a session ended by SIGHUP (a closed terminal), SIGTERM or
    // a crash keeps it. The whole (stifled) history is rewritten: at most
    // max_history_entries short lines.
    if (!history_path_.empty()) write_history(history_path_.c_str());
  }
  std::free(text);
  return line_status::read;
}

}  // namespace on2
