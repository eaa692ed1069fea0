#pragma once
// Irreducibility, factoring and modular powers of packed GF(2)[x] polynomials (private to cas),
// on binary_polynomial.hpp's words; polynomial_factoring.cpp and modular_power.cpp use them when
// every coefficient is 0 or 1 and the field is GF(2).
//
// References: Rabin, "Probabilistic algorithms in finite fields", SIAM J. Comput. 9 (1980) (the
// irreducibility test); Ben-Or, "Probabilistic algorithms in finite fields", FOCS 1981 (the
// early search for small factors); Kaltofen and Shoup, "Subquadratic-time factoring of polynomials
// over finite fields", Math. Comp. 67 (1998), §2 (distinct-degree factorisation with the gcds taken
// over intervals of degrees); Cantor and Zassenhaus 1981 (equal-degree splitting by the trace
// map in characteristic 2); Yun's square-free decomposition as in Modern Computer Algebra §14.6.

#include <cstdint>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "poly/binary_polynomial.hpp"

namespace cas::detail {

// Whether f (degree ≥ 1) is irreducible over GF(2): x^(2^n) ≡ x mod f and
// gcd(x^(2^(n/p)) − x, f) = 1 for each prime p dividing n = deg f (Rabin 1980), after a search
// for factors of degree ≤ 64 that rejects most reducible f early (Ben-Or 1981).
bool binary_is_irreducible(const binary_polynomial& f, const context& ctx);

// The irreducible factors of f (degree ≥ 1) with multiplicities, in no particular order.
std::vector<std::pair<binary_polynomial, std::uint64_t>> binary_factor(const binary_polynomial& f,
                                                                       const context& ctx);

// f = ∏ g_i^(m_i): the square-free, pairwise coprime non-constant g_i with m_i.
std::vector<std::pair<binary_polynomial, std::uint64_t>> binary_square_free(
    const binary_polynomial& f, const context& ctx);

// f^n mod g for g ≠ 0 (0 when g is a constant), by squaring and multiplying modulo g.
binary_polynomial binary_powmod(const binary_polynomial& f, const integer& n,
                                const binary_polynomial& g, const context& ctx);

}  // namespace cas::detail
