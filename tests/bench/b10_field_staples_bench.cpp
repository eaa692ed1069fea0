// B10: the field staples of issue 20. Discrete logarithms in GF(2^64) and GF(2^128) (the nimbers
// below 2^64 and 2^128, base the least primitive element) against PARI/GP's fflog in fields of
// the same size that gp builds itself (ffinit, base ffprimroot), gp run as a subprocess that
// times itself with getabstime() in the same benchmark run (without gp the baseline is skipped
// with a note). Also primitive(a) and order(a) in GF(2^1024) and in the fields of transfinite a
// of degree 1260 ([ω^(ω^2+ω+3)·12], issue 20's example), 660 and 630, whose goal is under
// 10 ms each; no baseline there. The _first cases run in a fresh context each time, so they
// build the tower field as the first call of a session does (the process's own tables, built
// once, are not in them: tests/bench/field_staples_first_call.sh times whole processes); the
// others reuse the context's kept field (cas/tower/tower_field_cache.hpp), as later calls do.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/discrete_log.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/primitive_elements.hpp"
#include "cas/tower/random_elements.hpp"
#include "cas/tower/tower.hpp"
#include "gp_subprocess.hpp"
#include "ratio_reporter.hpp"

namespace {

constexpr int logs_per_size = 8;

cas::ordinal power_of_two(unsigned k) {
  return cas::ordinal(cas::nimber(cas::integer(1) << k));
}

void b10_log_ours(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const cas::ordinal g = cas::primitive_element(power_of_two(bits - 1));
  std::mt19937_64 random(5);
  std::vector<cas::ordinal> powers;
  for (int i = 0; i < logs_per_size; ++i) {
    cas::integer x = (cas::integer(random()) << 64) + random();
    powers.push_back(cas::nim_pow(g, x));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto x = cas::discrete_log(powers[i++ % powers.size()], g);
    benchmark::DoNotOptimize(x);
  }
}

// Milliseconds per fflog call as PARI measures it, or a negative number when gp is missing.
double pari_log_milliseconds(unsigned bits, int count) {
  const std::string script_name = "b10_" + std::to_string(bits);
  std::ostringstream script;
  script << "default(parisize, 200000000);\nsetrand(1);\n"
         << "a = ffgen(ffinit(2, " << bits << "), 'a); g = ffprimroot(a);\n"
         << "B = vector(" << count << ", i, g^random(2^" << bits << "));\n"
         << "o = 2^" << bits << " - 1; fflog(B[1], g, o);\n"  // factors o once, outside the timing
         << "t = getabstime(); for (i = 1, #B, fflog(B[i], g, o)); "
         << "print((getabstime() - t) * 1.0 / #B);\n";
  return on2_bench::gp_script_number(script_name, script.str());
}

void b10_log_pari(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const double ms = pari_log_milliseconds(bits, bits == 64 ? 400 : logs_per_size);
  if (ms < 0) {
    state.SkipWithError("gp (PARI/GP) is not installed: ./setup.sh --bench installs pari-gp");
    return;
  }
  for (auto _ : state) state.SetIterationTime(ms / 1000);
}

// [ω^(ω^2+ω+3)·12] = κ_7·κ_5·κ_9·12: degree 7·5·9·4 = 1260.
cas::ordinal degree_1260_element() {
  return cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{3, 1, 1}),
                            cas::nimber(12));
}

// Transfinite elements by degree: 1260 above; [ω^(ω^3+ω+1)·4] = κ_11·κ_5·κ_3·4: 11·5·3·4 = 660,
// each generating its whole tower field; and g^(2^630 + 1) for g = primitive(1260 element): degree
// 630 inside GF(2^1260), where primitive(a) needs the echelon form of GF(2^630). (Degree 1155 lies
// only in fields of degree 4620 and up: the sweep has it. Degree 1206 lies only in fields of degree
// 132660 and up, where a product costs milliseconds: not measured.)
cas::ordinal element_of_degree(std::int64_t degree) {
  switch (degree) {
    case 1260:
      return degree_1260_element();
    case 660:
      return cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{1, 1, 0, 1}),
                                cas::nimber(4));
    case 630:
      return cas::nim_pow(cas::primitive_element(degree_1260_element()),
                          (cas::integer(1) << 630) + 1);
    default:
      throw std::invalid_argument("no B10 element of this degree");
  }
}

