#include "line_session.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <sstream>

#include "ascii_text.hpp"
#include "bounded_line_reader.hpp"
#include "cas/core/limit_names.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "function_registry.hpp"
#include "human_duration.hpp"
#include "parser/parse.hpp"
#include "parser/printable_text.hpp"
#include "repl_commands.hpp"

namespace on2 {
namespace {

std::string_view trimmed_view(std::string_view s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}
std::string trimmed(const std::string& s) {
  return std::string(trimmed_view(s));
}

// The quick statements run_lines gathers into one text: lines of at most max_batched_line_bytes,
// up to max_batch_bytes in all (a diagnostic in a batch counts the lines before it, so a batch is
// kept short).
constexpr std::size_t max_batched_line_bytes = 256;
constexpr std::size_t max_batch_bytes = 4096;

// `buffered`: a result may wait in the buffer (the result of a quick statement, run_and_print).
void print_line(const output_line& line, std::ostream& out, std::ostream& err, bool json,
                bool buffered = false) {
  if (line.where == output_line::stream::diagnostic) {
    out << std::flush;  // the results before the error show before it
  }
  if (json) {
    out << to_json(line) << '\n';
  } else if (line.where == output_line::stream::result) {
    out << line.text << '\n';
  } else if (line.where == output_line::stream::diagnostic) {
    err << line.text;
  }
  // Flushed at once: a print( ) in a long loop shows as it runs (docs/spec/language.md
  // "Output"). Only the result of a quick statement (parser::is_quick_statement) waits in the
  // buffer, until the reader needs more input (bounded_line_reader's before_reading) or a
  // statement that is not quick starts (run_and_print): a script of a million products costs a
  // few hundred writes, not a million, and a pipe's answer still shows before on2 waits for the
  // next line.
  if (!buffered || line.printed || line.where != output_line::stream::result) out << std::flush;
}

// ":time on": "(0.05 ms)" after the statement's output, or under --json an object of its own.
void print_time(const statement_time& t, std::ostream& out, bool json) {
  const auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(t.elapsed);
  if (json) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.9f", std::chrono::duration<double>(elapsed).count());
    out << "{\"time\": \"" << human_duration(elapsed) << "\", \"seconds\": " << seconds << "}\n";
  } else {
    out << "(" << human_duration(elapsed) << ")\n";
  }
  out << std::flush;
}

}  // namespace

void print_report(const run_report& report, std::ostream& out, std::ostream& err, bool json) {
  for (const output_line& line : report.lines) print_line(line, out, err, json);
}

namespace {

// Where run_text's lines go: one pointer to this fits in std::function's own storage, so the
// listener costs no allocation per statement.
struct print_target {
  std::ostream& out;
  std::ostream& err;
  bool json;
  bool buffered;  // the text is a quick statement: its result may wait in the buffer
};

// Results as text, many lines at once (run_listener::result_text), written as print_line writes
// them: a quick statement's wait in the buffer.
std::function<void(std::string_view)> result_writer(const print_target& target) {
  return [t = &target](std::string_view lines) {
    t->out.write(lines.data(), static_cast<std::streamsize>(lines.size()));
    if (!t->buffered) t->out << std::flush;
  };
}

// run_and_print, told whether `text` is a quick statement (parser::is_quick_statement).
run_report run_and_print_known(session& language, std::string_view text,
                               const std::string& source_name, bool keep_going, std::ostream& out,
                               std::ostream& err, bool json, bool timing, std::size_t first_line,
                               bool quick) {
  // The results so far show before a statement that may take long starts; a quick one's result
  // joins them in the buffer (print_line).
  if (!quick) out << std::flush;
  const print_target target{out, err, json, quick};
  run_listener listener;
  listener.line = [t = &target](const output_line& line) {
    print_line(line, t->out, t->err, t->json, t->buffered);
  };
  if (timing) {
    listener.time = [t = &target](const statement_time& time) {
      print_time(time, t->out, t->json);
    };
  }
  listener.acknowledge = json;
  listener.text_only = !json;
  if (!json) listener.result_text = result_writer(target);
  return language.run_text(text, source_name, keep_going, first_line, listener);
}

}  // namespace

run_report run_and_print(session& language, std::string_view text, const std::string& source_name,
                         bool keep_going, std::ostream& out, std::ostream& err, bool json,
                         bool timing, std::size_t first_line) {
  return run_and_print_known(language, text, source_name, keep_going, out, err, json, timing,
                             first_line, parser::is_quick_statement(text));
}

std::optional<std::string> read_text_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

