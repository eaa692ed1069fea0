// B2: the 64-bit square, square root and inverse on 10^6 random nimbers from an array in memory
// (independent inputs: throughput), ours against the generic product (square), 63 generic
// squarings (square root) and on2's previous inverse, the norm recursion on general 64-bit
// products; and the batch API (arrays in, arrays out) against ours one at a time. Time is real
// time; "per_op" is ns per operation.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "baselines/previous_inverse.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "ratio_reporter.hpp"

namespace {

constexpr std::size_t operand_count = 1'000'000;

// Built on first use and shared; nonzero, so every one has an inverse.
const std::vector<std::uint64_t>& operands() {
  static const std::vector<std::uint64_t> values = [] {
    std::mt19937_64 random(20261130);  // fixed seed: runs are comparable
    std::vector<std::uint64_t> made(operand_count);
    for (std::uint64_t& x : made) {
      do x = random();
      while (x == 0);
    }
    return made;
  }();
  return values;
}

// Runs `f` on the first `count` operands each iteration and reports the time per operation. The
// arrays are held by local pointers: through the vector, every call (which might change it, as
// far as the compiler knows) made the loop reload the vector's data pointer before the operand.
template <class F>
void run_map(benchmark::State& state, std::size_t count, F f) {
  const std::uint64_t* const in = operands().data();
  std::vector<std::uint64_t> results(count);
  std::uint64_t* const out = results.data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < count; ++i) out[i] = f(in[i]);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.counters["per_op"] = on2_bench::per_operation(count);
}

void b2_square_ours(benchmark::State& state) {
  run_map(state, operand_count, [](std::uint64_t x) { return cas::nim_square64(x); });
}
void b2_square_product(benchmark::State& state) {
  run_map(state, operand_count, [](std::uint64_t x) { return on2_bench::square_by_product(x); });
}
void b2_sqrt_ours(benchmark::State& state) {
  run_map(state, operand_count, [](std::uint64_t x) { return cas::nim_sqrt64(x); });
}
void b2_sqrt_squarings(benchmark::State& state) {
  run_map(state, operand_count, [](std::uint64_t x) { return on2_bench::sqrt_by_squarings(x); });
}
void b2_inverse_ours(benchmark::State& state) {
  run_map(state, operand_count, [](std::uint64_t x) { return cas::nim_inv64(x); });
}
void b2_inverse_norm_recursion(benchmark::State& state) {
  run_map(state, operand_count,
          [](std::uint64_t x) { return on2_bench::norm_recursion_inverse(x); });
}

// The same operations through the batch API (arrays in, arrays out).
template <void (*batch)(const std::uint64_t*, std::uint64_t*, std::size_t)>
void run_batch(benchmark::State& state) {
  const std::vector<std::uint64_t>& in = operands();
  std::vector<std::uint64_t> out(operand_count);
  for (auto _ : state) {
    batch(in.data(), out.data(), operand_count);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["per_op"] = on2_bench::per_operation(operand_count);
}
void b2_square_batch(benchmark::State& state) {
  run_batch<cas::nim_square64_batch>(state);
}
void b2_sqrt_batch(benchmark::State& state) {
  run_batch<cas::nim_sqrt64_batch>(state);
}
void b2_inverse_batch(benchmark::State& state) {
  run_batch<cas::nim_inv64_batch>(state);
}

BENCHMARK(b2_square_ours)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_square_batch)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_sqrt_batch)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_inverse_batch)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_square_product)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_sqrt_ours)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_sqrt_squarings)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_inverse_ours)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b2_inverse_norm_recursion)->Unit(benchmark::kMillisecond)->UseRealTime();

constexpr auto per_iteration = static_cast<double>(operand_count);
[[maybe_unused]] const bool pairs_registered =
    on2_bench::register_ratio_pair({"B2 64-bit square vs generic product", "b2_square_ours",
                                    "b2_square_product", per_iteration}) &&
    on2_bench::register_ratio_pair({"B2 64-bit square root vs 63 generic squarings", "b2_sqrt_ours",
                                    "b2_sqrt_squarings", per_iteration}) &&
    on2_bench::register_ratio_pair({"B2 64-bit inverse vs previous norm recursion",
                                    "b2_inverse_ours", "b2_inverse_norm_recursion",
                                    per_iteration}) &&
    on2_bench::register_ratio_pair({"B2 64-bit square, batch vs one at a time", "b2_square_batch",
                                    "b2_square_ours", per_iteration}) &&
    on2_bench::register_ratio_pair({"B2 64-bit square root, batch vs one at a time",
                                    "b2_sqrt_batch", "b2_sqrt_ours", per_iteration}) &&
    on2_bench::register_ratio_pair({"B2 64-bit inverse, batch vs one at a time", "b2_inverse_batch",
                                    "b2_inverse_ours", per_iteration});

}  // namespace
