#include "cas/explore/field_axioms.hpp"

#include <bit>
#include <chrono>
#include <cstdio>
#include <string>

#include "cas/core/error.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u64 table_path_limit = 256;  // every triple through a table up to here

std::string num(u64 v) {
  return std::to_string(v);
}

void check_size(u64 n, const context& ctx) {
  if (n < 2) {
    throw math_error("The nimbers below " + num(n) +
                     " are not a field: a field needs 0 and 1, so n must be at least 2.");
  }
  ctx.check_limit(n, ctx.limits().max_table_file_size, "The size of the field check",
                  "max_table_file_size");
}

// Runs the checks in docs/spec/language.md's order and records what each examined; stops at the
// first failure.
class checker {
 public:
  explicit checker(const context& ctx) : ctx_(ctx) {}

  std::optional<axiom_failure> failure;
  std::vector<axiom_check> checks;
  std::string method = "exhaustively";

  // Every pair and triple, over a table of the product (n ≤ 256).
  void run_on_table(const product_table& t) {
    const u32 n = t.n;
    const auto at = [&](u32 a, u32 b) { return t.products[static_cast<std::size_t>(a) * n + b]; };
    const u64 pairs = u64{n} * n, triples = pairs * n;
    if (!closure_under_sum(n)) return;
    for (u32 a = 0; a < n; ++a) {
      for (u32 b = 0; b < n; ++b) {
        if (at(a, b) >= n) return fail(field_axiom::closure_under_product, product(a, b, at(a, b)));
      }
    }
    pass(field_axiom::closure_under_product, "a ⊗ b < " + num(n), pairs, "pairs (a, b)");
    for (u32 a = 0; a < n; ++a) {
      for (u32 b = a + 1; b < n; ++b) {
        if (at(a, b) != at(b, a)) {
          return fail(field_axiom::commutativity,
                      product(a, b, at(a, b)) + " but " + product(b, a, at(b, a)));
        }
      }
    }
    // ⊕ is XOR, whose laws hold bit by bit; they are stated with the ⊗ laws, which are the ones
    // a table can break.
    pass(field_axiom::commutativity, "a ⊗ b = b ⊗ a (and a ⊕ b = b ⊕ a)", pairs, "pairs (a, b)");
    for (u32 a = 0; a < n; ++a) {
      ctx_.poll();
      for (u32 b = 0; b < n; ++b) {
        const u32 ab = at(a, b);
        for (u32 c = 0; c < n; ++c) {
          const u32 left = at(ab, c), right = at(a, at(b, c));
          if (left != right) {
            return fail(field_axiom::associativity, "(" + num(a) + " ⊗ " + num(b) + ") ⊗ " +
                                                        num(c) + " = " + num(left) + " but " +
                                                        num(a) + " ⊗ (" + num(b) + " ⊗ " + num(c) +
                                                        ") = " + num(right));
          }
        }
      }
    }
    pass(field_axiom::associativity, "(a ⊗ b) ⊗ c = a ⊗ (b ⊗ c) (and the same for ⊕)", triples,
         "triples (a, b, c)");
    for (u32 a = 0; a < n; ++a) {
      ctx_.poll();
      for (u32 b = 0; b < n; ++b) {
        const u32 ab = at(a, b);
        for (u32 c = 0; c < n; ++c) {
          const u32 left = at(a, b ^ c), right = ab ^ at(a, c);
          if (left != right) {
            return fail(field_axiom::distributivity, num(a) + " ⊗ (" + num(b) + " ⊕ " + num(c) +
                                                         ") = " + num(left) + " but " + num(a) +
                                                         " ⊗ " + num(b) + " ⊕ " + num(a) + " ⊗ " +
                                                         num(c) + " = " + num(right));
          }
        }
      }
    }
    pass(field_axiom::distributivity, "a ⊗ (b ⊕ c) = a ⊗ b ⊕ a ⊗ c", triples, "triples (a, b, c)");
    for (u32 a = 1; a < n; ++a) {
      bool found = false;
      for (u32 b = 1; b < n && !found; ++b) found = at(a, b) == 1;
      if (!found) return no_inverse(a, n);
    }
    pass(field_axiom::inverses, "a ⊗ b = 1 for some b", n - 1u, "non-zero a",
         "found by searching a's row of the table");
  }

