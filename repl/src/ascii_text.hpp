#pragma once
// The ASCII form of text that on2 writes (docs/spec/language.md "Output", ASCII form): reports,
// messages, hints and help under `--ascii`. Each symbol on2 uses becomes what one types for it
// in ASCII (ω → w, ⊕ → +, ⊗ and · → *, ≥ → >=, κ → kappa, ² → ^2, … → ...); any other character
// is left as it is, so text the user typed and quoted back is not changed beyond these symbols.

#include <string>
#include <string_view>

namespace on2 {

std::string ascii_text(std::string_view text);

// `text` as it is, or its ASCII form when `ascii`.
inline std::string in_notation(std::string_view text, bool ascii) {
  return ascii ? ascii_text(text) : std::string(text);
}

}  // namespace on2
