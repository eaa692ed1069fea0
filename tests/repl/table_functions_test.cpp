// The table and game functions of the REPL (repl/src/functions_tables.cpp,
// functions_games.cpp): files written and read back, I/O errors, reports printed as text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "evaluator.hpp"

namespace {

std::string results_of(const std::string& text, int* exit_code = nullptr) {
  on2::session s;
  const on2::run_report report = s.run_text(text, "<test>", false);
  if (exit_code != nullptr) *exit_code = report.exit_code;
  std::string out;
  for (const on2::output_line& line : report.lines) out += line.text;
  return out;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class TableFunctions : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = std::filesystem::temp_directory_path() /
                 ("on2_table_functions_" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }
  std::filesystem::path directory_;
};

TEST_F(TableFunctions, CsvFile) {
  const auto path = directory_ / "t.csv";
  const std::string out = results_of("table(4, \"" + path.string() + "\")");
  EXPECT_EQ(out, "Wrote the addition and multiplication tables of the nimbers below 4 to " +
                     path.string() + ": 17 lines, a,b,nim_sum,nim_product.");
  const std::string csv = read_file(path);
  EXPECT_EQ(csv.substr(0, 40), "a,b,nim_sum,nim_product\n0,0,0,0\n0,1,1,0\n");
  EXPECT_NE(csv.find("\n2,2,0,3\n"), std::string::npos);
  EXPECT_NE(csv.find("\n3,2,1,1\n"), std::string::npos);
}

TEST_F(TableFunctions, RefusedTablesLeaveNoFile) {
  // A refused size leaves no file behind; a bad directory is an I/O error (exit code 4).
  int code = 0;
  results_of("table(8, \"" + (directory_ / "no.csv").string() + "\")", &code);
  EXPECT_EQ(code, 1);
  EXPECT_FALSE(std::filesystem::exists(directory_ / "no.csv"));
  results_of("table(16, \"" + (directory_ / "missing" / "t.csv").string() + "\")", &code);
  EXPECT_EQ(code, 4);
}

// table(65536, "x.csv") wrote about 100 GB without warning: the size is computed first and
// refused above max_table_file_bytes, before the file is created (issue 16).
TEST_F(TableFunctions, CsvFileAboveTheByteLimitIsRefusedBeforeTheFileExists) {
  const auto path = directory_ / "x.csv";
  on2::session s;
  const on2::run_report refused =
      s.run_text("table(65536, \"" + path.string() + "\")", "<test>", false);
  EXPECT_EQ(refused.exit_code, 3);
  ASSERT_FALSE(refused.lines.empty());
  EXPECT_NE(refused.lines[0].text.find("The CSV file of the tables below 65536, in bytes, is "
                                       "100166544254, above the limit max_table_file_bytes"),
            std::string::npos)
      << refused.lines[0].text;
  EXPECT_FALSE(std::filesystem::exists(path));
  // A limit the table just fits in: written, and exactly that long.
  cas::context ctx;
  ctx.limits().max_table_file_bytes = 935558;  // the CSV form of the tables below 256
  on2::session fitting(ctx);
  EXPECT_EQ(fitting.run_text("table(256, \"" + path.string() + "\")", "<test>", false).exit_code,
            0);
  EXPECT_EQ(std::filesystem::file_size(path), 935558u);
  std::filesystem::remove(path);
  ctx.limits().max_table_file_bytes = 935557;
  EXPECT_EQ(fitting.run_text("table(256, \"" + path.string() + "\")", "<test>", false).exit_code,
            3);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST_F(TableFunctions, ReportsPrintAsText) {
  EXPECT_EQ(results_of("explain(2, 2)").rfind("2 ⊗ 2 = mex{", 0), 0u);
  const std::string check = results_of("check(16)");
  EXPECT_EQ(check.rfind("The nimbers below 16 form a field, GF(2^4); checked exhaustively:\n", 0),
            0u);
  EXPECT_NE(check.find("\nTime: "), std::string::npos);
  EXPECT_EQ(check.back(), '.');
  EXPECT_EQ(results_of("\"one line\""), "\"one line\"");
}

}  // namespace
