// B8: nim products of random transfinite nimbers that fill their field, in the fields of κ_11
// (GF(2^220)), κ_29's (GF(2^2436)) and κ_23 (GF(2^5060), the field of α_47). Ours: the
// materialised tower field (cas/tower/tower.hpp), conversions from and to Cantor normal form
// included. Baseline: the plain term-pair product over κ-monomials (cas::nim_mul_terms).
// Issue 19's "one arithmetic path": cas::nim_mul itself (which chooses the tower for such
// operands) against cas::nim_inv in the same field, in the fields of κ_53 (GF(2^8268)) and κ_67
// (GF(2^44220)); the goal is nim_mul within 3× of nim_inv (a ratio inv/mul of at least 0.33).

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/tower.hpp"
#include "ratio_reporter.hpp"

namespace {

// ω^(ω^position): κ of the odd prime at that position.
cas::ordinal kappa_at(std::size_t position) {
  return cas::ordinal::term(cas::small_ordinal::omega_power(position, 1), cas::nimber(1));
}

// A random element of the tower field of κ_(prime at position): every word random.
cas::ordinal random_dense(std::size_t position, std::uint64_t seed) {
  const cas::tower_field field = cas::tower_field::spanning({kappa_at(position)});
  std::mt19937_64 random(seed);
  cas::tower_field::element x(field.words());
  const std::uint64_t mask =
      field.base_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.base_bits()) - 1;
  for (auto& w : x) w = random() & mask;
  return field.to_ordinal(x);
}

void b8_ours(benchmark::State& state) {
  const auto position = static_cast<std::size_t>(state.range(0));
  const cas::ordinal a = random_dense(position, 1), b = random_dense(position, 2);
  for (auto _ : state) {
    const cas::tower_field field = cas::tower_field::spanning({a, b});
    cas::ordinal product =
        field.to_ordinal(field.mul(field.from_ordinal(a), field.from_ordinal(b)));
    benchmark::DoNotOptimize(product);
  }
}

void b8_schoolbook(benchmark::State& state) {
  const auto position = static_cast<std::size_t>(state.range(0));
  const cas::ordinal a = random_dense(position, 1), b = random_dense(position, 2);
  for (auto _ : state) {
    cas::ordinal product = cas::nim_mul_terms(a, b);
    benchmark::DoNotOptimize(product);
  }
}

// cas::nim_mul as every caller gets it, and the inverse in the same field.
void b8_nim_mul(benchmark::State& state) {
  const auto position = static_cast<std::size_t>(state.range(0));
  const cas::ordinal a = random_dense(position, 1), b = random_dense(position, 2);
  for (auto _ : state) {
    cas::ordinal product = cas::nim_mul(a, b);
    benchmark::DoNotOptimize(product);
  }
}

void b8_nim_inv(benchmark::State& state) {
  const auto position = static_cast<std::size_t>(state.range(0));
  const cas::ordinal a = random_dense(position, 1);
  for (auto _ : state) {
    cas::ordinal inverse = cas::nim_inv(a);
    benchmark::DoNotOptimize(inverse);
  }
}

// Plain tower products and squares, no conversions: the fields of [ω^(ω^5+ω+1)·4] (GF(2^2040),
// a packed base of 24 bits under steps of degree 5 and 17) and [ω^(ω^3+ω+3)·2] (GF(2^1980), 20
// bits under 9 and 11), where issue 20's hardest sweep cases spend their time.
cas::ordinal field_top(std::size_t which) {
  return which == 2040
             ? cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{1, 1, 0, 0, 0, 1}),
                                  cas::nimber(4))
             : cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{3, 1, 0, 1}),
                                  cas::nimber(2));
}

cas::tower_field::element random_tower_element(const cas::tower_field& field, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  cas::tower_field::element x(field.words());
  const std::uint64_t mask =
      field.base_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.base_bits()) - 1;
  for (auto& w : x) w = random() & mask;
  return x;
}

void b8_tower_mul(benchmark::State& state) {
  const cas::tower_field field =
      cas::tower_field::spanning({field_top(static_cast<std::size_t>(state.range(0)))});
  const auto x = random_tower_element(field, 1), y = random_tower_element(field, 2);
  state.SetLabel("GF(2^" + field.degree().str() + ")");
  for (auto _ : state) benchmark::DoNotOptimize(field.mul(x, y));
}

void b8_tower_square(benchmark::State& state) {
  const cas::tower_field field =
      cas::tower_field::spanning({field_top(static_cast<std::size_t>(state.range(0)))});
  const auto x = random_tower_element(field, 1);
  state.SetLabel("GF(2^" + field.degree().str() + ")");
  for (auto _ : state) benchmark::DoNotOptimize(field.square(x));
}

BENCHMARK(b8_tower_mul)->Arg(2040)->Arg(1980)->Unit(benchmark::kMicrosecond);
BENCHMARK(b8_tower_square)->Arg(2040)->Arg(1980)->Unit(benchmark::kMicrosecond);

// Positions 14 (κ_53, E = 8268) and 17 (κ_67, E = 44220).
BENCHMARK(b8_nim_mul)->Arg(14)->Arg(17)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b8_nim_inv)->Arg(14)->Arg(17)->Unit(benchmark::kMillisecond)->UseRealTime();

// Positions 3 (κ_11, E = 220), 8 (κ_29, E = 2436) and 7 (κ_23, E = 5060).
BENCHMARK(b8_ours)->Arg(3)->Arg(8)->Arg(7)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b8_schoolbook)->Arg(3)->Unit(benchmark::kMillisecond)->UseRealTime();
// The schoolbook product of two dense elements of GF(2^2436) or GF(2^5060) takes seconds: once.
BENCHMARK(b8_schoolbook)
    ->Arg(8)
    ->Arg(7)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

[[maybe_unused]] const bool pairs_registered = [] {
  on2_bench::register_ratio_pair(
      {"B8 ordinal product in GF(2^220)", "b8_ours/3", "b8_schoolbook/3", 1});
  on2_bench::register_ratio_pair(
      {"B8 ordinal product in GF(2^2436)", "b8_ours/8", "b8_schoolbook/8", 1});
  on2_bench::register_ratio_pair(
      {"B8 ordinal product in GF(2^5060)", "b8_ours/7", "b8_schoolbook/7", 1});
  on2_bench::register_ratio_pair(
      {"B8 nim_mul against nim_inv in GF(2^8268)", "b8_nim_mul/14", "b8_nim_inv/14", 1});
  on2_bench::register_ratio_pair(
      {"B8 nim_mul against nim_inv in GF(2^44220)", "b8_nim_mul/17", "b8_nim_inv/17", 1});
  return true;
}();

}  // namespace
