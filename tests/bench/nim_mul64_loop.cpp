// The arithmetic of the statement-path benchmark (tests/bench/statement_path_vs_c.sh): reads the
// `a * b` lines from stdin as the baseline does (untimed), then times cas::nim_mul64 over all the
// pairs and prints the least process CPU time of five passes, in seconds. The benchmark subtracts
// it from on2's time, so what remains is what parsing, evaluating and printing cost beyond the
// products themselves.
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cas/kernels/nimber_kernels.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main() {
  const std::string input{std::istreambuf_iterator<char>(std::cin), {}};
  std::vector<std::uint64_t> numbers;
  for (std::size_t i = 0; i < input.size();) {
    if (input[i] < '0' || input[i] > '9') {
      ++i;
      continue;
    }
    std::uint64_t v = 0;
    for (; i < input.size() && input[i] >= '0' && input[i] <= '9'; ++i) {
      v = v * 10 + static_cast<std::uint64_t>(input[i] - '0');
    }
    numbers.push_back(v);
  }
  const std::size_t pairs = numbers.size() / 2;
  std::uint64_t check = 0;
  double best = 1e300;
  for (int pass = 0; pass < 5; ++pass) {
    const double start = cpu_seconds();
    for (std::size_t k = 0; k < pairs; ++k)
      check ^= cas::nim_mul64(numbers[2 * k], numbers[2 * k + 1]);
    best = std::min(best, cpu_seconds() - start);
  }
  // The check keeps the products from being optimised away; printing it costs nothing timed.
  std::printf("%.6f %zu %llu\n", best, pairs, static_cast<unsigned long long>(check));
  return 0;
}
