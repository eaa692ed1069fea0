#pragma once
// `on2 --compute-alpha P --table FILE [--recompute]`: computes Lenstra's constants α_p for
// every odd prime p ≤ P with on2's own implementation (cas/tower/lenstra.hpp), printing one line
// per prime, and writes the table file after each prime, so an interrupted run resumes where it
// stopped. Without --recompute the primes already in the file are kept. The file has no default:
// the program reads and writes only the files the user names.

#include <string>
#include <vector>

#include "cas/core/context.hpp"

namespace on2 {

// Runs the tool; returns the process exit code. `arguments` follow "--compute-alpha".
int run_compute_alpha(const std::vector<std::string>& arguments, cas::context& ctx);

// `on2 --check-alpha [--table FILE]`: recomputes every prime of the table (the embedded one, or
// FILE) from scratch and compares f(p), the Q-set, m_p and E; exit code 0 when all agree, 1
// otherwise.
int run_check_alpha(const std::vector<std::string>& arguments, cas::context& ctx);

}  // namespace on2
