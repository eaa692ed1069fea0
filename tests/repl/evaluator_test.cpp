// The evaluator of the on2 language (repl/src/evaluator.hpp): docs/spec/language.md's worked
// examples, the function registry's own examples, printing options, results numbering, and the
// error model (diagnostics with carets, exit codes, keep-going, variables surviving errors).
#include "evaluator.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "function_registry.hpp"
#include "name_suggestion.hpp"
#include "parser/parse.hpp"
#include "printer.hpp"
#include "test_support.hpp"
#include "value.hpp"

namespace {

using on2::output_line;
using on2::run_report;
using on2::session;

// The printed results of `text` in a fresh session, joined by " | ".
std::string results_of(session& s, const std::string& text, bool keep_going = false) {
  const run_report report = s.run_text(text, "<test>", keep_going);
  std::string out;
  for (const output_line& line : report.lines) {
    if (line.where != output_line::stream::result) continue;
    if (!out.empty()) out += " | ";
    out += line.text;
  }
  return out;
}

std::string results_of(const std::string& text) {
  session s;
  return results_of(s, text);
}

std::string ascii_results_of(const std::string& text) {
  session s;
  s.options().notation = cas::notation::ascii;
  return results_of(s, text);
}

std::string results_in(cas::numeral base, const std::string& text) {
  session s;
  s.options().numeral = base;
  return results_of(s, text);
}

// The rendered diagnostics of `text`, concatenated.
std::string diagnostics_of(session& s, const std::string& text, bool keep_going = false) {
  const run_report report = s.run_text(text, "<test>", keep_going);
  std::string out;
  for (const output_line& line : report.lines) {
    if (line.where == output_line::stream::diagnostic) out += line.text;
  }
  return out;
}

std::string diagnostics_of(const std::string& text) {
  session s;
  return diagnostics_of(s, text);
}

int exit_code_of(const std::string& text, bool keep_going = false) {
  session s;
  return s.run_text(text, "<test>", keep_going).exit_code;
}

// The first statement of `text`, evaluated directly; returns the error it throws.
on2::evaluation_error error_of(session& s, const std::string& text) {
  const auto program = on2::parser::parse_program_or_throw(text, "<test>");
  try {
    for (const auto& statement : program) s.evaluate(statement, text);
  } catch (const on2::evaluation_error& e) {
    return e;
  }
  ADD_FAILURE() << "no error from " << text;
  return on2::evaluation_error(on2::error_kind::usage, {}, "(no error)");
}

on2::evaluation_error error_of(const std::string& text) {
  session s;
  return error_of(s, text);
}

// ---------------------------------------------------------------------------------------------
// docs/spec/language.md's worked examples

TEST(EvaluatorNotation, AssignmentThenProductPrintsTwo) {
  EXPECT_EQ(results_of("a = 3; a * a"), "2");
}

TEST(EvaluatorNotation, NimPowerVersusCantorPower) {
  EXPECT_EQ(results_of("2^2"), "3");
  EXPECT_EQ(results_of("[2^2]"), "4");
  // The exponent 2^2 is the integer 4 (docs/spec/language.md "Exponents"): 2^4 = 3^2 = 2.
  EXPECT_EQ(results_of("2^2^2"), "2");
  EXPECT_EQ(results_of("2^(2^2)"), "2");
  EXPECT_EQ(results_of("2^3"), "1");
  EXPECT_EQ(results_of("ω^3"), "2");
  EXPECT_EQ(results_of("[ω^3]"), "[ω^3]");
  EXPECT_EQ(results_of("[2^ω]"), "ω");
  EXPECT_EQ(results_of("2**2"), "3");
  EXPECT_EQ(results_of("a = 2; a**5"), "3");  // a ** 5 = 2^2, never a * *5 (= 10)
}

TEST(EvaluatorNotation, NimProductOfTransfiniteSums) {
  EXPECT_EQ(results_of("(ω+2)*(ω+3)"), "[ω^2 + ω + 1]");
  EXPECT_EQ(results_of("(ω+2)⊗(ω+3)"), "[ω^2 + ω + 1]");
}

TEST(EvaluatorNotation, NegativeExponentsAreInverses) {
  EXPECT_EQ(results_of("ω^-1"), "[ω^2·3]");
  EXPECT_EQ(results_of("ω**-1"), "[ω^2·3]");
  EXPECT_EQ(results_of("ω^-1 == [ω^2·3]"), "true");
  EXPECT_EQ(results_of("ω^-1 * ω"), "1");
  EXPECT_EQ(results_of("2^-1"), "3");
  EXPECT_EQ(results_of("ω^-(1)"), "[ω^2·3]");
  // An exponent is an integer, so a^(-1) and pow(a, -1) are a^-1 too.
  EXPECT_EQ(results_of("ω^(-1)"), "[ω^2·3]");
  EXPECT_EQ(results_of("pow(ω, -1)"), "[ω^2·3]");
  EXPECT_EQ(results_of("pow(2, 0 - 1)"), "3");
  EXPECT_EQ(results_of("ω^(2 - 3)"), "[ω^2·3]");
}

TEST(EvaluatorNotation, ExponentsAreIntegerArithmetic) {
  EXPECT_EQ(results_of("2^(3+1)"), "2");  // 2^4 = 2^(4 mod 3)
  EXPECT_EQ(results_of("2^[3+1]"), "2");
  EXPECT_EQ(results_of("ω^(1+2)"), "2");
  EXPECT_EQ(results_of("n = 3; x^(n+1) == x^n * x"), "true");
  EXPECT_EQ(results_of("x^(2*3 - 1)"), "x^5");
  EXPECT_EQ(results_of("x^(12/4)"), "x^3");
  EXPECT_EQ(results_of("x^(3 ⊕ 1)"), "x^2");  // ⊕ keeps its nim meaning
  EXPECT_EQ(results_of("x^(2^3)"), "x^8");
  EXPECT_STREQ(error_of("2^(1/2)").what(), "The integer division 1 / 2 is not exact.");
  EXPECT_EQ(error_of("2^(2^(2^30))").kind(), on2::error_kind::limit);
}

TEST(EvaluatorNotation, BracketsSubtractFiniteValues) {
  EXPECT_EQ(results_of("[2^24 - 1]"), "16777215");
  EXPECT_EQ(results_of("[ω + (5 - 1)]"), "[ω + 4]");
  EXPECT_EQ(results_of("[10 - 3 - 2]"), "5");
  const auto negative = error_of("[3 - 5]");
  EXPECT_STREQ(negative.what(), "The difference 3 - 5 is negative: ordinals have no negatives.");
  EXPECT_EQ(negative.kind(), on2::error_kind::math);
  EXPECT_EQ(negative.span().column, 2u);
  EXPECT_EQ(error_of("[5 - ω]").span().column, 6u);
}

TEST(EvaluatorNotation, SumsOutsideBracketsAreNimSumsInsideCantorSums) {
  EXPECT_EQ(results_of("[ω+1]+[ω]"), "1");  // outside the brackets + is the nim sum
  EXPECT_EQ(results_of("[[ω+1]+[ω]]"), "[ω·2]");
  EXPECT_EQ(results_of("[ω+1+ω]"), "[ω·2]");
  EXPECT_EQ(results_of("[1+ω]"), "ω");
  EXPECT_EQ(results_of("ω - ω"), "0");  // binary minus is plus
  EXPECT_EQ(results_of("ω + ω"), "0");
  EXPECT_EQ(results_of("5 ⊕ 3"), "6");
}

TEST(EvaluatorNotation, CantorProductsAndPowers) {
  EXPECT_EQ(results_of("[(ω+1)·ω]"), "[ω^2]");
  EXPECT_EQ(results_of("[ω·(ω+1)]"), "[ω^2 + ω]");
  EXPECT_EQ(results_of("[ω×2]"), "[ω·2]");
  EXPECT_EQ(results_of("[ω*2]"), "[ω·2]");
  EXPECT_EQ(results_of("[ω^(ω^2·3+1)·5 + ω + 7]"), "[ω^(ω^2·3+1)·5 + ω + 7]");
  EXPECT_EQ(results_of("[w^(w^2*3+1)*5 + w + 7] == [ω^(ω^2·3+1)·5 + ω + 7]"), "true");
}

TEST(EvaluatorNotation, CircledOperatorsKeepNimMeaningInsideBrackets) {
  EXPECT_EQ(results_of("[ω ⊕ 1 ⊗ 2]"), "[ω + 2]");
  EXPECT_EQ(results_of("[ω ⊗ ω]"), "[ω^2]");
  EXPECT_EQ(results_of("[ω^3 ⊕ ω^3]"), "0");
}

TEST(EvaluatorNotation, DivisionIsNimDivision) {
  EXPECT_EQ(results_of("1/2"), "3");
  EXPECT_EQ(results_of("1/4"), "15");
  EXPECT_EQ(results_of("6/2/3"), "6");  // (6/2)/3
  EXPECT_EQ(results_of("ω/ω"), "1");
}

TEST(EvaluatorNotation, LiteralsAndDecorations) {
  EXPECT_EQ(results_of("0x1f"), "31");
  EXPECT_EQ(results_of("0b1011"), "11");
  EXPECT_EQ(results_of("340282366920938463463374607431768211456"),
            "340282366920938463463374607431768211456");
  EXPECT_EQ(results_of("ω"), "ω");
  EXPECT_EQ(results_of("w"), "ω");
  EXPECT_EQ(results_of("omega"), "ω");
  EXPECT_EQ(results_of("*5"), "5");
  EXPECT_EQ(results_of("*[ω+1]"), "[ω + 1]");
  EXPECT_EQ(results_of("-3"), "3");
  EXPECT_EQ(results_of("+ω"), "ω");
  EXPECT_EQ(results_of("true"), "true");
  EXPECT_EQ(results_of("false"), "false");
  EXPECT_EQ(results_of(R"("file.svg")"), R"("file.svg")");
  EXPECT_EQ(results_of(R"("a\"b\\c")"), R"("a\"b\\c")");
}

TEST(EvaluatorNotation, ListsEvaluateTheirElements) {
  EXPECT_EQ(results_of("{1, ω, 2*2}"), "{1, ω, 3}");
  EXPECT_EQ(results_of("{}"), "{}");
  EXPECT_EQ(results_of("{{1, 2}, {true, \"s\"}}"), "{{1, 2}, {true, \"s\"}}");
}

TEST(EvaluatorNotation, Comparisons) {
  EXPECT_EQ(results_of("1 < 2"), "true");
  EXPECT_EQ(results_of("ω > 1000000"), "true");
  EXPECT_EQ(results_of("ω <= ω"), "true");
  EXPECT_EQ(results_of("[ω+1] >= [ω·2]"), "false");
  EXPECT_EQ(results_of("[ω·2] > [ω+5]"), "true");
  EXPECT_EQ(results_of("2 == 2"), "true");
  EXPECT_EQ(results_of("2 != 3"), "true");
  EXPECT_EQ(results_of("{1, 2} == {1, 2}"), "true");
  EXPECT_EQ(results_of("{1, 2} == {2, 1}"), "false");
  EXPECT_EQ(results_of("{1} == 1"), "false");
  EXPECT_EQ(results_of("true != false"), "true");
  EXPECT_EQ(results_of("\"a\" == \"a\""), "true");
  EXPECT_EQ(results_of("(1 < 2) == true"), "true");
  EXPECT_EQ(results_of("-ω == ω"), "true");
}

TEST(EvaluatorNotation, LongChainsDoNotRecurse) {
  // The evaluator walks a left-associative chain's spine in a loop. (3000 terms, not the parser's
  // 10 000: the syntax tree's own destructor recurses, which a sanitizer build's stack feels.)
  std::string text = "1";
  for (int i = 0; i < 3000; ++i) text += " + 1";
  EXPECT_EQ(results_of(text), "1");  // 3001 ones: an odd count
}

TEST(EvaluatorNotation, DeepNestingWithinTheParserLimit) {
  const int depth = 900;  // parse_limits::max_nesting_depth is 1000
  EXPECT_EQ(results_of(std::string(depth, '(') + "ω" + std::string(depth, ')')), "ω");
  EXPECT_EQ(results_of(std::string(depth, '[') + "ω+1" + std::string(depth, ']')), "[ω + 1]");
  EXPECT_EQ(results_of(std::string(depth, '-') + "5"), "5");
  // Exponents are integers: a tower of ones below the base nests 900 integer powers.
  std::string tower = "2";
  for (int i = 1; i < depth; ++i) tower += "^1";
  EXPECT_EQ(results_of(tower), "2");
}

// ---------------------------------------------------------------------------------------------
// Results and variables

TEST(EvaluatorResults, PercentIsTheLatestAndPercentNTheNth) {
  session s;
  EXPECT_EQ(results_of(s, "5\n7\n%\n%1\n%2 + %1"), "5 | 7 | 7 | 5 | 2");
  EXPECT_EQ(s.results().size(), 5u);
}

TEST(EvaluatorResults, SilentStatementsAreNumberedAssignmentsAndFailuresAreNot) {
  session s;
  EXPECT_EQ(results_of(s, "4;\na = 9\n1/0\n%", true), "4");
  ASSERT_EQ(s.results().size(), 2u);  // `4;` and `%`
  EXPECT_EQ(*s.results().find(1), on2::value(cas::nimber(4)));
  EXPECT_EQ(results_of(s, "%2\n%3"), "4 | 4");
}

TEST(EvaluatorResults, MissingResultsAreErrors) {
  session s;
  EXPECT_EQ(error_of(s, "%").kind(), on2::error_kind::usage);
  results_of(s, "1");
  const auto e = error_of(s, "%2");
  EXPECT_STREQ(e.what(), "There is no result %2.");
  EXPECT_EQ(e.hint(), "The results so far are %1 to %1; % is the latest.");
  EXPECT_STREQ(error_of(s, "%0").what(), "There is no result %0.");
}

// Only the latest max_kept_results are kept (memory must not grow with a script's length);
// the numbering goes on, and an older %n says that it is no longer kept.
TEST(EvaluatorResults, OnlyTheLatestResultsAreKept) {
  session s;
  const std::size_t total = on2::max_kept_results + 2;
  std::string script;
  for (std::size_t i = 1; i <= total; ++i) script += std::to_string(i) + ";\n";
  results_of(s, script);
  EXPECT_EQ(s.results().size(), total);
  EXPECT_EQ(s.results().first_kept(), 3u);
  EXPECT_EQ(s.results().find(2), nullptr);
  EXPECT_EQ(results_of(s, "%3\n%" + std::to_string(total)), "3 | " + std::to_string(total));
  const auto e = error_of(s, "%2");
  EXPECT_EQ(e.kind(), on2::error_kind::usage);
  EXPECT_EQ(std::string(e.what()), "Result %2 is no longer kept: on2 keeps the latest " +
                                       std::to_string(on2::max_kept_results) +
                                       " results (max_kept_results).");
  EXPECT_EQ(e.hint(),
            "The results kept are %5 to %" + std::to_string(total + 2) + "; % is the latest.");
}

TEST(EvaluatorResults, EvaluateReturnsNothingForAssignmentsAndSemicolons) {
  session s;
  const std::string text = "a = 3; a * a; a ⊕ 1";
  const auto program = on2::parser::parse_program_or_throw(text, "<test>");
  ASSERT_EQ(program.size(), 3u);
  EXPECT_FALSE(s.evaluate(program[0], text).has_value());
  EXPECT_FALSE(s.evaluate(program[1], text).has_value());
  EXPECT_EQ(s.evaluate(program[2], text), "2");
  EXPECT_EQ(s.results().size(), 2u);
  EXPECT_EQ(s.variables().at("a"), on2::value(cas::nimber(3)));
}

TEST(EvaluatorResults, VariablesSurviveErrors) {
  session s;
  EXPECT_EQ(results_of(s, "a = 5\na = 1/0\na", true), "5");
  EXPECT_EQ(results_of(s, "a"), "5");
  EXPECT_EQ(s.variables().size(), 1u);
}

TEST(EvaluatorResults, ResetForgetsVariablesAndResultsButKeepsOptions) {
  session s;
  s.options().numeral = cas::numeral::hexadecimal;
  results_of(s, "a = 1\n2");
  s.reset();
  EXPECT_TRUE(s.variables().empty());
  EXPECT_TRUE(s.results().empty());
  EXPECT_EQ(results_of(s, "31"), "0x1f");
}

TEST(EvaluatorResults, VariablesHoldAnyValue) {
  EXPECT_EQ(results_of("l = {1, ω}\nl\nb = 1 < 2\nb == true\ns = \"x.svg\"\ns"),
            "{1, ω} | true | \"x.svg\"");
}

// ---------------------------------------------------------------------------------------------
// The function registry

TEST(EvaluatorRegistry, EveryExamplePrintsItsExpectedOutput) {
  for (const on2::function_entry& f : on2::function_registry()) {
    session s;
    const run_report report = s.run_text(f.example.input, "<example>", false);
    EXPECT_EQ(report.exit_code, 0) << f.example.input;
    ASSERT_EQ(report.lines.size(), 1u) << f.example.input;
    // Reports that end with the time taken ("Time: 0.00 s.") compare with the time masked.
    const auto masked = [](const std::string& text) {
      return std::regex_replace(text, std::regex("Time: [0-9.]+ s\\."), "Time: … s.");
    };
    EXPECT_EQ(masked(report.lines[0].text), masked(f.example.output)) << f.example.input;
  }
}

TEST(EvaluatorRegistry, EntriesAreWellFormed) {
  std::unordered_set<std::string> names;
  for (const on2::function_entry& f : on2::function_registry()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_EQ(f.signature.rfind(f.name + "(", 0), 0u) << f.name;
    EXPECT_FALSE(f.summary.empty()) << f.name;
    EXPECT_LE(f.minimum_arity, f.maximum_arity) << f.name;
    EXPECT_EQ(f.example.input.rfind(f.name + "(", 0), 0u) << f.name;
    EXPECT_TRUE(f.implementation) << f.name;
    EXPECT_EQ(on2::find_function(f.name), &f);
    EXPECT_EQ(on2::find_planned_function(f.name), nullptr) << f.name;
  }
  for (const char* name :
       {"inv",   "sqrt", "root",        "pow",       "order", "degree", "conjugates",
        "trace", "norm", "field",       "is_finite", "kappa", "alpha",  "excess",
        "qset",  "mex",  "nim",         "minpoly",   "solve", "roots",  "factor",
        "gcd",   "deg",  "irreducible", "quo",       "rem"}) {
    EXPECT_NE(on2::find_function(name), nullptr) << name;
  }
}

TEST(EvaluatorRegistry, MoreKnownAnswers) {
  EXPECT_EQ(results_of("root(2, 3)"), "{ω, [ω·2], [ω·3]}");
  EXPECT_EQ(results_of("alpha(7)"), "[ω + 1]");
  EXPECT_EQ(results_of("alpha(3)"), "2");  // κ_3^3 = ω^3 = 2
  EXPECT_EQ(results_of("kappa(3)"), "ω");
  EXPECT_EQ(results_of("kappa(4)"), "4");
  EXPECT_EQ(results_of("kappa(9)"), "[ω^3]");
  EXPECT_EQ(results_of("inv(ω)"), "[ω^2·3]");
  EXPECT_EQ(results_of("inv(ω) == ω^-1"), "true");
  EXPECT_EQ(results_of("pow(2, 2) == 2^2"), "true");
  EXPECT_EQ(results_of("sqrt(ω)^2"), "ω");
  EXPECT_EQ(results_of("conjugates(ω)"), results_of("{ω, ω^2, ω^4, ω^8, ω^16, ω^32}"));
  EXPECT_EQ(results_of("trace(ω)"), "0");
  EXPECT_EQ(results_of("norm(ω)"), "1");
  EXPECT_EQ(results_of("norm(0)"), "0");
  EXPECT_EQ(results_of("trace(ω, 2) == ω + ω^4 + ω^16"), "true");
  EXPECT_EQ(results_of("degree(16)"), "8");
  EXPECT_EQ(results_of("order(2)"), "3");
  EXPECT_EQ(results_of("is_finite(12)"), "true");
  EXPECT_EQ(results_of("mex()"), "0");
  EXPECT_EQ(results_of("mex({0, 1, 2}, 5)"), "3");
  EXPECT_EQ(results_of("mex(1, 2)"), "0");
  EXPECT_EQ(results_of("nim(1, 2)"), "3");
  EXPECT_EQ(results_of("nim({ω, 1}, ω)"), "1");
  EXPECT_EQ(results_of("excess(3)"), "0");
  EXPECT_EQ(results_of("qset(5)"), "{5}");
}

TEST(EvaluatorRegistry, FunctionNamesCannotBeAssigned) {
  const auto e = error_of("inv = 3");
  EXPECT_STREQ(e.what(), "`inv` is a function name; it cannot be assigned.");
  EXPECT_EQ(e.kind(), on2::error_kind::usage);
  EXPECT_EQ(e.span().column, 1u);
  EXPECT_STREQ(error_of("minpoly = 3").what(),
               "`minpoly` is a function name; it cannot be assigned.");
  EXPECT_EQ(exit_code_of("trace = 1"), 4);
}

TEST(EvaluatorRegistry, WrongArityNamesTheSignature) {
  EXPECT_STREQ(error_of("root(2)").what(), "`root` takes 2 arguments: root(a, n).");
  EXPECT_EQ(error_of("root(2)").hint(), "Example: root(2, 3) gives {ω, [ω·2], [ω·3]}.");
  EXPECT_STREQ(error_of("trace()").what(),
               "`trace` takes 1 or 2 arguments: trace(a), trace(a, n).");
  EXPECT_STREQ(error_of("inv(1, 2)").what(), "`inv` takes 1 argument: inv(a).");
  EXPECT_STREQ(error_of("nim()").what(), "`nim` takes at least 1 argument: nim(a, b, …).");
  EXPECT_EQ(exit_code_of("inv(1, 2)"), 4);
}

TEST(EvaluatorRegistry, UnknownFunctionsSuggestTheNearestName) {
  const auto e = error_of("sqr(2)");
  EXPECT_STREQ(e.what(), "There is no function `sqr`.");
  EXPECT_EQ(e.hint(), "Did you mean `sqrt`?");
  EXPECT_EQ(error_of("kapa(3)").hint(), "Did you mean `kappa`?");
  EXPECT_EQ(error_of("frobnicate(3)").hint(), "`:help` lists the functions.");
  for (const on2::planned_function& planned : on2::planned_functions()) {
    EXPECT_EQ(std::string(error_of(planned.name + "(2)").what()),
              "`" + planned.name + "` needs " + planned.waits_for + ".");
  }
  EXPECT_STREQ(error_of("a = 2; a(1)").what(), "`a` is a variable, not a function.");
  EXPECT_STREQ(error_of("inv + 1").what(), "`inv` is a function; call it with its arguments.");
}

TEST(EvaluatorRegistry, ArgumentErrorsPointAtTheArgument) {
  const auto e = error_of("root(2, 0)");
  EXPECT_STREQ(e.what(), "root needs n ≥ 1; it is 0.");
  EXPECT_EQ(e.span().column, 9u);
  EXPECT_EQ(e.kind(), on2::error_kind::math);
  EXPECT_STREQ(error_of("alpha(9)").what(), "alpha needs p to be an odd prime; 9 is not one.");
  EXPECT_STREQ(error_of("inv({1})").what(), "inv needs a to be a nimber, not a list.");
  EXPECT_STREQ(error_of("kappa(ω)").what(),
               "kappa needs h to be a finite nimber (a natural number), not a transfinite one.");
  EXPECT_EQ(error_of("kappa(0x10000000000000000)").kind(), on2::error_kind::limit);
  EXPECT_EQ(error_of("mex(1, ω)").kind(), on2::error_kind::math);
  const auto g = error_of("gcd(x, {1})");
  EXPECT_STREQ(g.what(), "gcd needs g to be a polynomial or a nimber, not a list.");
  EXPECT_EQ(g.span().column, 8u);
}

TEST(EvaluatorRegistry, CasErrorsKeepTheirKind) {
  EXPECT_EQ(exit_code_of("inv(0)"), 1);          // math_error
  EXPECT_EQ(exit_code_of("alpha(1000003)"), 3);  // range_error: not in the table
  const auto e = error_of("alpha(1000003)");
  EXPECT_NE(std::string(e.what()).find("on2 --compute-alpha 1000003"), std::string::npos);
  EXPECT_EQ(e.span().column, 1u);
}

// ---------------------------------------------------------------------------------------------
// Printing options

TEST(EvaluatorPrinting, AsciiNotation) {
  EXPECT_EQ(ascii_results_of("ω^-1"), "[w^2*3]");
  EXPECT_EQ(ascii_results_of("ω"), "w");
  EXPECT_EQ(ascii_results_of("{ω, [ω^(ω^2·3+1)·5 + ω + 7]}"), "{w, [w^(w^2*3+1)*5 + w + 7]}");
}

TEST(EvaluatorPrinting, HexAndBinaryApplyToEveryFiniteNumberButNotExponents) {
  using cas::numeral;
  EXPECT_EQ(results_in(numeral::hexadecimal, "255"), "0xff");
  EXPECT_EQ(results_in(numeral::hexadecimal, "0"), "0x0");
  EXPECT_EQ(results_in(numeral::binary, "5"), "0b101");
  EXPECT_EQ(results_in(numeral::binary, "0"), "0b0");
  EXPECT_EQ(results_in(numeral::hexadecimal, "ω^-1"), "[ω^2·0x3]");
  EXPECT_EQ(results_in(numeral::hexadecimal, "[ω^(ω^2·3+12)·255 + ω + 16]"),
            "[ω^(ω^2·3+12)·0xff + ω + 0x10]");
  EXPECT_EQ(results_in(numeral::binary, "[ω^12·2 + 1]"), "[ω^12·0b10 + 0b1]");
  EXPECT_EQ(results_in(numeral::hexadecimal, "{10, ω, true}"), "{0xa, ω, true}");
  EXPECT_EQ(results_in(numeral::hexadecimal, "340282366920938463463374607431768211456"),
            "0x100000000000000000000000000000000");
  EXPECT_EQ(results_in(numeral::hexadecimal, "0x10000000000000001"), "0x10000000000000001");
  EXPECT_EQ(results_in(numeral::decimal, "0xff"), "255");
}

TEST(EvaluatorPrinting, PrintedTextReadsBackInEveryForm) {
  const std::vector<std::string> inputs = {"0",
                                           "1",
                                           "0xdeadbeefcafe12345678",
                                           "ω",
                                           "ω^-1",
                                           "[ω^(ω^2·3+1)·5 + ω + 7]",
                                           "(ω+2)*(ω+3)",
                                           "[ω^ω·300 + 17]",
                                           "{1, {ω, 2}}"};
  for (const auto notation : {cas::notation::unicode, cas::notation::ascii}) {
    for (const auto base :
         {cas::numeral::decimal, cas::numeral::hexadecimal, cas::numeral::binary}) {
      for (const std::string& input : inputs) {
        session s;
        s.options() = {notation, base};
        const std::string printed = results_of(s, input);
        EXPECT_EQ(results_of(s, "% == " + printed), "true") << input << " printed " << printed;
      }
    }
  }
}

TEST(EvaluatorPrinting, ValuesToText) {
  using on2::value;
  EXPECT_EQ(on2::to_text(value::string("q\"\\")), R"("q\"\\")");
  EXPECT_EQ(on2::to_text(value::boolean(false)), "false");
  EXPECT_EQ(on2::to_text(value(on2::list{value(cas::nimber(1)), value(on2::list{})})), "{1, {}}");
  EXPECT_EQ(on2::to_text(value()), "0");
}

TEST(OrdinalFormatNumeral, NimbersInEachBase) {
  EXPECT_EQ(cas::to_string(cas::nimber(31), cas::numeral::hexadecimal), "0x1f");
  EXPECT_EQ(cas::to_string(cas::nimber(31), cas::numeral::binary), "0b11111");
  EXPECT_EQ(cas::to_string(cas::nimber(31), cas::numeral::decimal), "31");
  const cas::nimber two_to_64 = cas::nimber::power_of_two(64);
  EXPECT_EQ(cas::to_string(two_to_64, cas::numeral::binary), "0b1" + std::string(64, '0'));
  EXPECT_EQ(cas::to_string(cas::ordinal::omega(), cas::notation::ascii, cas::numeral::binary), "w");
  EXPECT_EQ(cas::to_string(cas::ordinal(cas::nimber(3))), "3");  // the default stays decimal
}

// ---------------------------------------------------------------------------------------------
// Errors: diagnostics, carets, exit codes

TEST(EvaluatorErrors, DivisionByZeroPointsAtTheDivisor) {
  EXPECT_EQ(diagnostics_of("a = 1\nb = a / (ω + ω)"),
            "<test>:2:9: error: Nim division by zero.\n"
            "    b = a / (ω + ω)\n"
            "            ^~~~~~~\n"
            "hint: Every nimber except 0 has an inverse.\n");
  EXPECT_EQ(exit_code_of("1/0"), 1);
}

TEST(EvaluatorErrors, CaretsCountCharactersNotBytes) {
  EXPECT_EQ(diagnostics_of("ω ⊕ ω / 0"),
            "<test>:1:9: error: Nim division by zero.\n"
            "    ω ⊕ ω / 0\n"
            "            ^\n"
            "hint: Every nimber except 0 has an inverse.\n");
}

TEST(EvaluatorNames, NamesNeverAssignedAreIndeterminates) {
  EXPECT_EQ(results_of("x + 1"), "x + 1");
  EXPECT_EQ(results_of("counter = 3; countr"), "countr");
  EXPECT_EQ(results_of("a = 1; b"), "b");
  EXPECT_EQ(results_of("a = 1; a + 1"), "0");
}

TEST(EvaluatorErrors, TransfiniteExponentShowsTheBracketedForm) {
  const auto e = error_of("ω^ω");
  EXPECT_STREQ(e.what(),
               "The exponent of the nim power ^ must be an integer; this one is transfinite.");
  EXPECT_EQ(e.hint(), "For the ordinal power, use brackets: [ω^ω].");
  EXPECT_EQ(e.span().column, 3u);
  EXPECT_EQ(error_of("2 + ω^(ω+1)").hint(), "For the ordinal power, use brackets: [ω^(ω+1)].");
  EXPECT_EQ(exit_code_of("ω^ω"), 1);  // a value of the wrong kind is a math error
}

TEST(EvaluatorErrors, OperandsOfTheWrongKind) {
  EXPECT_STREQ(error_of("{1, 2} + 1").what(),
               "`+` applies to nimbers and polynomials, not to a list.");
  EXPECT_STREQ(error_of("1 < true").what(),
               "`<` compares nimbers (in Cantor order), not a boolean.");
  EXPECT_STREQ(error_of("-\"s\"").what(),
               "`-` applies to nimbers and polynomials, not to a string.");
  EXPECT_STREQ(error_of("[{1}]").what(),
               "Brackets [ … ] hold ordinal arithmetic on nimbers, not a list.");
  EXPECT_STREQ(error_of("2^{1}").what(),
               "The exponent of the nim power ^ must be an integer, not a list.");
}

TEST(EvaluatorErrors, LimitsAreLimitErrorsAtTheLiteral) {
  cas::context ctx;
  ctx.limits().max_nimber_bits = 16;
  session s(ctx);
  const run_report report = s.run_text("1 + 0x1ffff", "<test>", false);
  EXPECT_EQ(report.exit_code, 3);
  const auto e = error_of(s, "1 + 0x1ffff");
  EXPECT_EQ(e.kind(), on2::error_kind::limit);
  EXPECT_EQ(e.span().column, 5u);
}

// The session's context reaches every cas call, so its limits hold for nim sums of ordinals and
// polynomials too (they once took the default context's max_ordinal_terms = 100000).
TEST(EvaluatorErrors, TheSessionsLimitsHoldForSums) {
  cas::context ctx;
  ctx.limits().max_ordinal_terms = 2;
  session s(ctx);
  EXPECT_EQ(results_of(s, "[ω^2 + ω] + [ω^2]"), "ω");
  for (const char* text : {"[ω^2 + ω] + [ω^3]", "nim([ω^2 + ω], [ω^3])",
                           "nim_move([ω^2 + ω], [ω^3])", "[ω^2 + ω]*x + [ω^3]*x"}) {
    const run_report report = s.run_text(text, "<test>", false);
    EXPECT_EQ(report.exit_code, 3) << text;
    ASSERT_FALSE(report.lines.empty()) << text;
    EXPECT_NE(report.lines[0].text.find("above the limit max_ordinal_terms = 2."),
              std::string::npos)
        << text << ": " << report.lines[0].text;
  }
}

TEST(EvaluatorErrors, InterruptionIsExitCodeThree) {
  cas::context ctx;
  session s(ctx);
  ctx.cancellation().request();
  const run_report report = s.run_text("1", "<test>", false);
  EXPECT_EQ(report.exit_code, 3);
  EXPECT_NE(report.lines.at(0).text.find("The computation was interrupted."), std::string::npos);
  ctx.cancellation().reset();
  EXPECT_EQ(results_of(s, "1"), "1");
}

// The interruption is consumed by the statement it ends: under keep-going the rest run.
TEST(EvaluatorErrors, AnInterruptionEndsOnlyItsStatement) {
  cas::context ctx;
  session s(ctx);
  ctx.cancellation().request();
  const run_report report = s.run_text("1\n2\n3", "<test>", true);
  EXPECT_EQ(report.exit_code, 3);
  EXPECT_EQ(report.error_count, 1u);
  ASSERT_EQ(report.lines.size(), 3u);
  EXPECT_EQ(report.lines[0].where, output_line::stream::diagnostic);
  EXPECT_EQ(report.lines[0].kind, "interrupted");  // --json tells it from a limit
  EXPECT_EQ(report.lines[1].text, "2");
  EXPECT_EQ(report.lines[2].text, "3");
  EXPECT_FALSE(ctx.cancellation().requested());
}

TEST(EvaluatorErrors, StopAtTheFirstErrorUnlessKeepGoing) {
  session stop;
  const run_report stopped = stop.run_text("1\n1/0\n2\n)\n3", "s.on2", false);
  EXPECT_EQ(stopped.exit_code, 1);
  EXPECT_EQ(stopped.error_count, 1u);
  ASSERT_EQ(stopped.lines.size(), 2u);
  EXPECT_EQ(stopped.lines[0].where, output_line::stream::result);
  EXPECT_EQ(stopped.lines[0].text, "1");
  // The structured fields behind --json.
  EXPECT_EQ(on2::to_json(stopped.lines[0]), R"({"type": "nimber", "ascii": "1", "unicode": "1"})");
  EXPECT_EQ(
      on2::to_json(stopped.lines[1]),
      R"({"error": "Nim division by zero.", "kind": "math", "hint": "Every nimber except 0 has an inverse.", "source": "s.on2", "line": 2, "column": 3})");
  EXPECT_EQ(stopped.lines[1].where, output_line::stream::diagnostic);
  EXPECT_EQ(stopped.lines[1].text.rfind("s.on2:2:3: error: Nim division by zero.\n", 0), 0u);

  session go;
  const run_report kept = go.run_text("1\n1/0\n2\n)\n3", "s.on2", true);
  EXPECT_EQ(kept.exit_code, 1);  // the first error's code
  EXPECT_EQ(kept.error_count, 2u);
  ASSERT_EQ(kept.lines.size(), 5u);
  EXPECT_EQ(kept.lines[2].text, "2");
  EXPECT_EQ(kept.lines[3].where, output_line::stream::diagnostic);
  EXPECT_EQ(kept.lines[3].text.rfind("s.on2:4:1: error:", 0), 0u);
  EXPECT_EQ(kept.lines[4].text, "3");
}

TEST(EvaluatorErrors, ParseErrorsComeInSourceOrderWithExitCodeTwo) {
  EXPECT_EQ(exit_code_of(")\n1/0", true), 2);
  EXPECT_EQ(exit_code_of("1/0\n)", true), 1);
  session s;
  const run_report report = s.run_text("1\n2 +;\n3", "<test>", false);
  EXPECT_EQ(report.exit_code, 2);
  ASSERT_EQ(report.lines.size(), 2u);
  EXPECT_EQ(report.lines[0].text, "1");
  EXPECT_EQ(report.lines[1].text.rfind("<test>:2:", 0), 0u);
  EXPECT_EQ(exit_code_of("[ω / 1]"), 2);
  EXPECT_EQ(exit_code_of("[ω - 1]"), 1);  // a transfinite difference: a math error
  EXPECT_EQ(exit_code_of("ω·2"), 2);
}

TEST(EvaluatorErrors, ExitCodesByKind) {
  EXPECT_EQ(on2::exit_code(on2::error_kind::math), 1);
  EXPECT_EQ(on2::exit_code(on2::error_kind::parse), 2);
  EXPECT_EQ(on2::exit_code(on2::error_kind::limit), 3);
  EXPECT_EQ(on2::exit_code(on2::error_kind::usage), 4);
  EXPECT_EQ(exit_code_of("1\n2"), 0);
  EXPECT_EQ(exit_code_of(""), 0);
  EXPECT_EQ(exit_code_of("0^-1"), 1);
}

// ---------------------------------------------------------------------------------------------
// Values and name suggestions

TEST(EvaluatorValue, RegularValueType) {
  using on2::value;
  const value a(on2::list{value(cas::nimber(1)), value::boolean(true), value::string("s")});
  const value b = a;
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::hash<value>{}(a), std::hash<value>{}(b));
  EXPECT_FALSE(value::boolean(true) == value(cas::nimber(1)));
  EXPECT_FALSE(value::string("1") == value(cas::nimber(1)));
  EXPECT_EQ(on2::kind_name(a), "a list");
  EXPECT_EQ(on2::kind_name(value()), "a nimber");
  EXPECT_EQ(value(), value(cas::ordinal()));
}

TEST(EvaluatorNameSuggestion, EditDistanceAndThresholds) {
  EXPECT_EQ(on2::edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(on2::edit_distance("", "abc"), 3u);
  EXPECT_EQ(on2::edit_distance("sqrt", "sqrt"), 0u);
  const std::vector<std::string> names = {"sqrt", "inv", "alpha", "a"};
  EXPECT_EQ(on2::nearest_name("sqr", names), "sqrt");
  EXPECT_EQ(on2::nearest_name("alfa", names), "alpha");
  EXPECT_FALSE(on2::nearest_name("b", names).has_value());  // short names are meant as typed
  EXPECT_FALSE(on2::nearest_name("xyzzy", names).has_value());
  EXPECT_FALSE(on2::nearest_name("inv", names).has_value());  // never the name itself
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Lists (docs/spec/language.md "Programs")

TEST(EvaluatorLists, IndicesAreOneBasedIntegers) {
  EXPECT_EQ(results_of("L = {1, ω, {x, 3}}\nL[1]\nL[1 + 1]\nL[3][2]"), "1 | ω | 3");
  EXPECT_STREQ(error_of("L = {1, 2}; L[3]").what(),
               "The index 3 is outside the list, whose elements are 1 to 2.");
  EXPECT_EQ(error_of("L = {1, 2}; L[3]").span().column, 15u);
  EXPECT_STREQ(error_of("{}[1]").what(), "The index 1 is outside the list: the list is empty.");
}

TEST(EvaluatorLists, ElementAssignmentReplacesOneElementOfTheVariable) {
  EXPECT_EQ(results_of("L = {1, 2}; M = L; L[2] = ω\nL\nM"), "{1, ω} | {1, 2}");
  EXPECT_EQ(results_of("L = {{1, 2}}; L[1][1] = 5; L"), "{{5, 2}}");
  // A failed element assignment leaves the variable as it was.
  session s;
  EXPECT_EQ(results_of(s, "L = {1}"), "");
  EXPECT_STREQ(error_of(s, "L[2] = 3").what(),
               "The index 2 is outside the list, whose elements are 1 to 1.");
  EXPECT_EQ(results_of(s, "L"), "{1}");
}

TEST(EvaluatorLists, RangesAndComprehensions) {
  EXPECT_EQ(results_of("1..4"), "{1, 2, 3, 4}");
  EXPECT_EQ(results_of("4..1"), "{}");
  EXPECT_EQ(results_of("n = 3; 1..n+1"), "{1, 2, 3, 4}");                 // bounds are integers
  EXPECT_EQ(results_of("{i * i for i in 1..4 if i != 2}"), "{1, 2, 6}");  // 3 ⊗ 3 = 2, 4 ⊗ 4 = 6
  // The comprehension's variable is local to it.
  EXPECT_EQ(results_of("i = ω\n{i for i in 1..2}\ni"), "{1, 2} | ω");
  EXPECT_EQ(error_of("1..(2^30)").kind(), on2::error_kind::limit);
  EXPECT_STREQ(error_of("{i for i in 1..3 if i}").what(),
               "The condition of a comprehension must be a boolean, not a nimber.");
}

// ---------------------------------------------------------------------------------------------
// Control flow and user functions (docs/spec/language.md "Programs")

TEST(EvaluatorPrograms, LoopsAndConditions) {
  EXPECT_EQ(results_of("s = 0; for i in 1..10 do s = s + i*i end\ns"), "15");
  EXPECT_EQ(results_of("n = 0; while n < 10 do n = [n + 1]; if n == 4 then break end end\nn"), "4");
  EXPECT_EQ(
      results_of("c = 0; for v in {1, 2, 3} do if v == 2 then continue end; c = [c + 1] end\nc"),
      "2");
  EXPECT_EQ(results_of("i = ω; for i in 1..3 do j = i end\ni\nj"),
            "ω | 3");                                 // the loop's i is local
  EXPECT_EQ(results_of("true or 1/0 == 0"), "true");  // short-circuit
  EXPECT_STREQ(error_of("if 1 then 2 end").what(),
               "The condition of `if` must be a boolean, not a nimber.");
}

TEST(EvaluatorPrograms, FunctionsHaveLocalsAndReadTheSession) {
  EXPECT_EQ(results_of("g(t) = t^2 + 1\ng(3)\ng(x)"), "3 | x^2 + 1");
  EXPECT_EQ(results_of("s = 5\ndef touch()\n  s = 7\n  return s\nend\ntouch()\ns"), "7 | 5");
  EXPECT_EQ(results_of("k = 2\nf(a) = a * k\nf(3)"), "1");  // 3 ⊗ 2 = 1: k is read
  EXPECT_EQ(results_of("def f(n)\n  for i in 1..n do t = i end\n  return t\nend\nf(3)"), "3");
  EXPECT_EQ(results_of("def fact(n)\n  if n == 0 then return 1 end\n  return [n * fact([n - 1])]\n"
                       "end\nfact(10)"),
            "3628800");
  EXPECT_EQ(results_of("sq(a) = a * a\nmap(sq, {2, 3})"), "{3, 2}");
  EXPECT_STREQ(error_of("inv(a) = a").what(),
               "`inv` is a built-in function; it cannot be redefined.");
  EXPECT_STREQ(error_of("f(a) = a\nf(1, 2)").what(), "`f` takes 1 argument: f(a).");
}

// Deep recursion ends in the limit error, not a stack overflow, and the session goes on.
TEST(EvaluatorPrograms, DeepRecursionIsALimitError) {
  session s;
  const std::string text =
      "def down(n)\n  if n == 0 then return 0 end\n  return down([n - 1])\nend\ndown(1000000)";
  const run_report report = s.run_text(text, "script.on2", false);
  EXPECT_EQ(report.exit_code, 3);
  ASSERT_EQ(report.lines.size(), 1u);
  EXPECT_NE(report.lines[0].text.find("(max_call_depth = 1000)"), std::string::npos);
  EXPECT_NE(report.lines[0].text.find("in down(n), called at script.on2:5:1"), std::string::npos)
      << report.lines[0].text;
  EXPECT_EQ(results_of(s, "down(10)"), "0");
}

// An error inside a function quotes the function's line and names the calls.
TEST(EvaluatorPrograms, ErrorsInsideFunctionsNameTheCallChain) {
  session s;
  EXPECT_EQ(results_of(s, "def bad(a)\n  return 1 / a\nend"), "");
  const run_report report = s.run_text("1\nbad(0)", "script.on2", false, 7);
  ASSERT_EQ(report.lines.size(), 2u);
  EXPECT_EQ(report.lines[1].text,
            "<test>:2:14: error: Nim division by zero.\n"
            "      return 1 / a\n"
            "                 ^\n"
            "hint: Every nimber except 0 has an inverse.\n"
            "in bad(a), called at script.on2:8:1\n");
}

// The evaluator's machine-word path for + and * (nimbers below 2^64) agrees with cas.
TEST(EvaluatorPrograms, MachineWordArithmeticAgreesWithCas) {
  auto& engine = on2_test::random_engine();
  for (int k = 0; k < 200; ++k) {
    const std::uint64_t a = engine() >> (engine() % 64);
    const std::uint64_t b = engine() >> (engine() % 64);
    const std::string text = std::to_string(a) + " * " + std::to_string(b) + "\n" +
                             std::to_string(a) + " + " + std::to_string(b);
    const std::string expected = cas::nim_mul(cas::nimber(a), cas::nimber(b)).to_string() + " | " +
                                 cas::nim_add(cas::nimber(a), cas::nimber(b)).to_string();
    EXPECT_EQ(results_of(text), expected) << text;
  }
}

// Brackets' arithmetic and comparisons on machine words agree with the integers', also where a
// sum or product leaves 2^64.
TEST(EvaluatorPrograms, MachineWordOrdinalArithmeticAndComparisonsAgreeWithIntegers) {
  auto& engine = on2_test::random_engine();
  for (int k = 0; k < 200; ++k) {
    std::uint64_t a = engine() >> (engine() % 64);
    std::uint64_t b = engine() >> (engine() % 64);
    if (k % 4 == 0) b = a;  // equal operands
    if (a < b) std::swap(a, b);
    const cas::integer x(a);
    const cas::integer y(b);
    const std::string sa = std::to_string(a);
    const std::string sb = std::to_string(b);
    const std::string text = "a = " + sa + "; b = " + sb + "\n[a + b]\n[a * b]\n[a - b]\n[" + sa +
                             " + " + sb + "]\na < b\nb < a\na == b\na != b\nb <= a\na >= b";
    const auto truth = [](bool t) { return std::string(t ? "true" : "false"); };
    const std::string expected = cas::integer(x + y).str() + " | " + cas::integer(x * y).str() +
                                 " | " + cas::integer(x - y).str() + " | " +
                                 cas::integer(x + y).str() + " | " + truth(a < b) + " | " +
                                 truth(b < a) + " | " + truth(a == b) + " | " + truth(a != b) +
                                 " | " + truth(b <= a) + " | " + truth(a >= b);
    EXPECT_EQ(results_of(text), expected) << text;
  }
  // In a loop's condition, and a difference that would be negative is still the error.
  EXPECT_EQ(results_of("n = 0; while n < 10 do n = [n + 3] end\nn"), "12");
  EXPECT_STREQ(error_of("n = 2; for i in 1..3 do n = [n - i] end").what(),
               "The difference 1 - 2 is negative: ordinals have no negatives.");
}

// The evaluator remembers where each name of a statement was found and reads loop arithmetic
// as machine words (docs/benchmarks.md "The interpreter's loop"): what a name means must still
// follow the frames, the shadowing and the assignments as they happen.
TEST(EvaluatorPrograms, NamesFollowShadowingInLoops) {
  // The loop's variable shadows the session's, a nested loop's shadows the outer one's, and a
  // comprehension's shadows the loop's; each is gone when its scope ends.
  EXPECT_EQ(results_of("i = ω; s = 0\nfor i in 1..3 do s = s + i end\ni\ns"), "ω | 0");
  EXPECT_EQ(results_of("s = 0; for i in 1..3 do for i in 4..5 do s = s + i end; s = s + i end\ns"),
            "1");  // (4 + 5) three times, then 1 + 2 + 3
  EXPECT_EQ(results_of("t = 0; for i in 1..3 do t = {i for i in 5..6} end\nt"), "{5, 6}");
  EXPECT_EQ(results_of("L = {}; for i in 1..3 do L = {i, i * i} end\nL"), "{3, 2}");
}

TEST(EvaluatorPrograms, ALoopCreatesAndReplacesSessionVariables) {
  // `n` is new at the first step, and the next steps replace it; `m` is read before it exists
  // (the indeterminate m), then as a nimber.
  EXPECT_EQ(results_of("for i in 1..4 do n = i * i end\nn"), "6");
  EXPECT_EQ(results_of("r = 0; for i in 1..3 do r = m + i; m = i end\nr\nm"), "1 | 3");  // 2 + 3
  EXPECT_EQ(results_of("r = 0; for i in 1..1 do r = m + i; m = i end\nr"), "m + 1");
  // Values beyond a machine word, and a value changing kind in the loop.
  EXPECT_EQ(results_of("s = [2^64]; for i in 1..3 do s = s + i end\ns"), "18446744073709551616");
  EXPECT_EQ(results_of("s = 0; for i in 1..3 do s = s + i*x end\ns"), "0");
  EXPECT_EQ(results_of("s = 1; for i in 1..2 do s = s * x + i end\ns"), "x^2 + x + 2");
}

TEST(EvaluatorPrograms, AFunctionReadsNamesDefinedAfterIt) {
  session s;
  EXPECT_EQ(results_of(s, "f() = k + 1"), "");
  EXPECT_EQ(results_of(s, "f()"), "k + 1");
  EXPECT_EQ(results_of(s, "k = 2\nf()"), "3");
  EXPECT_EQ(results_of(s, "r = 0; for i in 1..3 do k = i; r = f() end\nr"), "2");
  // Redefining g between statements: the call finds the new g.
  EXPECT_EQ(results_of(s, "g(a) = a\ng(5)\ng(a) = [a + 1]\ng(5)"), "5 | 6");
}

TEST(EvaluatorPrograms, ArgumentsAreEvaluatedInTheCallersFrame) {
  session s;
  EXPECT_EQ(results_of(s, "def g(a, b)\n  return [a + b]\nend\ndef h(a)\n  return g(5, a)\nend"),
            "");
  EXPECT_EQ(results_of(s, "h(2)"), "7");
  EXPECT_EQ(results_of(s, "a = 3\ng(a, g(a, 1))"), "7");
  // A failed argument leaves nothing behind: the next call sees its own parameters only.
  EXPECT_STREQ(error_of(s, "g(1, 1 / 0)").what(), "Nim division by zero.");
  EXPECT_EQ(results_of(s, "g(1, 2)"), "3");
  // The parameter is the function's own: after the call `t` is an indeterminate again.
  EXPECT_EQ(results_of(s, "f(t) = t; s = 0; for i in 1..3 do s = f(i) end\ns\nt"), "3 | t");
}

TEST(EvaluatorPrograms, RecursionKeepsEachCallsLocals) {
  EXPECT_EQ(results_of("def fib(n)\n  if n < 2 then return n end\n  a = fib([n - 1])\n"
                       "  b = fib([n - 2])\n  return [a + b]\nend\nfib(15)"),
            "610");
  // A local assigned around a call of a function with many locals of its own (which moves the
  // caller's locals in memory) lands in the caller's frame.
  std::string many = "def wide(x)\n";
  for (int k = 0; k < 40; ++k) many += "  v" + std::to_string(k) + " = x\n";
  many += "  return x\nend\n";
  EXPECT_EQ(results_of(many + "def total(n)\n  t = 0\n  for i in 1..n do t = [t + wide(i)] end\n"
                              "  return t\nend\ntotal(10)"),
            "55");
  // A return from inside a loop gives the loop variable's value.
  EXPECT_EQ(results_of("def first(L)\n  for v in L do return v end\nend\nfirst({5, 6})"), "5");
}

TEST(EvaluatorPrograms, ErrorsInLoopsNameTheStatement) {
  const auto e = error_of("s = 0; for i in 0..3 do s = s + 1 / i end");
  EXPECT_STREQ(e.what(), "Nim division by zero.");
  EXPECT_EQ(e.span().column, 37u);  // the `i` of 1 / i
  const auto t = error_of("s = 0; for i in 1..3 do if i == 3 then s = \"a\" end; t = s + i end");
  EXPECT_STREQ(t.what(), "`+` applies to nimbers and polynomials, not to a string.");
  EXPECT_EQ(t.span().column, 57u);  // the `s` of s + i
  // Under a max_nimber_bits below 64 the loop's literals keep their limit.
  cas::context ctx;
  ctx.limits().max_nimber_bits = 8;
  session small(ctx);
  const auto limit = error_of(small, "for i in 1..2 do y = 300 end");
  EXPECT_EQ(limit.kind(), on2::error_kind::limit);
  EXPECT_EQ(limit.span().column, 22u);
}

TEST(EvaluatorPrograms, WriteAppendsLines) {
  const std::string path = ::testing::TempDir() + "on2_write_test.txt";
  std::remove(path.c_str());
  EXPECT_EQ(results_of("write(\"" + path + "\", 1, ω, \"s\")\nwrite(\"" + path + "\", {2})"), "");
  std::ifstream file(path);
  std::stringstream content;
  content << file.rdbuf();
  EXPECT_EQ(content.str(), "1 ω s\n{2}\n");
  std::remove(path.c_str());
}
