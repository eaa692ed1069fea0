// The on2 program (interim front end over the finite nimber core).
#include <unistd.h>

#include <csignal>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cas/error.hpp"
#include "alpha_tool.hpp"
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
