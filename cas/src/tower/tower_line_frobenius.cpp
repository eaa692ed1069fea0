// F^s on the top step's lines (cas/tower/tower.hpp, tower_field::line_frobenius): the top level
// of F^s's plan, applied one line at a time.
//
// With the top step t^ℓ = a over K, F^s(Σ X_j·t^j) = Σ c_j·F_K(X_j)·t^(π(j)) (the plan's targets
// π and coefficients c_j, F_K the plan below), so one line's image costs a map and a product in K.
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/tower/tower.hpp"

namespace cas {

tower_field::line_frobenius tower_field::frobenius_on_lines(const integer& s) const {
  if (!base_ || steps_.empty() || steps_.back().type != tower_step::kind::power) {
    throw internal_error("Lines of a tower field whose top step is not a power step.");
  }
  workspace ws = make_workspace();
  return line_frobenius(*this, cached_plan(s, ws));
}

tower_field::line_frobenius::line_frobenius(const tower_field& field,
                                            std::shared_ptr<const planned_frobenius> map)
    : field_(&field),
      map_(std::move(map)),
      ws_(field.make_workspace()),
      image_(field.words_[field.steps_.size() - 1]),
      product_(image_.size()) {}

void tower_field::line_frobenius::carry(std::size_t j, std::vector<std::uint64_t>& y) const {
  const std::size_t below = field_->steps_.size() - 1;
  if (y.size() != image_.size()) throw internal_error("A line of the wrong size.");
  field_->apply_frobenius(below, map_->plan, y.data(), image_.data(), ws_);
  field_->mul_level(below, image_.data(), map_->plan.coefficient[below + 1][j].data(),
                    product_.data(), ws_);
  y.swap(product_);
}

}  // namespace cas
