// The on2 language parser (docs/spec/language.md): literals, precedence, brackets, statements,
// errors.

#include <gtest/gtest.h>
#include <pthread.h>

#include <cstddef>
#include <string>
#include <variant>

#include "parser/parse.hpp"
#include "parser/printable_text.hpp"

namespace {

using namespace on2::parser;

// The one statement of `text`, fully parenthesised; or "error: <message>" for a diagnostic.
std::string tree(std::string_view text, const parse_limits& limits = {}) {
  const parse_result result = parse_program(text, "<test>", limits);
  if (!result.ok()) return "error: " + result.diagnostics.front().message;
  if (result.statements.size() != 1)
    return "statements: " + std::to_string(result.statements.size());
  return to_debug_string(result.statements.front());
}

// All statements, joined by " | ".
std::string trees(std::string_view text) {
  const parse_result result = parse_program(text, "<test>");
  std::string out;
  for (const statement& s : result.statements) {
    if (!out.empty()) out += " | ";
    out += to_debug_string(s);
  }
  return out;
}

diagnostic only_error(std::string_view text, const parse_limits& limits = {}) {
  const parse_result result = parse_program(text, "<test>", limits);
  EXPECT_EQ(result.diagnostics.size(), 1u) << text;
  return result.diagnostics.empty() ? diagnostic{} : result.diagnostics.front();
}

const expression& only_expression(const parse_result& result) {
  return std::get<expression>(result.statements.at(0).content);
}

// --- Literals -------------------------------------------------------------------------------

TEST(ParserLiterals, DecimalHexAndBinaryKeepTheirDigits) {
  const parse_result result = parse_program("0x1f", "<test>");
  ASSERT_TRUE(result.ok());
  const auto& literal = std::get<natural_literal>(only_expression(result).node);
  EXPECT_EQ(literal.digits, "1f");
  EXPECT_EQ(literal.base, numeral_base::hexadecimal);
  EXPECT_EQ(tree("42"), "42");
  EXPECT_EQ(tree("0"), "0");
  EXPECT_EQ(tree("0b1011"), "0b1011");
  EXPECT_EQ(std::get<natural_literal>(only_expression(parse_program("0b1011", "t")).node).base,
            numeral_base::binary);
  EXPECT_EQ(tree("0xDEADbeef"), "0xDEADbeef");
}

TEST(ParserLiterals, BigLiteralsStayText) {
  const std::string big = "340282366920938463463374607431768211456";
  EXPECT_EQ(tree(big), big);
  const std::string huge(100000, '7');
  EXPECT_EQ(tree(huge), huge);
}

TEST(ParserLiterals, OmegaSpellings) {
  EXPECT_EQ(tree("ω"), "ω");
  EXPECT_EQ(tree("w"), "w");
  EXPECT_EQ(tree("omega"), "omega");
  const parse_result result = parse_program("w", "t");
  EXPECT_EQ(std::get<omega_literal>(only_expression(result).node).spelling,
            omega_spelling::letter_w);
  EXPECT_EQ(tree("omega1"), "omega1");  // a name, not ω
}

TEST(ParserLiterals, StarDecoration) {
  EXPECT_EQ(tree("*5"), "(*5)");
  EXPECT_EQ(tree("*ω"), "(*ω)");
  EXPECT_EQ(tree("*[ω+1]"), "(*[(ω + 1)])");
  EXPECT_EQ(tree("*5 + *3"), "((*5) + (*3))");
}

TEST(ParserLiterals, BooleansAndStrings) {
  EXPECT_EQ(tree("true"), "true");
  EXPECT_EQ(tree("false"), "false");
  const parse_result result = parse_program(R"("a \"quoted\" back\\slash ω.svg")", "t");
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(std::get<string_literal>(only_expression(result).node).value,
            "a \"quoted\" back\\slash ω.svg");
  EXPECT_EQ(tree(R"(plot(8, "file.svg"))"), R"(plot(8, "file.svg"))");
}

TEST(ParserLiterals, ResultReferences) {
  EXPECT_EQ(tree("%"), "%");
  EXPECT_EQ(tree("%12"), "%12");
  EXPECT_EQ(tree("% + %1"), "(% + %1)");
  const parse_result result = parse_program("%12", "t");
  EXPECT_EQ(std::get<result_reference>(only_expression(result).node).index, 12u);
  EXPECT_FALSE(std::get<result_reference>(only_expression(parse_program("%", "t")).node).index);
}

TEST(ParserLiterals, ListsOfAnyValues) {
  EXPECT_EQ(tree("{1, ω, x^2}"), "{1, ω, (x ^ 2)}");
  EXPECT_EQ(tree("{}"), "{}");
  EXPECT_EQ(tree("{{1, 2}, {3}}"), "{{1, 2}, {3}}");
}

// --- Precedence and associativity -----------------------------------------------------------

TEST(ParserPrecedence, PowerIsRightAssociative) {
  EXPECT_EQ(tree("2^2^2"), "(2 ^ (2 ^ 2))");
  EXPECT_EQ(tree("2**2**2"), "(2 ** (2 ** 2))");
}

TEST(ParserPrecedence, DivisionAndSumAreLeftAssociative) {
  EXPECT_EQ(tree("a/b/c"), "((a / b) / c)");
  EXPECT_EQ(tree("a - b + c"), "((a - b) + c)");
  EXPECT_EQ(tree("a * b ⊗ c"), "((a * b) ⊗ c)");
}

TEST(ParserPrecedence, LevelsFromLoosestToTightest) {
  EXPECT_EQ(tree("a + b * c ^ d"), "(a + (b * (c ^ d)))");
  EXPECT_EQ(tree("a ⊕ b ⊗ c == d"), "((a ⊕ (b ⊗ c)) == d)");
  EXPECT_EQ(tree("(a + b) * c"), "((a + b) * c)");
  EXPECT_EQ(tree("a < b + 1"), "(a < (b + 1))");
}

TEST(ParserPrecedence, UnaryMinusIsLooserThanPower) {
  EXPECT_EQ(tree("-a^2"), "(-(a ^ 2))");
  EXPECT_EQ(tree("-a * b"), "((-a) * b)");
  EXPECT_EQ(tree("+a"), "(+a)");
  EXPECT_EQ(tree("- -a"), "(-(-a))");
}

TEST(ParserPrecedence, MinusAfterCaretNegatesTheExponent) {
  EXPECT_EQ(tree("ω^-1"), "(ω ^ (-1))");
  EXPECT_EQ(tree("x^-1 + 1"), "((x ^ (-1)) + 1)");
}

TEST(ParserPrecedence, DoubleStarIsPowerNeverStarStar) {
  EXPECT_EQ(tree("x**5"), "(x ** 5)");
  EXPECT_EQ(tree("a**5"), "(a ** 5)");
  EXPECT_EQ(tree("a * *5"), "(a * (*5))");
  EXPECT_EQ(tree("a*(*5)"), "(a * (*5))");
}

TEST(ParserPrecedence, ExponentInBracketsIsCantor) {
  EXPECT_EQ(tree("x^[3+1]"), "(x ^ [(3 + 1)])");
  EXPECT_EQ(tree("x^(3+1)"), "(x ^ (3 + 1))");
}

// --- Brackets ---------------------------------------------------------------------------------

binary_operator top_operator(std::string_view text) {
  const parse_result result = parse_program(text, "t");
  const expression& e = only_expression(result);
  const auto& inner = std::get<bracket_expression>(e.node).inner;
  return std::get<binary_operation>(inner->node).op;
}

TEST(ParserBrackets, CantorOperators) {
  EXPECT_EQ(tree("[ω^(ω^2·3+1)·5 + 7]"), "[(((ω ^ (((ω ^ 2) · 3) + 1)) · 5) + 7)]");
  EXPECT_EQ(tree("[2^ω]"), "[(2 ^ ω)]");
  EXPECT_EQ(tree("[(ω+1)·ω]"), "[((ω + 1) · ω)]");
  EXPECT_EQ(tree("[ω×2]"), "[(ω × 2)]");
  EXPECT_EQ(tree("[w^(w^2*3+1)*5 + w + 7]"), "[((((w ^ (((w ^ 2) * 3) + 1)) * 5) + w) + 7)]");
  EXPECT_EQ(top_operator("[ω+1]"), binary_operator::cantor_sum);
  EXPECT_EQ(top_operator("[ω*2]"), binary_operator::cantor_product);
  EXPECT_EQ(top_operator("[ω·2]"), binary_operator::cantor_product);
  EXPECT_EQ(top_operator("[2^ω]"), binary_operator::cantor_power);
  EXPECT_EQ(top_operator("[2**ω]"), binary_operator::cantor_power);
}

TEST(ParserBrackets, CircledOperatorsKeepNimMeaningInside) {
  EXPECT_EQ(tree("[ω ⊕ 1 ⊗ 2]"), "[(ω ⊕ (1 ⊗ 2))]");
  EXPECT_EQ(top_operator("[ω ⊕ 1]"), binary_operator::nim_sum);
  EXPECT_EQ(top_operator("[ω ⊗ 2]"), binary_operator::nim_product);
}

TEST(ParserBrackets, OutsideBracketsOperatorsAreNim) {
  const parse_result result = parse_program("a + b", "t");
  EXPECT_EQ(std::get<binary_operation>(only_expression(result).node).op, binary_operator::nim_sum);
  const parse_result minus = parse_program("a - b", "t");
  const auto& op = std::get<binary_operation>(only_expression(minus).node);
  EXPECT_EQ(op.op, binary_operator::nim_sum);
  EXPECT_EQ(op.symbol, operator_symbol::minus);
}

TEST(ParserBrackets, CallArgumentsInsideBracketsAreNim) {
  const parse_result result = parse_program("[f(a + b) + 1]", "t");
  ASSERT_TRUE(result.ok());
  const auto& sum = std::get<binary_operation>(
      std::get<bracket_expression>(only_expression(result).node).inner->node);
  EXPECT_EQ(sum.op, binary_operator::cantor_sum);
  const auto& call = std::get<function_call>(sum.left->node);
  EXPECT_EQ(std::get<binary_operation>(call.arguments.at(0).node).op, binary_operator::nim_sum);
}

// --- Calls, equations, assignments ------------------------------------------------------------

TEST(ParserCalls, SeveralArguments) {
  EXPECT_EQ(tree("root(a, 3)"), "root(a, 3)");
  EXPECT_EQ(tree("mex(1, 2, 3, 4)"), "mex(1, 2, 3, 4)");
  EXPECT_EQ(tree("f()"), "f()");
  EXPECT_EQ(tree("factor(x^2 + 1, ω)"), "factor(((x ^ 2) + 1), ω)");
  EXPECT_EQ(tree("inv(a) * 2"), "(inv(a) * 2)");
}

TEST(ParserCalls, SolveTakesAnEquation) {
  EXPECT_EQ(tree("solve(x^3 = x + 1)"), "solve(((x ^ 3) = (x + 1)))");
  const parse_result result = parse_program("solve(x^3 = x + 1)", "t");
  const auto& call = std::get<function_call>(only_expression(result).node);
  EXPECT_EQ(call.name, "solve");
  EXPECT_TRUE(std::holds_alternative<equation>(call.arguments.at(0).node));
  EXPECT_EQ(tree("solve(x == 1)"), "solve((x == 1))");
}

// Issue 5: `=` states an equation only as a whole argument of solve( ) or roots( ).
TEST(ParserCalls, AnEquationIsAWholeArgumentOfSolveOrRoots) {
  EXPECT_EQ(tree("roots(x^2 = 1)"), "roots(((x ^ 2) = 1))");
  EXPECT_EQ(tree("solve(f = 0) == {}"), "(solve((f = 0)) == {})");
  EXPECT_EQ(only_error("solve((x = 1))").message, "Expected ')' but found '='.");
  EXPECT_EQ(only_error("solve(x = 1 = 2)").message, "Expected ')' but found '='.");
  EXPECT_EQ(only_error("solve({x = 1})").message, "Expected '}' but found '='.");
  EXPECT_EQ(only_error("f(x = 1)").message,
            "An equation `lhs = rhs` is an argument of solve( ) or roots( ) only.");
  EXPECT_EQ(only_error("f(x = 1)").span.column, 3u);
}

TEST(ParserStatements, AssignmentVersusComparison) {
  const parse_result result = parse_program("a = ω + 1", "t");
  ASSERT_TRUE(result.ok());
  const auto& a = std::get<assignment>(result.statements.at(0).content);
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(to_debug_string(a.value), "(ω + 1)");
  EXPECT_EQ(tree("a == ω + 1"), "(a == (ω + 1))");
  EXPECT_EQ(tree("a != 1"), "(a != 1)");
  EXPECT_EQ(tree("a <= 1"), "(a <= 1)");
  EXPECT_EQ(tree("a >= 1"), "(a >= 1)");
  EXPECT_EQ(tree("a > 1"), "(a > 1)");
  EXPECT_EQ(tree("f = x^3 + x + 1"), "f = (((x ^ 3) + x) + 1)");
}

// --- Statements -------------------------------------------------------------------------------

TEST(ParserStatements, SemicolonSuppressesPrinting) {
  const parse_result result = parse_program("a = 3; a * a", "t");
  ASSERT_EQ(result.statements.size(), 2u);
  EXPECT_TRUE(result.statements[0].ends_with_semicolon);
  EXPECT_FALSE(result.statements[1].ends_with_semicolon);
  EXPECT_EQ(trees("a = 3; a * a"), "a = 3; | (a * a)");
  EXPECT_EQ(trees("1;2;"), "1; | 2;");
}

TEST(ParserStatements, CommentsAndBlankLines) {
  EXPECT_EQ(trees("# a comment\n\n1 + 1 # another\n  \n# end"), "(1 + 1)");
  EXPECT_EQ(trees("f(1, # first\n  2) # second"), "f(1, 2)");
  EXPECT_EQ(trees("\"# not a comment\""), "\"# not a comment\"");
}

TEST(ParserStatements, NewlinesEndStatementsUnlessABracketIsOpen) {
  EXPECT_EQ(trees("1 + 2\n3"), "(1 + 2) | 3");
  EXPECT_EQ(trees("a = (1 +\n 2)\nb = {1,\n2}\n[ω\n+1]"), "a = (1 + 2) | b = {1, 2} | [(ω + 1)]");
  EXPECT_EQ(trees("x = 1\r\ny = 2\r\n"), "x = 1 | y = 2");
}

TEST(ParserStatements, SpansAndPositions) {
  const parse_result result = parse_program("a = 1\n  b + ω*c", "t");
  ASSERT_EQ(result.statements.size(), 2u);
  const statement& second = result.statements[1];
  EXPECT_EQ(second.span.begin, 8u);
  EXPECT_EQ(second.span.end, 16u);  // ω is two bytes
  EXPECT_EQ(second.span.line, 2u);
  EXPECT_EQ(second.span.column, 3u);
  const auto& sum = std::get<binary_operation>(std::get<expression>(second.content).node);
  const auto& product = *sum.right;
  EXPECT_EQ(product.span.column, 7u);
  const auto& c = *std::get<binary_operation>(product.node).right;
  EXPECT_EQ(c.span.begin, 15u);
  EXPECT_EQ(c.span.column, 9u);  // characters, not bytes
  const auto& a = std::get<assignment>(result.statements[0].content);
  EXPECT_EQ(a.name_span.begin, 0u);
  EXPECT_EQ(a.name_span.end, 1u);
}

TEST(ParserStatements, ParenthesesWidenTheSpan) {
  const parse_result result = parse_program("b = a / (ω + ω)", "t");
  const auto& division =
      std::get<binary_operation>(std::get<assignment>(result.statements.at(0).content).value.node);
  EXPECT_EQ(division.right->span.column, 9u);
  EXPECT_EQ(division.right->span.end - division.right->span.begin, 9u);  // (ω + ω): 9 bytes
}

// --- Errors -----------------------------------------------------------------------------------

TEST(ParserErrors, UnknownCharacter) {
  const diagnostic d = only_error("1 + $");
  EXPECT_EQ(d.message, "Unknown character '$'.");
  EXPECT_EQ(d.span.begin, 4u);
  EXPECT_EQ(d.span.end, 5u);
  EXPECT_EQ(d.span.column, 5u);
  EXPECT_EQ(only_error("ω é").message, "Unknown character 'é'.");
  EXPECT_EQ(only_error("ω é").span.column, 3u);
}

TEST(ParserErrors, InvalidUtf8) {
  EXPECT_EQ(only_error("1 + \xff").message, "The input is not valid UTF-8 (byte 0xFF).");
  EXPECT_EQ(only_error("1 + \xcf").message, "The input is not valid UTF-8 (byte 0xCF).");
}

TEST(ParserErrors, DoubleStarCannotStartAnOperand) {
  EXPECT_EQ(only_error("**5").message, "Expected an expression but found '*'.");
}

TEST(ParserErrors, UnbalancedParentheses) {
  const diagnostic closing = only_error("(1 + 2))");
  EXPECT_EQ(closing.message, "Unbalanced ')': there is no '(' open before it.");
  EXPECT_EQ(closing.span.column, 8u);
  const diagnostic opening = only_error("f(1, (2 + 3)");
  EXPECT_EQ(opening.message, "Unbalanced '(': it is never closed.");
  EXPECT_EQ(opening.span.column, 2u);
  EXPECT_EQ(opening.hint, "Add ')' where the parenthesis should end.");
  const diagnostic mismatched = only_error("(1 + 2]");
  EXPECT_EQ(mismatched.message, "Expected ')' but found ']'.");
  EXPECT_EQ(mismatched.span.column, 7u);
}

TEST(ParserErrors, MissingOperand) {
  const diagnostic d = only_error("1 + ");
  EXPECT_EQ(d.message, "Expected an expression but found the end of the input.");
  // A line ending in a binary operator continues (docs/spec/language.md "Names, statements,
  // results"); one that does not is a statement of its own.
  EXPECT_EQ(tree("1 +\n2"), "(1 + 2)");
  EXPECT_EQ(tree("x^\n  3 # comment"), "(x ^ 3)");
  EXPECT_EQ(tree("a and # why\n b"), "(a and b)");
  EXPECT_EQ(trees("1\n+2"), "1 | (+2)");
  EXPECT_EQ(only_error("1 +\n").message, "Expected an expression but found the end of the input.");
  EXPECT_EQ(only_error("2 3").message,
            "Expected an operator or the end of the statement but found '3'.");
  EXPECT_EQ(only_error("x^").message, "Expected an exponent but found the end of the input.");
}

TEST(ParserErrors, ChainedComparison) {
  const diagnostic d = only_error("a < b < c");
  EXPECT_EQ(d.message, "Comparisons do not chain: compare two values at a time.");
  EXPECT_EQ(d.span.column, 7u);
  EXPECT_EQ(d.span.end - d.span.begin, 1u);
  EXPECT_EQ(only_error("a == b != c").message,
            "Comparisons do not chain: compare two values at a time.");
}

TEST(ParserErrors, OrdinalProductOutsideBrackets) {
  const diagnostic d = only_error("ω·2");
  EXPECT_EQ(d.message, "`·` is ordinal multiplication; write it inside brackets: [ω·2].");
  EXPECT_EQ(d.hint, "Outside brackets, `*` is the nim product.");
  EXPECT_EQ(d.span.column, 2u);
  EXPECT_EQ(only_error("1 + ω × 3").message,
            "`×` is ordinal multiplication; write it inside brackets: [ω × 3].");
}

TEST(ParserErrors, NegationAndDivisionInsideBrackets) {
  // `[a - b]` parses: the evaluator takes the difference of finite a ≥ b.
  EXPECT_EQ(top_operator("[ω - 1]"), binary_operator::cantor_difference);
  EXPECT_EQ(only_error("[-ω]").message,
            "`-` is not allowed inside brackets: ordinals have no negatives.");
  EXPECT_EQ(only_error("[ω / 2]").message,
            "`/` is not allowed inside brackets: ordinal arithmetic has no division.");
  EXPECT_EQ(only_error("[ω^-1]").span.column, 4u);
  EXPECT_EQ(tree("[ω] - 1"), "([ω] - 1)");  // outside again
}

TEST(ParserErrors, TenThousandNestedParenthesesGiveADiagnostic) {
  const std::string text = std::string(10000, '(') + "1" + std::string(10000, ')');
  const diagnostic d = only_error(text);
  EXPECT_EQ(d.message, "The expression is nested deeper than 1000 levels.");
  EXPECT_EQ(d.span.column, 1001u);
}

TEST(ParserErrors, NestingLimitCountsPrefixOperatorsAndExponents) {
  EXPECT_EQ(only_error(std::string(5000, '-') + "1").message,
            "The expression is nested deeper than 1000 levels.");
  std::string tower = "2";
  for (int i = 0; i < 3000; ++i) tower += "^2";
  EXPECT_EQ(only_error(tower).message, "The expression is nested deeper than 1000 levels.");
  // Exactly at the limit is fine.
  const std::string deepest = std::string(1000, '(') + "1" + std::string(1000, ')');
  EXPECT_EQ(tree(deepest), "1");
  const std::string deepest_brackets = std::string(999, '[') + "1" + std::string(999, ']');
  EXPECT_TRUE(parse_program(deepest_brackets, "t").ok());
}

TEST(ParserErrors, LongChainsHitTheTreeHeightLimit) {
  std::string sum = "1";
  for (int i = 0; i < 20000; ++i) sum += "+1";
  EXPECT_EQ(only_error(sum).message, "The expression is more than 10000 operations deep.");
  std::string shorter = "1";
  for (int i = 0; i < 5000; ++i) shorter += "+1";
  EXPECT_TRUE(parse_program(shorter, "t").ok());
}

TEST(ParserErrors, OverLongInput) {
  const std::string text((std::size_t{1} << 20) + 1, '1');
  const diagnostic d = only_error(text);
  EXPECT_EQ(d.message, "The input is 1048577 bytes long; the limit is 1048576 bytes.");
  parse_limits small;
  small.max_input_bytes = 4;
  EXPECT_EQ(only_error("1 + 2", small).message, "The input is 5 bytes long; the limit is 4 bytes.");
}

TEST(ParserErrors, OverLongLiteral) {
  const std::string digits(1000001, '9');
  const diagnostic d = only_error(digits);
  EXPECT_EQ(d.message, "The number has 1000001 digits; the limit is 1000000 digits.");
  EXPECT_EQ(d.span.end, 1000001u);
  parse_limits small;
  small.max_literal_digits = 3;
  EXPECT_EQ(only_error("1 + 0x1234", small).message,
            "The number has 4 digits; the limit is 3 digits.");
  EXPECT_EQ(tree("0x123", small), "0x123");
}

TEST(ParserErrors, MalformedNumbers) {
  EXPECT_EQ(only_error("0b102").message, "'0b102' is not a valid number.");
  EXPECT_EQ(only_error("0x").message, "'0x' is not a valid number.");
  EXPECT_EQ(only_error("2x").hint,
            "A name cannot start with a digit, and a product needs an operator: 2*x.");
}

TEST(ParserErrors, StringsAndAssignments) {
  EXPECT_EQ(only_error("\"abc").message,
            "The string is not closed: a string ends with '\"' on its line.");
  EXPECT_EQ(only_error(R"("a\n")").message,
            "Unknown escape in a string: only \\\" and \\\\ are escapes.");
  EXPECT_EQ(only_error("w = 3").message, "`w` is a literal and cannot be assigned.");
  // `f(x) = 3` defines a function (docs/spec/language.md "Programs"); `f(1) = 3` does not.
  EXPECT_EQ(tree("f(x) = 3"), "def f(x) return 3; end");
  EXPECT_EQ(only_error("f(1) = 3").message,
            "Only a name can be assigned, at the start of a statement.");
  EXPECT_EQ(only_error("a = b = c").hint, "To compare two values, write `==`.");
  EXPECT_EQ(only_error("inv(x = 1)").message,
            "An equation `lhs = rhs` is an argument of solve( ) or roots( ) only.");
}

TEST(ParserErrors, OneErrorPerStatementAndTheOthersStillParse) {
  const parse_result result = parse_program("a = 1\nb = 2 +;\nc = $\nd = a * a; e = )\nf = 4", "t");
  ASSERT_EQ(result.diagnostics.size(), 3u);
  EXPECT_EQ(result.diagnostics[0].span.line, 2u);
  EXPECT_EQ(result.diagnostics[1].span.line, 3u);
  EXPECT_EQ(result.diagnostics[2].span.line, 4u);
  EXPECT_EQ(result.diagnostics[2].span.column, 16u);
  ASSERT_EQ(result.statements.size(), 3u);
  EXPECT_EQ(to_debug_string(result.statements[0]), "a = 1");
  EXPECT_EQ(to_debug_string(result.statements[1]), "d = (a * a);");
  EXPECT_EQ(to_debug_string(result.statements[2]), "f = 4");
}

TEST(ParserErrors, ParseErrorIsACasError) {
  try {
    parse_program_or_throw("1 +;\n(2", "script.on2");
    FAIL() << "no exception";
  } catch (const cas::error& e) {
    const auto* p = dynamic_cast<const parse_error*>(&e);
    ASSERT_NE(p, nullptr);
    EXPECT_STREQ(e.what(), "Expected an expression but found ';'.");
    EXPECT_EQ(p->source_name(), "script.on2");
    EXPECT_EQ(p->span().line, 1u);
    EXPECT_EQ(p->span().column, 4u);
  }
  EXPECT_EQ(parse_program_or_throw("1; 2", "t").size(), 2u);
}

// --- Rendering ---------------------------------------------------------------------------------

TEST(ParserRendering, LikeACompiler) {
  const std::string text = "a = 1\nc = 2\nb = a / (ω + ω)\n";
  const diagnostic d{source_span{20, 31, 3, 9}, "nim division by zero", ""};
  EXPECT_EQ(render_diagnostic(d, text, "script.on2"),
            "script.on2:3:9: error: nim division by zero\n"
            "    b = a / (ω + ω)\n"
            "            ^~~~~~~\n");
}

TEST(ParserRendering, ColumnsCountCharactersNotBytes) {
  const std::string text = "ω·2";
  const parse_result result = parse_program(text, "<expr>");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(render_diagnostic(result.diagnostics[0], text, "<expr>"),
            "<expr>:1:2: error: `·` is ordinal multiplication; write it inside brackets: [ω·2].\n"
            "    ω·2\n"
            "     ^\n"
            "hint: Outside brackets, `*` is the nim product.\n");
  const std::string after_omega = "ωω + $";
  const parse_result second = parse_program(after_omega, "<stdin>");
  ASSERT_EQ(second.diagnostics.size(), 1u);
  EXPECT_EQ(render_diagnostic(second.diagnostics[0], after_omega, "<stdin>"),
            "<stdin>:1:2: error: Expected an operator or the end of the statement but found 'ω'.\n"
            "    ωω + $\n"
            "     ^\n");
}

TEST(ParserRendering, TabsAreCopiedAndEndOfInputGetsOneCaret) {
  const std::string text = "\tx + ";
  const parse_result result = parse_program(text, "s");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(render_diagnostic(result.diagnostics[0], text, "s"),
            "s:1:6: error: Expected an expression but found the end of the input.\n"
            "    \tx + \n"
            "    \t    ^\n");
}

TEST(ParserRendering, CountUtf8Characters) {
  EXPECT_EQ(count_utf8_characters(""), 0u);
  EXPECT_EQ(count_utf8_characters("abc"), 3u);
  EXPECT_EQ(count_utf8_characters("ω·×⊕⊗"), 5u);
  EXPECT_EQ(count_utf8_characters("κ_𝔽"), 3u);
}

// --- Debug printer and value semantics -----------------------------------------------------------

TEST(ParserTree, CopiesAreDeep) {
  const parse_result result = parse_program("[ω^2·3] + f(x, {1, 2})", "t");
  ASSERT_TRUE(result.ok());
  const statement copy = result.statements.at(0);
  EXPECT_EQ(to_debug_string(copy), to_debug_string(result.statements.at(0)));
  EXPECT_EQ(to_debug_string(copy), "([((ω ^ 2) · 3)] + f(x, {1, 2}))");
  EXPECT_NE(&std::get<binary_operation>(std::get<expression>(copy.content).node).left->span,
            &std::get<binary_operation>(only_expression(result).node).left->span);
}

TEST(ParserTree, SpellingOfEveryOperator) {
  EXPECT_EQ(spelling(operator_symbol::double_star), "**");
  EXPECT_EQ(spelling(operator_symbol::circled_plus), "⊕");
  EXPECT_EQ(spelling(operator_symbol::middle_dot), "·");
  EXPECT_EQ(spelling(operator_symbol::not_equal), "!=");
}

// Fuzzing found that a chain at the tree-height limit was freed recursively on whichever thread
// dropped it (about 1 MiB of stack under ASan). Freed on a thread with a 128 KiB stack now.
TEST(ParserTree, DeepChainIsFreedWithoutRecursion) {
  std::string chain = "1";
  for (int i = 0; i < 9990; ++i) chain += i % 2 == 0 ? "+ω" : "-2";  // 9991 levels deep
  const std::string text = chain + "\n{" + chain + ", inv(" + chain + ")}";
  auto* result = new parse_result(parse_program(text, "<test>"));
  ASSERT_TRUE(result->ok());
  ASSERT_EQ(result->statements.size(), 2u);
  pthread_attr_t attributes;
  ASSERT_EQ(pthread_attr_init(&attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attributes, std::size_t{128} << 10), 0);
  pthread_t thread{};
  ASSERT_EQ(pthread_create(
                &thread, &attributes,
                [](void* tree) -> void* {
                  delete static_cast<parse_result*>(tree);
                  return nullptr;
                },
                result),
            0);
  pthread_attr_destroy(&attributes);
  EXPECT_EQ(pthread_join(thread, nullptr), 0);
}

}  // namespace

