// B1: 10^7 random 64-bit nim products from arrays in memory, ours against the competitive
// programmers' 16-bit log/exp-table product, and the batch against the memory floor. Time is real
// time; "per_product" is ns per product.

#include <benchmark/benchmark.h>
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "baselines/competitive_programming_product.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"  // white-box: the portable path itself
#include "ratio_reporter.hpp"

namespace {

constexpr std::size_t product_count = 10'000'000;

struct operand_arrays {
  std::vector<std::uint64_t> a;
  std::vector<std::uint64_t> b;
};

// Built on first use and shared, so every B1 benchmark multiplies the same numbers.
const operand_arrays& operands() {
  static const operand_arrays arrays = [] {
    std::mt19937_64 random(20240601);  // fixed seed: runs are comparable
    operand_arrays made{std::vector<std::uint64_t>(product_count),
                        std::vector<std::uint64_t>(product_count)};
    for (std::size_t i = 0; i < product_count; ++i) {
      made.a[i] = random();
      made.b[i] = random();
    }
    return made;
  }();
  return arrays;
}

const on2_bench::competitive_programming_product& baseline() {
  static const on2_bench::competitive_programming_product product;  // tables built once
  return product;
}

// Runs `multiply_all(a, b, out)` over the arrays and reports the time per product.
template <class MultiplyAll>
void run_products(benchmark::State& state, MultiplyAll multiply_all) {
  const operand_arrays& in = operands();
  std::vector<std::uint64_t> out(product_count);
  for (auto _ : state) {
    multiply_all(in.a.data(), in.b.data(), out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["per_product"] = on2_bench::per_operation(product_count);
}

void b1_ours_batch(benchmark::State& state) {
  run_products(state, [](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    cas::nim_mul64_batch(a, b, out, product_count);
  });
}

void b1_ours_scalar_loop(benchmark::State& state) {
  run_products(state, [](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    for (std::size_t i = 0; i < product_count; ++i) out[i] = cas::nim_mul64(a[i], b[i]);
  });
}

// The portable fallback (no PCLMULQDQ), for information: what machines without it get.
void b1_ours_portable_loop(benchmark::State& state) {
  run_products(state, [](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    for (std::size_t i = 0; i < product_count; ++i) {
      out[i] = cas::detail::nim_mul64_portable(a[i], b[i]);
    }
  });
}

void b1_competitive_programming(benchmark::State& state) {
  const on2_bench::competitive_programming_product& product = baseline();
  run_products(state, [&](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    for (std::size_t i = 0; i < product_count; ++i) out[i] = product.multiply(a[i], b[i]);
  });
}

// The memory floor: the same three arrays streamed with no arithmetic but a XOR. A batch cannot
// beat it; the goal is the batch within 1.3× of it.
void b1_memory_floor(benchmark::State& state) {
  run_products(state, [](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    for (std::size_t i = 0; i < product_count; ++i) out[i] = a[i] ^ b[i];
  });
}

// The same with non-temporal stores (no read of the output lines before they are written), the
// way the batch writes batches this large: the lower floor.
void b1_memory_floor_streaming(benchmark::State& state) {
  run_products(state, [](const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) {
    for (std::size_t i = 0; i < product_count; ++i) {
      _mm_stream_si64(reinterpret_cast<long long*>(out + i), static_cast<long long>(a[i] ^ b[i]));
    }
    _mm_sfence();
  });
}

// 128-bit products: ours (nim_mul128) against the competitive programmers' method one level up,
// the Karatsuba step of docs/spec/arithmetic.md §2 over their 64-bit product (c2 ⊗ 2^63 as one more
// product).
constexpr std::size_t product128_count = 1'000'000;

const std::vector<cas::nim128>& operands128() {
  static const std::vector<cas::nim128> values = [] {
    std::mt19937_64 random(20240602);
    std::vector<cas::nim128> made(2 * product128_count);
    for (cas::nim128& v : made) v = {random(), random()};
    return made;
  }();
  return values;
}

// The loop calls the product itself, not a lambda around it, and stores what it returns straight
// into out[i]. Through a lambda GCC 12 copied each result through the stack: two 8-byte stores
// and a 16-byte reload that store forwarding cannot serve, a visible part of our one-at-a-time
// product's time (docs/benchmarks.md).
// Both sides take their operands by reference, as nim_mul128 does.
template <cas::nim128 (*multiply)(const cas::nim128&, const cas::nim128&)>
void run_products128(benchmark::State& state) {
  const cas::nim128* const in = operands128().data();
  std::vector<cas::nim128> results(product128_count);
  cas::nim128* const out = results.data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < product128_count; ++i) out[i] = multiply(in[2 * i], in[2 * i + 1]);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.counters["per_product"] = on2_bench::per_operation(product128_count);
}

void b1_ours_mul128(benchmark::State& state) {
  run_products128<cas::nim_mul128>(state);
}

// The same products through the batch API (arrays in, arrays out).
void b1_ours_mul128_batch(benchmark::State& state) {
  const std::vector<cas::nim128>& in = operands128();
  std::vector<cas::nim128> a(product128_count), b(product128_count), out(product128_count);
  for (std::size_t i = 0; i < product128_count; ++i) a[i] = in[2 * i], b[i] = in[2 * i + 1];
  for (auto _ : state) {
    cas::nim_mul128_batch(a.data(), b.data(), out.data(), product128_count);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["per_product"] = on2_bench::per_operation(product128_count);
}

cas::nim128 competitive_programming_mul128(const cas::nim128& a, const cas::nim128& b) {
  const on2_bench::competitive_programming_product& product = baseline();
  const std::uint64_t c0 = product.multiply(a.lo, b.lo), c2 = product.multiply(a.hi, b.hi);
  const std::uint64_t c12 = product.multiply(a.lo ^ a.hi, b.lo ^ b.hi);
  return cas::nim128{c0 ^ product.multiply(c2, std::uint64_t{1} << 63), c12 ^ c0};
}

void b1_competitive_programming_mul128(benchmark::State& state) {
  run_products128<competitive_programming_mul128>(state);
}

BENCHMARK(b1_ours_batch)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_ours_mul128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_ours_mul128_batch)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_competitive_programming_mul128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_memory_floor)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_memory_floor_streaming)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_ours_scalar_loop)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_ours_portable_loop)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b1_competitive_programming)->Unit(benchmark::kMillisecond)->UseRealTime();

