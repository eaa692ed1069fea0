#pragma once
// Pseudo-random numbers that belong to a context (context::random()), so that a session seeded
// with seed(n) repeats its random draws and nothing random is global. The generator is
// xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS
// 47 (2021)), its state filled from the seed by SplitMix64 (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014). Not for cryptography.
//
// Thread safety: a value; drawing changes it, so each thread draws from its own generator.

#include <array>
#include <cstdint>

namespace cas {

class random_generator {
 public:
  // Every context starts from seed 0, so an unseeded script is reproducible too.
  explicit random_generator(std::uint64_t seed = 0) noexcept { reseed(seed); }
  void reseed(std::uint64_t seed) noexcept;
  // 64 uniformly random bits.
  std::uint64_t next() noexcept;
  // Uniform in [0, bound) for bound ≥ 1 (rejection sampling: no modulo bias); 0 for bound 0.
  std::uint64_t below(std::uint64_t bound) noexcept;

 private:
  std::array<std::uint64_t, 4> state_{};
};

}  // namespace cas
