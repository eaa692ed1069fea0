// B6: the product of two random nimbers of 2^10, 2^13, 2^16 and 2^20 bits, ours (cas::nim_mul)
// against the textbook recursion of docs/spec/arithmetic.md §2 at the same size and against gf2x's
// product in GF(2)[x] of the same size (when built with it), the latter also at 2^22 and 2^24 bits
// (issue 19's goal for quasi-linear products); our square and inverse against our product. The
// argument is the size in bits.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#ifdef ON2_HAVE_GF2X
#include <gf2x.h>
#endif

#include "baselines/textbook_product.hpp"
#include "cas/finite/nimber.hpp"
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

void b6_ours_square(benchmark::State& state) {
  const cas::nimber a = cas::nimber::from_limbs(random_limbs(state.range(0), 1));
  for (auto _ : state) {
    cas::nimber square = cas::nim_square(a);
    benchmark::DoNotOptimize(square);
  }
}

void b6_ours_inverse(benchmark::State& state) {
  const cas::nimber a = cas::nimber::from_limbs(random_limbs(state.range(0), 1));
  for (auto _ : state) {
    cas::nimber inverse = cas::nim_inv(a);
    benchmark::DoNotOptimize(inverse);
  }
}

#ifdef ON2_HAVE_GF2X
// The product in GF(2)[x] of two polynomials of the same size, without reduction: what a
// polynomial-basis representation would pay for the multiplication alone.
void b6_gf2x(benchmark::State& state) {
  const std::vector<std::uint64_t> a = random_limbs(state.range(0), 1);
  const std::vector<std::uint64_t> b = random_limbs(state.range(0), 2);
  std::vector<unsigned long> product(2 * a.size());
  static_assert(sizeof(unsigned long) == sizeof(std::uint64_t));
  for (auto _ : state) {
    gf2x_mul(product.data(), reinterpret_cast<const unsigned long*>(a.data()), a.size(),
             reinterpret_cast<const unsigned long*>(b.data()), b.size());
    benchmark::DoNotOptimize(product.data());
  }
}
BENCHMARK(b6_gf2x)
    ->Arg(1 << 16)
    ->Arg(1 << 20)
    ->Arg(1 << 22)
    ->Arg(1 << 24)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
#endif

BENCHMARK(b6_ours_square)->Arg(1 << 16)->Arg(1 << 20)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(b6_ours_inverse)
    ->Arg(1 << 16)
    ->Arg(1 << 20)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(b6_ours)
    ->Arg(1 << 10)
    ->Arg(1 << 13)
    ->Arg(1 << 16)
    ->Arg(1 << 20)
    ->Arg(1 << 22)
    ->Arg(1 << 24)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(b6_textbook)
    ->Arg(1 << 10)
    ->Arg(1 << 13)
    ->Arg(1 << 16)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
// One textbook product of 2^20 bits takes longer than the ~10 s a benchmark should repeat for
// (docs/benchmarks.md), so it runs once.
BENCHMARK(b6_textbook)->Arg(1 << 20)->Iterations(1)->Unit(benchmark::kMicrosecond)->UseRealTime();

[[maybe_unused]] const bool pairs_registered = [] {
  for (int log_bits : {10, 13, 16, 20}) {
    const std::string bits = std::to_string(1 << log_bits);
    on2_bench::register_ratio_pair({"B6 product of 2^" + std::to_string(log_bits) + "-bit nimbers",
                                    "b6_ours/" + bits, "b6_textbook/" + bits, 1});
  }
  for (int log_bits : {16, 20}) {
    const std::string bits = std::to_string(1 << log_bits), size = "2^" + std::to_string(log_bits);
    on2_bench::register_ratio_pair({"B6 " + size +
                                        " bits, ours against gf2x's GF(2)[x] product "
                                        "(goal ≥ 0.5 at 2^16, ≥ 0.33 at 2^20)",
                                    "b6_ours/" + bits, "b6_gf2x/" + bits, 1});
    on2_bench::register_ratio_pair({"B6 " + size + " bits, square against our product (goal ≥ 5)",
                                    "b6_ours_square/" + bits, "b6_ours/" + bits, 1});
    on2_bench::register_ratio_pair(
        {"B6 " + size + " bits, inverse against our product (goal ≥ 0.625)",
         "b6_ours_inverse/" + bits, "b6_ours/" + bits, 1});
  }
  for (int log_bits : {22, 24}) {
    const std::string bits = std::to_string(1 << log_bits), size = "2^" + std::to_string(log_bits);
    on2_bench::register_ratio_pair({"B6 " + size +
                                        " bits, ours against gf2x's GF(2)[x] product "
                                        "(issue 19's goal ≥ 0.77, within 1.3x)",
                                    "b6_ours/" + bits, "b6_gf2x/" + bits, 1});
  }
  return true;
}();

}  // namespace
