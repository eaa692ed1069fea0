// B5: factoring random monic polynomials of degree d = 8, 32, …, 2048 over the nimbers below 2^16
// and below 2^64 (the fields GF(2^16), GF(2^64)). Baseline: PARI/GP's factorff on random
// polynomials of the same degree over a GF(2^16) / GF(2^64) it builds itself (ffinit), run as a
// `gp` subprocess that times itself with getabstime() in the same benchmark run (Debian's
// pari-gp: `./setup.sh --bench` installs it; without gp the baseline is skipped with a note).
// Also the time to find all roots (in their extension fields) of random degree-d polynomials
// over GF(2^16) (d = 2, 8, 32, 64) and over the field of [ω^(ω^2)] = κ_7 (d = 2, 4, 8): the growth
// with d.
// Over GF(2) (packed words, cas/src/poly/binary_factoring.hpp): factoring random polynomials of
// degree 1000 and 4000, the irreducibility of the trinomials x^2281 + x^715 + 1 and
// x^4093 + x^12 + 1, and powmod(x, 2^100, f) for f of degree 127 and 4093, each against the same
// computation in gp (factor, polisirreducible, Mod(x, f)^(2^100)) on the same polynomials.

#include <benchmark/benchmark.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cas/kappa/kappa_generators.hpp"
#include "cas/poly/modular_power.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "cas/tower/tower.hpp"
#include "gp_subprocess.hpp"
#include "ordinal_builders.hpp"
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

// gp's time limit per size (its alarm()): PARI takes minutes at d = 2048.
constexpr int pari_time_limit_seconds = 1200;

// Milliseconds per factorff call as PARI measures it, −2 when gp exceeded its time limit, or
// another negative number when gp is missing.
double pari_milliseconds(unsigned bits, long d, int count) {
  const std::string script_name = "b5_" + std::to_string(bits) + "_" + std::to_string(d);
  std::ostringstream script;
  // PARI grows its stack up to parisizemax: factorff needs 1.6 GB at d = 2048.
  script << "default(parisize, 200000000);\ndefault(parisizemax, 4000000000);\nsetrand(1);\n"
         << "a = ffgen(ffinit(2, " << bits << "), 'a);\n"
         << "P = vector(" << count << ", i, x^" << d << " + sum(k = 0, " << d - 1
         << ", random(a) * x^k));\n"
         << "t = getabstime();\n"
         << "r = iferr(alarm(" << pari_time_limit_seconds
         << ", for (i = 1, #P, factorff(P[i]))), E, -1);\n"
         << "print(if (r == -1, -2, (getabstime() - t) * 1.0 / #P));\n";
  return on2_bench::gp_script_number(script_name, script.str());
}

void b5_pari(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const long d = state.range(1);
  const double ms = pari_milliseconds(bits, d,
                                      d >= 512   ? 1
                                      : d >= 128 ? 3
                                                 : polynomials_per_size * 4);
  if (ms == -2) {
    static const std::string message =
        "gp exceeded its time limit of " + std::to_string(pari_time_limit_seconds) + " s";
    state.SkipWithError(message.c_str());
    return;
  }
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
  for (int n = 0; n < 64; ++n) out.push_back(on2_test::random_kappa7_element(random));
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
    ->ArgsProduct({{16, 64}, {128, 256}})
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// One polynomial per size from d = 512 on (PARI's side too), so the sizes take seconds, not
// minutes: the growth exponent is the slope of log time against log d from 8 to 2048.
BENCHMARK(b5_ours)
    ->ArgsProduct({{16, 64}, {512, 1024, 2048}})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(b5_pari)
    ->ArgsProduct({{16, 64}, {8, 32, 128, 256, 512, 1024, 2048}})
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(b5_roots_gf65536)->Arg(2)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b5_roots_gf65536)
    ->Arg(32)
    ->Arg(64)
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

