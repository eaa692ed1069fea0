#pragma once
// Printing ordinals as NOTATION.md "Output" says: finite values in decimal, the value ω as `ω`,
// every other transfinite value as one bracketed Cantor normal form such as
// `[ω^(ω^2·3+1)·5 + ω + 7]` (ASCII: `[w^(w^2*3+1)*5 + w + 7]`). What is printed reads back as
// the same value.

#include <string>

#include "cas/ordinal.hpp"

namespace cas {

// Unicode uses ω and ·; ASCII uses w and *.
enum class notation { unicode, ascii };

std::string to_string(const ordinal& value, notation style = notation::unicode);
// The same text as the ordinal with this value: `[ω^2·3 + 1]`, `ω`, `12`.
std::string to_string(const small_ordinal& value, notation style = notation::unicode);

}  // namespace cas