// --- Printable text ----------------------------------------------------------------------------

TEST(PrintableText, OnlyWellFormedUtf8CountsAsCharacters) {
  EXPECT_EQ(utf8_sequence_length("ω", 0), 2u);
  EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98\x80", 0), 4u);  // U+1F600
  EXPECT_EQ(utf8_sequence_length("\xff", 0), 0u);
  EXPECT_EQ(utf8_sequence_length("\xc0\xaf", 0), 0u);          // overlong '/'
  EXPECT_EQ(utf8_sequence_length("\xe0\x80\xaf", 0), 0u);      // overlong '/'
  EXPECT_EQ(utf8_sequence_length("\xed\xa0\x80", 0), 0u);      // a surrogate
  EXPECT_EQ(utf8_sequence_length("\xf4\x90\x80\x80", 0), 0u);  // above U+10FFFF
  EXPECT_EQ(utf8_sequence_length("\xe2\x8a", 0), 0u);          // cut short
}

TEST(PrintableText, ControlCharactersAndStrayBytesAreEscaped) {
  EXPECT_EQ(printable("a\x1b[31mb\x07\xff\tω\xc2\x9b"), "a\\u001b[31mb\\u0007\\xff\tω\\u009b");
  EXPECT_EQ(printable(std::string_view("\0", 1)), "\\u0000");
  EXPECT_EQ(printable("a\nb"), "a\\u000ab");
  EXPECT_EQ(printable("a\nb", true), "a\nb");
}

