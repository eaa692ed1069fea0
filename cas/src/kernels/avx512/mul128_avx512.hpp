#pragma once
// The one-at-a-time 128-bit product in AVX-512 registers (mul128.cpp) as the kernel
// dispatch of nimber_kernels.cpp enters it (private to cas/src). Its tables are published once,
// when the dispatch settles on the AVX-512 path, so the product itself tests nothing: a test of
// their pointer on every call was a measurable part of the product (docs/benchmarks.md, B1).

#include "cas/kernels/nim128.hpp"

namespace cas::detail {

// Precondition: avx512_batch_supported(). Idempotent; safe from several threads at once.
void publish_mul128_avx512_tables();
// Precondition: publish_mul128_avx512_tables() has returned (on this thread, or on another
// whose release a load with acquire semantics on this one has seen).
nim128 nim_mul128_avx512_published(const nim128& a, const nim128& b);

}  // namespace cas::detail
