#include "cas/tower/random_elements.hpp"

#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/tower/tower_field_cache.hpp"
#include "subfield_basis.hpp"

namespace cas {

ordinal random_element(const ordinal& a, context& ctx) {
  random_generator& random = ctx.random();
  if (a.is_finite()) {
    const std::uint64_t d = nim_degree(a.finite_part());  // a power of two
    if (d < 64) return ordinal(nimber(random.below(std::uint64_t{1} << d)));
    std::vector<std::uint64_t> limbs(d / 64);
    for (std::uint64_t& limb : limbs) limb = random.next();
    return ordinal(nimber::from_limbs(std::move(limbs), ctx));
  }
  const auto cached = cached_tower_field(closure_of(a, ctx), ctx);  // no copy of a
  const tower_field& field = *cached;
  const detail::subfield_basis basis(field, a, ctx, /*echelon=*/false);
  std::vector<std::uint64_t> bits((basis.degree() + 63) / 64);
  for (std::uint64_t& word : bits) word = random.next();
  return field.to_ordinal(basis.element(bits));
}

}  // namespace cas
