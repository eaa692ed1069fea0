#pragma once
// Euclid's algorithm over the field of the coefficients and what it yields: the extended gcd
// (Bézout cofactors), the resultant and the discriminant (docs/spec/arithmetic.md §5.3). The work
// runs in the smallest field holding every coefficient (machine words below 2^64, else the tower
// field of their closure), so its cost is that of the field, not of κ products.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"

namespace cas {

// d = u·f + v·g with d the monic gcd of f and g. When deg f and deg g both exceed deg d,
// deg u < deg g − deg d and deg v < deg f − deg d (the cofactors of Euclid's algorithm, the
// unique ones of least degree). f = g = 0 gives d = u = v = 0.
struct bezout_identity {
  polynomial gcd;
  polynomial u;
  polynomial v;
  friend bool operator==(const bezout_identity&, const bezout_identity&) = default;
};
bezout_identity poly_extended_gcd(const polynomial& f, const polynomial& g,
                                  const context& ctx = default_context());

// Res(f, g) = lc(f)^deg g · ∏ g(r) over the roots r of f, with multiplicity (the determinant of
// the Sylvester matrix of f and g with their actual degrees; no signs in characteristic 2). It is
// zero exactly when f and g have a common root, i.e. gcd(f, g) ≠ 1, for nonzero f and g; it is 0
// when f or g is 0 (as in PARI), and c^deg g for a nonzero constant f = c.
ordinal poly_resultant(const polynomial& f, const polynomial& g,
                       const context& ctx = default_context());

// disc(f) = lc(f)^(2n−2) · ∏_{i<j} (r_i ⊕ r_j)² over the roots r_1 … r_n of f (n = deg f ≥ 1,
// with multiplicity); computed as Res(f, f') · lc(f)^(n − 2 − deg f'). It is zero exactly when f
// has a repeated root (a repeated factor); disc of a linear f is 1. math_error for a constant f.
ordinal poly_discriminant(const polynomial& f, const context& ctx = default_context());

}  // namespace cas