  // The bilinearity reduction (n > 256; n ≤ 2^16). The product under test is the 16-bit
  // kernel's, row by row: P(a, b) = nim_mul16_row(b)[a]. One pass over every row b checks
  // linearity in a and commutativity against the basis rows; everything else then follows from
  // bilinearity with the basis elements 2^i alone.
  void run_by_reduction(u64 n) {
    method = "exhaustively through the bilinearity reduction";
    if (!closure_under_sum(n)) return;
    // Closure under ⊕ makes n a power of two, 2^bits.
    const int bits = std::countr_zero(n);
    const auto basis = [](int i) { return u64{1} << i; };
    // basis_rows[i][a] = P(a, 2^i).
    std::vector<std::vector<std::uint16_t>> basis_rows(static_cast<std::size_t>(bits),
                                                       std::vector<std::uint16_t>(65536));
    for (int i = 0; i < bits; ++i) {
      nim_mul16_row(static_cast<std::uint16_t>(basis(i)),
                    basis_rows[static_cast<std::size_t>(i)].data());
    }
    const auto P_basis = [&](u64 a, int i) {
      return u32{basis_rows[static_cast<std::size_t>(i)][a]};
    };
    const u64 basis_pairs = static_cast<u64>(bits) * static_cast<u64>(bits);
    // The 32-bit kernel can leave the set, so closure is a real test on the basis pairs.
    for (int i = 0; i < bits; ++i) {
      for (int j = 0; j < bits; ++j) {
        const u32 wide = nim_mul32(static_cast<u32>(basis(i)), static_cast<u32>(basis(j)));
        if (wide >= n) return closure_witness_by_search(n);
        if (wide != P_basis(basis(i), j)) {
          return fail(
              field_axiom::closure_under_product,
              "the 16-bit and 32-bit kernels disagree on " + num(basis(i)) + " ⊗ " + num(basis(j)));
        }
      }
    }
    // The pass over every row: linearity in a (sum over the bits of a, split into the low and
    // the high byte's part) and commutativity on the pairs (2^i, b).
    std::optional<axiom_failure> commutativity_failure, linearity_failure;
    std::vector<std::uint16_t> row(65536), low(256), high(256);
    for (u64 b = 0; b < n && !commutativity_failure; ++b) {
      ctx_.poll();
      nim_mul16_row(static_cast<std::uint16_t>(b), row.data());
      for (int i = 0; i < bits; ++i) {
        if (row[basis(i)] != P_basis(b, i)) {
          commutativity_failure = axiom_failure{
              field_axiom::commutativity,
              product(static_cast<u32>(basis(i)), static_cast<u32>(b), row[basis(i)]) + " but " +
                  product(static_cast<u32>(b), static_cast<u32>(basis(i)), P_basis(b, i))};
          break;
        }
      }
      if (linearity_failure) continue;
      low[0] = high[0] = 0;
      for (u64 x = 1; x < 256; ++x) {
        const u64 lowest = x & (~x + 1);
        low[x] = static_cast<std::uint16_t>(low[x & (x - 1)] ^ row[lowest]);
        high[x] = static_cast<std::uint16_t>(high[x & (x - 1)] ^
                                             (lowest << 8 < n ? row[lowest << 8] : 0));
      }
      unsigned mismatches = 0;
      for (u64 a1 = 0; a1 < n >> 8; ++a1) {
        const unsigned h = high[a1];
        const std::uint16_t* r = row.data() + a1 * 256;
        for (unsigned a0 = 0; a0 < 256; ++a0) mismatches |= (h ^ low[a0]) ^ r[a0];
      }
      if (mismatches == 0) continue;
      for (u64 a = 0; a < n; ++a) {
        const u32 sum = high[a >> 8] ^ low[a & 0xff];
        if (row[a] != sum) {
          linearity_failure =
              axiom_failure{field_axiom::distributivity,
                            product(static_cast<u32>(a), static_cast<u32>(b), row[a]) +
                                " but the nim sum of 2^i ⊗ " + num(b) + " over the bits i of " +
                                num(a) + " is " + num(sum)};
          break;
        }
      }
    }
    pass(field_axiom::closure_under_product, "2^i ⊗ 2^j < " + num(n), basis_pairs,
         "basis pairs (2^i, 2^j)", "every product is a nim sum of these by bilinearity");
    if (commutativity_failure) return fail(*commutativity_failure);
    pass(field_axiom::commutativity, "2^i ⊗ b = b ⊗ 2^i", static_cast<u64>(bits) * n,
         "pairs (2^i, b)",
         "with the linearity in a below the product is bilinear, so this covers every pair");
    // (2^i ⊗ 2^j) ⊗ 2^k against 2^i ⊗ (2^j ⊗ 2^k) = (2^j ⊗ 2^k) ⊗ 2^i (commutativity).
    for (int i = 0; i < bits; ++i) {
      for (int j = 0; j < bits; ++j) {
        for (int k = 0; k < bits; ++k) {
          const u32 left = P_basis(P_basis(basis(i), j), k);
          const u32 right = P_basis(P_basis(basis(j), k), i);
          if (left != right) {
            return fail(field_axiom::associativity,
                        "(" + num(basis(i)) + " ⊗ " + num(basis(j)) + ") ⊗ " + num(basis(k)) +
                            " = " + num(left) + " but " + num(basis(i)) + " ⊗ (" + num(basis(j)) +
                            " ⊗ " + num(basis(k)) + ") = " + num(right));
          }
        }
      }
    }
    pass(field_axiom::associativity, "(2^i ⊗ 2^j) ⊗ 2^k = 2^i ⊗ (2^j ⊗ 2^k)",
         basis_pairs * static_cast<u64>(bits), "basis triples (2^i, 2^j, 2^k)",
         "both sides are trilinear, so the basis triples cover every triple");
    if (linearity_failure) return fail(*linearity_failure);
    pass(field_axiom::distributivity, "a ⊗ b = ⊕ 2^i ⊗ b over the bits i of a", n * n,
         "pairs (a, b)",
         "the product is GF(2)-linear in a, and by commutativity in b: distributive");
    // a ⊗ c = ⊕ a ⊗ 2^j over the bits j of c, by the linearity in the second factor.
    for (u64 a = 1; a < n; ++a) {
      const u64 inverse = nim_inv64(a);
      u32 value = 0;
      for (int j = 0; j < bits; ++j) {
        if ((inverse >> j & 1) != 0) value ^= P_basis(a, j);
      }
      if (inverse >= n || value != 1) return no_inverse(static_cast<u32>(a), n);
    }
    pass(field_axiom::inverses, "a ⊗ a⁻¹ = 1 with a⁻¹ < " + num(n), n - 1, "non-zero a",
         "a⁻¹ from the 64-bit kernel's inverse, multiplied back");
  }

