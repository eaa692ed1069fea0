#pragma once
// Shared helpers for on2's tests: seeded random nimbers and the ON2_TEST_MULTIPLIER scale.

#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal_format.hpp"

namespace cas {
// GoogleTest prints failing values in on2's notation.
inline void PrintTo(const nimber& n, std::ostream* out) {
  *out << n.to_string();
}
inline void PrintTo(const ordinal& o, std::ostream* out) {
  *out << to_string(o);
}
inline void PrintTo(const small_ordinal& s, std::ostream* out) {
  *out << to_string(s);
}
}  // namespace cas

namespace on2_test {

// Random-law iteration counts are multiplied by ON2_TEST_MULTIPLIER (default 1).
inline int scaled(int iterations) {
  const char* text = std::getenv("ON2_TEST_MULTIPLIER");
  const long multiplier = text != nullptr ? std::strtol(text, nullptr, 10) : 1;
  return static_cast<int>(iterations * (multiplier > 0 ? multiplier : 1));
}

// The engine random inputs come from. In the GoogleTest binaries tests/per_test_seed.cpp seeds it
// afresh before each test, from the test's name.
inline std::mt19937_64& random_engine() {
  static std::mt19937_64 engine(20261130);
  return engine;
}

// The base of every test's seed: ON2_TEST_SEED, default 20261130.
inline std::uint64_t base_seed() {
  const char* text = std::getenv("ON2_TEST_SEED");
  return text != nullptr ? std::strtoull(text, nullptr, 10) : 20261130;
}

// The seed of the test named `name` (Suite.Test): FNV-1a of the name, then a splitmix64 step, so
// that similar names get unrelated seeds.
inline std::uint64_t seed_of_test(const std::string& name, std::uint64_t base) {
  std::uint64_t h = 14695981039346656037ull ^ base;
  for (const unsigned char c : name) h = (h ^ c) * 1099511628211ull;
  h += 0x9e3779b97f4a7c15ull;
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

// A uniformly random nimber below 2^bits.
inline cas::nimber random_nimber(std::uint64_t bits) {
  std::vector<std::uint64_t> limbs((bits + 63) / 64);
  for (auto& limb : limbs) limb = random_engine()();
  if (bits % 64 != 0) limbs.back() &= (std::uint64_t{1} << (bits % 64)) - 1;
  return cas::nimber::from_limbs(std::move(limbs));
}

inline std::uint64_t random_word() {
  return random_engine()();
}

// The message of the Error that f throws, or "(no error)".
template <class Error, class F>
std::string message_of(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace on2_test