// The growth exponents of both sides from d = 8 to 2048 (the ratios are registered below).
const bool b5_claims_registered = [] {
  for (const int bits : {16, 64}) {
    const std::string field = "GF(2^" + std::to_string(bits) + ")";
    on2_bench::growth_series ours{"B5 factoring over " + field + ", on2", {}, {}};
    on2_bench::growth_series pari{"B5 factoring over " + field + ", PARI", {}, {}};
    for (const int d : {8, 32, 128, 256, 512, 1024, 2048}) {
      const std::string args = std::to_string(bits) + "/" + std::to_string(d);
      ours.names.push_back("b5_ours/" + args);
      pari.names.push_back("b5_pari/" + args);
      ours.sizes.push_back(d);
      pari.sizes.push_back(d);
    }
    on2_bench::register_growth_series(std::move(ours));
    on2_bench::register_growth_series(std::move(pari));
  }
  return true;
}();

// ---- GF(2) -------------------------------------------------------------------------------

// Milliseconds per operation as gp's getwalltime() measures it: `body` sets up and prints it.
double gp_milliseconds(const std::string& name, const std::string& body) {
  const std::string script_name = "b5_gf2_" + name;
  return on2_bench::gp_script_number(script_name, "default(parisize, 400000000);\n" + body + "\n");
}

void report_gp(benchmark::State& state, double ms) {
  if (ms < 0) {
    state.SkipWithError("gp (PARI/GP) is not installed: ./setup.sh --bench installs pari-gp");
    return;
  }
  for (auto _ : state) state.SetIterationTime(ms / 1000);
}

// Random polynomials over GF(2) of degree d (monic, constant term 1), as coefficient bits from
// the top down, shared by both sides.
std::vector<std::vector<int>> random_binary_coefficients(long d, int count) {
  std::mt19937_64 random(static_cast<std::uint64_t>(d));
  std::vector<std::vector<int>> out(static_cast<std::size_t>(count));
  for (auto& c : out) {
    c.assign(static_cast<std::size_t>(d) + 1, 0);
    for (auto& bit : c) bit = static_cast<int>(random() & 1);
    c.front() = 1;
    c.back() = 1;
  }
  return out;
}

cas::polynomial binary_polynomial_from_top(const std::vector<int>& from_top) {
  std::vector<cas::ordinal> c;
  for (auto i = from_top.rbegin(); i != from_top.rend(); ++i) c.emplace_back(cas::nimber(*i));
  return cas::polynomial(std::move(c));
}

std::string gp_vector(const std::vector<int>& from_top) {
  std::string out = "[";
  for (const int bit : from_top) {
    out.push_back(bit != 0 ? '1' : '0');
    out.push_back(',');
  }
  out.back() = ']';
  return out;
}

// x^a + x^b + 1.
std::vector<int> trinomial_from_top(long a, long b) {
  std::vector<int> c(static_cast<std::size_t>(a) + 1, 0);
  c[0] = 1;
  c[static_cast<std::size_t>(a - b)] = 1;
  c.back() = 1;
  return c;
}

constexpr int binary_factor_count = 4;

void b5_gf2_factor_ours(benchmark::State& state) {
  std::vector<cas::polynomial> polynomials;
  for (const auto& c : random_binary_coefficients(state.range(0), binary_factor_count)) {
    polynomials.push_back(binary_polynomial_from_top(c));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto factors = cas::factor(polynomials[i++ % polynomials.size()]);
    benchmark::DoNotOptimize(factors);
  }
}

void b5_gf2_factor_pari(benchmark::State& state) {
  const long d = state.range(0);
  std::string body = "P = [";
  const auto all = random_binary_coefficients(d, binary_factor_count);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i != 0) body.append(", ");
    body.append("Pol(Mod(").append(gp_vector(all[i])).append(", 2))");
  }
  body +=
      "];\nt = getwalltime(); for (i = 1, #P, factor(P[i])); print((getwalltime() - t) * 1.0 / "
      "#P);";
  report_gp(state, gp_milliseconds("factor_" + std::to_string(d), body));
}

// The trinomials of the irreducibility benchmarks, by degree.
std::vector<int> irreducibility_trinomial(long n) {
  return n == 2281 ? trinomial_from_top(2281, 715) : trinomial_from_top(4093, 12);
}

