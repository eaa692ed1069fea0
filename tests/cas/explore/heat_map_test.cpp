// The heat maps of cas/explore/heat_map.hpp: every cell of the product pictures against the
// arbitrary-size product (the whole tables up to 256, windows of the table below 65536), the
// orders against their definition (a^ord = 1, a^(ord/q) ≠ 1 for each prime q of ord), the
// logarithms against g^log(a) = a, the legends, that no picture is uniform, and the refusals.
#include "cas/explore/heat_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "test_support.hpp"

namespace {

using u64 = std::uint64_t;

u64 product(u64 a, u64 b) {
  return cas::nim_mul(cas::nimber(a), cas::nimber(b)).low_word();
}

u64 power(u64 a, u64 e) {
  u64 result = 1;
  for (; e > 0; e >>= 1) {
    if (e & 1) result = product(result, a);
    a = product(a, a);
  }
  return result;
}

std::vector<u64> prime_factors(u64 m) {
  std::vector<u64> primes;
  for (u64 p = 2; m > 1; ++p) {
    if (m % p != 0) continue;
    primes.push_back(p);
    while (m % p == 0) m /= p;
  }
  return primes;
}

bool is_order(u64 a, u64 order) {
  if (power(a, order) != 1) return false;
  for (const u64 q : prime_factors(order)) {
    if (power(a, order / q) == 1) return false;
  }
  return true;
}

std::size_t distinct_colours(const cas::heat_map& map) {
  std::set<std::uint32_t> seen;
  for (const cas::rgb c : map.colours) {
    seen.insert(std::uint32_t{c.red} << 16 | std::uint32_t{c.green} << 8 | c.blue);
  }
  return seen.size();
}

void check_products(const cas::heat_map& map, u64 first_a, u64 first_b) {
  u64 largest = 0;
  for (u64 i = 0; i < map.row_count; ++i) {
    for (u64 j = 0; j < map.column_count; ++j) {
      largest = std::max(largest, product(first_a + i, first_b + j));
    }
  }
  for (u64 i = 0; i < map.row_count; ++i) {
    for (u64 j = 0; j < map.column_count; ++j) {
      const u64 v = product(first_a + i, first_b + j);
      ASSERT_EQ(map.value(i, j), v) << i << " " << j;
      ASSERT_EQ(map.colour(i, j), cas::heat_colour(v, largest + 1)) << i << " " << j;
    }
  }
  EXPECT_EQ(map.rows.origin, first_a);
  EXPECT_EQ(map.columns.origin, first_b);
  EXPECT_EQ(map.rows.name, "a");
  EXPECT_EQ(map.columns.name, "b");
  EXPECT_TRUE(map.colour_bar);
  EXPECT_EQ(map.legend.front().label, "0");
  EXPECT_EQ(map.legend.back().label, std::to_string(largest));
  EXPECT_EQ(map.legend.back().colour, cas::heat_colour(largest, largest + 1));
}

TEST(HeatMap, WholeProductTablesUpTo256) {
  for (const u64 n : {2u, 4u, 16u, 256u}) {
    const cas::heat_map map = cas::product_heat_map(n);
    EXPECT_EQ(map.row_count, n);
    EXPECT_EQ(map.column_count, n);
    check_products(map, 0, 0);
    EXPECT_EQ(map.title, "Nim products a ⊗ b of the nimbers a, b below " + std::to_string(n));
  }
}

// plot(65536) averaged each 256×256 block into one cell, so the picture was one flat colour
// (issue 20): now it is a window at full resolution.
TEST(HeatMap, Above256AWindowAtFullResolutionIsNotUniform) {
  const cas::heat_map top_left = cas::product_heat_map(65536);
  EXPECT_EQ(top_left.row_count, 256u);
  check_products(top_left, 0, 0);
  EXPECT_NE(top_left.title.find("the top-left 256×256 block of the table below 65536"),
            std::string::npos);
  EXPECT_NE(top_left.title.find("GF(2^8)"), std::string::npos);
  EXPECT_GT(distinct_colours(top_left), 200u);
  auto& random = on2_test::random_engine();
  for (int t = 0; t < 3; ++t) {
    const u64 a = random() % (65536 - 256 + 1), b = random() % (65536 - 256 + 1);
    const cas::heat_map window = cas::product_heat_map(65536, a, b);
    check_products(window, a, b);
    EXPECT_NE(window.title.find(std::to_string(a) + " ≤ a < " + std::to_string(a + 256)),
              std::string::npos);
    EXPECT_GT(distinct_colours(window), 200u);
  }
}

TEST(HeatMap, OrdersOfEveryElement) {
  for (const u64 n : {2u, 4u, 16u, 256u}) {
    const cas::heat_map map = cas::order_heat_map(n);
    EXPECT_EQ(map.row_count * map.column_count, n);
    EXPECT_EQ(map.values[0], cas::heat_map::no_value);
    EXPECT_EQ(map.colours[0], cas::blank_colour());
    for (u64 a = 1; a < n; ++a) EXPECT_TRUE(is_order(a, map.values[a])) << n << " " << a;
    EXPECT_FALSE(map.colour_bar);
  }
  // GF(2^8): 255 = 3·5·17 has 8 divisors d, each the order of φ(d) elements.
  const cas::heat_map map = cas::order_heat_map(256);
  EXPECT_EQ(map.row_count, 16u);
  EXPECT_EQ(map.column_count, 16u);
  std::vector<std::string> labels;
  for (const auto& e : map.legend) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"1: 1", "3: 2", "5: 4", "15: 8", "17: 16", "51: 32",
                                              "85: 64", "255: 128"}));
  std::set<std::uint32_t> legend_colours;
  for (const auto& e : map.legend) {
    legend_colours.insert(std::uint32_t{e.colour.red} << 16 | std::uint32_t{e.colour.green} << 8 |
                          e.colour.blue);
  }
  EXPECT_EQ(legend_colours.size(), 8u);
  EXPECT_EQ(map.colours[2], map.legend[1].colour);  // 2 has order 3
}

