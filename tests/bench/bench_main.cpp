// The benchmark runner: Google Benchmark's own main, plus the ratio lines of the registered
// (ours, baseline) pairs at the end (docs/testing.md, "Benchmarks").

#include <benchmark/benchmark.h>

#include <iostream>

#include "ratio_reporter.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  // The default display reporter honours --benchmark_format and --benchmark_color; it is owned
  // by the library.
  on2_bench::ratio_reporter reporter(*benchmark::CreateDefaultDisplayReporter());
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratios(std::cout, on2_bench::registered_ratio_pairs());
  benchmark::Shutdown();
  return 0;
}
