#pragma once
// Factoring polynomials over the nimbers and finding their roots (docs/spec/arithmetic.md §5):
// square-free decomposition, distinct-degree factorisation and Cantor–Zassenhaus equal-degree
// splitting over the tower field GF(2^E) of the coefficients, and roots in the extension field
// where each irreducible factor splits. Every root returned has been checked by substitution.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"

namespace cas {

struct polynomial_factor {
  polynomial factor;  // monic
  std::uint64_t multiplicity = 1;
  friend bool operator==(const polynomial_factor&, const polynomial_factor&) = default;
};

struct polynomial_root {
  ordinal root;
  std::uint64_t multiplicity = 1;
  friend bool operator==(const polynomial_root&, const polynomial_root&) = default;
};

// f = lc · ∏ g_i^i with the g_i monic, square-free and pairwise coprime (the non-constant ones,
// by increasing i). math_error for a constant f.
std::vector<polynomial_factor> square_free_decomposition(const polynomial& f,
                                                         const context& ctx = default_context());

// The monic irreducible factors of f with multiplicities over the smallest tower field holding
// its coefficients (and `also`, in the second form), sorted by degree then coefficients.
// math_error for a constant f.
std::vector<polynomial_factor> factor(const polynomial& f, const context& ctx = default_context());
std::vector<polynomial_factor> factor(const polynomial& f, const ordinal& also,
                                      const context& ctx = default_context());

// Whether f (degree ≥ 1) is irreducible over the tower field of its coefficients.
bool is_irreducible(const polynomial& f, const context& ctx = default_context());

// Every root of f (degree ≥ 1) in the nimbers, with multiplicity, in Cantor order. limit_error
// (before any work) when a splitting field would exceed the context's max_tower_degree.
std::vector<polynomial_root> roots(const polynomial& f, const context& ctx = default_context());

// The minimal polynomial of a over GF(2), and over the field F₂(b) (monic, in x).
polynomial minimal_polynomial(const ordinal& a, const context& ctx = default_context());
polynomial minimal_polynomial(const ordinal& a, const ordinal& b,
                              const context& ctx = default_context());

}  // namespace cas