namespace {

// The parser's limits, which the session keeps (not the context): listed, not changeable, since
// the line reader and the parser's stack are sized for them.
struct parse_limit_name {
  std::string_view name;
  std::size_t parser::parse_limits::*member;
  std::string_view bounds;
};
constexpr parse_limit_name parse_limit_names[] = {
    {"max_input_bytes", &parser::parse_limits::max_input_bytes, "the bytes of one statement"},
    {"max_nesting_depth", &parser::parse_limits::max_nesting_depth,
     "brackets, parentheses, prefix operators and exponents inside each other"},
    {"max_literal_digits", &parser::parse_limits::max_literal_digits, "the digits of a literal"},
    {"max_tree_height", &parser::parse_limits::max_tree_height, "operator chains a + b + c + …"},
};

// Every limit in force (docs/limits.md), one a line, as `:limit NAME VALUE` names them.
void print_limits(session& language, std::ostream& out) {
  out << "The limits of this session (:limit NAME VALUE changes one; docs/limits.md):\n";
  const cas::limits& l = language.context().limits();
  for (const cas::limit_name& limit : cas::limit_names()) {
    std::string head = "  " + std::string(limit.name) + " = " + std::to_string(l.*limit.member);
    head.resize(std::max<std::size_t>(head.size() + 2, 38), ' ');
    out << head << limit.bounds << "\n";
  }
  const parser::parse_limits& p = language.parse_limits();
  for (const parse_limit_name& limit : parse_limit_names) {
    std::string head = "  " + std::string(limit.name) + " = " + std::to_string(p.*limit.member);
    head.resize(std::max<std::size_t>(head.size() + 2, 38), ' ');
    out << head << limit.bounds << " (fixed)\n";
  }
  out << "α_p table: odd primes up to " << cas::alphas_of(language.context()).covered_up_to();
  const char* separator = " except ";
  for (const auto& [prime, hole] : cas::alphas_of(language.context()).holes()) {
    out << separator << prime;
    separator = ", ";
  }
  out << "\n";
}

// `:limit NAME VALUE`: sets one limit of the session's context. The error, or nothing.
std::optional<std::string> set_limit(session& language, const std::string& argument) {
  std::istringstream words(argument);
  std::string name, number, extra;
  words >> name >> number >> extra;
  if (name.empty() || number.empty() || !extra.empty()) {
    return "`:limit` takes a limit's name and a natural number, e.g. `:limit max_ecm_curves "
           "5000`; :help limits lists them.";
  }
  for (const parse_limit_name& limit : parse_limit_names) {
    if (limit.name == name) {
      return "The limit " + name +
             " of the parser is fixed for the session; only the limits of the computations can "
             "be changed (:help limits).";
    }
  }
  const cas::limit_name* limit = cas::find_limit_name(name);
  if (limit == nullptr) {
    return "There is no limit called '" + parser::printable(name) + "'; :help limits lists them.";
  }
  const bool digits = number.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || number.size() > 20 || (number.size() == 20 && number > "18446744073709551615")) {
    return "The value of " + name + " must be a natural number below 2^64, not '" +
           parser::printable(number) + "'.";
  }
  language.context().limits().*limit->member = std::stoull(number);
  return std::nullopt;
}

void write_help(const std::string& topic, session& language, std::ostream& out) {
  if (topic.empty()) {
    // The notation a newcomer meets first (docs/spec/language.md "Literals", "Names, statements,
    // results"), then the commands and the functions.
    out << "Type an expression, `name = value`, or a command. Plain operators are nim arithmetic "
           "(2*2 is 3);\n[ ] is Cantor arithmetic ([2^2] is 4).\n"
           "  ;        ends a statement; a statement ending in ; prints nothing: a = 3; a * a\n"
           "  #        starts a comment, to the end of the line\n"
           "  %, %n    the latest result, result n (numbered from 1)\n"
           "  *5, *ω   star notation: the game *n (a nim heap of size n) is the nimber n; the * "
           "is optional\n"
           "  ?NAME    is :help NAME\n"
           "Commands (:help :NAME for one):\n";
    for (const repl_command& c : repl_commands()) {
      std::string head = "  " + std::string(c.usage);
      head.resize(std::max<std::size_t>(head.size() + 1, 24), ' ');
      out << head << c.summary << '\n';
    }
    out << "Functions (:help NAME for one):\n";
    for (const function_entry& f : function_registry()) {
      std::string head = "  " + f.name;
      head.resize(std::max<std::size_t>(head.size() + 1, 14), ' ');
      out << head << f.summary << '\n';
    }
    return;
  }
  if (topic == "limits") {
    print_limits(language, out);
    return;
  }
  if (const function_entry* f = find_function(topic)) {
    out << f->signature << "\n  " << f->summary << "\n  example: " << f->example.input << "  →  "
        << f->example.output << "\n";
    return;
  }
  if (const planned_function* p = find_planned_function(topic)) {
    out << "`" << p->name << "` is planned; it needs " << p->waits_for << "\n";
    return;
  }
  if (const repl_command* c = find_repl_command(topic)) {
    out << c->usage << "\n  " << c->summary << "\n";
    return;
  }
  out << "No help for '" << parser::printable(topic)
      << "'; :help lists the commands and the functions.\n";
}

