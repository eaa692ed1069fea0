#include "cas/core/context.hpp"

#include "cas/core/error.hpp"

namespace cas {

context::context(const context& parent, const alpha_table& alphas)
    : limits_(parent.limits_),
      // The token is made to be set from anywhere (a signal handler included): sharing it
      // through a const parent is its purpose.
      token_(const_cast<cancellation_token*>(parent.token_)),
      alphas_(&alphas) {}

void context::throw_interrupted() {
  throw interrupted_error();
}

void context::check_limit(std::uint64_t value, std::uint64_t limit, const char* what,
                          const char* limit_name) const {
  if (value > limit) {
    throw limit_error(std::string(what) + " is " + std::to_string(value) + ", above the limit " +
                      limit_name + " = " + std::to_string(limit) + ".");
  }
}

context& default_context() {
  static context instance;
  return instance;
}

}  // namespace cas
