#pragma once
// Built tower fields kept per context: the functions of one field (order, primitive, log, …)
// called again on values of the same κ closure reuse its field instead of building it again
// (building the degree-1260 field of [ω^(ω^2+ω+3)·12] costs more than an order in it). The
// fields a context keeps have degrees E summing to at most its limit max_tower_cache_degree, the
// least recently used going first; a field above the limit on its own is built and not kept.
// A field is kept with the α_p table it was built from (context::use_alphas may change it).
//
// Thread safety: threads sharing a context may call these at once (the cache takes a lock; two
// threads missing the same field may both build it, one is kept). A returned field is immutable
// and stays valid while the caller holds it, even once the cache drops it.

#include <cstdint>
#include <memory>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/tower.hpp"

namespace cas {

// The tower field of the closure, from the context's cache or built (and kept when it fits);
// limit_error as tower_field's constructor when E exceeds max_tower_degree.
std::shared_ptr<const tower_field> cached_tower_field(const kappa_closure& closure,
                                                      const context& ctx = default_context());
// The smallest tower field holding all the values (tower_field::spanning), through the cache.
std::shared_ptr<const tower_field> cached_spanning_field(const std::vector<ordinal>& values,
                                                         const context& ctx = default_context());

// What a context's cache holds: how many fields and the sum of their degrees E.
struct tower_cache_usage {
  std::size_t fields = 0;
  std::uint64_t total_degree = 0;
};
tower_cache_usage tower_cache_usage_of(const context& ctx = default_context());

}  // namespace cas
