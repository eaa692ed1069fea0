#pragma once
// The results of a session's expression statements, numbered from 1 for `%n` (docs/spec/
// language.md, "Names, statements, results"). Only the latest max_kept_results are kept, as gp
// keeps its last `histsize` results: a script of 10^7 statements must not hold 10^7 values.

#include <cstddef>
#include <utility>
#include <vector>

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

  const value& back() const { return kept_[slot(size())]; }
  // Result n (from 1), or nullptr when there is none or it is no longer kept.
  const value* find(std::size_t n) const noexcept {
    if (n < first_kept() || n > size()) return nullptr;
    return &kept_[slot(n)];
  }

  // Once max_kept_results are kept, a new result takes the place of the oldest: no allocation
  // per result (a script of 10^6 products pushes 10^6 of them, issue 19).
  void push_back(value v) {
    if (kept_.size() < max_kept_results) {
      kept_.push_back(std::move(v));
    } else {
      kept_[slot(size() + 1)] = std::move(v);
      ++dropped_;
    }
  }
  void clear() noexcept {
    kept_.clear();
    dropped_ = 0;
  }

 private:
  // Result n lives at kept_[(n − 1) mod max_kept_results], a ring once it is full.
  static std::size_t slot(std::size_t n) noexcept { return (n - 1) % max_kept_results; }

  std::vector<value> kept_;
  std::size_t dropped_ = 0;
};

}  // namespace on2
