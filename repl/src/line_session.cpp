#include "line_session.hpp"

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cas/alpha_table.hpp"
#include "function_registry.hpp"
#include "parser/parse.hpp"

namespace on2 {
namespace {

std::string trimmed(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

}  // namespace

void print_report(const run_report& report, std::ostream& out, std::ostream& err, bool json) {
  for (const output_line& line : report.lines) {
    if (json) {
      out << to_json(line) << '\n';
    } else if (line.where == output_line::stream::result) {
      out << line.text << '\n';
    } else {
      out << std::flush;
      err << line.text;
    }
  }
  out << std::flush;
}

run_report run_and_print(session& language, std::string_view text, const std::string& source_name,
                         bool keep_going, std::ostream& out, std::ostream& err, bool json) {
  language.context().cancellation().reset();
  run_report report = language.run_text(text, source_name, keep_going);
  print_report(report, out, err, json);
  return report;
}

std::optional<std::string> read_text_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

namespace {

void help(const std::string& topic, session& language, std::ostream& out) {
  if (topic.empty()) {
    out << "Type an expression (nim arithmetic; [ ] for Cantor arithmetic), `name = value`, or a "
           "command:\n  :help NAME   :help limits   :vars   :reset   :ascii   :unicode\n"
           "  :format dec|hex|bin   :time on|off   :load FILE   :quit\nFunctions:\n";
    for (const function_entry& f : function_registry()) {
      std::string head = "  " + f.name;
      head.resize(std::max<std::size_t>(head.size() + 1, 14), ' ');
      out << head << f.summary << '\n';
    }
    return;
  }
  if (topic == "limits") {
    const cas::limits& l = language.context().limits();
    const parser::parse_limits& p = language.parse_limits();
    out << "input length " << p.max_input_bytes << " bytes, nesting depth " << p.max_nesting_depth
        << ", literal digits " << p.max_literal_digits << ", tree height " << p.max_tree_height
        << "\nmax_nimber_bits " << l.max_nimber_bits << ", max_ordinal_terms "
        << l.max_ordinal_terms << ", max_tower_degree " << l.max_tower_degree
        << ", max_minpoly_degree " << l.max_minpoly_degree << ", max_root_count "
        << l.max_root_count << ", max_factoring_steps " << l.max_factoring_steps
        << ", max_exponent_bits " << l.max_exponent_bits << ", max_mex_size " << l.max_mex_size
        << "\nmax_text_table_size " << l.max_text_table_size << ", max_table_file_size "
        << l.max_table_file_size << ", max_table_file_bytes " << l.max_table_file_bytes
        << ", max_polynomial_degree " << l.max_polynomial_degree
        << "\nα_p table: odd primes up to " << language.context().alphas().covered_up_to()
        << "\n";
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
  out << "No help for '" << topic << "'; :help lists the functions.\n";
}

}  // namespace

std::vector<std::string> completion_words(const session& language) {
  std::vector<std::string> words = {":help", ":vars", ":reset", ":ascii", ":unicode", ":format",
                                    ":time", ":load", ":quit"};
  for (const function_entry& f : function_registry()) words.push_back(f.name);
  for (const auto& [name, v] : language.variables()) words.push_back(name);
  return words;
}

int run_lines(session& language, const line_reader& read, std::ostream& out, std::ostream& err,
              const line_options& options) {
  std::string pending, line;
  std::size_t line_number = 0, pending_first_line = 1;
  bool timing = false;
  int exit_code = 0;
  const auto evaluate_pending = [&]() -> bool {  // false: stop the session
    // Blank lines in front keep the diagnostics' line numbers those of the whole input.
    const std::string text = std::string(pending_first_line - 1, '\n') + pending;
    pending.clear();
    const auto start = std::chrono::steady_clock::now();
    const run_report report = run_and_print(language, text, "<stdin>", true, out, err, options.json);
    if (timing) {
      out << "(" << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
          << " s)\n";
    }
    if (report.exit_code != 0 && exit_code == 0) exit_code = report.exit_code;
    return options.interactive || options.keep_going || report.exit_code == 0;
  };
  while (true) {
    out << std::flush;
    const line_status status = read(pending.empty() ? "on2> " : "...> ", line);
    if (status == line_status::end_of_input) break;
    if (status == line_status::interrupted) {
      pending.clear();
      out << '\n';
      continue;
    }
    ++line_number;
    const std::string command = trimmed(line);
    if (pending.empty() && !command.empty() && command[0] == ':') {
      std::istringstream words(command.substr(1));
      std::string name, argument;
      words >> name;
      std::getline(words >> std::ws, argument);
      if (name == "quit" || name == "q") break;
      if (name == "help") {
        help(argument, language, out);
      } else if (name == "vars") {
        for (const auto& [variable, v] : language.variables()) {
          out << variable << " = " << to_text(v, language.options()) << '\n';
        }
      } else if (name == "reset") {
        language.reset();
      } else if (name == "ascii") {
        language.options().notation = cas::notation::ascii;
      } else if (name == "unicode") {
        language.options().notation = cas::notation::unicode;
      } else if (name == "format" && (argument == "dec" || argument == "hex" || argument == "bin")) {
        language.options().numeral = argument == "dec"   ? cas::numeral::decimal
                                     : argument == "hex" ? cas::numeral::hexadecimal
                                                         : cas::numeral::binary;
      } else if (name == "time" && (argument == "on" || argument == "off")) {
        timing = argument == "on";
      } else if (name == "load" && !argument.empty()) {
        const std::optional<std::string> script = read_text_file(argument);
        if (!script) {
          err << "<stdin>:" << line_number << ": error: cannot read the file '" << argument << "'.\n";
          if (exit_code == 0) exit_code = 4;
          if (!options.interactive && !options.keep_going) return exit_code;
          continue;
        }
        const run_report report =
            run_and_print(language, *script, argument, false, out, err, options.json);
        if (report.exit_code != 0 && exit_code == 0) exit_code = report.exit_code;
        if (report.exit_code != 0 && !options.interactive && !options.keep_going) return exit_code;
      } else {
        err << "<stdin>:" << line_number << ": error: unknown command ':" << name
            << (argument.empty() ? "" : " " + argument) << "'; :help lists the commands.\n";
        if (exit_code == 0) exit_code = 4;
        if (!options.interactive && !options.keep_going) return exit_code;
      }
      continue;
    }
    if (pending.empty()) pending_first_line = line_number;
    pending += line + "\n";
    if (parser::needs_more_input(pending)) continue;
    if (!evaluate_pending()) return exit_code;
  }
  if (!trimmed(pending).empty()) evaluate_pending();  // an unclosed bracket is reported
  if (options.interactive) out << '\n';
  return options.interactive ? 0 : exit_code;
}

}  // namespace on2