TEST(ParserStrings, MustBePrintableUtf8) {
  const parse_result bad = parse_program("x = \"ab\xff\"", "t");
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].message, "The string is not valid UTF-8 (byte 0xFF).");
  EXPECT_EQ(bad.diagnostics[0].span.column, 8u);
  const parse_result control = parse_program("\"\x1b[2J\"", "t");
  ASSERT_EQ(control.diagnostics.size(), 1u);
  EXPECT_EQ(control.diagnostics[0].message, "A string cannot hold the control character U+001B.");
  EXPECT_TRUE(parse_program("\"ω\tok\"", "t").ok());
}

// A megabyte line is quoted as a window of max_quoted_columns characters around the error.
TEST(ParserRendering, LongLinesAreCutAroundTheError) {
  const std::string text = std::string(100000, '1') + " + $ + " + std::string(100000, '2');
  const parse_result result = parse_program(text, "t", {}, 41);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].span.line, 41u);
  const std::string shown = render_diagnostic(result.diagnostics[0], text, "t", 41);
  EXPECT_EQ(shown.rfind("t:41:100004: error: Unknown character '$'.\n    …", 0), 0u) << shown;
  EXPECT_LT(shown.size(), 600u);
  const std::size_t quoted = shown.find("\n    ") + 5, caret = shown.find("\n    ", quoted) + 5;
  const std::string quoted_line = shown.substr(quoted, shown.find('\n', quoted) - quoted);
  EXPECT_EQ(count_utf8_characters(quoted_line), max_quoted_columns + 2);  // and two "…"
  // The caret stands under the '$'.
  const std::size_t caret_column = shown.find('^', caret) - caret;
  EXPECT_EQ(quoted_line.substr(quoted_line.find('$')), quoted_line.substr(caret_column + 2));
}

