#pragma once
// A parse diagnostic, its compiler-style rendering (docs/spec/language.md "Errors"), and the
// exception form for callers that prefer exceptions.

#include <cstddef>
#include <string>
#include <string_view>

#include "cas/core/error.hpp"
#include "parser/source_span.hpp"

namespace on2::parser {

// One error at one place. `message` is a complete sentence; `hint` (possibly empty) suggests a fix.
struct diagnostic {
  source_span span;
  std::string message;
  std::string hint;

  friend bool operator==(const diagnostic&, const diagnostic&) = default;
};

// Renders like a compiler:
//   script.on2:3:9: error: nim division by zero
//       b = a / (ω + ω)
//               ^~~~~~~
// followed by `hint: …` when there is a hint. The caret line counts characters, not bytes, and
// copies tabs from the source line so that it stays aligned. Every line ends with '\n'.
// `first_line` is the number of the text's first line. Control characters and bytes that are
// not UTF-8 are shown escaped (parser/printable_text.hpp), and a source line longer than
// max_quoted_columns characters is cut around the error with "…", so that an error in a
// megabyte line is a few lines long.
inline constexpr std::size_t max_quoted_columns = 200;
std::string render_diagnostic(const diagnostic& d, std::string_view text,
                              std::string_view source_name, std::size_t first_line = 1);

// The number of UTF-8 characters in `text` (continuation bytes are not counted).
std::size_t count_utf8_characters(std::string_view text);

// A parse error as an exception (docs/architecture.md error model); what() is the message.
class parse_error : public cas::error {
 public:
  parse_error(diagnostic d, std::string source_name);

  const diagnostic& details() const noexcept { return diagnostic_; }
  const source_span& span() const noexcept { return diagnostic_.span; }
  const std::string& source_name() const noexcept { return source_name_; }

 private:
  diagnostic diagnostic_;
  std::string source_name_;
};

}  // namespace on2::parser
