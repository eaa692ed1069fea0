#pragma once
// The word statements' expressions (issue 19, session::run_word_lines): one line of nim sums,
// products and powers of literals below 2^64 and of variables that hold such nimbers, with
// parentheses and the prefix operators, possibly assigned to a variable that exists, evaluated
// on machine words while it is read, without a syntax tree. It reads what the grammar would read
// (the same levels and tokens as parser/src/lean_statement.cpp, of which it takes a subset) and
// computes what the evaluator would compute; anything else it declines, and the general path runs
// the line (tests/repl/word_statements_test.cpp compares the two).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "parser/parse.hpp"
#include "value.hpp"

namespace on2 {

struct word_line {
  std::uint64_t word = 0;     // the value
  value* assigned = nullptr;  // for `name = e`, the variable (it exists)
  bool ends_with_semicolon = false;
};

// `line` is one line without its newline. Declines (nothing) on anything but the expressions
// above, where a limit of `limits` could matter, and on an exponent that is not a literal or a
// variable (an exponent is evaluated with integer arithmetic, docs/spec/language.md "Exponents").
std::optional<word_line> evaluate_word_line(std::string_view line,
                                            const parser::parse_limits& limits,
                                            std::map<std::string, value, std::less<>>& variables);

}  // namespace on2
