#pragma once
// PARI/GP as a timed subprocess, the baseline of several benchmarks (docs/testing.md,
// "Benchmarks"): the script times its own work and prints one number.

#include <string>

namespace on2_bench {

// Writes `script` to a temporary file named after `name`, runs `gp -q -f` on it and returns the
// number the script prints first (milliseconds per operation, by the benchmarks' convention), or
// a negative number when gp is missing or fails.
double gp_script_number(const std::string& name, const std::string& script);

}  // namespace on2_bench
