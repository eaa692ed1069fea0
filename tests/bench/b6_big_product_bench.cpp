// B6: the product of two random nimbers of 2^10, 2^13, 2^16 and 2^20 bits, ours (cas::nim_mul)
// against the textbook recursion of MATH.md §2 at the same size. The argument is the size in bits.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "baselines/textbook_product.hpp"
#include "cas/nimber.hpp"
#include "ratio_reporter.hpp"

namespace {

// A random element of GF(2^bits) with its top bit set, so it really has that size.
std::vector<std::uint64_t> random_limbs(std::int64_t bits, std::uint64_t seed) {
  std::mt19937_64 random(seed);  // fixed seed: runs are comparable
  std::vector<std::uint64_t> limbs(static_cast<std::size_t>(bits / 64));
  for (auto& limb : limbs) limb = random();
  limbs.back() |= std::uint64_t{1} << 63;
  return limbs;
}

void b6_ours(benchmark::State& state) {
  const cas::nimber a = cas::nimber::from_limbs(random_limbs(state.range(0), 1));
  const cas::nimber b = cas::nimber::from_limbs(random_limbs(state.range(0), 2));
  for (auto _ : state) {
    cas::nimber product = cas::nim_mul(a, b);
    benchmark::DoNotOptimize(product);
  }
}

void b6_textbook(benchmark::State& state) {
  const std::vector<std::uint64_t> a = random_limbs(state.range(0), 1);
  const std::vector<std::uint64_t> b = random_limbs(state.range(0), 2);
  for (auto _ : state) {
    std::vector<std::uint64_t> product = on2_bench::textbook_product(a, b);
    benchmark::DoNotOptimize(product);
  }
}

BENCHMARK(b6_ours)
    ->Arg(1 << 10)
    ->Arg(1 << 13)
    ->Arg(1 << 16)
    ->Arg(1 << 20)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(b6_textbook)
    ->Arg(1 << 10)
    ->Arg(1 << 13)
    ->Arg(1 << 16)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
// One textbook product of 2^20 bits takes about 30 s on the 2-core CI machine (measured 29.9 s
// for a single call), more than the ~10 s a benchmark should repeat for, so it runs once.
BENCHMARK(b6_textbook)->Arg(1 << 20)->Iterations(1)->Unit(benchmark::kMicrosecond)->UseRealTime();

[[maybe_unused]] const bool pairs_registered = [] {
  for (int log_bits : {10, 13, 16, 20}) {
    const std::string bits = std::to_string(1 << log_bits);
    on2_bench::register_ratio_pair({"B6 product of 2^" + std::to_string(log_bits) + "-bit nimbers",
                                    "b6_ours/" + bits, "b6_textbook/" + bits, 1});
  }
  return true;
}();

}  // namespace