// docs/spec/language.md "Programs": lists, ranges and comprehensions.
TEST(ParserLists, IndicesRangesAndComprehensions) {
  EXPECT_EQ(tree("L[1][i + 1]"), "L[1][(i + 1)]");
  EXPECT_EQ(tree("L[2]^3"), "(L[2] ^ 3)");
  EXPECT_EQ(tree("{1, 2}[1]"), "{1, 2}[1]");
  EXPECT_EQ(tree("1..n + 1"), "(1..(n + 1))");
  EXPECT_EQ(tree("1..3 == {1, 2, 3}"), "((1..3) == {1, 2, 3})");
  EXPECT_EQ(tree("{i * i for i in 1..5}"), "{(i * i) for i in (1..5)}");
  EXPECT_EQ(tree("{i for i in L if i != 1}"), "{i for i in L if (i != 1)}");
  EXPECT_EQ(tree("{{i for i in L} for L in M}"), "{{i for i in L} for L in M}");
  EXPECT_EQ(tree("L[1][2] = x"), "L[1][2] = x");
  EXPECT_EQ(tree("[L[1] + 1]"), "[(L[1] + 1)]");
  EXPECT_EQ(tree("info = 1"), "info = 1");  // a keyword only as a whole word
}

TEST(ParserLists, KeywordsAreNotNames) {
  EXPECT_EQ(only_error("then = 1").message, "`then` is a keyword and cannot be assigned.");
  EXPECT_EQ(only_error("for = 1").message, "Expected the name of the loop variable after `for`.");
  EXPECT_EQ(only_error("x + end").message, "`end` is a keyword, not a name.");
  EXPECT_EQ(only_error("x + end").span.column, 5u);
  EXPECT_EQ(only_error("{x for in L}").message, "`in` cannot be a variable.");
  EXPECT_EQ(only_error("{x for y of L}").message, "Expected 'in' but found 'of'.");
  EXPECT_EQ(only_error("{x for y in L if}").message, "Expected an expression but found '}'.");
  EXPECT_EQ(only_error("L[1").message, "Unbalanced '[': it is never closed.");
}