 private:
  static std::string product(u32 a, u32 b, u64 value) {
    return num(a) + " ⊗ " + num(b) + " = " + num(value);
  }

  bool closure_under_sum(u64 n) {
    // n ≤ 2^16, so 32-bit lanes hold every sum.
    const auto n32 = static_cast<u32>(n);
    for (u32 a = 0; a < n32; ++a) {
      if ((a & 0xff) == 0) ctx_.poll();
      // Without an early exit the inner loop vectorises; the witness is searched only on a hit.
      u32 outside = 0;
      for (u32 b = 0; b < n32; ++b) outside |= static_cast<u32>((a ^ b) >= n32);
      if (outside != 0) {
        for (u32 b = 0;; ++b) {
          if ((a ^ b) >= n32) {
            fail(field_axiom::closure_under_sum, num(a) + " ⊕ " + num(b) + " = " + num(a ^ b));
            return false;
          }
        }
      }
    }
    pass(field_axiom::closure_under_sum, "a ⊕ b < " + num(n), n * n, "pairs (a, b)");
    return true;
  }

  // Some basis product leaves the set: the least witness in lexicographic order. It has a ≤ 2^i
  // for that basis pair, so the search is short.
  void closure_witness_by_search(u64 n) {
    for (u64 a = 0; a < n; ++a) {
      ctx_.poll();
      for (u64 b = 0; b < n; ++b) {
        const u32 value = nim_mul32(static_cast<u32>(a), static_cast<u32>(b));
        if (value >= n) {
          return fail(field_axiom::closure_under_product,
                      product(static_cast<u32>(a), static_cast<u32>(b), value));
        }
      }
    }
  }

