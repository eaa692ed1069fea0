#pragma once
// Text from the input, made safe to show: on a terminal a control character (ESC, BEL, NUL…)
// acts instead of being seen, and JSON must be valid UTF-8 (RFC 8259 §8.1).

#include <cstddef>
#include <string>
#include <string_view>

namespace on2::parser {

// The length of the well-formed UTF-8 sequence that starts at text[at] (RFC 3629 §4: no
// overlong forms, no surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) noexcept;

// True for the code points that act on a terminal: C0 (except tab), DEL and C1.
bool is_control_character(char32_t code_point) noexcept;

// The code point of the well-formed sequence of `length` bytes at text[at].
char32_t decode_utf8(std::string_view text, std::size_t at, std::size_t length) noexcept;

// `text` with each control character written \u001b and each byte that is not part of valid
// UTF-8 written \xff; everything else (tabs, ω, line breaks when `keep_line_breaks`) is kept.
std::string printable(std::string_view text, bool keep_line_breaks = false);

}  // namespace on2::parser
