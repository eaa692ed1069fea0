#pragma once
// The odd primes in order, p_1 = 3, p_2 = 5, p_3 = 7, …: position i of an exponent's digit vector
// belongs to the prime p_(i+1) (MATH.md §3, the decomposition theorem).

#include <cstddef>
#include <cstdint>

namespace cas {

// The odd primes on2 indexes: the first 100 000 (up to 1 299 721); beyond, a limit_error.
constexpr std::size_t max_odd_prime_positions = 100000;

// The odd prime of exponent position `position` (0 → 3, 1 → 5, 2 → 7, …).
std::uint64_t odd_prime_at(std::size_t position);
// The position of an odd prime p (3 → 0); range_error when p is not an odd prime in the table.
std::size_t position_of_odd_prime(std::uint64_t p);
bool is_prime(std::uint64_t n);

}  // namespace cas
