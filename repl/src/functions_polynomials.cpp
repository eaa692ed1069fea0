// Polynomials and equations (docs/spec/language.md "Functions"): minimal polynomials, roots,
// factors, gcd, degree, irreducibility, quotient and remainder, the derivative, the extended gcd,
// resultants and discriminants. A nimber argument counts as a
// constant polynomial; the polynomial arguments of one call share one indeterminate.
#include <boost/multiprecision/integer.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cas/poly/modular_power.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_euclid.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {

using args = function_arguments;

std::string function_signature(const args& a) {
  return find_function(a.function_name())->signature;
}

// Minimal polynomials are polynomials in x (docs/spec/language.md); so are the (constant) results
// of calls whose arguments are all nimbers.
constexpr const char* default_indeterminate = "x";

// Argument i as a polynomial; a nimber is a constant one (with no indeterminate of its own).
polynomial_value polynomial_argument(const args& a, std::size_t i) {
  const value& v = a[i];
  if (v.is_polynomial()) return v.as_polynomial();
  if (v.is_nimber()) return {std::string(), cas::polynomial::constant(v.as_nimber())};
  a.fail(i, error_kind::type,
         a.function_name() + " needs " + a.parameter_name(i) +
             " to be a polynomial or a nimber, not " + std::string(kind_name(v)) + ".",
         "Signature: " + function_signature(a) + ".");
}

// The one indeterminate of the polynomial arguments (x when all are nimbers, so the result is a
// constant too); an error at the first argument that names a second one.
std::string shared_indeterminate(const args& a, const std::vector<polynomial_value>& arguments) {
  std::string name;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& here = arguments[i].indeterminate;
    if (here.empty()) continue;
    if (name.empty()) {
      name = here;
    } else if (here != name) {
      a.fail(i, error_kind::math, two_indeterminates_message(name, here));
    }
  }
  return name.empty() ? default_indeterminate : name;
}

// Argument 0 of solve, roots and factor: a polynomial of degree ≥ 1 (a constant has no roots and
// no factors; every nimber is a root of 0).
const polynomial_value& nonconstant_argument(const args& a) {
  const value& v = a[0];
  if (v.is_polynomial()) return v.as_polynomial();
  if (!v.is_nimber()) {
    a.fail(
        0, error_kind::type,
        a.function_name() + " needs f to be a polynomial, not " + std::string(kind_name(v)) + ".",
        v.is_boolean() && a.function_name() != "factor"
            ? "An equation takes a single =, as in " + a.function_name() +
                  "(x^2 = x + 1); == compares two values."
            : "Signature: " + function_signature(a) + ".");
  }
  if (v.as_nimber().is_zero()) {
    a.fail(0, error_kind::math,
           a.function_name() +
               " needs a polynomial of degree at least 1; f is the zero polynomial, and every "
               "nimber is a root of it.");
  }
  a.fail(0, error_kind::math,
         a.function_name() +
             " needs a polynomial of degree at least 1; f is a nonzero constant, which has no "
             "roots and no factors.");
}

// The roots, each as often as its multiplicity, in Cantor order (cas::roots checked each one by
// substitution).
value roots_with_multiplicity(const args& a) {
  const polynomial_value& f = nonconstant_argument(a);
  list out;
  // Moved, not copied, into the list: a root in a large tower field is an ordinal of many
  // thousands of terms (copying them was half the time of roots of a factor of degree 59).
  for (cas::polynomial_root& r : cas::roots(f.p, a.context())) {
    for (std::uint64_t k = 1; k < r.multiplicity; ++k) out.emplace_back(r.root);
    out.emplace_back(std::move(r.root));
  }
  return value(std::move(out));
}

// {{factor, multiplicity}, …}; a leading coefficient other than 1 comes first as {c, 1}, so that
// the product of the factors is f itself.
value factor_list(const args& a) {
  const polynomial_value& f = nonconstant_argument(a);
  const std::vector<cas::polynomial_factor> factors =
      a.size() == 1 ? cas::factor(f.p, a.context()) : cas::factor(f.p, a.nimber(1), a.context());
  list out;
  const cas::ordinal& leading = f.p.leading();
  if (leading != cas::ordinal(cas::nimber(1)))
    out.emplace_back(list{value(leading), from_natural(1)});
  for (const cas::polynomial_factor& g : factors) {
    out.emplace_back(
        list{value::from_polynomial(f.indeterminate, g.factor), from_natural(g.multiplicity)});
  }
  return value(std::move(out));
}

