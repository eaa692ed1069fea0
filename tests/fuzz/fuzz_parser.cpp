// Fuzz target: the parser on arbitrary bytes (docs/fuzzing.md). Every input must give statements
// or diagnostics, never a crash; the debug rendering and the caret printer run on the result too.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parser/diagnostic.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  on2::parser::parse_result result = on2::parser::parse_program(text, "<fuzz>");
  for (const on2::parser::statement& s : result.statements) (void)on2::parser::to_debug_string(s);
  for (const on2::parser::diagnostic& d : result.diagnostics) {
    (void)on2::parser::render_diagnostic(d, text, result.source_name);
  }
  (void)on2::parser::needs_more_input(text);
  return 0;
}
