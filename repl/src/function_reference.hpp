#pragma once
// The function reference page (docs/functions.md), generated from the one function registry so
// it cannot drift: `on2 --function-reference` prints it and a test compares it with the page.

#include <string>

namespace on2 {

std::string function_reference_markdown();

}  // namespace on2
