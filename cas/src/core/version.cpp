#include "cas/core/version.hpp"

namespace cas {

const char* version() noexcept {
  return ON2_VERSION_STRING;
}

}  // namespace cas
