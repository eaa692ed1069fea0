#pragma once
// The ASCII character classes of the language (docs/spec/language.md: names are letters, digits
// and underscores, starting with a letter; hexadecimal literals; blanks), shared by the X3
// grammar, the hand-written statement parsers and the REPL's word lane so that they agree on
// every byte. Locale-independent, unlike <cctype>.

namespace on2::parser {

constexpr bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
constexpr bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
// A character of a name after its first.
constexpr bool is_word(char c) {
  return is_letter(c) || is_digit(c) || c == '_';
}
constexpr bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// A blank inside a line: a newline ends a statement, so it is not one.
constexpr bool is_inline_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
// A blank anywhere, the newline included.
constexpr bool is_blank(char c) {
  return is_inline_blank(c) || c == '\n';
}

}  // namespace on2::parser
