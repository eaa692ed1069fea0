#pragma once
// The error a statement's evaluation ends with (docs/architecture.md "Error model"; docs/style.md
// item 8): a stable sentence, the source span it points at, a hint when one exists, and a kind that
// decides the exit code of docs/spec/language.md "Command line".

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "parser/diagnostic.hpp"
#include "parser/source_span.hpp"

namespace on2 {

enum class error_kind {
  // exit code 1: division by zero, no such root, outside a function's domain, a transfinite
  // exponent: the program is well formed and names what exists, but the values do not fit.
  math,
  // exit code 1 too: a value of the wrong kind (a list where a nimber belongs, `1 + true`), like
  // PARI's "incorrect type"; --json tells it apart from math.
  type,
  parse,        // exit code 2: the text is not a statement
  limit,        // exit code 3: a resource limit or an unsupported range
  interrupted,  // exit code 3 too: Ctrl-C (SIGINT) stopped the computation
  // exit code 4: what the program says does not exist or cannot be said: an unknown name or
  // result number, a wrong number of arguments, an option or file name a function does not
  // take, a file that cannot be written.
  usage,
};

int exit_code(error_kind kind) noexcept;
// "math", "type", "parse", "limit", "interrupted", "usage": the "kind" of an error in --json.
const char* error_kind_name(error_kind kind) noexcept;

// Where a statement's text came from, for an error inside a user function, which points into the
// text that defined the function rather than the one that called it.
struct source_origin {
  std::shared_ptr<const std::string> text;
  std::string source_name;
  std::size_t first_line = 1;
};

class evaluation_error : public cas::error {
 public:
  evaluation_error(error_kind kind, parser::source_span span, std::string message,
                   std::string hint = {});

  error_kind kind() const noexcept { return kind_; }
  const parser::source_span& span() const noexcept { return span_; }
  const std::string& hint() const noexcept { return hint_; }
  // For parser::render_diagnostic (file:line:col: error: message, the line, a caret).
  parser::diagnostic to_diagnostic() const;

  // Set by the innermost user function the error passes: the text its span points into.
  const std::optional<source_origin>& origin() const noexcept { return origin_; }
  void set_origin_once(const source_origin& origin) {
    if (!origin_) origin_ = origin;
  }
  // "in f(a, b), called at script.on2:7:3", innermost first.
  const std::vector<std::string>& call_chain() const noexcept { return call_chain_; }
  void add_call(std::string call) { call_chain_.push_back(std::move(call)); }

 private:
  error_kind kind_;
  parser::source_span span_;
  std::string hint_;
  std::optional<source_origin> origin_;
  std::vector<std::string> call_chain_;
};

}  // namespace on2
