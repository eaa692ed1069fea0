// Polynomials in the on2 language (docs/spec/language.md "Values", "Names", "Output"; issue 5):
// names never assigned are indeterminates, nim arithmetic on polynomials, evaluation f(a),
// printing, and the polynomial functions of the registry (functions_polynomials.cpp) with their
// errors.
#include <gtest/gtest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/poly/polynomial.hpp"
#include "evaluator.hpp"
#include "function_registry.hpp"
#include "parser/parse.hpp"
#include "printer.hpp"
#include "test_support.hpp"
#include "value.hpp"

namespace {

using on2::output_line;
using on2::run_report;
using on2::session;

// The printed results of `text` in `s`, joined by " | ".
std::string results_of(session& s, const std::string& text) {
  const run_report report = s.run_text(text, "<test>", false);
  std::string out;
  for (const output_line& line : report.lines) {
    if (!out.empty()) out += " | ";
    out += line.where == output_line::stream::result ? line.text : "error: " + line.message;
  }
  return out;
}

std::string results_of(const std::string& text) {
  session s;
  return results_of(s, text);
}

std::string results_in(const on2::print_options& options, const std::string& text) {
  session s;
  s.options() = options;
  return results_of(s, text);
}

// The error the statements of `text` throw (evaluated directly, for the kind and the span).
on2::evaluation_error error_of(const std::string& text) {
  session s;
  const auto program = on2::parser::parse_program_or_throw(text, "<test>");
  try {
    for (const auto& statement : program) s.evaluate(statement, text);
  } catch (const on2::evaluation_error& e) {
    return e;
  }
  ADD_FAILURE() << "no error from " << text;
  return on2::evaluation_error(on2::error_kind::usage, {}, "(no error)");
}

int exit_code_of(const std::string& text) {
  session s;
  return s.run_text(text, "<test>", false).exit_code;
}

cas::ordinal n(std::uint64_t v) {
  return cas::ordinal(cas::nimber(v));
}

// ---------------------------------------------------------------------------------------------
// The value

TEST(PolynomialValue, ConstantsAreStoredAsNimbers) {
  using on2::value;
  const value c = value::from_polynomial("x", cas::polynomial({n(5)}));
  EXPECT_TRUE(c.is_nimber());
  EXPECT_EQ(c, value(cas::nimber(5)));
  EXPECT_EQ(value::from_polynomial("x", cas::polynomial()), value());
  const value f = value::from_polynomial("x", cas::polynomial({n(1), n(0), n(3)}));
  EXPECT_TRUE(f.is_polynomial());
  EXPECT_EQ(f.as_polynomial().p.degree(), 2);
  EXPECT_EQ(on2::kind_name(f), "a polynomial");
  EXPECT_EQ(on2::type_name(f), "polynomial");
  EXPECT_EQ(on2::type_name(c), "nimber");
}

TEST(PolynomialValue, EqualityNeedsTheSameIndeterminateAndCoefficients) {
  using on2::value;
  const cas::polynomial p({n(1), n(1)});
  const value fx = value::from_polynomial("x", p);
  const value fy = value::from_polynomial("y", p);
  EXPECT_EQ(fx, value::from_polynomial("x", cas::polynomial({n(1), n(1), n(0)})));
  EXPECT_FALSE(fx == fy);
  EXPECT_FALSE(fx == value::from_polynomial("x", cas::polynomial({n(2), n(1)})));
  const std::unordered_set<value> set = {fx, fy, fx};
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(results_of("x + 1 == x + 1"), "true");
  EXPECT_EQ(results_of("x + 1 == y + 1"), "false");
  EXPECT_EQ(results_of("x + 1 != y + 1"), "true");
  EXPECT_EQ(results_of("(x + 1)^2 == x^2 + 1"), "true");
  EXPECT_EQ(results_of("x + x == 0"), "true");
  EXPECT_EQ(results_of("{x, 1} == {x, 1}"), "true");
}

// ---------------------------------------------------------------------------------------------
// Names and arithmetic

TEST(PolynomialArithmetic, AnUnassignedNameIsAnIndeterminate) {
  EXPECT_EQ(results_of("x"), "x");
  EXPECT_EQ(results_of("f = x^3 + x + 1; f"), "x^3 + x + 1");
  EXPECT_EQ(results_of("t^2 + ω*t"), "t^2 + ω*t");
  // Assigning the name later makes it a variable; f keeps its indeterminate.
  EXPECT_EQ(results_of("f = x^2; x = 3\nf\nx^2"), "x^2 | 2");
  EXPECT_EQ(results_of("x^2\n%"), "x^2 | x^2");
}

TEST(PolynomialArithmetic, SumsAndProductsAreNimArithmeticOnCoefficients) {
  EXPECT_EQ(results_of("(x + 2) * (x + 3)"), "x^2 + x + 1");  // 2 ⊕ 3 = 1, 2 ⊗ 3 = 1
  EXPECT_EQ(results_of("(x + 2) ⊗ (x + 3)"), "x^2 + x + 1");
  EXPECT_EQ(results_of("(x + 1) * (x + 1)"), "x^2 + 1");
  EXPECT_EQ(results_of("x ⊕ 5 ⊕ x"), "5");
  EXPECT_EQ(results_of("x - 1"), "x + 1");
  EXPECT_EQ(results_of("-x"), "x");
  EXPECT_EQ(results_of("+x"), "x");
  EXPECT_EQ(results_of("3 * x * 2"), "x");                  // 3 ⊗ 2 = 1
  EXPECT_EQ(results_of("(x + ω)^2 == x^2 + ω^2"), "true");  // Frobenius
  EXPECT_EQ(results_of("(x + ω)^2"), "x^2 + " + results_of("ω^2"));
  EXPECT_EQ(results_of("x * 0"), "0");
}

TEST(PolynomialArithmetic, PowersTakeNaturalExponents) {
  EXPECT_EQ(results_of("x^0"), "1");
  EXPECT_EQ(results_of("x**3"), "x^3");
  EXPECT_EQ(results_of("x^(3+1)"),
            "x^4");  // integer arithmetic (docs/spec/language.md "Exponents")
  EXPECT_EQ(results_of("x^[3+1]"), "x^4");
  EXPECT_EQ(results_of("(x + 1)^3"), "x^3 + x^2 + x + 1");
  const auto inverse = error_of("x^-1");
  EXPECT_STREQ(inverse.what(),
               "A polynomial has no negative powers: its inverse is not a polynomial.");
  EXPECT_EQ(inverse.kind(), on2::error_kind::math);
  EXPECT_EQ(inverse.span().column, 3u);
  EXPECT_EQ(results_of("x^-0"), "1");
  const auto transfinite = error_of("x^ω");
  EXPECT_STREQ(transfinite.what(),
               "The exponent of the nim power ^ must be an integer; this one is transfinite.");
  EXPECT_STREQ(error_of("2^x").what(),
               "The exponent of the nim power ^ must be an integer, not a polynomial.");
  EXPECT_EQ(error_of("2^x").span().column, 3u);
}

TEST(PolynomialArithmetic, TheDegreeLimitIsALimitError) {
  const auto e = error_of("x^100000");
  EXPECT_EQ(e.kind(), on2::error_kind::limit);
  EXPECT_NE(std::string(e.what()).find("max_polynomial_degree"), std::string::npos) << e.what();
  EXPECT_EQ(exit_code_of("x^100000"), 3);
  EXPECT_EQ(exit_code_of("f = x^3000; f * f"), 3);
  cas::context ctx;
  ctx.limits().max_polynomial_degree = 8;
  session s(ctx);
  EXPECT_EQ(results_of(s, "x^8"), "x^8");
  EXPECT_EQ(s.run_text("x^9", "<test>", false).exit_code, 3);
  EXPECT_EQ(s.run_text("(x^5 + 1) * (x^4 + 1)", "<test>", false).exit_code, 3);
}

TEST(PolynomialArithmetic, DivisionByANimberOrExactlyByAPolynomial) {
  EXPECT_EQ(results_of("(x^2 + 1) / (x + 1)"), "x + 1");
  EXPECT_EQ(results_of("(ω*x + ω) / ω"), "x + 1");
  EXPECT_EQ(results_of("(x^3 + 1) / (x + 2)"), "x^2 + 2*x + 3");  // 2 is a cube root of 1
  EXPECT_EQ(results_of("0 / (x + 1)"), "0");
  EXPECT_EQ(results_of("(x^2 + x) / x / (x + 1)"), "1");
  const auto inexact = error_of("(x^2 + x + 1) / (x + 1)");
  EXPECT_STREQ(inexact.what(), "The polynomial division is not exact: the remainder is 1.");
  EXPECT_EQ(inexact.hint(), "quo(f, g) and rem(f, g) give the quotient and the remainder.");
  EXPECT_EQ(inexact.kind(), on2::error_kind::math);
  EXPECT_STREQ(error_of("x^3 / (x^2 + 1)").what(),
               "The polynomial division is not exact: the remainder is x.");
  EXPECT_STREQ(error_of("1 / x").what(),
               "The polynomial division is not exact: the remainder is 1.");
  const auto zero = error_of("x / (x + x)");
  EXPECT_STREQ(zero.what(), "Nim division by zero.");
  EXPECT_EQ(zero.span().column, 5u);
  EXPECT_EQ(exit_code_of("x / 0"), 1);
}

TEST(PolynomialArithmetic, APolynomialTypedTermByTerm) {
  // A chain of sums adds each term into the sum so far (evaluator.cpp, add_in_place): the same
  // results as one sum at a time, cancellations, nimber and transfinite terms included.
  EXPECT_EQ(results_of("3*x^4 + 5*x^2 + x^4 + 7 + x + 1"), "2*x^4 + 5*x^2 + x + 6");
  EXPECT_EQ(results_of("x^3 + x + x^3 + x"), "0");
  EXPECT_EQ(results_of("x^2 + x + ω + 1 + x^2"), "x + [ω + 1]");
  EXPECT_EQ(results_of("f = x^2 + 1; g = f + x + f; f"), "x^2 + 1");  // f itself is not changed
  EXPECT_EQ(results_of("f = x^2 + 1; f + x + f"), "x");
  EXPECT_EQ(results_of("sum({x^2, x, 1, x^2})"), "x + 1");
  const auto e = error_of("x^3 + x + 1 + y");
  EXPECT_STREQ(e.what(), "The polynomial in x meets a second indeterminate y; one per polynomial.");
  EXPECT_EQ(e.span().column, 15u);
  EXPECT_EQ(error_of("x^3 + x + {1}").kind(), on2::error_kind::type);
}

TEST(PolynomialArithmetic, OneIndeterminatePerPolynomial) {
  const auto e = error_of("x + y");
  EXPECT_STREQ(e.what(), "The polynomial in x meets a second indeterminate y; one per polynomial.");
  EXPECT_EQ(e.span().column, 5u);
  EXPECT_EQ(e.kind(), on2::error_kind::math);
  EXPECT_STREQ(error_of("f = x^2 + 1; f * (t + 1)").what(),
               "The polynomial in x meets a second indeterminate t; one per polynomial.");
  EXPECT_STREQ(error_of("(x + 1) / y").what(),
               "The polynomial in x meets a second indeterminate y; one per polynomial.");
  EXPECT_EQ(exit_code_of("x * y"), 1);
}

TEST(PolynomialArithmetic, ComparisonsBracketsAndStarsRejectPolynomials) {
  EXPECT_STREQ(error_of("x < 1").what(),
               "`<` compares nimbers (in Cantor order), not a polynomial.");
  EXPECT_STREQ(error_of("1 >= x^2").what(),
               "`>=` compares nimbers (in Cantor order), not a polynomial.");
  EXPECT_STREQ(error_of("[x]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  const auto sum = error_of("[ω + x]");
  EXPECT_STREQ(sum.what(), "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  EXPECT_EQ(sum.span().column, 6u);
  EXPECT_STREQ(error_of("[x^2]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  EXPECT_STREQ(error_of("[2^x]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  EXPECT_STREQ(error_of("[ω·x]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  EXPECT_STREQ(error_of("[x ⊕ 1]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.");
  EXPECT_STREQ(error_of("*x").what(), "`*` applies to nimbers, not to a polynomial.");
  EXPECT_STREQ(error_of("x + {1}").what(),
               "`+` applies to nimbers and polynomials, not to a list.");
  EXPECT_STREQ(error_of("true * x").what(),
               "`*` applies to nimbers and polynomials, not to a boolean.");
}

TEST(PolynomialArithmetic, FunctionNamesAreNotIndeterminates) {
  EXPECT_STREQ(error_of("inv + 1").what(), "`inv` is a function; call it with its arguments.");
  EXPECT_STREQ(error_of("x + solve").what(), "`solve` is a function; call it with its arguments.");
  for (const on2::planned_function& planned : on2::planned_functions()) {
    EXPECT_EQ(
        std::string(error_of(planned.name + " + 1").what()),
        "`" + planned.name + "` is the name of a function, so it cannot be an indeterminate.");
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation f(a)

TEST(PolynomialEvaluation, AtANimber) {
  EXPECT_EQ(results_of("f = x^3 + x + 1; f(2)"), "2");        // 2^3 = 1, so 1 ⊕ 2 ⊕ 1
  EXPECT_EQ(results_of("f = x^3 + x + 1; f(ω)"), "[ω + 3]");  // ω^3 = 2
  EXPECT_EQ(results_of("f = x^2 + x + 1; {f(0), f(1), f(2), f(3)}"), "{1, 1, 0, 0}");
  EXPECT_EQ(results_of("f = x^3 + x + 1; f(ω) == ω^3 + ω + 1"), "true");
}

TEST(PolynomialEvaluation, AtAPolynomialComposes) {
  EXPECT_EQ(results_of("f = x^3 + x + 1; f(x + 1)"), "x^3 + x^2 + 1");
  EXPECT_EQ(results_of("f = x^3 + x + 1; f(y)"), "y^3 + y + 1");  // in g's indeterminate
  EXPECT_EQ(results_of("f = x^2 + 1; f(f)"), "x^4");
  EXPECT_EQ(results_of("f = x^2 + x; f(x^2 + x) == f(f)"), "true");
}

TEST(PolynomialEvaluation, Errors) {
  EXPECT_STREQ(error_of("f = x^2; f(1, 2)").what(),
               "`f` is a polynomial; it is evaluated at one point: f(a).");
  EXPECT_STREQ(error_of("f = x^2; f()").what(),
               "`f` is a polynomial; it is evaluated at one point: f(a).");
  const auto list = error_of("f = x^2; f({1})");
  EXPECT_STREQ(list.what(),
               "A polynomial is evaluated at a nimber or a polynomial, not at a list.");
  EXPECT_EQ(list.span().column, 12u);
  const auto nimber = error_of("a = 2; a(1)");
  EXPECT_STREQ(nimber.what(), "`a` is a variable, not a function.");
  EXPECT_EQ(nimber.hint(),
            "Only a variable holding a polynomial can be called: f(a) evaluates f at a. `a` "
            "holds a nimber.");
  EXPECT_STREQ(error_of("x(2)").what(), "There is no function `x`.");
}

// ---------------------------------------------------------------------------------------------
// The functions: roots and equations

// The elements of the list `text` evaluates to, each printed.
std::vector<std::string> printed_elements(session& s, const std::string& text) {
  const run_report report = s.run_text(text, "<test>", false);
  EXPECT_EQ(report.exit_code, 0) << text;
  std::vector<std::string> out;
  if (report.exit_code != 0 || !s.results().back().is_list()) return out;
  for (const on2::value& v : s.results().back().as_list()) out.push_back(on2::to_text(v));
  return out;
}

TEST(PolynomialFunctions, SolveXCubedPlusXPlusOne) {
  session s;
  const std::vector<std::string> roots = printed_elements(s, "f = x^3 + x + 1; solve(f)");
  ASSERT_EQ(roots.size(), 3u);
  // x^3 + x + 1 is irreducible over GF(2): its roots lie in GF(8), beyond GF(4) = {0, 1, 2, 3},
  // so they are transfinite (GF(8) ⊂ GF(64), the field of ω). Each printed root reads back as a
  // root, and they are distinct and in Cantor order.
  for (const std::string& root : roots) {
    EXPECT_EQ(results_of(s, "f(" + root + ")"), "0") << root;
    EXPECT_EQ(results_of(s, "is_finite(" + root + ")"), "false") << root;
    EXPECT_EQ(results_of(s, "degree(" + root + ")"), "3") << root;
  }
  EXPECT_EQ(results_of(s, roots[0] + " < " + roots[1]), "true");
  EXPECT_EQ(results_of(s, roots[1] + " < " + roots[2]), "true");
  EXPECT_EQ(results_of(s, "roots(f) == solve(f)"), "true");
  EXPECT_EQ(results_of(s, "solve(x^3 = x + 1) == solve(f)"), "true");
}

TEST(PolynomialFunctions, KnownRootsFromIssueFive) {
  EXPECT_EQ(results_of("roots(x^2 + x + 1)"), "{2, 3}");  // 2⊗2 = 3 = 2 ⊕ 1
  EXPECT_EQ(results_of("roots(x^2 + x + 2)"), "{4, 5}");  // 4⊗4 = 6 = 4 ⊕ 2
  EXPECT_EQ(results_of("roots(x^3 + 2)"), results_of("root(2, 3)"));
  EXPECT_EQ(results_of("roots(x^3 + 2)"), "{ω, [ω·2], [ω·3]}");           // ω^3 = 2
  EXPECT_EQ(results_of("solve(x^2 + ω) == {sqrt(ω), sqrt(ω)}"), "true");  // a double root
  EXPECT_EQ(results_of("solve(x^2 = x + 1)"), "{2, 3}");
  session s;
  const std::vector<std::string> fifth = printed_elements(s, "solve(x^5 + 4)");
  ASSERT_EQ(fifth.size(), 5u);
  for (const std::string& root : fifth) {
    EXPECT_EQ(root.rfind("[ω^ω", 0), 0u) << root;
    EXPECT_EQ(results_of(s, root + "^5"), "4") << root;
  }
}

TEST(PolynomialFunctions, RootsRepeatByMultiplicity) {
  EXPECT_EQ(results_of("roots((x + 1)^3 * (x + ω))"), "{1, 1, 1, ω}");
  EXPECT_EQ(results_of("solve(x^2 = 1)"), "{1, 1}");
  EXPECT_EQ(results_of("roots(x^2 = 1)"), "{1, 1}");
  EXPECT_EQ(results_of("solve(ω * x + 2)"), results_of("{2 / ω}"));
  EXPECT_EQ(results_of("solve(x^4)"), "{0, 0, 0, 0}");
}

TEST(PolynomialFunctions, SolveAndFactorRejectConstantsAndBadEquations) {
  const auto constant = error_of("solve(3)");
  EXPECT_STREQ(constant.what(),
               "solve needs a polynomial of degree at least 1; f is a nonzero constant, which has "
               "no roots and no factors.");
  EXPECT_EQ(constant.kind(), on2::error_kind::math);
  EXPECT_EQ(constant.span().column, 7u);
  EXPECT_STREQ(error_of("roots(0)").what(),
               "roots needs a polynomial of degree at least 1; f is the zero polynomial, and "
               "every nimber is a root of it.");
  EXPECT_STREQ(error_of("factor(x + x)").what(),
               "factor needs a polynomial of degree at least 1; f is the zero polynomial, and "
               "every nimber is a root of it.");
  EXPECT_STREQ(error_of("solve(x = x)").what(),
               "Both sides of the equation are equal, so every nimber solves it.");
  EXPECT_STREQ(error_of("solve(x + 1 = x)").what(),
               "The sides of the equation differ by the constant 1, so no nimber solves it.");
  EXPECT_EQ(error_of("solve(1 = 2)").kind(), on2::error_kind::math);
  const auto two = error_of("solve(x^2 = y)");
  EXPECT_STREQ(two.what(),
               "The polynomial in x meets a second indeterminate y; one per polynomial.");
  EXPECT_EQ(two.span().column, 13u);
  EXPECT_STREQ(error_of("solve({1} = x)").what(),
               "The sides of an equation are nimbers or polynomials, not a list.");
  EXPECT_STREQ(error_of("roots(\"x\")").what(), "roots needs f to be a polynomial, not a string.");
  const auto comparison = error_of("solve(x == 1)");
  EXPECT_STREQ(comparison.what(), "solve needs f to be a polynomial, not a boolean.");
  EXPECT_EQ(comparison.hint(),
            "An equation takes a single =, as in solve(x^2 = x + 1); == compares two values.");
  EXPECT_EQ(exit_code_of("solve(5)"), 1);
  EXPECT_EQ(exit_code_of("solve(x = y)"), 1);
}

TEST(PolynomialFunctions, RootsBeyondTheTowerLimitAreLimitErrors) {
  cas::context ctx;
  ctx.limits().max_tower_degree = 2;
  session s(ctx);
  EXPECT_EQ(results_of(s, "roots(x^2 + x + 1)"), "{2, 3}");                   // in GF(4)
  EXPECT_EQ(s.run_text("roots(x^3 + x + 1)", "<test>", false).exit_code, 3);  // in GF(8)
}

// ---------------------------------------------------------------------------------------------
// The functions: factors, gcd, degree, division, minimal polynomials

TEST(PolynomialFunctions, FactorListsPairsThatMultiplyBack) {
  EXPECT_EQ(results_of("factor(x^3 + 1)"), "{{x + 1, 1}, {x^2 + x + 1, 1}}");
  EXPECT_EQ(results_of("factor(x^3 + 1, 2)"), "{{x + 1, 1}, {x + 2, 1}, {x + 3, 1}}");
  EXPECT_EQ(results_of("factor((x^2 + x + 1)^2 * (x + 1))"), "{{x + 1, 1}, {x^2 + x + 1, 2}}");
  // A leading coefficient other than 1 comes first, as a constant factor.
  EXPECT_EQ(results_of("factor(ω*x^2 + ω)"), "{{ω, 1}, {x + 1, 2}}");
  EXPECT_EQ(results_of("factor(y^2 + y + 1)"), "{{y^2 + y + 1, 1}}");
  EXPECT_STREQ(error_of("factor(x^2, {1})").what(), "factor needs a to be a nimber, not a list.");
  EXPECT_STREQ(error_of("factor(x^2, x)").what(),
               "factor needs a to be a nimber, not a polynomial.");
}

TEST(PolynomialFunctions, GcdIsMonic) {
  EXPECT_EQ(results_of("gcd(x^2 + 1, x^2 + x)"), "x + 1");  // (x+1)^2 and x(x+1)
  EXPECT_EQ(results_of("gcd(ω*x + ω, 0)"), "x + 1");
  EXPECT_EQ(results_of("gcd(x, 3)"), "1");
  EXPECT_EQ(results_of("gcd(0, 0)"), "0");
  // Two naturals: the integer gcd (docs/spec/language.md "Programs").
  EXPECT_EQ(results_of("gcd(6, 0)"), "6");
  EXPECT_EQ(results_of("gcd(4, 6)"), "2");
  EXPECT_EQ(results_of("gcd(ω, 6)"), "1");  // a transfinite constant: the polynomial gcd
  EXPECT_EQ(results_of("f = (x + ω)^2 * (x + 1); g = (x + ω) * (x^2 + x + 1); gcd(f, g)"), "x + ω");
  EXPECT_STREQ(error_of("gcd(x, y)").what(),
               "The polynomial in x meets a second indeterminate y; one per polynomial.");
  EXPECT_EQ(error_of("gcd(x, y)").span().column, 8u);
}

TEST(PolynomialFunctions, DegreeAndIrreducibility) {
  EXPECT_EQ(results_of("deg(x^3 + x + 1)"), "3");
  EXPECT_EQ(results_of("deg(ω)"), "0");
  EXPECT_EQ(results_of("deg(x^4096)"), "4096");
  const auto zero = error_of("deg(x - x)");
  EXPECT_STREQ(zero.what(), "The zero polynomial has no degree.");
  EXPECT_EQ(zero.kind(), on2::error_kind::math);
  EXPECT_EQ(results_of("irreducible(x^2 + x + 1)"), "true");
  EXPECT_EQ(results_of("irreducible(x^2 + 1)"), "false");
  EXPECT_EQ(results_of("irreducible(x^3 + x + 1)"), "true");
  // Over GF(4), the field of its coefficients, x^3 + 2 has no root: its roots ω, [ω·2], [ω·3]
  // have degree 3 over GF(4). Over F₂(ω) it splits.
  EXPECT_EQ(results_of("irreducible(x^3 + 2)"), "true");
  EXPECT_EQ(results_of("factor(x^3 + 2, ω)"), "{{x + ω, 1}, {x + [ω·2], 1}, {x + [ω·3], 1}}");
  // x^2 + x + c is irreducible over F₂(c) exactly when the trace of c down to GF(2) is 1.
  for (const char* c :
       {"ω", "[ω + 1]", "[ω + 2]", "[ω^2]", "[ω·2 + 1]", "2", "4", "8", "[ω^3 + 5]", "[ω^ω]"}) {
    EXPECT_EQ(results_of("irreducible(x^2 + x + " + std::string(c) + ")"),
              results_of("trace(" + std::string(c) + ") == 1"))
        << c;
  }
  EXPECT_EQ(results_of("irreducible(3)"), "false");  // a unit
  EXPECT_EQ(results_of("irreducible(0)"), "false");
  EXPECT_STREQ(error_of("irreducible(true)").what(),
               "irreducible needs f to be a polynomial or a nimber, not a boolean.");
}

TEST(PolynomialFunctions, QuotientAndRemainder) {
  EXPECT_EQ(results_of("quo(x^3 + x + 1, x + 1)"), "x^2 + x");
  EXPECT_EQ(results_of("rem(x^3 + x + 1, x + 1)"), "1");
  EXPECT_EQ(results_of("quo(5, 3)"), results_of("5 / 3"));
  const auto degree = [](const on2::value& v) -> long long {
    if (v.is_polynomial()) return v.as_polynomial().p.degree();
    return v.as_nimber().is_zero() ? -1 : 0;
  };
  for (const std::string f_and_g : {"x^7 + ω*x^3 + 5, x^3 + [ω^2]*x + 1", "ω*x^2 + 1, 2*x + ω",
                                    "x^2, x^3 + 1", "x^4 + x, ω", "x^4 + x, x^2 + x"}) {
    session s;
    const std::string f = f_and_g.substr(0, f_and_g.find(", "));
    const std::string g = f_and_g.substr(f_and_g.find(", ") + 2);
    EXPECT_EQ(results_of(s, "g = " + g + "; q = quo(" + f_and_g + "); r = rem(" + f_and_g + ")"),
              "");
    EXPECT_EQ(results_of(s, "q * g + r == " + f), "true") << f_and_g;
    EXPECT_LT(degree(s.variables().at("r")), degree(s.variables().at("g"))) << f_and_g;
  }
  EXPECT_EQ(results_of("rem(x^4 + x, x^2 + x)"), "0");
  const auto zero = error_of("rem(x, 0)");
  EXPECT_STREQ(zero.what(), "Polynomial division by zero.");
  EXPECT_EQ(zero.span().column, 8u);
  EXPECT_EQ(zero.kind(), on2::error_kind::math);
}

TEST(PolynomialFunctions, MinimalPolynomials) {
  EXPECT_EQ(results_of("minpoly(ω)"), "x^6 + x^3 + 1");  // ω^3 = 2 and 2^2 + 2 + 1 = 0
  EXPECT_EQ(results_of("minpoly(ω, 2)"), "x^3 + 2");     // over GF(4), ω^3 = 2
  EXPECT_EQ(results_of("minpoly(2)"), "x^2 + x + 1");
  EXPECT_EQ(results_of("minpoly(0)"), "x");
  EXPECT_EQ(results_of("minpoly(1)"), "x + 1");
  EXPECT_EQ(results_of("minpoly(ω, ω)"), "x + ω");
  EXPECT_EQ(results_of("m = minpoly([ω^2 + 1]); m([ω^2 + 1])"), "0");
  EXPECT_EQ(results_of("deg(minpoly([ω^2 + 1])) == degree([ω^2 + 1])"), "true");
  EXPECT_STREQ(error_of("minpoly(x)").what(), "minpoly needs a to be a nimber, not a polynomial.");
  EXPECT_STREQ(error_of("minpoly(2, x)").what(),
               "minpoly needs b to be a nimber, not a polynomial.");
}

// ---------------------------------------------------------------------------------------------
// Printing

TEST(PolynomialPrinting, DecreasingDegreeWithCoefficientsJoinedByStar) {
  EXPECT_EQ(results_of("x^3 + [ω^2·2]*x^2 + 3*x + 1"), "x^3 + [ω^2·2]*x^2 + 3*x + 1");
  EXPECT_EQ(results_of("1 + x^3 + 3*x + x^2*[ω^2·2]"), "x^3 + [ω^2·2]*x^2 + 3*x + 1");
  EXPECT_EQ(
      results_in({cas::notation::ascii, cas::numeral::decimal}, "x^3 + [ω^2·2]*x^2 + 3*x + 1"),
      "x^3 + [w^2*2]*x^2 + 3*x + 1");
  EXPECT_EQ(results_of("ω*y^12 + y"), "ω*y^12 + y");
  EXPECT_EQ(results_of("[ω+1]*x"), "[ω + 1]*x");
}

TEST(PolynomialPrinting, HexAndBinaryApplyToCoefficientsNotExponents) {
  EXPECT_EQ(results_in({cas::notation::unicode, cas::numeral::hexadecimal}, "x^10 + 255*x + 16"),
            "x^10 + 0xff*x + 0x10");
  EXPECT_EQ(results_in({cas::notation::ascii, cas::numeral::binary}, "x^10 + [ω·5]*x^2 + x"),
            "x^10 + [w*0b101]*x^2 + x");
}

TEST(PolynomialPrinting, JsonTypeIsPolynomial) {
  session s;
  s.options().notation = cas::notation::ascii;
  const run_report report = s.run_text("ω*x^2 + 1", "<test>", false);
  ASSERT_EQ(report.lines.size(), 1u);
  EXPECT_EQ(on2::to_json(report.lines[0]),
            R"({"type": "polynomial", "ascii": "w*x^2 + 1", "unicode": "ω*x^2 + 1"})");
  EXPECT_EQ(report.lines[0].text, "w*x^2 + 1");
}

}  // namespace
