#include "cas/core/random_generator.hpp"

namespace cas {
namespace {

std::uint64_t rotate_left(std::uint64_t x, int k) noexcept {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

void random_generator::reseed(std::uint64_t seed) noexcept {
  // SplitMix64: distinct seeds give well-mixed, never all-zero states.
  for (std::uint64_t& word : state_) {
    seed += 0x9e3779b97f4a7c15;
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    word = z ^ (z >> 31);
  }
}

std::uint64_t random_generator::next() noexcept {
  // xoshiro256**.
  const std::uint64_t result = rotate_left(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotate_left(state_[3], 45);
  return result;
}

std::uint64_t random_generator::below(std::uint64_t bound) noexcept {
  if (bound == 0) return 0;
  // Accept x below the largest multiple of bound that fits in 64 bits.
  const std::uint64_t rejected = (0 - bound) % bound;  // 2^64 mod bound
  for (;;) {
    const std::uint64_t x = next();
    if (x >= rejected) return x % bound;
  }
}

}  // namespace cas
