#pragma once
// The results of a session's expression statements, numbered from 1 for `%n` (docs/spec/
// language.md, "Names, statements, results"). Only the latest max_kept_results are kept, as gp
// keeps its last `histsize` results: a script of 10^7 statements must not hold 10^7 values.

#include <cstddef>
#include <deque>
#include <utility>

#include "language_limits.hpp"
#include "value.hpp"

namespace on2 {

class result_history {
 public:
  // How many results the session has had: the latest is %size().
  std::size_t size() const noexcept { return dropped_ + kept_.size(); }
  bool empty() const noexcept { return size() == 0; }
  // The number of the oldest result still kept (size() + 1 when none is).
  std::size_t first_kept() const noexcept { return dropped_ + 1; }

  const value& back() const { return kept_.back(); }
  // Result n (from 1), or nullptr when there is none or it is no longer kept.
  const value* find(std::size_t n) const noexcept {
    if (n < first_kept() || n > size()) return nullptr;
    return &kept_[n - first_kept()];
  }

  void push_back(value v) {
    if (kept_.size() == max_kept_results) {
      kept_.pop_front();
      ++dropped_;
    }
    kept_.push_back(std::move(v));
  }
  void clear() noexcept {
    kept_.clear();
    dropped_ = 0;
  }

 private:
  std::deque<value> kept_;
  std::size_t dropped_ = 0;
};

}  // namespace on2
