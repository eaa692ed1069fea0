#pragma once
// Limits of the programming layer (docs/limits.md): what a list may hold, so that `1..10^9` or a
// runaway `append` is an error that names its limit instead of exhausting memory.

#include <cstddef>
#include <cstdint>
#include <string>

namespace on2 {

// Each element costs some 100 bytes, so a list of this length stays near 100 MiB.
inline constexpr std::size_t max_list_length = std::size_t{1} << 20;
// What a list beyond it is told, wherever it would be built (ranges, append, concat, primes, …).
inline std::string list_too_long_message() {
  return "The list would have more than " + std::to_string(max_list_length) +
         " elements (max_list_length).";
}

// Lists inside lists: copying, comparing, printing and freeing a value recurse through its
// nesting, so its depth is bounded (a limit error, never a stack overflow).
inline constexpr std::uint32_t max_list_depth = 1000;

// Calls of user functions inside each other (recursion): a limit error beyond, never a stack
// overflow. The stack a chain of calls may use is bounded too, since each call's expressions may
// nest as deep as the parser allows (the main thread's stack is 8 MiB).
inline constexpr std::size_t max_call_depth = 1000;
inline constexpr std::size_t max_call_stack_bytes = std::size_t{4} << 20;

// The results `%n` can still name: the latest 5000 (gp's default `histsize`); older ones are
// dropped, so that a long script's memory does not grow with its statements.
inline constexpr std::size_t max_kept_results = 5000;

}  // namespace on2
