#pragma once
// A duration as people read it, for :time (docs/spec/language.md "REPL commands"): two
// significant digits (all of the whole part) in milliseconds below a second, in seconds from there
// ("0.05 ms", "12 ms", "1.2 s", "130 s").

#include <chrono>
#include <string>

namespace on2 {

std::string human_duration(std::chrono::nanoseconds elapsed);

}  // namespace on2
