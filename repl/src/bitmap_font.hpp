#pragma once
// A 5 × 7 pixel font (with two rows below for descenders) for the text of PNG pictures (titles,
// tick labels, legends): printable ASCII and the few other characters on2's pictures use (⊗ × · ≤ ≠
// − → ↓). on2's own glyphs. A character without a glyph is drawn as a hollow box. Private to
// repl_core.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace on2 {

// Rows top to bottom, the baseline under row 6; bit 4 of a row is the leftmost pixel.
using glyph = std::array<std::uint8_t, 9>;

inline constexpr int glyph_width = 5, glyph_height = 9;
// The horizontal distance from one character to the next, in font pixels.
inline constexpr int glyph_advance = 6;

const glyph& glyph_of(char32_t c);
// The code points of UTF-8 text (invalid bytes become U+FFFD, which has no glyph).
std::vector<char32_t> code_points(std::string_view utf8);

}  // namespace on2
