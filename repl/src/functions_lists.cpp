// Lists (docs/spec/language.md "Programs"): length, append, concat, the nim sum and product of a
// list, sort in Cantor order. map and select call a function, and print and write are
// statements that write output, so the evaluator runs those four (evaluator.cpp); their entries
// here give the signature, help and example.

#include <algorithm>
#include <stdexcept>

#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "function_groups.hpp"
#include "language_limits.hpp"

namespace on2 {
namespace {

using args = function_arguments;

const list& list_argument(const args& a, std::size_t i) {
  if (!a[i].is_list()) {
    a.fail(i, error_kind::type,
           a.function_name() + " needs " + a.parameter_name(i) + " to be a list, not " +
               std::string(kind_name(a[i])) + ".");
  }
  return a[i].as_list();
}

void require_length(const args& a, std::size_t length) {
  if (length <= max_list_length) return;
  a.fail(0, error_kind::limit, list_too_long_message());
}

// The nim sum (product) of the elements: nimbers and polynomials in one indeterminate.
value fold_list(const args& a, bool product) {
  const list& elements = list_argument(a, 0);
  std::string indeterminate;
  cas::polynomial accumulated =
      cas::polynomial::constant(cas::ordinal(cas::nimber(product ? 1 : 0)));
  for (const value& element : elements) {
    a.context().poll();
    cas::polynomial term;
    if (element.is_nimber()) {
      term = cas::polynomial::constant(element.as_nimber());
    } else if (element.is_polynomial()) {
      const polynomial_value& p = element.as_polynomial();
      if (!indeterminate.empty() && p.indeterminate != indeterminate) {
        a.fail(0, error_kind::math, two_indeterminates_message(indeterminate, p.indeterminate));
      }
      indeterminate = p.indeterminate;
      term = p.p;
    } else {
      a.fail(0, error_kind::type,
             a.function_name() + " adds up nimbers and polynomials; the list holds " +
                 std::string(kind_name(element)) + ".");
    }
    accumulated = product ? cas::poly_mul(accumulated, term, a.context())
                          : cas::poly_add(std::move(accumulated), term, a.context());
  }
  return value::from_polynomial(indeterminate.empty() ? "x" : indeterminate,
                                std::move(accumulated));
}

[[noreturn]] value evaluated_by_the_evaluator(const args& a) {
  throw std::logic_error(a.function_name() + " is evaluated by the evaluator");
}

}  // namespace

void add_list_functions(std::vector<function_entry>& r) {
  r.push_back({"length",
               1,
               1,
               "length(L)",
               "the number of elements of the list L",
               {"length({1, ω, x})", "3"},
               [](const args& a) { return from_natural(list_argument(a, 0).size()); }});
  r.push_back({"append",
               2,
               2,
               "append(L, v)",
               "the list L with v added at its end",
               {"append({1, 2}, ω)", "{1, 2, ω}"},
               [](const args& a) {
                 list out = list_argument(a, 0);
                 require_length(a, out.size() + 1);
                 out.push_back(a[1]);
                 return value(std::move(out));
               }});
  r.push_back({"concat",
               2,
               2,
               "concat(L, M)",
               "the elements of L followed by those of M",
               {"concat({1, 2}, {3})", "{1, 2, 3}"},
               [](const args& a) {
                 list out = list_argument(a, 0);
                 const list& more = list_argument(a, 1);
                 require_length(a, out.size() + more.size());
                 out.insert(out.end(), more.begin(), more.end());
                 return value(std::move(out));
               }});
  r.push_back({"sum",
               1,
               1,
               "sum(L)",
               "the nim sum of the elements of L (0 for {})",
               {"sum({1, 2, 3})", "0"},
               [](const args& a) { return fold_list(a, false); }});
  r.push_back({"prod",
               1,
               1,
               "prod(L)",
               "the nim product of the elements of L (1 for {})",
               {"prod({2, 3})", "1"},
               [](const args& a) { return fold_list(a, true); }});
  r.push_back({"map",
               2,
               2,
               "map(f, L)",
               "the list of f(v) for the elements v of L; f is a function or polynomial name",
               {"map(inv, {1, 2, 3})", "{1, 3, 2}"},
               evaluated_by_the_evaluator});
  r.push_back({"select",
               2,
               2,
               "select(f, L)",
               "the elements v of L for which f(v) is true; f is a function name",
               {"select(isprime, 1..10)", "{2, 3, 5, 7}"},
               evaluated_by_the_evaluator});
  r.push_back({"print",
               0,
               any_number_of_arguments,
               "print(a, …)",
               "prints the values separated by spaces, strings without quotes (a statement)",
               {"print(\"α_3 =\", alpha(3))", "α_3 = 2"},
               evaluated_by_the_evaluator});
  r.push_back({"write",
               1,
               any_number_of_arguments,
               "write(\"file\", a, …)",
               "appends the values as one line to the file, as print shows them (a statement)",
               {"write(\"/dev/null\", 1, ω); print(\"written\")", "written"},
               evaluated_by_the_evaluator});
  r.push_back({"sort",
               1,
               1,
               "sort(L)",
               "the nimbers of L in Cantor (ordinal) order",
               {"sort({ω, 3, 1})", "{1, 3, ω}"},
               [](const args& a) {
                 list out = list_argument(a, 0);
                 for (const value& element : out) {
                   if (element.is_nimber()) continue;
                   a.fail(0, error_kind::type,
                          "sort orders nimbers (in Cantor order); the list holds " +
                              std::string(kind_name(element)) + ".");
                 }
                 std::stable_sort(out.begin(), out.end(), [](const value& x, const value& y) {
                   return x.as_nimber() < y.as_nimber();
                 });
                 return value(std::move(out));
               }});
}

}  // namespace on2
