#pragma once
// The progress of a long excess test of Lenstra's algorithm (cas/tower/lenstra.hpp;
// docs/lenstra.md, "Long runs, memory and trust"): each step reported, and a checkpoint to resume
// from.

#include <cstdint>
#include <functional>
#include <vector>

namespace cas {

// Where a long excess test stands (docs/lenstra.md, "Long runs"): for β = [κ_f(p) + m] in
// GF(2^E) the test is a square-and-multiply γ = β^((2^f − 1)/p) (one step per bit of the
// exponent) followed by the product of γ's Frobenius conjugates by doubling (one step per bit of
// E/f). After step `steps_done` of `steps` the state below is enough to go on from there.
struct excess_test_checkpoint {
  std::uint64_t p = 0;
  std::uint64_t excess = 0;          // m
  std::uint64_t field_exponent = 0;  // E
  std::uint64_t steps = 0;
  std::uint64_t steps_done = 0;
  std::uint64_t k = 0;               // conjugates multiplied so far (the second phase)
  std::vector<std::uint64_t> value;  // the power, then the product, as a tower element
  std::vector<std::uint64_t> gamma;  // γ, once the first phase is done
};

// Watches (and may resume) the excess tests of compute_alpha_entry. `step` is called after each
// step (it may throw, e.g. interrupted_error, to stop the test); `resume`, when it is for the
// same p, m and E and the field's word count, makes the test go on from it instead of starting.
struct excess_test_observer {
  std::function<void(const excess_test_checkpoint&)> step;
  const excess_test_checkpoint* resume = nullptr;
};

}  // namespace cas
