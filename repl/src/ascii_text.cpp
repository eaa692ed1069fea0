#include "ascii_text.hpp"

#include <array>
#include <utility>

namespace on2 {
namespace {

// The symbols of on2's own text (the reports of cas/explore, the messages and the help) and their
// ASCII spelling. ⊕ and ⊗ become the operators that mean them outside brackets, · and × the
// Cantor product inside (as cas::to_string writes it); letters get their names.
constexpr std::array<std::pair<std::string_view, std::string_view>, 28> symbols = {{
    {"ω", "w"},     {"⊕", "+"},    {"⊗", "*"},   {"·", "*"},  {"×", "x"},        {"κ", "kappa"},
    {"α", "alpha"}, {"β", "beta"}, {"Φ", "Phi"}, {"≥", ">="}, {"≤", "<="},       {"≠", "!="},
    {"→", "->"},    {"↓", "v"},    {"…", "..."}, {"—", "-"},  {"−", "-"},        {"₂", "_2"},
    {"⁻", "^-"},    {"¹", "1"},    {"²", "^2"},  {"³", "^3"}, {"∞", "infinity"}, {"§", "section "},
    {"⏎", "\\n"},   {"µ", "u"},    {"′", "'"},   {"–", "-"},
}};

}  // namespace

std::string ascii_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      out += text[i++];
      continue;
    }
    bool replaced = false;
    for (const auto& [symbol, ascii] : symbols) {
      if (text.substr(i, symbol.size()) == symbol) {
        out += ascii;
        i += symbol.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

}  // namespace on2
