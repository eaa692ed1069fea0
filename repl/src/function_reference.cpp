#include "function_reference.hpp"

#include <sstream>

#include "function_registry.hpp"

namespace on2 {

std::string function_reference_markdown() {
  std::ostringstream out;
  out << "# Function reference\n\n"
         "Generated from on2's function registry by `on2 --function-reference`; every example is\n"
         "checked by the test suite. In the program, `:help NAME` shows the same entry.\n\n"
         "| function | arguments | meaning | example |\n|---|---|---|---|\n";
  for (const function_entry& f : function_registry()) {
    out << "| `" << f.signature << "` | " << arity_text(f) << " | " << f.summary << " | `"
        << f.example.input << "` → `" << f.example.output << "` |\n";
  }
  out << "\nPlanned (the names are reserved; calling one says what it waits for):\n\n";
  for (const planned_function& p : planned_functions()) {
    out << "- `" << p.name << "`: needs " << p.waits_for << "\n";
  }
  return out.str();
}

}  // namespace on2
