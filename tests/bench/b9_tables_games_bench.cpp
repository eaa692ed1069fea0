// B9: the field checks and Turning Corners (issue 6). check(256) is timed against a plain
// exhaustive check that calls the 16-bit kernel for every product (no table), with the ratio;
// check(65536) (the bilinearity reduction) and Turning Corners on the 64×64 board (single
// coins by mex over the game's moves) and on every position of the 4×4 board are timed alone.

#include <benchmark/benchmark.h>

#include <cstdint>

#include "cas/explore/field_axioms.hpp"
#include "cas/games/turning_corners.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "ratio_reporter.hpp"

namespace {

void b9_check_256_ours(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(cas::check_field(256));
}

// The same axioms over the same cases, each product a kernel call. Returns false on a failure.
bool plain_check_256() {
  const auto mul = [](unsigned a, unsigned b) -> unsigned {
    return cas::nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
  };
  bool ok = true;
  for (unsigned a = 0; a < 256; ++a) {
    for (unsigned b = 0; b < 256; ++b) ok &= mul(a, b) < 256 && mul(a, b) == mul(b, a);
  }
  for (unsigned a = 0; a < 256; ++a) {
    for (unsigned b = 0; b < 256; ++b) {
      for (unsigned c = 0; c < 256; ++c) {
        ok &= mul(mul(a, b), c) == mul(a, mul(b, c));
        ok &= mul(a, b ^ c) == (mul(a, b) ^ mul(a, c));
      }
    }
  }
  for (unsigned a = 1; a < 256; ++a) {
    bool found = false;
    for (unsigned b = 1; b < 256 && !found; ++b) found = mul(a, b) == 1;
    ok &= found;
  }
  return ok;
}

void b9_check_256_plain(benchmark::State& state) {
  for (auto _ : state) {
    const bool ok = plain_check_256();
    if (!ok) state.SkipWithError("the plain check failed");
    benchmark::DoNotOptimize(ok);
  }
}

void b9_check_65536(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(cas::check_field(65536));
}

void b9_corners_64(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(cas::corners_check(64));
}

void b9_corners_every_position_4(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(cas::corners_check(4));
}

BENCHMARK(b9_check_256_ours)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b9_check_256_plain)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(b9_check_65536)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(b9_corners_64)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b9_corners_every_position_4)->Unit(benchmark::kMillisecond)->UseRealTime();

[[maybe_unused]] const bool pairs_registered =
    on2_bench::register_ratio_pair({"B9 check(256), table against a kernel call per product",
                                    "b9_check_256_ours", "b9_check_256_plain", 1});

}  // namespace
