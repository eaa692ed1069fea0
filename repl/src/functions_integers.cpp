// Ordinary integer functions on naturals (docs/spec/language.md "Programs"): the finite nimbers
// read as the natural numbers they are. gcd is in functions_polynomials.cpp: two naturals give
// the integer gcd, a polynomial the polynomial one.

#include <boost/multiprecision/integer.hpp>

#include "cas/arith/integer_factoring.hpp"
#include "cas/arith/primality.hpp"
#include "cas/arith/primes.hpp"
#include "cas/finite/nimber.hpp"
#include "function_groups.hpp"
#include "language_limits.hpp"

namespace on2 {
namespace {

using args = function_arguments;

value natural_value(const cas::integer& n, const args& a) {
  return value(cas::nimber(n, a.context()));
}

cas::integer positive(const args& a, std::size_t i) {
  const cas::integer n = a.natural(i);
  if (n == 0) {
    a.fail(i, error_kind::math, a.function_name() + " needs " + a.parameter_name(i) + " ≥ 1.",
           "Signature: " + find_function(a.function_name())->signature + ".");
  }
  return n;
}

}  // namespace

void add_integer_functions(std::vector<function_entry>& r) {
  r.push_back({"lcm",
               2,
               2,
               "lcm(a, b)",
               "the least common multiple of the naturals a and b",
               {"lcm(4, 6)", "12"},
               [](const args& a) {
                 const cas::integer x = a.natural(0);
                 const cas::integer y = a.natural(1);
                 return natural_value(boost::multiprecision::lcm(x, y), a);
               }});
  r.push_back({"mod",
               2,
               2,
               "mod(a, n)",
               "the remainder of the natural a divided by n ≥ 1",
               {"mod(17, 5)", "2"},
               [](const args& a) {
                 const cas::integer n = positive(a, 1);
                 return natural_value(cas::integer(a.natural(0) % n), a);
               }});
  r.push_back({"div",
               2,
               2,
               "div(a, n)",
               "the quotient of the natural a by n ≥ 1, rounded down",
               {"div(17, 5)", "3"},
               [](const args& a) {
                 const cas::integer n = positive(a, 1);
                 return natural_value(cas::integer(a.natural(0) / n), a);
               }});
  r.push_back({"isprime",
               1,
               1,
               "isprime(n)",
               "whether the natural n is prime: exact below 2^64, above it a probable-prime test "
               "(Baillie–PSW, which no known composite passes; it is no proof, unlike PARI's "
               "isprime); n has at most max_prime_test_bits = 16384 bits",
               {"isprime([2^89 - 1])", "true"},
               [](const args& a) {
                 return value::boolean(cas::is_prime_natural(a.natural(0), a.context()));
               }});
  r.push_back({"primes",
               2,
               2,
               "primes(a, b)",
               "the list of the primes p with a ≤ p ≤ b (probable primes from 2^64 on, as isprime)",
               {"primes(10, 30)", "{11, 13, 17, 19, 23, 29}"},
               [](const args& a) {
                 const cas::integer low = a.natural(0);
                 const cas::integer high = a.natural(1);
                 // Each candidate costs a primality test: bound the search, not only the list.
                 constexpr std::uint64_t max_span = std::uint64_t{1} << 26;
                 if (high > low && high - low >= max_span) {
                   a.fail(1, error_kind::limit,
                          "primes(a, b) searches at most 2^26 numbers; b - a is larger.");
                 }
                 list out;
                 auto keep = [&](value p) {
                   if (out.size() == max_list_length) {
                     a.fail(1, error_kind::limit, list_too_long_message());
                   }
                   out.push_back(std::move(p));
                 };
                 const cas::integer word_end = cas::integer(1) << 64;
                 cas::integer n = low;
                 // Below 2^64 in machine words (the exact test), then as integers.
                 if (n < word_end) {
                   const auto first = static_cast<std::uint64_t>(n);
                   const cas::integer top = high < word_end ? high : cas::integer(word_end - 1);
                   const auto last = static_cast<std::uint64_t>(top);
                   for (std::uint64_t m = first; m <= last; ++m) {
                     if ((m & 0xffff) == 0) a.context().poll();
                     if (cas::is_prime(m)) keep(from_natural(m));
                     if (m == UINT64_MAX) break;
                   }
                   n = word_end;
                 }
                 for (std::uint64_t i = 0; n <= high; ++n, ++i) {
                   if ((i & 0xff) == 0) a.context().poll();
                   if (cas::is_prime_natural(n, a.context())) keep(natural_value(n, a));
                 }
                 return value(std::move(out));
               }});
  r.push_back({"factorint",
               1,
               1,
               "factorint(n)",
               "the prime factorisation of the natural n ≥ 1 as {{p, e}, …}, p increasing (trial "
               "division, Pollard rho, then ECM; primes are probable primes)",
               {"factorint(360)", "{{2, 3}, {3, 2}, {5, 1}}"},
               [](const args& a) {
                 const cas::integer n = a.natural(0);
                 if (n == 0) a.small_natural(0, 1);  // "factorint needs n ≥ 1; it is 0."
                 list out;
                 for (const auto& [p, e] : cas::factor_integer(n, a.context())) {
                   out.push_back(value(list{natural_value(p, a), from_natural(e)}));
                 }
                 return value(std::move(out));
               }});
}

}  // namespace on2
