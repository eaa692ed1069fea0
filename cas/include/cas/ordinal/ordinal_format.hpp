#pragma once
// Printing ordinals as docs/spec/language.md "Output" says: finite values in decimal, the value ω
// as `ω`, every other transfinite value as one bracketed Cantor normal form such as
// `[ω^(ω^2·3+1)·5 + ω + 7]` (ASCII: `[w^(w^2*3+1)*5 + w + 7]`). What is printed reads back as
// the same value.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <string>

#include "cas/ordinal/ordinal.hpp"

namespace cas {

// Unicode uses ω and ·; ASCII uses w and *.
enum class notation { unicode, ascii };

// How finite numbers print (docs/spec/language.md ":format dec|hex|bin"): `31`, `0x1f`, `0b11111`.
// It applies to finite values and to the coefficients of Cantor terms; exponents stay decimal.
enum class numeral { decimal, hexadecimal, binary };

std::string to_string(const ordinal& value, notation style = notation::unicode,
                      numeral base = numeral::decimal);
// A finite nimber as a natural number in the given base, with its 0x / 0b prefix (none in decimal).
std::string to_string(const nimber& value, numeral base);
// The same text as the ordinal with this value: `[ω^2·3 + 1]`, `ω`, `12`.
std::string to_string(const small_ordinal& value, notation style = notation::unicode);

}  // namespace cas