void b10_primitive_gf2_1024(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(cas::primitive_element(power_of_two(1023)));
}
void b10_order_gf2_1024(benchmark::State& state) {
  const cas::ordinal a(cas::nimber((cas::integer(1) << 1023) + 12345));
  for (auto _ : state) benchmark::DoNotOptimize(cas::nim_order(a));
}
void b10_primitive(benchmark::State& state) {
  const cas::ordinal a = element_of_degree(state.range(0));
  if (cas::nim_degree(a) != static_cast<std::uint64_t>(state.range(0))) {
    state.SkipWithError("the element has another degree");
    return;
  }
  cas::context ctx;
  for (auto _ : state) benchmark::DoNotOptimize(cas::primitive_element(a, ctx));
}
void b10_order(benchmark::State& state) {
  const cas::ordinal a = element_of_degree(state.range(0));
  cas::context ctx;
  for (auto _ : state) benchmark::DoNotOptimize(cas::nim_order(a, ctx));
}
void b10_primitive_first(benchmark::State& state) {
  const cas::ordinal a = element_of_degree(state.range(0));
  for (auto _ : state) {
    cas::context ctx;
    benchmark::DoNotOptimize(cas::primitive_element(a, ctx));
  }
}
void b10_order_first(benchmark::State& state) {
  const cas::ordinal a = element_of_degree(state.range(0));
  for (auto _ : state) {
    cas::context ctx;
    benchmark::DoNotOptimize(cas::nim_order(a, ctx));
  }
}

// The sweep (issue 20: every degree ≤ 1206 under 10 ms): subfields of GF(2^1260), GF(2^660),
// GF(2^1980), GF(2^2040) and GF(2^4620) (F₂(a) a proper subfield of its tower field: the echelon
// basis and the layered test), random elements of the degree-630 subfield, and sums of random terms
// ω^β·c below ω^(ω^3), c < 16.
struct sweep_case {
  std::string name;
  cas::ordinal a;
};

const std::vector<sweep_case>& sweep_cases() {
  static const std::vector<sweep_case> cases = [] {
    std::vector<sweep_case> list;
    const cas::ordinal g = cas::primitive_element(degree_1260_element());
    const cas::integer order = (cas::integer(1) << 1260) - 1;
    for (const unsigned m : {630u, 420u, 315u, 252u, 180u}) {
      list.push_back({std::to_string(m) + " in GF(2^1260)",
                      cas::nim_pow(g, order / ((cas::integer(1) << m) - 1))});
    }
    const cas::ordinal h = cas::primitive_element(element_of_degree(660));
    list.push_back({"330 in GF(2^660)", cas::nim_pow(h, (cas::integer(1) << 330) + 1)});
    // [ω^(ω^3+ω+3)·2] = κ_11·κ_5·κ_9·2 and [ω^(ω^5+ω+1)·4] = κ_17·κ_5·κ_3·4 span fields of degree
    // 1980 and 2040, whose subfields of degree 990 and 1020 are the nearest to 1206 found.
    for (const auto& [digits, c, m] :
         {std::tuple{std::vector<cas::integer>{3, 1, 0, 1}, 2u, 990u},
          std::tuple{std::vector<cas::integer>{1, 1, 0, 0, 0, 1}, 4u, 1020u}}) {
      const cas::ordinal top = cas::ordinal::term(cas::small_ordinal(digits), cas::nimber(c));
      const std::uint64_t n = cas::nim_degree(top);
      const cas::integer cofactor =
          ((cas::integer(1) << static_cast<unsigned>(n)) - 1) / ((cas::integer(1) << m) - 1);
      list.push_back({std::to_string(m) + " in GF(2^" + std::to_string(n) + ")",
                      cas::nim_pow(cas::primitive_element(top), cofactor)});
    }
    // 1155 = 3·5·7·11 lies only in fields of degree 4620 and up: the norm of [ω^(ω^3+ω^2+ω+1)·4]
    // + 3 (of degree 4620) down to GF(2^1155).
    {
      const cas::ordinal x =
          cas::nim_add(cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{1, 1, 1, 1}),
                                          cas::nimber(4)),
                       cas::ordinal(cas::nimber(3)));
      const cas::integer cofactor =
          ((cas::integer(1) << 4620) - 1) / ((cas::integer(1) << 1155) - 1);
      list.push_back({"1155 in GF(2^4620)", cas::nim_pow(x, cofactor)});
    }
    cas::context random_context;  // its generator's fixed seed: the same draws every run
    for (int i = 0; i < 3; ++i) {
      list.push_back({"random in GF(2^630) #" + std::to_string(i),
                      cas::random_element(list[0].a, random_context)});
    }
    std::mt19937_64 random(20);
    for (int i = 0; i < 6; ++i) {
      cas::ordinal x;
      for (std::uint64_t t = 0, terms = 1 + random() % 3; t < terms; ++t) {
        const std::vector<cas::integer> digits{random() % 5, random() % 3, random() % 2};
        x = cas::nim_add(
            x, cas::ordinal::term(cas::small_ordinal(digits), cas::nimber(1 + random() % 15)));
      }
      list.push_back({"below ω^(ω^3) #" + std::to_string(i), x});
    }
    return list;
  }();
  return cases;
}

