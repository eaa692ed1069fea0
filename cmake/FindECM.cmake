# Finds GMP-ECM (Debian's libecm-dev, LGPL), which cas uses to factor integers beyond Pollard rho
# (cas/arith/integer_factoring.hpp). It has no pkg-config file: the header ecm.h and the library
# libecm. Defines ECM_FOUND and the imported target ECM::ecm. Installed beside on2Config.cmake,
# which finds it again for users of the static library.
find_path(ECM_INCLUDE_DIR ecm.h)
find_library(ECM_LIBRARY ecm)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(ECM REQUIRED_VARS ECM_LIBRARY ECM_INCLUDE_DIR)
if(ECM_FOUND AND NOT TARGET ECM::ecm)
  add_library(ECM::ecm UNKNOWN IMPORTED)
  set_target_properties(ECM::ecm PROPERTIES IMPORTED_LOCATION ${ECM_LIBRARY}
                                            INTERFACE_INCLUDE_DIRECTORIES ${ECM_INCLUDE_DIR})
endif()
mark_as_advanced(ECM_INCLUDE_DIR ECM_LIBRARY)
