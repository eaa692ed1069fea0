#include "cas/poly/irreducible_polynomials.hpp"

#include <bit>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/poly/polynomial_factoring.hpp"

namespace cas {

polynomial least_irreducible_polynomial(std::uint64_t d, const context& ctx) {
  if (d == 0) throw range_error("irreducible_poly(d) needs d ≥ 1: constants are not irreducible.");
  ctx.check_limit(d, ctx.limits().max_polynomial_degree, "The degree of the irreducible polynomial",
                  "max_polynomial_degree");
  if (d == 1) return polynomial({ordinal(), ordinal(nimber(1))});  // x
  // The low coefficients as the bits of `low`, below x^d; odd (constant term 1), and with
  // x^d an odd number of terms. Every d has an irreducible trinomial or pentanomial among the
  // first few hundred (their count is about 2^d/d), so `low` stays far below 2^63.
  for (std::uint64_t low = 1; low < (std::uint64_t{1} << 62); low += 2) {
    ctx.poll();
    if (std::popcount(low) % 2 != 0) continue;  // with x^d: an even number of terms
    std::vector<ordinal> coefficients(d + 1);
    for (std::uint64_t i = 0; i < 64 && i < d; ++i) {
      if (((low >> i) & 1) != 0) coefficients[i] = ordinal(nimber(1));
    }
    coefficients[d] = ordinal(nimber(1));
    const polynomial f(std::move(coefficients));
    if (is_irreducible(f, ctx)) return f;
  }
  throw internal_error("No irreducible polynomial of degree " + std::to_string(d) + " was found.");
}

}  // namespace cas