// quo and rem: f = quo(f, g)·g + rem(f, g) with deg rem < deg g.
cas::polynomial_division divide(const args& a, std::string& indeterminate) {
  const std::vector<polynomial_value> fg = {polynomial_argument(a, 0), polynomial_argument(a, 1)};
  indeterminate = shared_indeterminate(a, fg);
  if (fg[1].p.is_zero()) {
    a.fail(1, error_kind::math, "Polynomial division by zero.",
           "Every polynomial except 0 can be a divisor.");
  }
  return cas::poly_divmod(fg[0].p, fg[1].p, a.context());
}

// The two polynomial arguments of xgcd and resultant, with their shared indeterminate.
std::vector<polynomial_value> two_polynomials(const args& a, std::string& indeterminate) {
  std::vector<polynomial_value> fg = {polynomial_argument(a, 0), polynomial_argument(a, 1)};
  indeterminate = shared_indeterminate(a, fg);
  return fg;
}

}  // namespace

void add_polynomial_functions(std::vector<function_entry>& r) {
  r.push_back({"minpoly",
               1,
               2,
               "minpoly(a), minpoly(a, b)",
               "the minimal polynomial of a over GF(2), or over the field F₂(b), in x",
               {"minpoly(ω)", "x^6 + x^3 + 1"},
               [](const args& a) {
                 const cas::polynomial m =
                     a.size() == 1 ? cas::minimal_polynomial(a.nimber(0), a.context())
                                   : cas::minimal_polynomial(a.nimber(0), a.nimber(1), a.context());
                 return value::from_polynomial(default_indeterminate, m);
               }});
  r.push_back({"solve",
               1,
               1,
               "solve(f), solve(lhs = rhs)",
               "the roots of f (or the solutions of lhs = rhs), each repeated by its "
               "multiplicity, in Cantor order",
               {"solve(x^2 = x + 1)", "{2, 3}"},
               roots_with_multiplicity});
  r.push_back({"roots",
               1,
               1,
               "roots(f)",
               "the roots of f, each repeated by its multiplicity, in Cantor order (as solve)",
               {"roots(x^3 + 2)", "{ω, [ω·2], [ω·3]}"},
               roots_with_multiplicity});
  r.push_back({"factor",
               1,
               2,
               "factor(f), factor(f, a)",
               "the irreducible factors of f with their multiplicities, {{factor, multiplicity}, "
               "…}, over the field of its coefficients (and of a)",
               {"factor(x^3 + 1)", "{{x + 1, 1}, {x^2 + x + 1, 1}}"},
               factor_list});
  r.push_back({"gcd",
               2,
               2,
               "gcd(f, g)",
               "two naturals: their integer gcd; otherwise the monic polynomial gcd of f and g (0 "
               "when both are 0)",
               {"gcd(x^2 + 1, x^2 + x)", "x + 1"},
               [](const args& a) {
                 // Two naturals mean the integer gcd (docs/spec/language.md "Programs"): as
                 // polynomials, nonzero constants are units and their gcd would always be 1.
                 if (a[0].is_nimber() && a[1].is_nimber() && a[0].as_nimber().is_finite() &&
                     a[1].as_nimber().is_finite()) {
                   return value(cas::nimber(boost::multiprecision::gcd(a.natural(0), a.natural(1)),
                                            a.context()));
                 }
                 const std::vector<polynomial_value> fg = {polynomial_argument(a, 0),
                                                           polynomial_argument(a, 1)};
                 const std::string name = shared_indeterminate(a, fg);
                 return value::from_polynomial(name, cas::poly_gcd(fg[0].p, fg[1].p, a.context()));
               }});
  r.push_back({"deg",
               1,
               1,
               "deg(f)",
               "the degree of the polynomial f (0 for a nonzero nimber; the zero polynomial has "
               "none)",
               {"deg(x^3 + x + 1)", "3"},
               [](const args& a) {
                 const polynomial_value f = polynomial_argument(a, 0);
                 if (f.p.is_zero()) {
                   a.fail(0, error_kind::math, "The zero polynomial has no degree.",
                          "By a common convention its degree is −∞, which is not a nimber.");
                 }
                 return from_natural(static_cast<std::uint64_t>(f.p.degree()));
               }});
  r.push_back({"irreducible",
               1,
               1,
               "irreducible(f)",
               "whether f is irreducible over the field of its coefficients (a constant is not)",
               {"irreducible(x^2 + x + 1)", "true"},
               [](const args& a) {
                 const polynomial_value f = polynomial_argument(a, 0);
                 // Constants are 0 or units, and neither is irreducible.
                 return value::boolean(!f.p.is_constant() && cas::is_irreducible(f.p, a.context()));
               }});
  r.push_back({"quo",
               2,
               2,
               "quo(f, g)",
               "the quotient of f by g ≠ 0 (f = quo·g + rem, deg rem < deg g)",
               {"quo(x^3 + x + 1, x + 1)", "x^2 + x"},
               [](const args& a) {
                 std::string name;
                 cas::polynomial_division d = divide(a, name);
                 return value::from_polynomial(name, std::move(d.quotient));
               }});
  r.push_back({"rem",
               2,
               2,
               "rem(f, g)",
               "the remainder of f by g ≠ 0 (f = quo·g + rem, deg rem < deg g)",
               {"rem(x^3 + x + 1, x + 1)", "1"},
               [](const args& a) {
                 std::string name;
                 cas::polynomial_division d = divide(a, name);
                 return value::from_polynomial(name, std::move(d.remainder));
               }});
  r.push_back({"deriv",
               1,
               1,
               "deriv(f)",
               "the derivative f' of the polynomial f (in characteristic 2 the even powers drop "
               "out: (x^i)' = x^(i−1) for odd i, 0 for even i)",
               {"deriv(x^3 + x^2 + ω*x)", "x^2 + ω"},
               [](const args& a) {
                 const polynomial_value f = polynomial_argument(a, 0);
                 const std::string name =
                     f.indeterminate.empty() ? default_indeterminate : f.indeterminate;
                 return value::from_polynomial(name, cas::poly_derivative(f.p));
               }});
  r.push_back({"xgcd",
               2,
               2,
               "xgcd(f, g)",
               "the extended gcd {d, u, v}: d the monic gcd of f and g and u·f + v·g = d, with the "
               "cofactors of least degree (nimbers count as constant polynomials)",
               {"xgcd(x^3 + x + 1, x^2 + 1)", "{1, 1, x}"},
               [](const args& a) {
                 std::string name;
                 const std::vector<polynomial_value> fg = two_polynomials(a, name);
                 cas::bezout_identity b = cas::poly_extended_gcd(fg[0].p, fg[1].p, a.context());
                 return value(list{value::from_polynomial(name, std::move(b.gcd)),
                                   value::from_polynomial(name, std::move(b.u)),
                                   value::from_polynomial(name, std::move(b.v))});
               }});
  r.push_back({"resultant",
               2,
               2,
               "resultant(f, g)",
               "the resultant of f and g, lc(f)^deg g times the product of g(r) over the roots r "
               "of f: zero exactly when f and g have a common factor (0 when f or g is 0)",
               {"resultant(x^2 + x + 1, x + 2)", "0"},
               [](const args& a) {
                 std::string name;
                 const std::vector<polynomial_value> fg = two_polynomials(a, name);
                 return value(cas::poly_resultant(fg[0].p, fg[1].p, a.context()));
               }});
  r.push_back({"disc",
               1,
               1,
               "disc(f)",
               "the discriminant of f (degree n ≥ 1), lc(f)^(2n−2) times the product of "
               "(r ⊕ s)² over the pairs of roots: zero exactly when f has a repeated factor",
               {"disc(x^2 + ω*x + 1)", "[ω^2]"},
               [](const args& a) {
                 const polynomial_value f = polynomial_argument(a, 0);
                 if (f.p.degree() < 1) {
                   a.fail(0, error_kind::math,
                          "disc needs a polynomial of degree at least 1; f is " +
                              std::string(f.p.is_zero() ? "the zero polynomial." : "a constant."));
                 }
                 return value(cas::poly_discriminant(f.p, a.context()));
               }});
  r.push_back({"powmod",
               3,
               3,
               "powmod(f, n, g)",
               "f^n modulo g ≠ 0 for an integer n ≥ 0 (any size: the power itself is never "
               "formed), the same as rem(f^n, g)",
               {"powmod(x, 2^100, x^7 + x + 1)", "x^4"},
               [](const args& a) {
                 // n (argument 1) has no indeterminate, so errors point at f or g.
                 const std::vector<polynomial_value> fng = {
                     polynomial_argument(a, 0), {std::string(), {}}, polynomial_argument(a, 2)};
                 const std::string name = shared_indeterminate(a, fng);
                 if (fng[2].p.is_zero()) {
                   a.fail(2, error_kind::math, "powmod(f, n, g) needs g ≠ 0.",
                          "Every polynomial except 0 can be a modulus.");
                 }
                 return value::from_polynomial(
                     name, cas::poly_powmod(fng[0].p, a.natural(1), fng[2].p, a.context()));
               },
               1});
}

}  // namespace on2
