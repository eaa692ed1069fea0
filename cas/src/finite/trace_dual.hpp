#pragma once
// Private to cas/src: the trace form of a Fermat field in the nimber basis. For u, v in level n
// (GF(2^(2^n))), Tr(u ⊗ v) is the parity of u & dual(v), where dual is the Kronecker power of the
// 2×2 map (v0, v1) ↦ (v1, v0 ⊕ v1), applied on the halves at every level: with u ⊗ v =
// (u1v1 ⊕ u1v0 ⊕ u0v1)·F ⊕ (u0v0 ⊕ u1v1·H) and Tr_n(x1·F ⊕ x0) = Tr_(n−1)(x1)
// (docs/spec/arithmetic.md §2, "Trace"), Tr_n(u ⊗ v) = Tr_(n−1)(u0 ⊗ v1) ⊕ Tr_(n−1)(u1 ⊗ (v0 ⊕
// v1)). It turns the transposed products of power projection into AND and popcount.

#include <cstddef>
#include <cstdint>

namespace cas::detail {

// words = max(1, 2^level / 64) words of v, replaced by dual(v) in level `level`.
void trace_dual_in_place(std::uint64_t* v, unsigned level);

}  // namespace cas::detail
