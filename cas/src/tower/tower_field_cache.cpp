#include "cas/tower/tower_field_cache.hpp"

#include <iterator>
#include <list>
#include <map>
#include <mutex>
#include <utility>

namespace cas {
namespace {

struct cached_field {
  std::map<std::uint64_t, std::uint64_t> prime_powers;  // the closure
  const alpha_table* alphas;
  std::uint64_t degree;
  std::shared_ptr<const tower_field> field;
};

// One per context (context::cache): the fields, most recently used first.
class tower_field_cache {
 public:
  std::shared_ptr<const tower_field> find(const kappa_closure& closure, const alpha_table* alphas) {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = fields_.begin(); it != fields_.end(); ++it) {
      if (it->alphas == alphas && it->prime_powers == closure.prime_powers) {
        fields_.splice(fields_.begin(), fields_, it);
        return fields_.front().field;
      }
    }
    return nullptr;
  }

  void keep(const kappa_closure& closure, const alpha_table* alphas, std::uint64_t degree,
            std::shared_ptr<const tower_field> field, std::uint64_t limit) {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const cached_field& c : fields_) {
      if (c.alphas == alphas && c.prime_powers == closure.prime_powers) return;  // another thread
    }
    if (degree > limit) return;  // too large on its own: the others stay
    while (!fields_.empty() && total_ > limit - degree) {
      total_ -= fields_.back().degree;
      fields_.pop_back();
    }
    fields_.push_front({closure.prime_powers, alphas, degree, std::move(field)});
    total_ += degree;
  }

  tower_cache_usage usage() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return {fields_.size(), total_};
  }

 private:
  std::mutex mutex_;
  std::list<cached_field> fields_;
  std::uint64_t total_ = 0;
};

}  // namespace

std::shared_ptr<const tower_field> cached_tower_field(const kappa_closure& closure,
                                                      const context& ctx) {
  tower_field_cache& cache = ctx.cache<tower_field_cache>();
  const alpha_table* alphas = ctx.alpha_table_override();
  const integer e = closure.field_exponent();
  // The limit holds for kept fields too: one built before the limit was lowered is refused.
  if (e <= integer(ctx.limits().max_tower_degree)) {
    if (auto field = cache.find(closure, alphas)) return field;
  }
  auto field = std::make_shared<const tower_field>(closure, ctx);
  cache.keep(closure, alphas, static_cast<std::uint64_t>(e), field,
             ctx.limits().max_tower_cache_degree);
  return field;
}

std::shared_ptr<const tower_field> cached_spanning_field(const std::vector<ordinal>& values,
                                                         const context& ctx) {
  kappa_closure closure;
  for (const ordinal& v : values) closure = closure_union(closure, closure_of(v, ctx));
  return cached_tower_field(closure, ctx);
}

tower_cache_usage tower_cache_usage_of(const context& ctx) {
  return ctx.cache<tower_field_cache>().usage();
}

}  // namespace cas