TEST(ParserLists, IndexChainsAreBounded) {
  std::string chain = "L";
  for (int i = 0; i < 1001; ++i) chain += "[1]";
  EXPECT_EQ(only_error(chain).message, "The expression is nested deeper than 1000 levels.");
}

// docs/spec/language.md "Programs": blocks, their bodies and their errors.
TEST(ParserBlocks, IfForWhileAndJumps) {
  EXPECT_EQ(tree("if a == 1 then b = 2 elif a == 2 then b = 3; c = 1 else b = 4 end"),
            "if (a == 1) then b = 2; elif (a == 2) then b = 3; c = 1; else b = 4; end");
  EXPECT_EQ(tree("for i in 1..n do\n  s = s + i\n\n  # a comment\nend"),
            "for i in (1..n) do s = (s + i); end");
  EXPECT_EQ(tree("while not done and n < 3 do if n == 1 then break end; continue end"),
            "while ((not done) and (n < 3)) do if (n == 1) then break; end; continue; end");
  EXPECT_EQ(tree("for L in {{1}, {2}} do x = {v for v in L} end"),
            "for L in {{1}, {2}} do x = {v for v in L}; end");
  EXPECT_EQ(tree("a or b and c"), "(a or (b and c))");
  EXPECT_EQ(tree("order(x) and notes"), "(order(x) and notes)");
  EXPECT_EQ(trees("for i in 1..2 do end; 5"), "for i in (1..2) do end; | 5");
}

