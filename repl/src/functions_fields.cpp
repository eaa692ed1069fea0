// The field staples of issue 20 (docs/spec/language.md "Functions", Fields): primitive elements,
// discrete logarithms, random elements with their seed, and the least irreducible polynomial
// over GF(2). Every implementation is a call into cas (cas/tower/primitive_elements.hpp,
// discrete_log.hpp, random_elements.hpp, cas/poly/irreducible_polynomials.hpp).
#include "cas/poly/irreducible_polynomials.hpp"
#include "cas/tower/discrete_log.hpp"
#include "cas/tower/primitive_elements.hpp"
#include "cas/tower/random_elements.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {
using args = function_arguments;
}  // namespace

void add_field_functions(std::vector<function_entry>& r) {
  r.push_back(
      {"is_primitive",
       1,
       1,
       "is_primitive(a)",
       "whether a generates the multiplicative group of F₂(a): ord(a) = 2^degree(a) − 1",
       {"is_primitive(ω)", "false"},
       [](const args& a) { return value::boolean(cas::is_primitive(a.nimber(0), a.context())); }});
  r.push_back(
      {"primitive",
       1,
       1,
       "primitive(a)",
       "the least primitive element of F₂(a) in Cantor order (a generator of its "
       "multiplicative group)",
       {"primitive(256)", "258"},
       [](const args& a) { return value(cas::primitive_element(a.nimber(0), a.context())); }});
  r.push_back({"log",
               2,
               2,
               "log(b, g)",
               "the discrete logarithm: the x with 0 ≤ x < order(g) and g^x = b (an error when b "
               "is not a power of g)",
               {"log(3, 2)", "2"},
               [](const args& a) {
                 const cas::ordinal& b = a.nimber(0);
                 const cas::ordinal& g = a.nimber(1);
                 if (g.is_zero()) {
                   a.fail(1, error_kind::math, "log(b, g) needs g ≠ 0.", "Signature: log(b, g).");
                 }
                 return value(cas::nimber(cas::discrete_log(b, g, a.context()), a.context()));
               }});
  r.push_back({"random_element",
               1,
               1,
               "random_element(a)",
               "a uniformly random element of F₂(a), from the session's generator (seed(n) "
               "repeats the draws)",
               {"random_element(255) < 256", "true"},
               [](const args& a) { return value(cas::random_element(a.nimber(0), a.context())); }});
  r.push_back({"seed",
               1,
               1,
               "seed(n)",
               "restarts the session's random generator from the natural n < 2^64 (every session "
               "starts from seed(0)); returns n",
               {"seed(5); a = random_element(ω); seed(5); a == random_element(ω)", "true"},
               [](const args& a) {
                 const std::uint64_t n = a.small_natural(0);
                 a.context().random().reseed(n);
                 return from_natural(n);
               }});
  r.push_back({"irreducible_poly",
               1,
               1,
               "irreducible_poly(d)",
               "the least irreducible polynomial of degree d ≥ 1 over GF(2), reading its "
               "coefficients as a binary number",
               {"irreducible_poly(8)", "x^8 + x^4 + x^3 + x + 1"},
               [](const args& a) {
                 const std::uint64_t d = a.small_natural(0, 1);
                 return value::from_polynomial("x",
                                               cas::least_irreducible_polynomial(d, a.context()));
               }});
}

}  // namespace on2
