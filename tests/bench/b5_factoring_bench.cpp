// B5: factoring random monic polynomials of degree d = 8, 32, 128 over the nimbers below 2^16
// and below 2^64 (the fields GF(2^16), GF(2^64)). Baseline: PARI/GP's factorff on random
// polynomials of the same degree over a GF(2^16) / GF(2^64) it builds itself (ffinit), run as a
// `gp` subprocess that times itself with getabstime() in the same benchmark run (Debian's
// pari-gp: `./setup.sh --bench` installs it; without gp the baseline is skipped with a note).
// Also the time to find all roots (in their extension fields) of random degree-d polynomials
// over GF(2^16) (d = 2, 8, 32) and over the field of [ω^(ω^2)] = κ_7 (d = 2, 4, 8): the growth
// with d.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cas/kappa/kappa_generators.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "cas/tower/tower.hpp"
#include "ratio_reporter.hpp"

namespace {

constexpr int polynomials_per_size = 8;

// Random monic polynomials of degree d with coefficients uniform below 2^bits.
std::vector<cas::polynomial> random_polynomials(unsigned bits, long d, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<cas::polynomial> out;
  for (int i = 0; i < polynomials_per_size; ++i) {
    std::vector<cas::ordinal> c(static_cast<std::size_t>(d) + 1);
    for (auto& x : c)
      x = cas::ordinal(cas::nimber(bits == 64 ? random() : random() % (1u << bits)));
    c.back() = cas::ordinal(cas::nimber(1));
    out.emplace_back(std::move(c));
  }
  return out;
}

void b5_ours(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const long d = state.range(1);
  const auto polynomials = random_polynomials(bits, d, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    auto factors = cas::factor(polynomials[i++ % polynomials.size()]);
    benchmark::DoNotOptimize(factors);
  }
}

// Milliseconds per factorff call as PARI measures it, or a negative number when gp is missing.
double pari_milliseconds(unsigned bits, long d, int count) {
  const std::string script_path =
      "/tmp/on2_b5_" + std::to_string(bits) + "_" + std::to_string(d) + ".gp";
  {
    std::ofstream script(script_path);
    script << "default(parisize, 200000000);\nsetrand(1);\n"
           << "a = ffgen(ffinit(2, " << bits << "), 'a);\n"
           << "P = vector(" << count << ", i, x^" << d << " + sum(k = 0, " << d - 1
           << ", random(a) * x^k));\n"
           << "t = getabstime(); for (i = 1, #P, factorff(P[i])); "
           << "print((getabstime() - t) * 1.0 / #P);\n";
  }
  const std::string command = "gp -q -f " + script_path + " < /dev/null 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  char line[256] = {};
  const bool got = std::fgets(line, sizeof line, pipe) != nullptr;
  const int status = pclose(pipe);
  std::remove(script_path.c_str());
  if (!got || status != 0) return -1;
  return std::stod(line);
}

void b5_pari(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const long d = state.range(1);
  const double ms = pari_milliseconds(bits, d, d >= 128 ? 3 : polynomials_per_size * 4);
  if (ms < 0) {
    state.SkipWithError("gp (PARI/GP) is not installed: ./setup.sh --bench installs pari-gp");
    return;
  }
  for (auto _ : state) state.SetIterationTime(ms / 1000);
}

void b5_roots(benchmark::State& state, const std::vector<cas::ordinal>& pool) {
  const long d = state.range(0);
  std::mt19937_64 random(7);
  std::vector<cas::polynomial> polynomials;
  for (int i = 0; i < polynomials_per_size; ++i) {
    std::vector<cas::ordinal> c(static_cast<std::size_t>(d) + 1);
    for (auto& x : c) x = pool[random() % pool.size()];
    c.back() = cas::ordinal(cas::nimber(1));
    polynomials.emplace_back(std::move(c));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto roots = cas::roots(polynomials[i++ % polynomials.size()]);
    benchmark::DoNotOptimize(roots);
  }
}

// Random coefficients, drawn as ordinals so that they do not depend on how the tower field
// represents its elements: the nimbers below 65536, and the elements
// Σ c·[ω^(ω^2·k + i)] (c < 4, i < 3, k < 7) of κ_7's field GF(2^42) (docs/spec/arithmetic.md §3).
std::vector<cas::ordinal> random_gf65536_elements() {
  std::mt19937_64 random(3);
  std::vector<cas::ordinal> out;
  for (int i = 0; i < 64; ++i) out.emplace_back(cas::nimber(random() & 0xffff));
  return out;
}

std::vector<cas::ordinal> random_kappa7_elements() {
  std::mt19937_64 random(3);
  std::vector<cas::ordinal> out;
  for (int n = 0; n < 64; ++n) {
    std::vector<cas::ordinal_term> terms;
    for (unsigned k = 0; k < 7; ++k) {
      for (unsigned i = 0; i < 3; ++i) {
        const std::uint64_t c = random() & 3;
        if (c == 0) continue;
        std::vector<cas::integer> digits{i, 0, k};
        while (!digits.empty() && digits.back() == 0) digits.pop_back();
        terms.push_back({cas::small_ordinal(std::move(digits)), cas::nimber(c)});
      }
    }
    out.push_back(cas::ordinal::from_terms(std::move(terms)));
  }
  return out;
}

void b5_roots_gf65536(benchmark::State& state) {
  static const auto pool = random_gf65536_elements();
  b5_roots(state, pool);
}

void b5_roots_kappa7(benchmark::State& state) {
  static const auto pool = random_kappa7_elements();
  b5_roots(state, pool);
}

BENCHMARK(b5_ours)->ArgsProduct({{16, 64}, {8, 32}})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b5_ours)
    ->ArgsProduct({{16, 64}, {128}})
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(b5_pari)
    ->ArgsProduct({{16, 64}, {8, 32, 128}})
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(b5_roots_gf65536)->Arg(2)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b5_roots_gf65536)
    ->Arg(32)
    ->Iterations(polynomials_per_size)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// Over the field of κ_7 (GF(2^21)) random polynomials of degree 16 and 32 have factors of degree
// 11, 13, …, whose roots lie in towers with κ_11, κ_13, … and their α's: eight of degree 16 took
// more than 15 minutes (docs/benchmarks.md), so the growth is shown up to degree 8.
BENCHMARK(b5_roots_kappa7)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Arg(16)
    ->Iterations(polynomials_per_size)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

[[maybe_unused]] const bool pairs_registered = [] {
  for (const char* bits : {"16", "64"}) {
    for (const char* d : {"8", "32", "128"}) {
      const std::string args = std::string(bits) + "/" + d;
      on2_bench::register_ratio_pair(
          {"B5 factoring, degree " + std::string(d) + " over GF(2^" + bits + ")", "b5_ours/" + args,
           "b5_pari/" + args, 1});
    }
  }
  return true;
}();

}  // namespace
