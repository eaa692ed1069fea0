#pragma once
// The statements of the programming layer (docs/spec/language.md "Programs"): `if`, `for`,
// `while`, `break`, `continue`. Their bodies are sequences of statements separated by `;` or
// newlines, which the X3 grammar does not see (its skipper eats newlines), so this hand-written
// recursive descent finds the keywords at bracket depth 0 and hands each condition, list and
// simple statement to the grammar.

#include <string_view>
#include <variant>

#include "parser/diagnostic.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"
#include "statement_splitter.hpp"

namespace on2::parser::detail {

// Parses the statement `segment` of `text`, which starts with a block word (segment.starts_block).
std::variant<statement, diagnostic> parse_block_statement(std::string_view text,
                                                          const statement_segment& segment,
                                                          const parse_limits& limits);

}  // namespace on2::parser::detail
