#include "ratio_reporter.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace on2_bench {
namespace {

std::vector<ratio_pair>& pair_registry() {
  static std::vector<ratio_pair> pairs;  // a function-local static: safe from static init order
  return pairs;
}

double nanoseconds_per(benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kNanosecond:
      return 1;
    case benchmark::kMicrosecond:
      return 1e3;
    case benchmark::kMillisecond:
      return 1e6;
    case benchmark::kSecond:
      return 1e9;
  }
  return 1;
}

// "7.1 ns", "41.3 ms": three significant digits in the largest unit that keeps the value ≥ 1.
std::string format_duration(double ns) {
  const char* unit = "ns";
  double value = ns;
  if (ns >= 1e9) {
    value = ns / 1e9, unit = "s";
  } else if (ns >= 1e6) {
    value = ns / 1e6, unit = "ms";
  } else if (ns >= 1e3) {
    value = ns / 1e3, unit = "us";
  }
  char text[64];
  std::snprintf(text, sizeof text, "%.3g %s", value, unit);
  return text;
}

std::vector<growth_series>& growth_registry() {
  static std::vector<growth_series> series;
  return series;
}

}  // namespace

bool register_growth_series(growth_series series) {
  growth_registry().push_back(std::move(series));
  return true;
}

const std::vector<growth_series>& registered_growth_series() {
  return growth_registry();
}

bool register_ratio_pair(ratio_pair pair) {
  pair_registry().push_back(std::move(pair));
  return true;
}

const std::vector<ratio_pair>& registered_ratio_pairs() {
  return pair_registry();
}

bool ratio_reporter::ReportContext(const Context& context) {
  return display_.ReportContext(context);
}

void ratio_reporter::ReportRuns(const std::vector<Run>& runs) {
  for (const Run& run : runs) {
    // Aggregates (mean, median, …) would count a repetition twice; failed runs have no time.
    if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
    std::string name = run.run_name.function_name;
    if (!run.run_name.args.empty()) name += "/" + run.run_name.args;
    timing& t = real_ns_per_iteration_[name];
    const double ns = run.GetAdjustedRealTime() * nanoseconds_per(run.time_unit);
    t.fastest_ns = t.seen && t.fastest_ns < ns ? t.fastest_ns : ns;
    t.seen = true;
  }
  display_.ReportRuns(runs);
}

void ratio_reporter::Finalize() {
  display_.Finalize();
}

void ratio_reporter::print_ratios(std::ostream& out, const std::vector<ratio_pair>& pairs) const {
  for (const ratio_pair& pair : pairs) {
    const auto ours = real_ns_per_iteration_.find(pair.ours);
    const auto baseline = real_ns_per_iteration_.find(pair.baseline);
    if (ours == real_ns_per_iteration_.end() || baseline == real_ns_per_iteration_.end()) continue;
    const double ours_ns = ours->second.fastest_ns / pair.operations_per_iteration;
    const double baseline_ns = baseline->second.fastest_ns / pair.operations_per_iteration;
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2f", baseline_ns / ours_ns);
    out << "ratio " << pair.label << ": baseline/ours = " << ratio << " (ours "
        << format_duration(ours_ns) << "/op, baseline " << format_duration(baseline_ns) << "/op)\n";
  }
  for (const growth_series& series : registered_growth_series()) {
    std::vector<double> xs;
    std::vector<double> ys;
    for (std::size_t i = 0; i < series.names.size() && i < series.sizes.size(); ++i) {
      const auto run = real_ns_per_iteration_.find(series.names[i]);
      if (run == real_ns_per_iteration_.end()) continue;
      xs.push_back(std::log(series.sizes[i]));
      ys.push_back(std::log(run->second.fastest_ns));
    }
    if (xs.size() < 2) continue;
    double mean_x = 0;
    double mean_y = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) mean_x += xs[i], mean_y += ys[i];
    mean_x /= static_cast<double>(xs.size());
    mean_y /= static_cast<double>(xs.size());
    double sxy = 0;
    double sxx = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      sxy += (xs[i] - mean_x) * (ys[i] - mean_y);
      sxx += (xs[i] - mean_x) * (xs[i] - mean_x);
    }
    if (sxx == 0) continue;
    char slope[32];
    std::snprintf(slope, sizeof slope, "%.2f", sxy / sxx);
    out << "growth " << series.label << ": time ~ size^" << slope << " over "
        << std::exp(xs.front()) << " .. " << std::exp(xs.back()) << " (" << xs.size()
        << " sizes)\n";
  }
}

}  // namespace on2_bench
