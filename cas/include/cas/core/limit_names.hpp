#pragma once
// The limits of cas::limits by name (cas/core/context.hpp), for tools that list or change them:
// the REPL's `:help limits` and `:limit NAME VALUE` (docs/limits.md gives what each bounds).
//
// Thread safety: the table is a constant; safe from any thread.

#include <cstdint>
#include <span>
#include <string_view>

#include "cas/core/context.hpp"

namespace cas {

struct limit_name {
  std::string_view name;          // "max_nimber_bits", as in cas::limits
  std::uint64_t limits::*member;  // the field it names
  std::string_view bounds;        // what it bounds, one line
};

// Every limit of cas::limits, in the order of its declaration.
std::span<const limit_name> limit_names();
// The limit called `name`, or nullptr.
const limit_name* find_limit_name(std::string_view name);

}  // namespace cas
