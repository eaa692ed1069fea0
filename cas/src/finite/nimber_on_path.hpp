#pragma once
// The product of big nimbers through a given kernel path, private to cas: nim_mul takes the
// active path; white-box tests compare the paths on big nimbers with this.

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas::detail {

nimber nim_mul_on_path(kernel_path path, const nimber& a, const nimber& b,
                       const context& ctx = default_context());

}  // namespace cas::detail
