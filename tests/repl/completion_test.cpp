// What Tab offers (on2::completions, repl/src/line_session.hpp): a function name with its `(`,
// ready for the arguments (issue 18), but not where the name is a :help topic.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "evaluator.hpp"
#include "line_session.hpp"

namespace {

bool offers(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

TEST(Completion, AFunctionNameGetsItsParenthesis) {
  on2::session language;
  EXPECT_EQ(on2::completions(language, "", "sqr"), std::vector<std::string>{"sqrt("});
  EXPECT_EQ(on2::completions(language, "a = 1 + ", "sqr"), std::vector<std::string>{"sqrt("});
}

TEST(Completion, UserFunctionsToo_VariablesAndKeywordsWithout) {
  on2::session language;
  language.run_text("double(a) = a + a; dvalue = 3", "<test>", false);
  const std::vector<std::string> words = on2::completions(language, "", "d");
  EXPECT_TRUE(offers(words, "double(")) << words.size();
  EXPECT_TRUE(offers(words, "dvalue"));
  EXPECT_TRUE(offers(words, "do"));
  EXPECT_TRUE(offers(words, "def"));
  EXPECT_TRUE(offers(words, "degree("));
  EXPECT_FALSE(offers(words, "degree"));
}

TEST(Completion, HelpTopicsAndCommandsGetNoParenthesis) {
  on2::session language;
  EXPECT_EQ(on2::completions(language, ":help ", "sqr"), std::vector<std::string>{"sqrt"});
  EXPECT_EQ(on2::completions(language, "?", "sqr"), std::vector<std::string>{"sqrt"});
  EXPECT_EQ(on2::completions(language, "", ":lo"), std::vector<std::string>{":load"});
}

}  // namespace