// :help and ?NAME, in the session's notation (docs/spec/language.md "Output": ASCII everywhere);
// under --json one object, {"help": text}.
void help(const std::string& topic, session& language, std::ostream& out, bool json) {
  std::ostringstream text;
  write_help(topic, language, text);
  const std::string shown =
      in_notation(text.str(), language.options().notation == cas::notation::ascii);
  if (json) {
    out << "{\"help\": " << json_string(shown) << "}\n";
  } else {
    out << shown;
  }
}

// An error of a command or of reading, not of a statement: `place` is "source:line" (or "on2"),
// and `message` finishes "place: error: ". Under --json it is an error object like the others.
void print_usage_error(const std::string& place, const std::string& source, std::size_t line_number,
                       const std::string& message, std::ostream& out, std::ostream& err,
                       bool json) {
  output_line line;
  line.where = output_line::stream::diagnostic;
  line.text = place + ": error: " + message + "\n";
  line.message = message;
  line.kind = error_kind_name(error_kind::usage);
  line.source = source;
  line.line = line_number;
  print_line(line, out, err, json);
}

}  // namespace

std::vector<std::string> completions(const session& language, std::string_view before,
                                     std::string_view word) {
  // A function name gets its `(`, except after :help or ?, where the name is the topic.
  const std::string start = trimmed(std::string(before));
  const std::string call = start.starts_with(':') || start.starts_with('?') ? "" : "(";
  std::vector<std::string> words;
  for (const repl_command& c : repl_commands()) {
    if (c.name.find(' ') == std::string_view::npos) words.emplace_back(c.name);
  }
  for (const function_entry& f : function_registry()) words.push_back(f.name + call);
  for (const auto& [name, v] : language.variables()) words.push_back(name);
  for (const auto& [name, f] : language.functions()) words.push_back(name + call);
  // The keywords of the programming layer (docs/spec/language.md "Programs").
  for (const char* keyword : {"if", "then", "elif", "else", "end", "for", "in", "do", "while",
                              "break", "continue", "def", "return", "and", "or", "not"}) {
    words.push_back(keyword);
  }
  std::erase_if(words, [word](const std::string& w) { return !w.starts_with(word); });
  return words;
}

namespace {

// A statement that cannot be run whole: a line or a run of lines beyond the statement limit.
void report_overlong(const std::string& quoted, std::size_t line_number, bool whole_line,
                     const session& language, const line_options& options, std::ostream& out,
                     std::ostream& err) {
  const std::size_t limit = language.parse_limits().max_input_bytes;
  const parser::diagnostic d{
      parser::source_span{0, 0, line_number, 1},
      std::string(whole_line ? "The line" : "The statement that starts here") + " is longer than " +
          std::to_string(limit) + " bytes, the limit of one statement; it is skipped.",
      "A script may be of any length, but each statement is at most " + std::to_string(limit) +
          " bytes (:help limits)."};
  output_line line;
  line.where = output_line::stream::diagnostic;
  line.text = parser::render_diagnostic(d, quoted, options.source_name, line_number);
  line.message = d.message;
  line.source = options.source_name;
  line.line = line_number;
  line.column = 1;
  print_report(run_report{{std::move(line)}, 2, 1, {}}, out, err, options.json);
}

}  // namespace