  void no_inverse(u32 a, u64 n) {
    fail(field_axiom::inverses,
         num(a) + " has no inverse: " + num(a) + " ⊗ b ≠ 1 for every b below " + num(n));
  }

  void fail(field_axiom axiom, std::string witness) {
    failure = axiom_failure{axiom, std::move(witness)};
  }
  void fail(axiom_failure f) { failure = std::move(f); }

  void pass(field_axiom axiom, std::string statement, u64 cases, std::string scope,
            std::string note = {}) {
    checks.push_back({axiom, std::move(statement), cases, std::move(scope), std::move(note)});
  }

  const context& ctx_;
};

checker run_checks(u64 n, const context& ctx) {
  check_size(n, ctx);
  checker c(ctx);
  if (n <= table_path_limit) {
    c.run_on_table(fast_product_table(static_cast<u32>(n)));
  } else {
    c.run_by_reduction(n);
  }
  return c;
}

[[noreturn]] void throw_not_a_field(u64 n, const axiom_failure& f) {
  throw math_error("The nimbers below " + num(n) + " are not a field: " +
                   std::string(axiom_name(f.axiom)) + " fails, " + f.witness + ".");
}

std::string grouped(u64 v) {
  std::string digits = num(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string_view axiom_name(field_axiom axiom) {
  switch (axiom) {
    case field_axiom::closure_under_sum:
      return "closure under ⊕";
    case field_axiom::closure_under_product:
      return "closure under ⊗";
    case field_axiom::commutativity:
      return "commutativity";
    case field_axiom::associativity:
      return "associativity";
    case field_axiom::distributivity:
      return "distributivity";
    case field_axiom::inverses:
      return "inverses";
  }
  return "an unknown axiom";
}

product_table fast_product_table(std::uint32_t n) {
  product_table t{n, std::vector<u32>(static_cast<std::size_t>(n) * n)};
  for (u32 a = 0; a < n; ++a) {
    for (u32 b = 0; b < n; ++b) {
      t.products[static_cast<std::size_t>(a) * n + b] =
          nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
    }
  }
  return t;
}

std::optional<axiom_failure> first_failed_axiom(const product_table& table, const context& ctx) {
  if (table.n < 2 || table.n > table_path_limit ||
      table.products.size() != static_cast<std::size_t>(table.n) * table.n) {
    throw range_error("A product table to check needs 2 ≤ n ≤ 256 and n² entries.");
  }
  checker c(ctx);
  c.run_on_table(table);
  return c.failure;
}

std::optional<axiom_failure> first_failed_axiom(std::uint64_t n, const context& ctx) {
  return run_checks(n, ctx).failure;
}

void require_field(std::uint64_t n, const context& ctx) {
  const checker c = run_checks(n, ctx);
  if (c.failure) throw_not_a_field(n, *c.failure);
}

field_check_report check_field(std::uint64_t n, const context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const checker c = run_checks(n, ctx);
  if (c.failure) throw_not_a_field(n, *c.failure);
  field_check_report report;
  report.n = n;
  report.method = c.method;
  report.checks = c.checks;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

std::string field_check_report::to_text() const {
  const int bits = std::countr_zero(n);
  std::string out = "The nimbers below " + num(n) + " form a field, GF(2^" +
                    num(static_cast<u64>(bits)) + "); checked " + method + ":";
  for (const axiom_check& c : checks) {
    out += "\n  " + std::string(axiom_name(c.axiom)) + ": " + c.statement + ", all " +
           grouped(c.cases) + " " + c.scope;
    if (!c.note.empty()) out += " (" + c.note + ")";
  }
  char seconds_text[32];
  std::snprintf(seconds_text, sizeof seconds_text, "%.2f", seconds);
  out += "\nTime: " + std::string(seconds_text) + " s.";
  return out;
}

}  // namespace cas
