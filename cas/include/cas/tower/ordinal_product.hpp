#pragma once
// The nim product, square and power of ordinals (docs/spec/arithmetic.md §3) through the cheaper
// of the library's two paths, with the same results:
//   - the term product (cas/kappa/kappa.hpp): |a|·|b| products of κ-terms; its cost follows the
//     number of terms, whatever the field, so it serves sparse operands;
//   - the tower field (cas/tower/tower.hpp): both operands mapped into the smallest materialised
//     GF(2^E) holding them, multiplied there, mapped back; its cost follows E, so it serves dense
//     operands (docs/benchmarks.md, B8 and "One arithmetic path").
// choose_product_path makes the choice by a cost estimate; every caller of nim_mul on ordinals
// (the REPL, polynomials, nim_div, nim_pow) goes through it.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

enum class product_path {
  finite,  // both operands finite: the finite core (cas/finite/nimber.hpp)
  terms,   // the term product
  tower,   // the tower field GF(2^E) holding both operands
};

// The path nim_mul(a, b) takes. The term product costs about |a|·|b| term products; the tower
// about E (building the field, the conversions, one product). The tower is chosen when the
// field can be built (E ≤ max_tower_degree, every α_p it needs in the table) and the term
// product's estimate is the larger; fewer than a few dozen term pairs never build a field.
product_path choose_product_path(const ordinal& a, const ordinal& b,
                                 const context& ctx = default_context());
// The path nim_square(a) takes: the term square costs about |a| (each term squared, with its
// carries), so the tower is chosen only for operands that fill much of their field.
product_path choose_square_path(const ordinal& a, const context& ctx = default_context());

// The nim product; range_error when an α_p it needs is not in the table.
ordinal nim_mul(const ordinal& a, const ordinal& b, const context& ctx = default_context());
// The nim square (Frobenius).
ordinal nim_square(const ordinal& a, const context& ctx = default_context());
// The product in the tower field holding both operands, whatever their density: the second path
// on its own (tests and benchmarks compare it with nim_mul_terms). limit_error when E exceeds
// max_tower_degree.
ordinal nim_mul_in_tower(const ordinal& a, const ordinal& b,
                         const context& ctx = default_context());

}  // namespace cas
