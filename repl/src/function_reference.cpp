#include "function_reference.hpp"

#include <sstream>

#include "function_registry.hpp"

namespace on2 {

namespace {

// A report's lines, joined by ⏎, and its `|` escaped, to fit a table cell.
std::string one_line(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') {
      out += " ⏎ ";
    } else if (c == '|') {
      out += "\\|";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string function_reference_markdown() {
  std::ostringstream out;
  out << "# Function reference\n\n"
         "Generated from on2's function registry by `on2 --function-reference`; every example is\n"
         "checked by the test suite. In the program, `:help NAME` shows the same entry.\n\n"
         "| function | arguments | meaning | example |\n|---|---|---|---|\n";
  for (const function_entry& f : function_registry()) {
    out << "| `" << f.signature << "` | " << arity_text(f) << " | " << f.summary << " | `"
        << f.example.input << "` → `" << one_line(f.example.output) << "` |\n";
  }
  out << "\nPlanned (the names are reserved; calling one says what it waits for):\n\n";
  for (const planned_function& p : planned_functions()) {
    out << "- `" << p.name << "`: needs " << p.waits_for << "\n";
  }
  return out.str();
}

}  // namespace on2
