// Resultants and extended gcds (cas/poly/polynomial_euclid.hpp) of random pairs of polynomials
// of degree d = 64, 256, 1024 over the nimbers below 2^16 (the field GF(2^16)). Baseline:
// PARI/GP's polresultant and gcdext on random pairs of the same degree over a GF(2^16) it builds
// itself (ffinit), run as a `gp` subprocess that times itself with getabstime() in the same
// benchmark run (Debian's pari-gp: `./setup.sh --bench` installs it; without gp the baseline is
// skipped with a note), as in B5.

#include <benchmark/benchmark.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cas/poly/polynomial_euclid.hpp"
#include "gp_subprocess.hpp"
#include "ratio_reporter.hpp"

namespace {

constexpr int pairs_per_size = 4;

std::vector<cas::polynomial> random_polynomials(long d, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<cas::polynomial> out;
  for (int i = 0; i < 2 * pairs_per_size; ++i) {
    std::vector<cas::ordinal> c(static_cast<std::size_t>(d) + 1);
    for (auto& x : c) x = cas::ordinal(cas::nimber(random() & 0xffff));
    c.back() = cas::ordinal(cas::nimber(1));
    out.emplace_back(std::move(c));
  }
  return out;
}

void resultant_ours(benchmark::State& state) {
  const auto polynomials = random_polynomials(state.range(0), 1);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = 2 * (i++ % pairs_per_size);
    auto r = cas::poly_resultant(polynomials[k], polynomials[k + 1]);
    benchmark::DoNotOptimize(r);
  }
}

void xgcd_ours(benchmark::State& state) {
  const auto polynomials = random_polynomials(state.range(0), 1);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = 2 * (i++ % pairs_per_size);
    auto b = cas::poly_extended_gcd(polynomials[k], polynomials[k + 1]);
    benchmark::DoNotOptimize(b);
  }
}

// Milliseconds per call of `function` (polresultant or gcdext) as PARI measures it, or a negative
// number when gp is missing.
double pari_milliseconds(const std::string& function, long d, int count) {
  const std::string script_name = "resultant_" + function + "_" + std::to_string(d);
  std::ostringstream script;
  script << "default(parisize, 200000000);\nsetrand(1);\n"
         << "a = ffgen(ffinit(2, 16), 'a);\n"
         << "R() = x^" << d << " + sum(k = 0, " << d - 1 << ", random(a) * x^k);\n"
         << "P = vector(" << count << ", i, [R(), R()]);\n"
         << "t = getabstime(); for (i = 1, #P, " << function << "(P[i][1], P[i][2])); "
         << "print((getabstime() - t) * 1.0 / #P);\n";
  return on2_bench::gp_script_number(script_name, script.str());
}

void pari(benchmark::State& state, const std::string& function) {
  const long d = state.range(0);
  const double ms = pari_milliseconds(function, d, d >= 1024 ? 4 : 16);
  if (ms < 0) {
    state.SkipWithError("gp (PARI/GP) is not installed: ./setup.sh --bench installs pari-gp");
    return;
  }
  for (auto _ : state) state.SetIterationTime(ms / 1000);
}

void resultant_pari(benchmark::State& state) {
  pari(state, "polresultant");
}

void xgcd_pari(benchmark::State& state) {
  pari(state, "gcdext");
}

BENCHMARK(resultant_ours)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(xgcd_ours)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(resultant_pari)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(xgcd_pari)->Arg(64)->Arg(256)->Arg(1024)->Iterations(1)->UseManualTime()->Unit(
    benchmark::kMillisecond);

[[maybe_unused]] const bool pairs_registered = [] {
  for (const char* d : {"64", "256", "1024"}) {
    on2_bench::register_ratio_pair({"resultant, degree " + std::string(d) + " over GF(2^16)",
                                    "resultant_ours/" + std::string(d),
                                    "resultant_pari/" + std::string(d), 1});
    on2_bench::register_ratio_pair({"xgcd, degree " + std::string(d) + " over GF(2^16)",
                                    "xgcd_ours/" + std::string(d), "xgcd_pari/" + std::string(d),
                                    1});
  }
  return true;
}();

}  // namespace
