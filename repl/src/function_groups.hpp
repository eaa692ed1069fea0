#pragma once
// The registry's entries come in groups, one file each (functions_arithmetic.cpp, …); each group
// appends its entries in the order of docs/spec/language.md "Functions". Private to repl_core.

#include <cstdint>
#include <vector>

#include "function_registry.hpp"

namespace on2 {

void add_arithmetic_functions(std::vector<function_entry>& registry);  // inv … is_finite
void add_polynomial_functions(std::vector<function_entry>& registry);  // minpoly, solve … disc
void add_lenstra_functions(std::vector<function_entry>& registry);     // kappa … qset
void add_game_functions(std::vector<function_entry>& registry);        // mex, nim, …
void add_table_functions(std::vector<function_entry>& registry);       // table … kappas
void add_list_functions(std::vector<function_entry>& registry);        // length … sort
void add_integer_functions(std::vector<function_entry>& registry);     // lcm … factorint
void add_field_functions(std::vector<function_entry>& registry);  // is_primitive … irreducible_poly

// Helpers the groups share.
value from_natural(std::uint64_t n);
value list_of(const std::vector<cas::ordinal>& elements);
// The nimbers among the arguments, a list argument contributing its elements.
std::vector<cas::ordinal> flattened_nimbers(const function_arguments& a);

}  // namespace on2
