// The games behind the numbers: mex and Nim.
#include <algorithm>

#include "cas/nimber.hpp"
#include "cas/ordinal.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {
using args = function_arguments;
}  // namespace

void add_game_functions(std::vector<function_entry>& r) {
  r.push_back({"mex",
               0,
               any_number_of_arguments,
               "mex(a, b, …)",
               "the least natural number not among the finite values given (lists are opened)",
               {"mex(0, 1, 3)", "2"},
               [](const args& a) {
                 std::vector<cas::nimber> finite;
                 const std::vector<cas::ordinal> all = flattened_nimbers(a);
                 for (const cas::ordinal& o : all) {
                   if (!o.is_finite()) {
                     throw argument_error(
                         0, error_kind::usage,
                         "mex takes finite values only; a transfinite one was given.");
                   }
                   finite.push_back(o.finite_part());
                 }
                 std::sort(finite.begin(), finite.end());
                 std::uint64_t candidate = 0;
                 for (const cas::nimber& n : finite) {
                   if (n == cas::nimber(candidate))
                     ++candidate;
                   else if (n > cas::nimber(candidate))
                     break;
                 }
                 return from_natural(candidate);
               }});
  r.push_back({"nim",
               1,
               any_number_of_arguments,
               "nim(a, b, …)",
               "the value of a sum of Nim heaps of sizes a, b, …: their nim sum (lists are opened)",
               {"nim(3, 5, 6)", "0"},
               [](const args& a) {
                 cas::ordinal sum;
                 for (const cas::ordinal& o : flattened_nimbers(a)) sum = cas::nim_add(sum, o);
                 return value(std::move(sum));
               }});
}

}  // namespace on2
