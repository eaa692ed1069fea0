// parse(print(x)) == x (docs/testing.md, "property"): every value on2 prints can be typed back in
// and gives the same value (docs/spec/language.md), in Unicode and in ASCII, decimal and
// hexadecimal: nimbers and polynomials.
#include <gtest/gtest.h>

#include "cas/ordinal/ordinal_format.hpp"
#include "cas/poly/polynomial.hpp"
#include "evaluator.hpp"
#include "printer.hpp"
#include "test_support.hpp"
#include "value.hpp"

namespace {

using cas::ordinal;

// Random ordinals with big exponent digits, several exponent positions and big coefficients.
ordinal random_ordinal() {
  auto& engine = on2_test::random_engine();
  std::vector<cas::ordinal_term> terms;
  const std::size_t count = engine() % 5;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<cas::integer> digits(engine() % 5, 0);
    for (auto& d : digits) {
      d = engine() % 3 == 0 ? cas::integer(0) : cas::integer(engine() % 1000);
      if (engine() % 10 == 0) d = on2_test::random_nimber(100).to_integer();
    }
    terms.push_back(
        {cas::small_ordinal(std::move(digits)), on2_test::random_nimber(1 + engine() % 90)});
  }
  return ordinal::from_terms(std::move(terms));
}

class RoundTrip : public ::testing::TestWithParam<std::pair<cas::notation, cas::numeral>> {};

TEST_P(RoundTrip, PrintedValuesReadBackAsThemselves) {
  const auto [notation, numeral] = GetParam();
  cas::context ctx;
  on2::session language(ctx);
  for (int i = 0; i < on2_test::scaled(300); ++i) {
    const ordinal x = random_ordinal();
    const std::string text = cas::to_string(x, notation, numeral);
    const on2::run_report report = language.run_text("v = " + text, "<test>", false);
    ASSERT_EQ(report.exit_code, 0) << text << "\n"
                                   << (report.lines.empty() ? "" : report.lines[0].text);
    EXPECT_EQ(language.variables().at("v").as_nimber(), x) << text;
  }
}

// Random polynomials (docs/spec/language.md "Output": `x^3 + [ω^2·2]*x^2 + 3*x + 1`): degrees 1 to
// 8, coefficients random ordinals with zeros among them, several indeterminate names.
on2::value random_polynomial() {
  auto& engine = on2_test::random_engine();
  static const char* const names[] = {"x", "y", "t", "z2", "poly"};
  std::vector<ordinal> coefficients(2 + engine() % 8);
  for (auto& c : coefficients) {
    c = engine() % 3 == 0   ? ordinal()
        : engine() % 2 == 0 ? random_ordinal()
                            : ordinal(on2_test::random_nimber(8));
  }
  if (coefficients.back().is_zero()) coefficients.back() = ordinal::omega();
  return on2::value::from_polynomial(names[engine() % 5], cas::polynomial(std::move(coefficients)));
}

TEST_P(RoundTrip, PrintedPolynomialsReadBackAsThemselves) {
  const auto [notation, numeral] = GetParam();
  cas::context ctx;
  on2::session language(ctx);
  for (int i = 0; i < on2_test::scaled(100); ++i) {
    const on2::value f = random_polynomial();
    ASSERT_TRUE(f.is_polynomial());
    const std::string text = on2::to_text(f, {notation, numeral});
    const on2::run_report report = language.run_text("v = " + text, "<test>", false);
    ASSERT_EQ(report.exit_code, 0) << text << "\n"
                                   << (report.lines.empty() ? "" : report.lines[0].text);
    EXPECT_EQ(language.variables().at("v"), f) << text;
  }
}

INSTANTIATE_TEST_SUITE_P(Notations, RoundTrip,
                         ::testing::Values(std::pair{cas::notation::unicode, cas::numeral::decimal},
                                           std::pair{cas::notation::ascii, cas::numeral::decimal},
                                           std::pair{cas::notation::unicode,
                                                     cas::numeral::hexadecimal},
                                           std::pair{cas::notation::ascii, cas::numeral::binary}));

}  // namespace