namespace {

// run_lines, with `in_place` the reader when it is a bounded_line_reader.
int run_lines_from(session& language, const line_reader& read, std::ostream& out, std::ostream& err,
                   const line_options& options, const std::function<bool()>& more_input_ready,
                   bounded_line_reader* in_place) {
  const std::string& source = options.source_name;
  std::string pending, line;
  std::size_t line_number = 0, pending_first_line = 1;
  parser::open_constructs open;  // brackets and blocks in `pending`, as needs_more_input counts
  bool skipping = false;         // in the rest of a statement too long to run
  bool timing = false;
  int exit_code = 0;
  const auto note_error = [&](int code) -> bool {  // false: stop the session
    if (exit_code == 0) exit_code = code;
    return options.interactive || options.keep_going;
  };
  // Consecutive quick statements, one a line, gathered while more input is ready (the lines
  // from batch_first_line on): run as one text, they share one parse and one set-up.
  std::string batch;
  std::size_t batch_first_line = 0;
  const auto run_batch = [&]() -> bool {  // false: stop the session
    if (batch.empty()) return true;
    const run_report report =
        run_and_print_known(language, batch, source, options.interactive || options.keep_going, out,
                            err, options.json, timing, batch_first_line, true);
    batch.clear();
    return report.exit_code == 0 || note_error(report.exit_code);
  };
  const auto evaluate_pending = [&](bool quick) -> bool {  // false: stop the session
    const run_report report =
        run_and_print_known(language, pending, source, options.interactive || options.keep_going,
                            out, err, options.json, timing, pending_first_line, quick);
    pending.clear();
    return report.exit_code == 0 || note_error(report.exit_code);
  };
  // The results of the word statements run in place: they wait in the buffer as a quick
  // statement's do.
  const print_target word_target{out, err, options.json, true};
  run_listener word_listener;
  word_listener.text_only = true;
  word_listener.result_text = result_writer(word_target);
  while (true) {
    // Word statements whose lines the reader holds run in place, many a call, without a copy of
    // each line; the first other line is read as usual.
    if (in_place != nullptr && pending.empty() && !skipping && batch.empty() && !timing &&
        !options.json) {
      std::size_t next_line = line_number + 1;
      const std::size_t done = language.run_word_lines(in_place->buffered(), next_line,
                                                       word_listener, max_batched_line_bytes, true);
      if (done > 0) {
        in_place->skip(done);
        line_number = next_line - 1;
        continue;
      }
    }
    // A reader that may wait (a terminal, a pipe) flushes first: the interactive one here, the
    // bounded_line_reader before each read(2).
    if (options.interactive) out << std::flush;
    // A Ctrl-C that came after the last statement ended, while nothing ran, is dropped at the
    // prompt, as one typed at the prompt is. Without a prompt it stays pending and interrupts
    // the next statement: it may have come while that statement was being read.
    if (options.interactive) language.context().cancellation().reset();
    const line_status status = read(pending.empty() ? "on2> " : "...> ", line);
    if (status == line_status::read && more_input_ready && pending.empty() && !skipping &&
        line.size() <= max_batched_line_bytes && parser::is_quick_statement(line)) {
      ++line_number;
      if (batch.empty()) batch_first_line = line_number;
      batch += line;
      batch += '\n';
      if (batch.size() < max_batch_bytes && more_input_ready()) continue;
      if (!run_batch()) return exit_code;
      continue;
    }
    // Anything else runs after the quick statements before it.
    if (!run_batch()) return exit_code;
    if (status == line_status::end_of_input) break;
    if (status == line_status::interrupted) {
      pending.clear();
      open = {};
      skipping = false;
      out << '\n';
      continue;
    }
    if (status == line_status::failed) {
      print_usage_error("on2", source, line_number,
                        "cannot read " +
                            (source == "<stdin>" ? std::string("the standard input")
                                                 : "the file '" + parser::printable(source) + "'") +
                            ": " + line + ".",
                        out, err, options.json);
      note_error(4);
      break;
    }
    ++line_number;
    if (status == line_status::too_long) {
      // The reader skipped the line unread, so its brackets are unknown: reading starts afresh
      // at the next line, and a statement the line continued is dropped with it.
      report_overlong(line, line_number, true, language, options, out, err);
      pending.clear();
      open = {};
      skipping = false;
      if (!note_error(2)) return exit_code;
      continue;
    }
    if (skipping) {
      open = parser::open_after(line, open);
      skipping = open.any();
      continue;
    }
    const std::string_view command = trimmed_view(line);  // a view: no copy of every line
    if (options.commands && pending.empty() && !command.empty() && command[0] == '?') {
      help(std::string(trimmed_view(command.substr(1))), language, out,
           options.json);  // ?NAME, as in gp
      continue;
    }
    if (options.commands && pending.empty() && !command.empty() && command[0] == ':') {
      std::istringstream words{std::string(command.substr(1))};
      std::string name, argument;
      words >> name;
      std::getline(words >> std::ws, argument);
      if (name == "quit" || name == "q") break;
      if (name == "help") {
        help(argument, language, out, options.json);
      } else if (name == "vars") {
        for (const auto& [variable, v] : language.variables()) {
          if (options.json) {
            out << "{\"variable\": " << json_string(variable)
                << ", \"value\": " << json_value(v, language.options().numeral) << "}\n";
          } else {
            out << variable << " = " << to_text(v, language.options()) << '\n';
          }
        }
      } else if (name == "reset") {
        language.reset();
      } else if (name == "ascii") {
        language.options().notation = cas::notation::ascii;
      } else if (name == "unicode") {
        language.options().notation = cas::notation::unicode;
      } else if (name == "format" &&
                 (argument == "dec" || argument == "hex" || argument == "bin")) {
        language.options().numeral = argument == "dec"   ? cas::numeral::decimal
                                     : argument == "hex" ? cas::numeral::hexadecimal
                                                         : cas::numeral::binary;
      } else if (name == "limit") {
        if (argument.empty()) {
          print_limits(language, out);
        } else if (const auto problem = set_limit(language, argument)) {
          out << std::flush;
          err << parser::printable(source) << ":" << line_number << ": error: " << *problem << '\n';
          if (!note_error(4)) return exit_code;
        }
      } else if (name == "time" && (argument == "on" || argument == "off")) {
        timing = argument == "on";
      } else if (name == "load" && !argument.empty()) {
        // The file stops at its first error; the session goes on if it would after one.
        const int code = run_file(language, argument, out, err,
                                  {.interactive = false,
                                   .keep_going = false,
                                   .json = options.json,
                                   .source_name = argument,
                                   .commands = false},
                                  parser::printable(source) + ":" + std::to_string(line_number));
        if (code != 0 && !note_error(code)) return exit_code;
      } else {
        print_usage_error(parser::printable(source) + ":" + std::to_string(line_number), source,
                          line_number,
                          "unknown command ':" + parser::printable(command.substr(1)) +
                              "'; :help lists the commands.",
                          out, err, options.json);
        if (!note_error(4)) return exit_code;
      }
      continue;
    }
    // `quit` and `exit` end the session like :quit, as gp users type them (docs/spec/language.md
    // "REPL commands"); a variable of that name can still be read with `(quit)`.
    if (pending.empty() &&
        (command == "quit" || command == "exit" || command == "quit()" || command == "exit()")) {
      break;
    }
    if (pending.empty() && command.empty()) continue;  // a blank line: nothing to run
    if (pending.empty()) pending_first_line = line_number;
    if (pending.size() + line.size() + 1 > language.parse_limits().max_input_bytes) {
      // A statement spread over many lines outgrows the limit: refuse it now rather than
      // buffer the rest, and skip its lines up to where its brackets close.
      const bool whole_line = pending.empty();
      report_overlong(whole_line ? line : pending, pending_first_line, whole_line, language,
                      options, out, err);
      open = parser::open_after(line, open);
      skipping = open.any();
      pending.clear();
      if (!note_error(2)) return exit_code;
      continue;
    }
    const bool starts = pending.empty();
    pending += line;
    pending += '\n';
    // A line of the parser's fast path (`a * b`) opens nothing, so it needs no second scan.
    const bool quick = starts && parser::is_quick_statement(line);
    if (!quick) {
      open = parser::open_after(line, open);
      if (open.any()) continue;
    }
    if (!evaluate_pending(quick)) return exit_code;
  }
  if (!trimmed(pending).empty()) {
    evaluate_pending(parser::is_quick_statement(pending));  // an unclosed bracket is reported
  }
  if (options.interactive) out << '\n';
  return options.interactive ? 0 : exit_code;
}

}  // namespace

