#pragma once
// Runs a function on a thread with a large stack. The recursive descent needs a few kB of stack
// per nesting level (about 2.5 kB optimised, 8 kB at -O0, more under sanitizers), so the 1000
// levels docs/spec/language.md allows would not fit reliably in a default 8 MiB main-thread stack,
// and even less in a REPL's worker thread. Deeper input never reaches the grammar (the depth
// limit).

#include <cstddef>
#include <functional>

namespace on2::parser::detail {

inline constexpr std::size_t parser_stack_bytes = std::size_t{256} << 20;  // reserved, not touched

// A text this short has at most this many levels (each takes a byte at least): a few hundred kB
// of stack optimised, about 1 MiB at -O0, so it is parsed on the caller's stack.
inline constexpr std::size_t short_text_bytes = 128;

// Calls `work` on a fresh thread with `stack_bytes` of stack and waits for it; an exception
// thrown by `work` is rethrown here. Falls back to calling `work` directly if no thread can be
// created.
void run_with_large_stack(const std::function<void()>& work,
                          std::size_t stack_bytes = parser_stack_bytes);

}  // namespace on2::parser::detail
