#pragma once
// A speed claim is a ratio measured in one run (docs/testing.md, "Benchmarks"): our code and its
// baseline run in the same process, and the ratio baseline/ours is printed at the end, because
// absolute times on shared machines drift from run to run.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace on2_bench {

// One claim: the benchmark `ours` against the benchmark `baseline`. Both are named
// "<function name>" or "<function name>/<arguments>" (e.g. "b6_ours/1024"); an iteration count,
// time type or thread count set on the benchmark is not part of the name.
struct ratio_pair {
  std::string label;
  std::string ours;
  std::string baseline;
  double operations_per_iteration = 1;  // for the per-operation times on the ratio line
};

// Called from static initialisers in the benchmark files, as BENCHMARK itself is. Returns true.
bool register_ratio_pair(ratio_pair pair);

// A growth claim: the benchmarks `names`, run at the sizes `sizes` (same order), and the slope of
// log(time) against log(size) fitted by least squares over those that ran, printed as e.g.
// "growth B5 GF(2^16): time ~ d^2.14 over d = 8 … 2048 (7 sizes)".
struct growth_series {
  std::string label;
  std::vector<std::string> names;
  std::vector<double> sizes;
};
bool register_growth_series(growth_series series);
const std::vector<growth_series>& registered_growth_series();

// The "per operation" counter of a benchmark whose iteration runs `operations` operations: the
// real time of one operation, shown beside the iteration's time.
inline benchmark::Counter per_operation(std::size_t operations) {
  return benchmark::Counter(
      static_cast<double>(operations),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
const std::vector<ratio_pair>& registered_ratio_pairs();

// A display reporter that forwards everything to another one (the default console table) and
// records each run's real time per iteration by name.
class ratio_reporter : public benchmark::BenchmarkReporter {
 public:
  explicit ratio_reporter(benchmark::BenchmarkReporter& display) : display_(display) {}

  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

  // One line per pair whose two sides both ran (a benchmark filter may leave a side out: such a
  // pair is skipped silently), e.g.
  // "ratio B1 64-bit product: baseline/ours = 1.85 (ours 7.1 ns/op, baseline 13.2 ns/op)".
  // Then one line per growth series with at least two sizes that ran.
  void print_ratios(std::ostream& out, const std::vector<ratio_pair>& pairs) const;

 private:
  // The fastest repetition of each benchmark: with --benchmark_repetitions=N and
  // --benchmark_enable_random_interleaving=true the repetitions of both sides of a pair alternate,
  // and the fastest of each is the one least disturbed by other load on a shared machine.
  struct timing {
    double fastest_ns = 0;
    bool seen = false;
  };
  benchmark::BenchmarkReporter& display_;
  std::map<std::string, timing> real_ns_per_iteration_;
};

}  // namespace on2_bench