int run_lines(session& language, const line_reader& read, std::ostream& out, std::ostream& err,
              const line_options& options, const std::function<bool()>& more_input_ready) {
  return run_lines_from(language, read, out, err, options, more_input_ready, nullptr);
}

int run_input(session& language, bounded_line_reader& reader, std::ostream& out, std::ostream& err,
              const line_options& options) {
  return run_lines_from(
      language, std::ref(reader), out, err, options,
      [&reader] { return reader.has_buffered_line(); }, &reader);
}

std::size_t max_line_bytes(const session& language) {
  // The statement parsed is the line and its newline.
  return std::max<std::size_t>(language.parse_limits().max_input_bytes, 1) - 1;
}

int run_file(session& language, const std::string& path, std::ostream& out, std::ostream& err,
             const line_options& options, const std::string& error_place) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) {
    const std::string reason = std::strerror(errno);
    print_usage_error(error_place, path, 0,
                      "cannot read the file '" + parser::printable(path) + "': " + reason + ".",
                      out, err, options.json);
    return 4;
  }
  bounded_line_reader reader(chunks_of_descriptor(descriptor), max_line_bytes(language),
                             [&out] { out.flush(); });
  const int code = run_input(language, reader, out, err, options);
  ::close(descriptor);
  return code;
}

}  // namespace on2
