#pragma once
// The X3 grammar's entry point: one statement at a time (see statement_splitter.hpp).

#include <string_view>
#include <variant>

#include "parser/diagnostic.hpp"
#include "parser/parse.hpp"
#include "parser/syntax_tree.hpp"
#include "statement_splitter.hpp"

namespace on2::parser::detail {

// Parses the statement `segment` of `text`. Spans are byte offsets into the whole `text`; their
// lines and columns are left for the caller to fill in.
std::variant<statement, diagnostic> parse_statement(std::string_view text,
                                                    const statement_segment& segment,
                                                    const parse_limits& limits);

// Parses [begin, end) of `text` as one expression (a condition, the list of a `for`).
std::variant<expression, diagnostic> parse_expression(std::string_view text, std::size_t begin,
                                                      std::size_t end, const parse_limits& limits);

}  // namespace on2::parser::detail