TEST(HeatMap, OrdersBelow65536) {
  const cas::heat_map map = cas::order_heat_map(65536);
  EXPECT_EQ(map.row_count, 256u);
  EXPECT_EQ(map.column_count, 256u);
  EXPECT_EQ(map.legend.size(), 16u);  // 65535 = 3·5·17·257
  EXPECT_EQ(map.legend.back().label, "65535: 32768");
  EXPECT_EQ(distinct_colours(map), 17u);  // the 16 orders and 0's grey
  auto& random = on2_test::random_engine();
  for (int t = 0; t < 64; ++t) {
    const u64 a = 1 + random() % 65535;
    EXPECT_TRUE(is_order(a, map.value(a / 256, a % 256))) << a;
  }
}

TEST(HeatMap, LogarithmsToTheLeastPrimitiveElement) {
  for (const u64 n : {4u, 16u, 256u, 65536u}) {
    const cas::heat_map map = cas::log_heat_map(n);
    const cas::heat_map orders = cas::order_heat_map(n);
    u64 g = 1;
    while (orders.values[g] != n - 1) ++g;
    EXPECT_NE(map.title.find("to the base g = " + std::to_string(g) + ","), std::string::npos)
        << map.title;
    EXPECT_EQ(map.values[0], cas::heat_map::no_value);
    auto& random = on2_test::random_engine();
    for (int t = 0; t < 200; ++t) {
      const u64 a = 1 + random() % (n - 1);
      EXPECT_EQ(power(g, map.values[a]), a) << n << " " << a;
      EXPECT_LT(map.values[a], n - 1);
      EXPECT_EQ(map.colours[a], cas::heat_colour(map.values[a], n - 1));
    }
    EXPECT_EQ(map.legend.back().label, std::to_string(n - 2));
  }
  EXPECT_GT(distinct_colours(cas::log_heat_map(65536)), 200u);
}

TEST(HeatMap, Refusals) {
  EXPECT_THROW(cas::product_heat_map(32), cas::math_error);
  EXPECT_THROW(cas::order_heat_map(8), cas::math_error);
  EXPECT_THROW(cas::log_heat_map(100), cas::math_error);
  // The window must lie inside the table.
  EXPECT_NO_THROW(cas::product_heat_map(65536, 65280, 65280));
  EXPECT_THROW(cas::product_heat_map(65536, 65281, 0), cas::math_error);
  EXPECT_THROW(cas::product_heat_map(256, 0, 1), cas::math_error);
  // Above max_table_file_size.
  cas::context ctx;
  ctx.limits().max_table_file_size = 256;
  EXPECT_NO_THROW(cas::order_heat_map(256, ctx));
  EXPECT_THROW(cas::product_heat_map(65536, 0, 0, ctx), cas::limit_error);
  EXPECT_THROW(cas::order_heat_map(65536, ctx), cas::limit_error);
  EXPECT_THROW(cas::log_heat_map(65536, ctx), cas::limit_error);
  // Beyond GF(2^16) even when the file-size limit allows it.
  ctx.limits().max_table_file_size = std::uint64_t{1} << 40;
  EXPECT_THROW(cas::product_heat_map(std::uint64_t{1} << 32, 0, 0, ctx), cas::limit_error);
}

TEST(HeatMap, ColourScales) {
  EXPECT_EQ(cas::hex_colour(cas::heat_colour(0, 256)), "#440154");
  EXPECT_EQ(cas::hex_colour(cas::heat_colour(255, 256)), "#fde725");
  EXPECT_EQ(cas::hex_colour(cas::heat_colour(1, 2)), "#fde725");
  EXPECT_NE(cas::heat_colour(100, 256), cas::heat_colour(200, 256));
  for (u64 count = 1; count <= 16; ++count) {
    std::set<std::uint32_t> seen;
    for (u64 i = 0; i < count; ++i) {
      const cas::rgb c = cas::category_colour(i, count);
      EXPECT_NE(c, cas::blank_colour());
      seen.insert(std::uint32_t{c.red} << 16 | std::uint32_t{c.green} << 8 | c.blue);
    }
    EXPECT_EQ(seen.size(), count);
  }
}

}  // namespace
