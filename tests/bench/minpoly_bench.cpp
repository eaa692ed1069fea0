// The minimal polynomial over GF(2) of a random finite nimber of degree 2^10, 2^12 and 2^14
// (cas::nim_minpoly: power projection and Berlekamp–Massey) against PARI/GP's minpoly of a random
// element of the GF(2^d) that gp builds (ffinit), gp a subprocess timing itself with getabstime()
// in the same run (without gp the baseline is skipped). The argument is the degree d.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cas/finite/nimber.hpp"
#include "gp_subprocess.hpp"
#include "ratio_reporter.hpp"

namespace {

void minpoly_ours(benchmark::State& state) {
  const auto degree = static_cast<std::size_t>(state.range(0));
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> limbs(degree / 64);
  for (auto& limb : limbs) limb = random();
  limbs.back() |= std::uint64_t{1} << 63;  // degree d exactly
  const cas::nimber a = cas::nimber::from_limbs(limbs);
  for (auto _ : state) benchmark::DoNotOptimize(cas::nim_minpoly(a));
}

void minpoly_pari(benchmark::State& state) {
  const auto degree = state.range(0);
  const int count = degree <= 1024 ? 20 : 1;
  std::ostringstream script;
  script << "default(parisize, 400000000);\nsetrand(1);\n"
         << "a = ffgen(ffinit(2, " << degree << "), 'a);\n"
         << "B = vector(" << count << ", i, random(a));\n"
         << "t = getabstime(); for (i = 1, #B, minpoly(B[i])); "
         << "print((getabstime() - t) * 1.0 / #B);\n";
  const double ms = on2_bench::gp_script_number("minpoly_" + std::to_string(degree), script.str());
  if (ms < 0) {
    state.SkipWithError("gp (PARI/GP) is not installed: ./setup.sh --bench installs pari-gp");
    return;
  }
  for (auto _ : state) state.SetIterationTime(ms / 1000);
}

BENCHMARK(minpoly_ours)
    ->Arg(1 << 10)
    ->Arg(1 << 12)
    ->Arg(1 << 14)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(minpoly_pari)
    ->Arg(1 << 10)
    ->Arg(1 << 12)
    ->Arg(1 << 14)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

[[maybe_unused]] const bool pairs_registered = [] {
  for (const char* degree : {"1024", "4096", "16384"}) {
    on2_bench::register_ratio_pair({"minpoly of a nimber of degree " + std::string(degree),
                                    "minpoly_ours/" + std::string(degree),
                                    "minpoly_pari/" + std::string(degree), 1});
  }
  return true;
}();

}  // namespace
