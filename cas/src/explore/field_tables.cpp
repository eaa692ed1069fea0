#include "cas/explore/field_tables.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "cas/explore/field_axioms.hpp"
#include "cas/explore/mex_reference.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

u32 fast_product(u64 a, u64 b) {
  return nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
}

std::string padded(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

// One table, `symbol` in the corner, cell (a, b) from `cell`.
template <class Cell>
void append_table(std::string& out, const char* symbol, u64 n, Cell cell) {
  const std::size_t width = std::to_string(n - 1).size();
  out += std::string(width - 1, ' ') + symbol + " |";
  for (u64 b = 0; b < n; ++b) out += ' ' + padded(std::to_string(b), width);
  out += '\n' + std::string(width + 1, '-') + '+' + std::string(n * (width + 1), '-') + '\n';
  for (u64 a = 0; a < n; ++a) {
    out += padded(std::to_string(a), width) + " |";
    for (u64 b = 0; b < n; ++b) out += ' ' + padded(std::to_string(cell(a, b)), width);
    out += '\n';
  }
}

template <class Sum, class Product>
std::string both_tables(u64 n, Sum sum, Product product) {
  std::string out;
  append_table(out, "⊕", n, sum);
  out += '\n';
  append_table(out, "⊗", n, product);
  return out;
}

}  // namespace

std::string field_tables_text(std::uint64_t n, const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_text_table_size, "The size of a table printed as text",
                  "max_text_table_size");
  require_field(n, ctx);
  return both_tables(
      n, [](u64 a, u64 b) { return a ^ b; }, [](u64 a, u64 b) { return fast_product(a, b); });
}

constexpr std::string_view csv_header = "a,b,nim_sum,nim_product";

std::uint64_t csv_table_bytes(std::uint64_t n) {
  std::uint64_t digits = 0;  // D
  for (std::uint64_t width = 1, low = 0, high = 10; low < n; ++width, low = high, high *= 10) {
    digits += (std::min(n, high) - low) * width;
  }
  // a, b and a ⊕ b: n·D each; a ⊗ b: (n − 1)·D for a ≠ 0 and n one-digit zeros for a = 0; three
  // commas and a line break per line.
  return csv_header.size() + 1 + 3 * n * digits + (n - 1) * digits + n + 4 * n * n;
}

void for_each_csv_line(std::uint64_t n, const std::function<void(std::string_view line)>& line,
                       const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_table_file_size, "The size of a table written to a file",
                  "max_table_file_size");
  // Before the field check, which alone takes seconds for n = 65536.
  ctx.check_limit(csv_table_bytes(n), ctx.limits().max_table_file_bytes,
                  ("The CSV file of the tables below " + std::to_string(n) + ", in bytes,").c_str(),
                  "max_table_file_bytes");
  require_field(n, ctx);
  line(csv_header);
  std::string text;
  for (u64 a = 0; a < n; ++a) {
    ctx.poll();
    const std::string prefix = std::to_string(a) + ',';
    for (u64 b = 0; b < n; ++b) {
      text = prefix;
      text += std::to_string(b);
      text += ',';
      text += std::to_string(a ^ b);
      text += ',';
      text += std::to_string(fast_product(a, b));
      line(text);
    }
  }
}

mex_comparison compare_mex_tables(std::uint64_t n, const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_text_table_size, "The size of a table printed as text",
                  "max_text_table_size");
  require_field(n, ctx);
  const auto size = static_cast<u32>(n);
  const mex_table sums = mex_sum_table(size, ctx);
  const mex_table products = mex_product_table(size, ctx);
  mex_comparison result;
  result.tables_text = both_tables(
      n, [&](u64 a, u64 b) { return sums[a][b]; }, [&](u64 a, u64 b) { return products[a][b]; });
  for (u64 a = 0; a < n && result.first_difference.empty(); ++a) {
    for (u64 b = 0; b < n; ++b) {
      result.cells_compared += 2;
      const u64 fast_sum = a ^ b, fast = fast_product(a, b);
      if (sums[a][b] != fast_sum) {
        result.first_difference = "the mex definition gives " + std::to_string(a) + " ⊕ " +
                                  std::to_string(b) + " = " + std::to_string(sums[a][b]) +
                                  ", the fast sum " + std::to_string(fast_sum);
        break;
      }
      if (products[a][b] != fast) {
        result.first_difference = "the mex definition gives " + std::to_string(a) + " ⊗ " +
                                  std::to_string(b) + " = " + std::to_string(products[a][b]) +
                                  ", the fast product " + std::to_string(fast);
        break;
      }
    }
  }
  return result;
}

std::string mex_comparison::to_text() const {
  std::string out = tables_text + '\n';
  if (first_difference.empty()) {
    out += "The mex definitions agree with the fast sum and product in all " +
           std::to_string(cells_compared) + " cells.\n";
  } else {
    out += "The mex definitions and the fast arithmetic differ: " + first_difference + ".\n";
  }
  return out;
}

}  // namespace cas
