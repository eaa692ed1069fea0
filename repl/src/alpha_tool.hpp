#pragma once
// `on2 --compute-alpha P --table FILE [--recompute] [--max-memory BYTES] [--checkpoint-seconds S]`:
// computes Lenstra's constants α_p for
// every odd prime p ≤ P with on2's own implementation (cas/tower/lenstra.hpp), printing one line
// per prime, and writes the table file after each prime, so an interrupted run resumes where it
// stopped. Without --recompute the primes already in the file are kept. The file has no default:
// the program reads and writes only the files the user names. A prime that cannot be computed is
// a hole with its reason (cas::alpha_hole_of); a long excess test reports its progress on stderr
// and writes FILE.checkpoint every S seconds (60), from which the next run resumes; a prime whose
// estimated memory exceeds BYTES (default: the memory available) is refused with the estimate.
// Each new entry is confirmed by cas::excess_confirmation_problem before it is written.

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

// `on2 --alpha-bfile [--table FILE]`: prints the table (the embedded one, or FILE) in OEIS b-file
// form, "n m_p" for the n-th odd prime p (A380496's indexing), up to its first hole, which a
// comment line names.
int run_alpha_bfile(const std::vector<std::string>& arguments, cas::context& ctx);

}  // namespace on2
