#pragma once
// The nim product of ordinals below ω^(ω^ω) by Conway's κ decomposition (docs/spec/arithmetic.md
// §3): a term [ω^β·c] is c ⊗ ∏ κ_(p^(k+1))^(d_(i,k)), the d being the base-p_(i+1) digits of β's
// digit b_i. Multiplying terms multiplies the coefficients and adds the digits place by place; a
// digit that reaches p carries DOWN one place (κ_(p^(k+1))^p = κ_(p^k)), and an overflow of the
// lowest digit multiplies by α_p = κ_p^p, taken from the context's α_p table.
//
// Thread safety: kappa_closure is a value; the functions are safe to call from several threads at
// once (they share only immutable values and the tables built once, thread-safely); threads may
// share one context for reading.

#include <cstdint>
#include <map>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// The κ digits of an exponent: for each position i, the base-p_(i+1) digits of its digit b_i,
// lowest first (docs/spec/arithmetic.md §3, the decomposition theorem); no trailing zeros or empty
// positions.
std::vector<std::vector<std::uint64_t>> kappa_digits(const small_ordinal& exponent);

// The term product: the nim product term by term over κ-monomials (the schoolbook, |a|·|b| term
// products, each expanded by the carries above); range_error when an α_p it needs is not in the
// table. Its cost grows with the number of terms, not with the field: the fast path for sparse
// operands in any field. cas::nim_mul (cas/tower/ordinal_product.hpp) chooses between it and the
// tower field's product by a cost estimate; call this one only to force the term path.
ordinal nim_mul_terms(const ordinal& a, const ordinal& b, const context& ctx = default_context());
// Frobenius: the nim square, term by term (characteristic 2).
ordinal nim_square_terms(const ordinal& a, const context& ctx = default_context());
// a^e for a natural e (0^0 = 1), by squaring and multiplying term by term; the exponent is reduced
// modulo 2^E − 1 when a lies in GF(2^E). range_error for e < 0: negative powers need the inverse,
// in the tower field (nim_pow in cas/tower/ordinal_field.hpp takes any integer and chooses the
// path).
ordinal nim_pow_terms(const ordinal& a, const integer& e, const context& ctx = default_context());

// The closed set of κ's an ordinal needs (docs/spec/arithmetic.md §3, "The finite field view"): for
// each prime ℓ the largest j such that κ_(ℓ^j) is needed (κ_(ℓ^j) needs κ_(ℓ^(j−1)); κ_p needs the
// κ's of α_p; a finite coefficient below 2^(2^j) needs κ_2 … κ_(2^j)). They span GF(2^E), E = ∏
// ℓ^j.
struct kappa_closure {
  std::map<std::uint64_t, std::uint64_t> prime_powers;  // ℓ → j
  integer field_exponent() const;                       // E
};
kappa_closure closure_of(const ordinal& a, const context& ctx = default_context());
// The closure of several ordinals together (the field holding all of them).
kappa_closure closure_union(const kappa_closure& a, const kappa_closure& b);

}  // namespace cas
