// The on2 program (interim front end over the finite nimber core).
#include <unistd.h>

#include <csignal>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cas/error.hpp"
#include <fstream>
#include <sstream>

#include "alpha_tool.hpp"
#include "evaluator.hpp"
#include "finite_commands.hpp"

namespace {

constexpr const char* version = "on2 0.1.0";

enum exit_code { success = 0, math_failure = 1, parse_failure = 2, limit_failure = 3, usage_failure = 4 };

// Ctrl-C cancels the running computation through the context's token (a lock-free atomic).
cas::context* interrupt_target = nullptr;
extern "C" void on_interrupt(int) {
  if (interrupt_target != nullptr) interrupt_target->cancellation().request();
}

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) {
    if (w[0] == '#') break;
    words.push_back(w);
  }
  return words;
}

// Runs one command; prints its result or "SOURCE: error: message". Returns the exit code.
int execute(const std::vector<std::string>& words, cas::context& ctx, const std::string& source) {
  try {
    std::cout << on2::run_command(words, ctx) << '\n';
    return success;
  } catch (const on2::input_error& e) {
    std::cerr << source << ": error: " << e.what() << '\n';
    return e.which() == on2::input_error::kind::parse ? parse_failure : usage_failure;
  } catch (const cas::math_error& e) {
    std::cerr << source << ": error: " << e.what() << '\n';
    return math_failure;
  } catch (const cas::error& e) {
    std::cerr << source << ": error: " << e.what() << '\n';
    return limit_failure;
  } catch (const std::bad_alloc&) {
    std::cerr << source << ": error: Out of memory.\n";
    return limit_failure;
  }
}

bool is_language_option(const std::string& a) {
  return a == "-e" || a == "-f" || a == "--ascii" || a == "--unicode" || a == "--keep-going";
}

// The language (NOTATION.md "Command line"): `-e EXPR` (repeatable, in order) and `-f FILE`
// share one session; `--ascii`/`--unicode` choose the notation; `--keep-going` goes on after
// an error. The exit code is that of the first error.
int run_language(const std::vector<std::string>& arguments, cas::context& ctx) {
  on2::session language(ctx);
  bool keep_going = false;
  struct source {
    bool is_file;
    std::string text;
  };
  std::vector<source> sources;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& a = arguments[i];
    if ((a == "-e" || a == "-f") && i + 1 < arguments.size()) {
      sources.push_back({a == "-f", arguments[++i]});
    } else if (a == "--ascii") {
      language.options().notation = cas::notation::ascii;
    } else if (a == "--unicode") {
      language.options().notation = cas::notation::unicode;
    } else if (a == "--keep-going") {
      keep_going = true;
    } else {
      std::cerr << "on2: error: '" << a << "' is not an option here; 'on2 --help' lists them.\n";
      return usage_failure;
    }
  }
  int exit = success;
  for (const source& s : sources) {
    std::string text = s.text, name = "<expr>";
    if (s.is_file) {
      std::ifstream in(s.text);
      if (!in) {
        std::cerr << "on2: error: cannot read the file '" << s.text << "'.\n";
        return usage_failure;
      }
      std::stringstream content;
      content << in.rdbuf();
      text = content.str();
      name = s.text;
    }
    ctx.cancellation().reset();
    const on2::run_report report = language.run_text(text, name, keep_going);
    for (const on2::output_line& line : report.lines) {
      if (line.where == on2::output_line::stream::result) {
        std::cout << line.text << '\n';
      } else {
        std::cout << std::flush;
        std::cerr << line.text;
      }
    }
    if (report.exit_code != success && exit == success) exit = report.exit_code;
    if (report.exit_code != success && !keep_going) break;
  }
  return exit;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  cas::context ctx;
  interrupt_target = &ctx;
  std::signal(SIGINT, on_interrupt);

  std::vector<std::string> arguments(argv + 1, argv + argc);
  if (!arguments.empty()) {
    if (arguments[0] == "--help" || arguments[0] == "-h") {
      std::cout << on2::help_text();
      return success;
    }
    if (is_language_option(arguments[0])) return run_language(arguments, ctx);
    if (arguments[0] == "--compute-alpha") {
      return on2::run_compute_alpha({arguments.begin() + 1, arguments.end()}, ctx);
    }
    if (arguments[0] == "--check-alpha") {
      return on2::run_check_alpha({arguments.begin() + 1, arguments.end()}, ctx);
    }
    if (arguments[0] == "--version") {
      std::cout << version << '\n';
      return success;
    }
    return execute(arguments, ctx, "<args>");
  }

  const bool interactive = isatty(STDIN_FILENO) != 0;
  if (interactive) std::cout << version << " — type a command such as 'mul 2 2', or 'help'.\n";
  std::string line;
  int line_number = 0;
  while (true) {
    if (interactive) std::cout << "on2> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    ++line_number;
    const auto words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "help") {
      std::cout << on2::help_text();
      continue;
    }
    if (words[0] == "quit" || words[0] == "exit") break;
    ctx.cancellation().reset();
    const int code = execute(words, ctx, "<stdin>:" + std::to_string(line_number));
    if (code != success && !interactive) return code;  // a script stops at its first error
  }
  if (interactive) std::cout << '\n';
  return success;
}
