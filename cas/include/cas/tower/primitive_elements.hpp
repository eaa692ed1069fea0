#pragma once
// Primitive elements: generators of the multiplicative group of the field F₂(a) = GF(2^d),
// d = degree(a), for finite and transfinite nimbers (docs/spec/language.md: is_primitive,
// primitive). An element x generates GF(2^d)^× when x^((2^d − 1)/q) ≠ 1 for every prime q of
// 2^d − 1 (cas/arith/mersenne_factors.hpp gives the primes; limit_error when they cannot be found).
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include "cas/core/context.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

// Whether a generates F₂(a)^×: a ≠ 0 and ord(a) = 2^degree(a) − 1 (1 generates GF(2)^×).
bool is_primitive(const ordinal& a, const context& ctx = default_context());

// The least primitive element of F₂(a) in Cantor order. For finite a, F₂(a) is the nimbers below
// 2^d and the search starts at 2^(d/2) (smaller ones lie in GF(2^(d/2))). For transfinite a,
// F₂(a) is a GF(2)-subspace of its tower field: its basis 1, a, …, a^(d−1) in reduced echelon form
// over the Cantor-ordered coordinates (term exponent, then coefficient bit) lists its elements in
// Cantor order by counting in binary (when F₂(a) is the whole tower field, as for
// [ω^(ω^2+ω+3)·12], the basis is the unit coordinates and no elimination is needed); the count
// starts at a bound below which every element lies in a maximal subfield, and candidates are
// tested with a^((2^d − 1)/q) ≠ 1 in the tower field the context keeps
// (cas/tower/tower_field_cache.hpp). limit_error when d exceeds max_minpoly_degree.
ordinal primitive_element(const ordinal& a, const context& ctx = default_context());

}  // namespace cas
