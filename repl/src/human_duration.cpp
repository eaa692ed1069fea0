#include "human_duration.hpp"

#include <cmath>
#include <cstdio>

namespace on2 {
namespace {

// `value` (> 0) to two significant digits (all the digits of its whole part), without an
// exponent or trailing zeros.
std::string two_significant_digits(double value) {
  const int magnitude = static_cast<int>(std::floor(std::log10(value)));
  const int decimals = magnitude >= 1 ? 0 : 1 - magnitude;
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string s = text;
  if (s.find('.') != std::string::npos) {
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace

std::string human_duration(std::chrono::nanoseconds elapsed) {
  if (elapsed.count() <= 0) return "0 ms";
  const double seconds = std::chrono::duration<double>(elapsed).count();
  if (seconds >= 1) return two_significant_digits(seconds) + " s";
  const std::string ms = two_significant_digits(seconds * 1000);  // 999.7 ms rounds to 1000
  return ms == "1000" ? "1 s" : ms + " ms";
}

}  // namespace on2
