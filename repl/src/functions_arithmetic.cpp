// The field arithmetic of one nimber: inverse, roots, powers, order, degree, trace, norm, field.
#include "cas/finite/nimber.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {
using args = function_arguments;
}  // namespace

void add_arithmetic_functions(std::vector<function_entry>& r) {
  r.push_back(
      {"inv", 1, 1, "inv(a)", "the nim inverse of a ≠ 0", {"inv(2)", "3"}, [](const args& a) {
         return value(cas::nim_inv(a.nimber(0), a.context()));
       }});
  r.push_back({"sqrt",
               1,
               1,
               "sqrt(a)",
               "the unique nim square root of a",
               {"sqrt(3)", "2"},
               [](const args& a) { return value(cas::nim_sqrt(a.nimber(0), a.context())); }});
  r.push_back({"root",
               2,
               2,
               "root(a, n)",
               "the list of all n-th roots of a, in Cantor order",
               {"root(2, 3)", "{ω, [ω·2], [ω·3]}"},
               [](const args& a) {
                 a.small_natural(1, 1);  // n ≥ 1, with the error pointing at n
                 return list_of(cas::nim_roots(a.nimber(0), a.natural(1), a.context()));
               }});
  r.push_back(
      {"pow",
       2,
       2,
       "pow(a, n)",
       "the nim power a^n for an integer n, the same as a^n (n < 0: a power of the inverse)",
       {"pow(ω, 3)", "2"},
       [](const args& a) { return value(cas::nim_pow(a.nimber(0), a.natural(1), a.context())); }});
  r.push_back({"order",
               1,
               1,
               "order(a)",
               "the multiplicative order of a ≠ 0",
               {"order(ω)", "9"},
               [](const args& a) {
                 return value(cas::nimber(cas::nim_order(a.nimber(0), a.context()), a.context()));
               }});
  r.push_back(
      {"degree",
       1,
       1,
       "degree(a)",
       "the degree of a over GF(2)",
       {"degree(ω)", "6"},
       [](const args& a) { return from_natural(cas::nim_degree(a.nimber(0), a.context())); }});
  r.push_back({"conjugates",
               1,
               1,
               "conjugates(a)",
               "the Frobenius orbit a, a^2, a^4, … (the conjugates of a over GF(2))",
               {"conjugates(2)", "{2, 3}"},
               [](const args& a) { return list_of(cas::conjugates(a.nimber(0), a.context())); }});
  r.push_back({"trace",
               1,
               2,
               "trace(a), trace(a, n)",
               "the trace from F₂(a) to GF(2), or from GF(2^lcm(degree(a), n)) to GF(2^n)",
               {"trace(2)", "1"},
               [](const args& a) {
                 if (a.size() == 1) return from_natural(cas::nim_trace(a.nimber(0), a.context()));
                 const std::uint64_t n = a.small_natural(1, 1);
                 return value(cas::nim_trace(a.nimber(0), n, a.context()));
               }});
  r.push_back({"norm",
               1,
               2,
               "norm(a), norm(a, n)",
               "the norm from F₂(a) to GF(2), or from GF(2^lcm(degree(a), n)) to GF(2^n)",
               {"norm(ω, 2)", "2"},
               [](const args& a) {
                 if (a.size() == 1) return from_natural(cas::nim_norm(a.nimber(0), a.context()));
                 const std::uint64_t n = a.small_natural(1, 1);
                 return value(cas::nim_norm(a.nimber(0), n, a.context()));
               }});
  r.push_back({"field",
               1,
               1,
               "field(a)",
               "the tower field holding a: its κ generators and its size 2^E",
               {"field(ω)", "\"GF(2^6), spanned by κ_2, κ_3\""},
               [](const args& a) {
                 return value::report(cas::field_description(a.nimber(0), a.context()));
               }});
  r.push_back({"is_finite",
               1,
               1,
               "is_finite(a)",
               "whether a is a finite nimber",
               {"is_finite(ω)", "false"},
               [](const args& a) { return value::boolean(a.nimber(0).is_finite()); }});
}

}  // namespace on2
