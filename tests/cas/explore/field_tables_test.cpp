// The tables of cas/explore/field_tables.hpp: the GF(4) tables as the literature prints them, the
// CSV lines against the arbitrary-size product, the mex comparison, and the refusals.
#include "cas/explore/field_tables.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "seed_tables.hpp"
#include "test_support.hpp"

namespace {

std::uint64_t product(std::uint64_t a, std::uint64_t b) {
  return cas::nim_mul(cas::nimber(a), cas::nimber(b)).low_word();
}

TEST(FieldTables, FourAsText) {
  // GF(4) = {0, 1, 2, 3} with 2 ⊗ 2 = 3 (Conway, ONAG ch. 6).
  EXPECT_EQ(cas::field_tables_text(4),
            "⊕ | 0 1 2 3\n--+--------\n0 | 0 1 2 3\n1 | 1 0 3 2\n2 | 2 3 0 1\n3 | 3 2 1 0\n\n"
            "⊗ | 0 1 2 3\n--+--------\n0 | 0 0 0 0\n1 | 0 1 2 3\n2 | 0 2 3 1\n3 | 0 3 1 2\n");
}

TEST(FieldTables, SixteenRowsMatchTheProduct) {
  const std::string text = cas::field_tables_text(16);
  std::istringstream in(text.substr(text.find("⊗")));
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  for (std::uint64_t a = 0; a < 16; ++a) {
    ASSERT_TRUE(std::getline(in, line));
    std::istringstream cells(line.substr(line.find('|') + 1));
    for (std::uint64_t b = 0; b < 16; ++b) {
      std::uint64_t v = 99;
      cells >> v;
      EXPECT_EQ(v, product(a, b)) << a << " " << b;
    }
  }
}

// Both printed tables of table(16), cell by cell, against the seeds' 16×16 tables.
TEST(FieldTables, SixteenAsTextIsTheSeedsTables) {
  const std::string text = cas::field_tables_text(16);
  for (const auto& [symbol, expected] :
       {std::pair{std::string("⊕"), &on2_test::seed_addition},
        std::pair{std::string("⊗"), &on2_test::seed_multiplication}}) {
    std::istringstream in(text.substr(text.find(symbol)));
    std::string line;
    std::getline(in, line);  // header
    std::getline(in, line);  // rule
    for (std::size_t a = 0; a < 16; ++a) {
      ASSERT_TRUE(std::getline(in, line));
      std::istringstream cells(line.substr(line.find('|') + 1));
      for (std::size_t b = 0; b < 16; ++b) {
        int v = -1;
        cells >> v;
        EXPECT_EQ(v, (*expected)[a][b]) << symbol << " " << a << " " << b;
      }
    }
  }
}

TEST(FieldTables, RefusesNonFieldsAndLargeTexts) {
  EXPECT_THROW(cas::field_tables_text(8), cas::math_error);
  EXPECT_THROW(cas::field_tables_text(65536), cas::limit_error);
  EXPECT_THROW(cas::for_each_csv_line(100, [](std::string_view) {}), cas::math_error);
}

TEST(FieldTables, CsvLines) {
  std::vector<std::string> lines;
  cas::for_each_csv_line(16, [&](std::string_view l) { lines.emplace_back(l); });
  ASSERT_EQ(lines.size(), 257u);
  EXPECT_EQ(lines[0], "a,b,nim_sum,nim_product");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::uint64_t a = 0, b = 0, s = 0, p = 0;
    char c1 = 0, c2 = 0, c3 = 0;
    std::istringstream(lines[i]) >> a >> c1 >> b >> c2 >> s >> c3 >> p;
    EXPECT_EQ((a << 4) + b, i - 1);
    EXPECT_EQ(s, a ^ b);
    EXPECT_EQ(p, product(a, b));
  }
}

// The size is computed before the first line (table(65536, "x.csv") would write about 100 GB)
// and must be exact: it is what the limit compares.
TEST(FieldTables, CsvSizeIsExactAndLimited) {
  for (std::uint64_t n : {2u, 4u, 16u, 256u}) {
    std::uint64_t bytes = 0;
    cas::for_each_csv_line(n, [&](std::string_view l) { bytes += l.size() + 1; });
    EXPECT_EQ(cas::csv_table_bytes(n), bytes) << n;
  }
  EXPECT_EQ(cas::csv_table_bytes(65536), 100166544254u);
  cas::context ctx;
  std::uint64_t lines = 0;
  try {
    cas::for_each_csv_line(
        65536, [&](std::string_view) { ++lines; }, ctx);
    ADD_FAILURE() << "table(65536) as CSV was not refused";
  } catch (const cas::limit_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "The CSV file of the tables below 65536, in bytes, is 100166544254, above the limit "
              "max_table_file_bytes = 1073741824.");
  }
  EXPECT_EQ(lines, 0u);
  ctx.limits().max_table_file_bytes = cas::csv_table_bytes(256);  // just enough
  cas::for_each_csv_line(
      256, [&](std::string_view) { ++lines; }, ctx);
  EXPECT_EQ(lines, 256u * 256u + 1);
  ctx.limits().max_table_file_bytes = cas::csv_table_bytes(256) - 1;
  EXPECT_THROW(cas::for_each_csv_line(
                   256, [](std::string_view) {}, ctx),
               cas::limit_error);
}

TEST(FieldTables, MexTablesAgreeWithTheFastProduct) {
  const cas::mex_comparison c = cas::compare_mex_tables(16);
  EXPECT_EQ(c.first_difference, "");
  EXPECT_EQ(c.cells_compared, 512u);
  EXPECT_EQ(c.tables_text, cas::field_tables_text(16));
  EXPECT_NE(c.to_text().find("agree with the fast sum and product in all 512 cells"),
            std::string::npos);
}

}  // namespace