TEST(ParserBlocks, ErrorsNameTheBlock) {
  EXPECT_EQ(only_error("if true then 1").message, "This `if` is never closed with `end`.");
  EXPECT_EQ(only_error("while x do").message, "This `while` is never closed with `end`.");
  EXPECT_EQ(only_error("break").message, "`break` is only allowed inside a loop.");
  EXPECT_EQ(only_error("if true then continue end").message,
            "`continue` is only allowed inside a loop.");
  EXPECT_EQ(only_error("end").message, "`end` does not belong to an open block.");
  EXPECT_EQ(only_error("for i of L do end").message, "Expected 'in' after the variable of `for`.");
  EXPECT_EQ(only_error("if x\nthen 1 end").message,
            "Expected 'then' after the condition of `if` but found the end of the line.");
  const diagnostic inner = only_error("for i in L do\n  x = 1 )\nend");
  EXPECT_EQ(inner.message, "Unbalanced ')': there is no '(' open before it.");
  EXPECT_EQ(inner.span.line, 2u);
  EXPECT_EQ(inner.span.column, 9u);
  EXPECT_EQ(only_error("for i in L do end x").message,
            "Expected the end of the statement after `end`.");
}

TEST(ParserBlocks, NeedsMoreInputUntilTheEnd) {
  EXPECT_TRUE(on2::parser::needs_more_input("for i in 1..3 do"));
  EXPECT_TRUE(on2::parser::needs_more_input("if a then\n  while b do\n  end"));
  EXPECT_FALSE(on2::parser::needs_more_input("if a then\n  while b do\n  end\nend"));
  EXPECT_FALSE(on2::parser::needs_more_input("{x for x in L}"));
  EXPECT_FALSE(on2::parser::needs_more_input("# for"));
}
