// The on2 program (docs/spec/language.md "Command line").
#include <langinfo.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <csignal>
#include <cstring>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "alpha_tool.hpp"
#include "ascii_text.hpp"
#include "bounded_line_reader.hpp"
#include "cas/core/version.hpp"  // the project's one version, from CMake
#include "evaluator.hpp"
#include "function_reference.hpp"
#include "line_editor.hpp"
#include "line_session.hpp"
#include "parser/parse.hpp"

namespace {

enum exit_code { success = 0, usage_failure = 4 };

constexpr const char* help_text =
    "on2 — computer algebra in Conway's field of nimbers (the ordinals below ω^(ω^ω)).\n"
    "\n"
    "Usage: on2                      interactive when stdin is a terminal, else read stdin\n"
    "       on2 FILE… | -f FILE      run scripts, then exit (-i: stay interactive)\n"
    "       on2 -e 'EXPR' …          evaluate expressions, in order (repeatable)\n"
    "       on2 --compute-alpha P --table FILE [--recompute] [--max-memory BYTES]\n"
    "           [--checkpoint-seconds S] [--max-tower-degree E]\n"
    "                                compute Lenstra's α_p for the odd primes p ≤ P\n"
    "       on2 --check-alpha [--table FILE]\n"
    "                                recompute the embedded α_p table (or FILE) and compare\n"
    "       on2 --alpha-bfile [--table FILE]\n"
    "                                print the excesses m_p as an OEIS b-file\n"
    "       on2 --function-reference  print the function reference (docs/functions.md)\n"
    "Options: --ascii, --unicode, --json (one JSON object per result or error), --keep-going\n"
    "(go on after an error), --version, --help.\n"
    "\n"
    "Plain operators are nim arithmetic (2*2 is 3, ω^3 is 2); square brackets are Cantor\n"
    "arithmetic ([2^2] is 4, [ω^3] is ω³). Inside the program, :help lists the functions and\n"
    "commands, and ?NAME (or :help NAME) shows one, e.g. ?solve or ?:load.\n"
    "\n"
    "Exit codes: 0 success, 1 math error (also a value of the wrong kind), 2 parse error, 3 limit\n"
    "exceeded, unsupported range or interrupted, 4 usage (unknown name, wrong number of\n"
    "arguments, bad option) or I/O error.\n";

// Ctrl-C cancels the running computation through the context's token (a lock-free atomic).
cas::context* interrupt_target = nullptr;
extern "C" void on_interrupt(int) {
  if (interrupt_target != nullptr) interrupt_target->cancellation().request();
}

struct source {
  bool is_file;
  std::string text;  // the expression, or the file name
};

// Consecutive -e pieces are the lines of one text while a block, a bracket or an operator at the
// end of a piece is open, as lines are in a file (docs/spec/language.md "Command line"):
// `on2 -e 'for i in 1..3 do' -e 'print(i)' -e 'end'` runs one loop.
std::vector<source> joined_pieces(const std::vector<source>& sources) {
  std::vector<source> joined;
  on2::parser::open_constructs open;
  for (const source& s : sources) {
    if (!s.is_file && !joined.empty() && !joined.back().is_file && open.any()) {
      joined.back().text += '\n' + s.text;
    } else {
      joined.push_back(s);
      open = {};
    }
    if (s.is_file) continue;
    std::string_view rest = s.text;  // a piece may hold line breaks itself
    while (true) {
      const std::size_t end = rest.find('\n');
      open = on2::parser::open_after(rest.substr(0, end), open);
      if (end == std::string_view::npos) break;
      rest.remove_prefix(end + 1);
    }
  }
  return joined;
}

int run_source(on2::session& language, const source& s, bool keep_going, bool json) {
  if (s.is_file) {
    return on2::run_file(language, s.text, std::cout, std::cerr,
                         {.interactive = false,
                          .keep_going = keep_going,
                          .json = json,
                          .source_name = s.text,
                          .commands = false});
  }
  return on2::run_and_print(language, s.text, "<expr>", keep_going, std::cout, std::cerr, json)
      .exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  cas::context ctx;
  interrupt_target = &ctx;
  std::signal(SIGINT, on_interrupt);

  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (!arguments.empty() && arguments[0] == "--compute-alpha") {
    return on2::run_compute_alpha({arguments.begin() + 1, arguments.end()}, ctx);
  }
  if (!arguments.empty() && arguments[0] == "--function-reference") {
    std::cout << on2::function_reference_markdown();
    return success;
  }
  if (!arguments.empty() && arguments[0] == "--alpha-bfile") {
    return on2::run_alpha_bfile({arguments.begin() + 1, arguments.end()}, ctx);
  }
  if (!arguments.empty() && arguments[0] == "--check-alpha") {
    return on2::run_check_alpha({arguments.begin() + 1, arguments.end()}, ctx);
  }

  on2::session language(ctx);
  // docs/spec/language.md "Output": a non-UTF-8 locale gets the ASCII form (--unicode overrides).
  // Only the character type is taken from the environment, so numbers are never printed with
  // commas.
  std::setlocale(LC_CTYPE, "");
  if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
    language.options().notation = cas::notation::ascii;
  }
  std::vector<source> sources;
  bool keep_going = false, stay_interactive = false, json = false;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& a = arguments[i];
    if (a == "--help" || a == "-h") {
      // In the notation of the whole command line: `on2 --help --ascii` is ASCII too.
      const bool ascii =
          std::find(arguments.begin(), arguments.end(), "--ascii") != arguments.end() ? true
          : std::find(arguments.begin(), arguments.end(), "--unicode") != arguments.end()
              ? false
              : language.options().notation == cas::notation::ascii;
      std::cout << on2::in_notation(help_text, ascii);
      return success;
    }
    if (a == "--version") {
      std::cout << "on2 " << cas::version() << '\n';
      return success;
    }
    if (a == "-e" || a == "-f") {
      if (i + 1 == arguments.size()) {
        // The last word: name the option and what it needs, not "unknown option".
        std::cerr << "on2: error: " << a << " needs "
                  << (a == "-e" ? "an expression to evaluate, as in on2 -e '2*2'"
                                : "a file to run, as in on2 -f script.on2")
                  << "; 'on2 --help' lists the options.\n";
        return usage_failure;
      }
      sources.push_back({a == "-f", arguments[++i]});
    } else if (a == "--ascii") {
      language.options().notation = cas::notation::ascii;
    } else if (a == "--unicode") {
      language.options().notation = cas::notation::unicode;
    } else if (a == "--json") {
      json = true;
    } else if (a == "--keep-going") {
      keep_going = true;
    } else if (a == "-i") {
      stay_interactive = true;
    } else if (!a.empty() && a[0] != '-') {
      sources.push_back({true, a});
    } else {
      std::cerr << "on2: error: unknown option '" << a << "'; 'on2 --help' lists the options.\n";
      return usage_failure;
    }
  }

  int exit = success;
  for (const source& s : joined_pieces(sources)) {
    const int code = run_source(language, s, keep_going, json);
    if (code != success && exit == success) exit = code;
    if (code != success && !keep_going) {
      if (!stay_interactive) return exit;
      break;
    }
  }
  if (!sources.empty() && !stay_interactive) return exit;

  const bool terminal = isatty(STDIN_FILENO) != 0;
  const on2::line_options options{.interactive = terminal, .keep_going = keep_going, .json = json};
  int code = success;
  if (terminal) {
    std::cout << on2::in_notation(std::string("on2 ") + cas::version() +
                                      " — type :help, or an expression such as ω^3 (Tab "
                                      "completes).\n",
                                  language.options().notation == cas::notation::ascii);
    on2::line_editor editor([&language](std::string_view before, std::string_view word) {
      return on2::completions(language, before, word);
    });
    code = on2::run_lines(
        language,
        [&editor](const std::string& prompt, std::string& line) {
          return editor.read(prompt, line);
        },
        std::cout, std::cerr, options);
  } else {
    // The results so far are written before each read: a program that feeds on2 through a pipe
    // sees each answer before it sends the next question.
    on2::bounded_line_reader standard_input(on2::chunks_of_descriptor(STDIN_FILENO),
                                            on2::max_line_bytes(language),
                                            [] { std::cout.flush(); });
    code = on2::run_input(language, standard_input, std::cout, std::cerr, options);
  }
  return exit != success ? exit : code;
}
