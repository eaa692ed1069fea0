#pragma once
// The public API of cas in one include: every public header, layer by layer in the order of
// docs/architecture.md (each layer uses only those before it). A program that needs less includes
// only the headers it uses, "cas/<layer>/<name>.hpp". tests/unit/headers checks that this list
// names every public header.

// In the layer order, not the alphabet:
// clang-format off
#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/core/integer.hpp"
#include "cas/arith/fermat_numbers.hpp"
#include "cas/arith/mersenne_factors.hpp"
#include "cas/arith/mersenne_table.hpp"
#include "cas/arith/primes.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/lenstra.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "cas/explore/field_axioms.hpp"
#include "cas/explore/field_tables.hpp"
#include "cas/explore/heat_map.hpp"
#include "cas/explore/mex_reference.hpp"
#include "cas/explore/product_explanation.hpp"
#include "cas/games/nim_game.hpp"
#include "cas/games/turning_corners.hpp"
// clang-format on
