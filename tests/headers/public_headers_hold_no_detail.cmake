# docs/style.md item 1: internals stay out of the public headers. A `namespace detail` block in a
# header under cas/include may hold only forward declarations of types a public class needs for
# its layout (tower.hpp's polynomial_basis), besides comments. The test hooks and kernel paths
# live in private headers under cas/src (white-box tests add that directory).
# Run: cmake -DINCLUDE_DIR=<cas/include> -P public_headers_hold_no_detail.cmake
# (nim_mul_bitwise is allowed until it moves to cas/src/kernels/bitwise_product.hpp.)
file(GLOB_RECURSE headers "${INCLUDE_DIR}/cas/*.hpp")
set(failures "")
foreach(header IN LISTS headers)
  file(READ "${header}" text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REGEX MATCHALL "namespace detail {[^}]*}" blocks "${text}")
  foreach(block IN LISTS blocks)
    string(REGEX REPLACE "^namespace detail {" "" body "${block}")
    string(REGEX REPLACE "}$" "" body "${body}")
    string(REGEX REPLACE "//[^\n]*" "" body "${body}")
    string(REGEX REPLACE "(struct|class) [A-Za-z0-9_]+<semicolon>" "" body "${body}")
    string(REGEX REPLACE
           "std::uint64_t nim_mul_bitwise\\(std::uint64_t a, std::uint64_t b, int level\\)<semicolon>"
           "" body "${body}")
    string(STRIP "${body}" body)
    if(NOT body STREQUAL "")
      string(REPLACE "<semicolon>" ";" body "${body}")
      file(RELATIVE_PATH name "${INCLUDE_DIR}" "${header}")
      string(APPEND failures "${name}: namespace detail declares more than a forward type:\n${body}\n")
    endif()
  endforeach()
endforeach()
if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
