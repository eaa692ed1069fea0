#include "value.hpp"

#include <algorithm>
#include <string>

#include "cas/core/error.hpp"
#include "language_limits.hpp"

namespace on2 {
namespace {

// boost::hash_combine's mixing step.
std::size_t combine(std::size_t seed, std::size_t h) {
  return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace

value::value(list elements) {
  std::uint32_t deepest = 0;
  for (const value& e : elements) deepest = std::max(deepest, e.depth_);
  if (deepest >= max_list_depth) {
    throw cas::limit_error("The list would be nested more than " + std::to_string(max_list_depth) +
                           " lists deep (max_list_depth).");
  }
  content_ = std::move(elements);
  depth_ = deepest + 1;
}

value value::from_polynomial(std::string indeterminate, cas::polynomial p) {
  if (p.is_constant()) return value(p.coefficient(0));
  return value(content_type(std::in_place_type<polynomial_value>,
                            polynomial_value{std::move(indeterminate), std::move(p)}));
}

std::size_t value::hash() const noexcept {
  std::size_t seed = content_.index();
  if (const auto* n = std::get_if<cas::ordinal>(&content_)) return combine(seed, n->hash());
  if (const auto* f = std::get_if<polynomial_value>(&content_)) {
    return combine(combine(seed, std::hash<std::string>{}(f->indeterminate)), f->p.hash());
  }
  if (const auto* l = std::get_if<list>(&content_)) {
    for (const value& element : *l) seed = combine(seed, element.hash());
    return seed;
  }
  if (const auto* b = std::get_if<bool>(&content_)) return combine(seed, *b ? 1 : 0);
  return combine(seed, std::hash<std::string>{}(std::get<std::string>(content_)));
}

std::string_view kind_name(const value& v) {
  if (v.is_nimber()) return "a nimber";
  if (v.is_polynomial()) return "a polynomial";
  if (v.is_list()) return "a list";
  if (v.is_boolean()) return "a boolean";
  return "a string";
}

std::string two_indeterminates_message(std::string_view first, std::string_view second) {
  return "The polynomial in " + std::string(first) + " meets a second indeterminate " +
         std::string(second) + "; one per polynomial.";
}

std::string_view type_name(const value& v) {
  return kind_name(v).substr(kind_name(v).find(' ') + 1);
}

}  // namespace on2