void b5_gf2_irreducible_ours(benchmark::State& state) {
  const cas::polynomial f = binary_polynomial_from_top(irreducibility_trinomial(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(cas::is_irreducible(f));
}

void b5_gf2_irreducible_pari(benchmark::State& state) {
  const long n = state.range(0);
  const std::string body = "f = Pol(Mod(" + gp_vector(irreducibility_trinomial(n)) +
                           ", 2));\nt = getwalltime(); for (i = 1, 50, polisirreducible(f)); "
                           "print((getwalltime() - t) / 50.0);";
  report_gp(state, gp_milliseconds("irreducible_" + std::to_string(n), body));
}

// The moduli of the powmod benchmarks: x^127 + x + 1, x^4093 + x^12 + 1 and a random dense
// polynomial of degree 4093 (argument 4094).
std::vector<int> powmod_modulus(long n) {
  if (n == 127) return trinomial_from_top(127, 1);
  if (n == 4093) return trinomial_from_top(4093, 12);
  return random_binary_coefficients(4093, 1)[0];
}

void b5_gf2_powmod_ours(benchmark::State& state) {
  const cas::polynomial g = binary_polynomial_from_top(powmod_modulus(state.range(0)));
  const cas::polynomial x = binary_polynomial_from_top({1, 0});
  const cas::integer n = cas::integer(1) << 100;
  for (auto _ : state) benchmark::DoNotOptimize(cas::poly_powmod(x, n, g));
}

void b5_gf2_powmod_pari(benchmark::State& state) {
  const long n = state.range(0);
  const std::string body = "f = Pol(Mod(" + gp_vector(powmod_modulus(n)) +
                           ", 2));\nt = getwalltime(); for (i = 1, 2000, Mod(x, f)^(2^100)); "
                           "print((getwalltime() - t) / 2000.0);";
  report_gp(state, gp_milliseconds("powmod_" + std::to_string(n), body));
}

BENCHMARK(b5_gf2_factor_ours)->Arg(1000)->Arg(4000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b5_gf2_factor_pari)
    ->Arg(1000)
    ->Arg(4000)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(b5_gf2_irreducible_ours)
    ->Arg(2281)
    ->Arg(4093)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(b5_gf2_irreducible_pari)
    ->Arg(2281)
    ->Arg(4093)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(b5_gf2_powmod_ours)
    ->Arg(127)
    ->Arg(4093)
    ->Arg(4094)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(b5_gf2_powmod_pari)
    ->Arg(127)
    ->Arg(4093)
    ->Arg(4094)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

[[maybe_unused]] const bool pairs_registered = [] {
  for (const char* bits : {"16", "64"}) {
    for (const char* d : {"8", "32", "128", "256", "512", "1024", "2048"}) {
      const std::string args = std::string(bits) + "/" + d;
      on2_bench::register_ratio_pair(
          {"B5 factoring, degree " + std::string(d) + " over GF(2^" + bits + ")", "b5_ours/" + args,
           "b5_pari/" + args, 1});
    }
  }
  for (const char* d : {"1000", "4000"}) {
    on2_bench::register_ratio_pair({"B5 factoring, degree " + std::string(d) + " over GF(2)",
                                    "b5_gf2_factor_ours/" + std::string(d),
                                    "b5_gf2_factor_pari/" + std::string(d), 1});
  }
  for (const char* n : {"2281", "4093"}) {
    on2_bench::register_ratio_pair(
        {"B5 irreducibility of the trinomial of degree " + std::string(n),
         "b5_gf2_irreducible_ours/" + std::string(n), "b5_gf2_irreducible_pari/" + std::string(n),
         1});
  }
  for (const char* n : {"127", "4093", "4094"}) {
    on2_bench::register_ratio_pair(
        {"B5 powmod(x, 2^100, f), f " + std::string(std::string(n) == "4094"
                                                        ? "dense of degree 4093"
                                                        : "trinomial of degree " + std::string(n)),
         "b5_gf2_powmod_ours/" + std::string(n), "b5_gf2_powmod_pari/" + std::string(n), 1});
  }
  return true;
}();

}  // namespace