void b10_primitive_sweep(benchmark::State& state) {
  const sweep_case& c = sweep_cases()[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(c.name + ", degree " + std::to_string(cas::nim_degree(c.a)));
  cas::context ctx;
  for (auto _ : state) benchmark::DoNotOptimize(cas::primitive_element(c.a, ctx));
}
void b10_order_sweep(benchmark::State& state) {
  const sweep_case& c = sweep_cases()[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(c.name + ", degree " + std::to_string(cas::nim_degree(c.a)));
  cas::context ctx;
  for (auto _ : state) benchmark::DoNotOptimize(cas::nim_order(c.a, ctx));
}

// Degree 1206 = 2·3²·67 (issue 20's largest degree): its least tower field is GF(2^132660) =
// GF(2^36)(κ_5, κ_11, κ_67), where a product costs about 5 ms; the trace down to GF(2^1206) of a
// pseudo-random element (a dense ordinal of about 33000 terms). The Kummer step's small copies
// (docs/theory.md, "Minimal polynomials through the top step").
const cas::ordinal& degree_1206_element() {
  static const cas::ordinal a = [] {
    const cas::tower_field field =
        cas::tower_field::spanning({cas::kappa_of_prime_power(67), cas::kappa_of_prime_power(9)});
    cas::tower_field::element y(field.words());
    std::mt19937_64 random(1206);
    const std::uint64_t mask = (std::uint64_t{1} << field.base_bits()) - 1;
    for (std::uint64_t& w : y) w = random() & mask;
    return field.to_ordinal(field.trace_to_subfield(y, 1206));
  }();
  return a;
}
void b10_degree_1206(benchmark::State& state) {
  const cas::ordinal& a = degree_1206_element();
  cas::context ctx;  // the field and the copies' structure are made before the timed calls
  benchmark::DoNotOptimize(cas::nim_minpoly(a, ctx));
  for (auto _ : state) {
    switch (state.range(0)) {
      case 0:
        benchmark::DoNotOptimize(cas::nim_order(a, ctx));
        break;
      case 1:
        benchmark::DoNotOptimize(cas::is_primitive(a, ctx));
        break;
      case 2:
        benchmark::DoNotOptimize(cas::nim_minpoly(a, ctx));
        break;
      default:
        benchmark::DoNotOptimize(cas::primitive_element(a, ctx));
        break;
    }
  }
  state.SetLabel(std::vector<std::string>{"order", "is_primitive", "minpoly", "primitive"}.at(
      static_cast<std::size_t>(std::min<std::int64_t>(state.range(0), 3))));
}
// A fresh context each call: the first call of a session, which makes the field's Frobenius plans
// and the Kummer copies' structure.
void b10_degree_1206_first(benchmark::State& state) {
  const cas::ordinal& a = degree_1206_element();
  for (auto _ : state) {
    cas::context ctx;
    if (state.range(0) == 0) {
      benchmark::DoNotOptimize(cas::nim_order(a, ctx));
    } else {
      benchmark::DoNotOptimize(cas::primitive_element(a, ctx));
    }
  }
  state.SetLabel(state.range(0) == 0 ? "order" : "primitive");
}

// Elements of degree d ≤ 1206 with a large prime factor: the trace down to GF(2^d) of a
// pseudo-random element of the least tower field holding GF(2^d), which spans κ_q for the prime
// powers q listed. These fields are far larger than d (GF(2^379) lies first in GF(2^143262));
// the Kummer step's small copies and the echelon basis of the top step's lines.
struct large_prime_case {
  std::uint64_t degree;
  std::vector<std::uint64_t> prime_powers;
};
const std::vector<large_prime_case> large_prime_cases{{94, {47, 2}}, {257, {257}}, {379, {379}},
                                                      {433, {433}},  {641, {641}}, {938, {67, 7}}};

cas::ordinal large_prime_element(const large_prime_case& c, std::uint64_t& field_degree) {
  std::vector<cas::ordinal> generators;
  for (const std::uint64_t q : c.prime_powers) generators.push_back(cas::kappa_of_prime_power(q));
  const cas::tower_field field = cas::tower_field::spanning(generators);
  field_degree = field.degree().convert_to<std::uint64_t>();
  cas::tower_field::element y(field.words());
  std::mt19937_64 random(c.degree);
  const std::uint64_t mask =
      field.base_bits() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.base_bits()) - 1;
  for (std::uint64_t& w : y) w = random() & mask;
  return field.to_ordinal(field.trace_to_subfield(y, c.degree));
}
// Arg 2·i: order, 2·i + 1: primitive, of case i, in a kept context.
void b10_large_prime_degree(benchmark::State& state) {
  const large_prime_case& c = large_prime_cases.at(static_cast<std::size_t>(state.range(0) / 2));
  const bool primitive = state.range(0) % 2 != 0;
  std::uint64_t field_degree = 0;
  const cas::ordinal a = large_prime_element(c, field_degree);
  cas::context ctx;  // the field's plans and the copies' structure before the timed calls
  benchmark::DoNotOptimize(cas::nim_order(a, ctx));
  for (auto _ : state) {
    if (primitive) {
      benchmark::DoNotOptimize(cas::primitive_element(a, ctx));
    } else {
      benchmark::DoNotOptimize(cas::nim_order(a, ctx));
    }
  }
  state.SetLabel(std::string(primitive ? "primitive" : "order") + ", degree " +
                 std::to_string(c.degree) + " in GF(2^" + std::to_string(field_degree) + ")");
}

BENCHMARK(b10_log_ours)->Arg(64)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b10_log_ours)
    ->Arg(128)
    ->Iterations(logs_per_size)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(b10_log_pari)
    ->Arg(64)
    ->Arg(128)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(b10_primitive_gf2_1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(b10_order_gf2_1024)->Unit(benchmark::kMillisecond)->UseRealTime();
// CPU and real time are both printed: the machine may be shared.
BENCHMARK(b10_primitive)->Arg(1260)->Arg(660)->Arg(630)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_order)->Arg(1260)->Arg(660)->Arg(630)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_primitive_sweep)->DenseRange(0, 17)->Unit(benchmark::kMillisecond)->MinTime(0.05);
BENCHMARK(b10_order_sweep)->DenseRange(0, 17)->Unit(benchmark::kMillisecond)->MinTime(0.05);
BENCHMARK(b10_primitive_first)->Arg(1260)->Arg(660)->Arg(630)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_order_first)->Arg(1260)->Arg(660)->Arg(630)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_degree_1206)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->MinTime(0.1);
BENCHMARK(b10_degree_1206)->Arg(3)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_degree_1206_first)->DenseRange(0, 1)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(b10_large_prime_degree)->DenseRange(0, 11)->Unit(benchmark::kMillisecond)->MinTime(0.1);

[[maybe_unused]] const bool pairs_registered = [] {
  for (const char* bits : {"64", "128"}) {
    on2_bench::register_ratio_pair({"B10 log(b, g) in GF(2^" + std::string(bits) + ")",
                                    "b10_log_ours/" + std::string(bits),
                                    "b10_log_pari/" + std::string(bits), 1});
  }
  return true;
}();

}  // namespace