constexpr double products_per_iteration = static_cast<double>(product_count);
[[maybe_unused]] const bool pairs_registered =
    on2_bench::register_ratio_pair({"B1 64-bit product, batch", "b1_ours_batch",
                                    "b1_competitive_programming", products_per_iteration}) &&
    on2_bench::register_ratio_pair({"B1 batch against the memory floor (goal ≥ 0.77)",
                                    "b1_ours_batch", "b1_memory_floor", products_per_iteration}) &&
    on2_bench::register_ratio_pair({"B1 batch against the streaming memory floor", "b1_ours_batch",
                                    "b1_memory_floor_streaming", products_per_iteration}) &&
    on2_bench::register_ratio_pair({"B1 batch against our scalar loop", "b1_ours_batch",
                                    "b1_ours_scalar_loop", products_per_iteration}) &&
    on2_bench::register_ratio_pair({"B1 64-bit product, scalar loop", "b1_ours_scalar_loop",
                                    "b1_competitive_programming", products_per_iteration}) &&
    on2_bench::register_ratio_pair({"B1 128-bit product", "b1_ours_mul128",
                                    "b1_competitive_programming_mul128",
                                    static_cast<double>(product128_count)}) &&
    on2_bench::register_ratio_pair({"B1 128-bit product, batch", "b1_ours_mul128_batch",
                                    "b1_competitive_programming_mul128",
                                    static_cast<double>(product128_count)}) &&
    on2_bench::register_ratio_pair({"B1 64-bit product, portable fallback loop",
                                    "b1_ours_portable_loop", "b1_competitive_programming",
                                    products_per_iteration});

}  // namespace
