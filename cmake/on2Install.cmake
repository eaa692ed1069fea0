# `cmake --install`: the cas library and its headers, the on2 program and its man page, the CMake
# package (find_package(on2) → on2::cas) and the pkg-config file on2.pc (issue 17; README
# "Install"). The package test (tests/package) installs into a temporary prefix and builds an
# outside project against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(on2_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/on2)

install(TARGETS cas EXPORT on2Targets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/cas/include/cas ${PROJECT_BINARY_DIR}/cas/include/cas
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(ON2_BUILD_REPL)
  install(TARGETS on2 EXPORT on2Targets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/docs/on2.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

install(EXPORT on2Targets NAMESPACE on2:: DESTINATION ${on2_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/on2Config.cmake.in
                              ${PROJECT_BINARY_DIR}/on2Config.cmake
                              INSTALL_DESTINATION ${on2_cmake_dir})
# 0.x releases change the API, so only the same minor version is compatible before 1.0.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(on2_compatibility SameMinorVersion)
else()
  set(on2_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/on2ConfigVersion.cmake
                                 COMPATIBILITY ${on2_compatibility})
install(FILES ${PROJECT_BINARY_DIR}/on2Config.cmake ${PROJECT_BINARY_DIR}/on2ConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/FindECM.cmake DESTINATION ${on2_cmake_dir})

# on2.pc finds its prefix from its own place (${pcfiledir}), so `cmake --install --prefix DIR`
# and packages need no second configure.
set(on2_pkgconfig_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE ${CMAKE_INSTALL_LIBDIR} OR IS_ABSOLUTE ${CMAKE_INSTALL_INCLUDEDIR})
  set(ON2_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
  set(ON2_PC_LIBDIR ${CMAKE_INSTALL_FULL_LIBDIR})
  set(ON2_PC_INCLUDEDIR ${CMAKE_INSTALL_FULL_INCLUDEDIR})
else()
  file(RELATIVE_PATH on2_pc_up /prefix/${on2_pkgconfig_dir} /prefix)
  string(REGEX REPLACE "/$" "" on2_pc_up "${on2_pc_up}")
  set(ON2_PC_PREFIX "\${pcfiledir}/${on2_pc_up}")
  set(ON2_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(ON2_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# Boost has no pkg-config file: its include directory is named when the compiler does not search it.
set(ON2_PC_EXTRA_CFLAGS "")
foreach(directory ${Boost_INCLUDE_DIRS})
  if(NOT directory IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    string(APPEND ON2_PC_EXTRA_CFLAGS " -I${directory}")
  endif()
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/on2.pc.in ${PROJECT_BINARY_DIR}/on2.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/on2.pc DESTINATION ${on2_pkgconfig_dir})

# `cpack -G DEB` in the build directory: one Debian package with all of the above under /usr.
set(CPACK_PACKAGE_NAME on2)
set(CPACK_PACKAGE_VENDOR on2)
set(CPACK_PACKAGE_CONTACT "on2 developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Computer algebra in Conway's field of nimbers: the on2 program and the cas C++20 library")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
# The program's shared libraries (GMP, libedit) by dpkg-shlibdeps; what the headers and
# libon2cas.a need to build against them by hand.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgmp-dev, libecm-dev, libboost-dev (>= ${ON2_BOOST_MINIMUM_VERSION}), pkg-config")
include(CPack)
