#include "cas/explore/mex_reference.hpp"

#include <algorithm>
#include <string>

#include "cas/core/error.hpp"

namespace cas {
namespace {

void check_size(std::uint32_t n, const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_mex_size, "The size of a mex reference table",
                  "max_mex_size");
}

// The least Fermat 2-power 2^(2^k) ≥ n: the nimbers below it form a field holding every sum and
// product of nimbers below n.
std::uint32_t fermat_ceiling(std::uint32_t n) {
  std::uint32_t f = 2;
  while (f < n) f = f * f;
  return f;
}

bool is_fermat_power(std::size_t n) {
  return n == 2 || n == 4 || n == 16 || n == 256 || n == 65536;
}

// mex of a set given as membership flags, reusing the buffer.
std::uint32_t mex_of_flags(const std::vector<char>& seen) {
  return static_cast<std::uint32_t>(std::find(seen.begin(), seen.end(), 0) - seen.begin());
}

}  // namespace

std::uint32_t mex(const std::vector<std::uint32_t>& values) {
  std::vector<char> seen(values.size() + 1, 0);
  for (std::uint32_t v : values) {
    if (v < seen.size()) seen[v] = 1;
  }
  return mex_of_flags(seen);
}

mex_table mex_sum_table(std::uint32_t n, const context& ctx) {
  check_size(n, ctx);
  mex_table sum(n, std::vector<std::uint32_t>(n, 0));
  // Every option value is < 2n: at most 2n − 1 distinct values are excluded.
  std::vector<char> seen(2 * static_cast<std::size_t>(n) + 1);
  for (std::uint32_t a = 0; a < n; ++a) {
    ctx.poll();
    for (std::uint32_t b = 0; b < n; ++b) {
      std::fill(seen.begin(), seen.end(), 0);
      for (std::uint32_t a2 = 0; a2 < a; ++a2) seen[sum[a2][b]] = 1;
      for (std::uint32_t b2 = 0; b2 < b; ++b2) seen[sum[a][b2]] = 1;
      sum[a][b] = mex_of_flags(seen);
    }
  }
  return sum;
}

std::vector<std::uint32_t> mex_product_excluded(std::uint32_t a, std::uint32_t b,
                                                const mex_table& products) {
  std::vector<std::uint32_t> excluded;
  for (std::uint32_t a2 = 0; a2 < a; ++a2) {
    for (std::uint32_t b2 = 0; b2 < b; ++b2) {
      // Nim sums are XOR: mex_sum_table checks that separately.
      excluded.push_back(products[a2][b] ^ products[a][b2] ^ products[a2][b2]);
    }
  }
  return excluded;
}

mex_table mex_product_table(std::uint32_t n, const context& ctx) {
  check_size(n, ctx);
  const mex_table sum = mex_sum_table(fermat_ceiling(n), ctx);
  mex_table product(n, std::vector<std::uint32_t>(n, 0));
  // The excluded values are nim sums of products below n, which stay below fermat_ceiling(n).
  std::vector<char> seen(sum.size() + 1);
  for (std::uint32_t a = 0; a < n; ++a) {
    ctx.poll();
    for (std::uint32_t b = a; b < n; ++b) {
      std::fill(seen.begin(), seen.end(), 0);
      for (std::uint32_t a2 = 0; a2 < a; ++a2) {
        const std::uint32_t left = product[a2][b];
        const auto& row = product[a2];
        const auto& row_a = product[a];
        for (std::uint32_t b2 = 0; b2 < b; ++b2) seen[sum[sum[left][row_a[b2]]][row[b2]]] = 1;
      }
      product[a][b] = product[b][a] = mex_of_flags(seen);
    }
  }
  return product;
}

std::vector<std::uint32_t> mex_inverse_table(std::uint32_t n, const mex_table& products,
                                             const context& ctx) {
  check_size(n, ctx);
  const std::size_t size = products.size();
  if (size < n || !is_fermat_power(size)) {
    throw range_error(
        "The mex inverse needs a product table whose size is a Fermat 2-power of at "
        "least " +
        std::to_string(n) + "; it has size " + std::to_string(size) + ".");
  }
  std::vector<std::uint32_t> inverse(n, 0);
  std::vector<char> in_set(size + 1, 0);
  std::vector<std::uint32_t> members;
  for (std::uint32_t a = 1; a < n; ++a) {
    ctx.poll();
    std::fill(in_set.begin(), in_set.end(), 0);
    members.assign(1, 0);
    in_set[0] = 1;
    // Close S under the rule: every member meets every a' once.
    for (std::size_t next = 0; next < members.size(); ++next) {
      const std::uint32_t b2 = members[next];
      for (std::uint32_t a2 = 1; a2 < a; ++a2) {
        const std::uint32_t value = products[1 ^ products[a2 ^ a][b2]][inverse[a2]];
        if (!in_set[value]) {
          in_set[value] = 1;
          members.push_back(value);
        }
      }
    }
    inverse[a] = mex_of_flags(in_set);
  }
  return inverse;
}

}  // namespace cas
