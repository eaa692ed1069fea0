# <cas/cas.hpp> includes every public header of cas (issue 17): a header added under
# cas/include/cas/<layer>/ (or generated into the build's include directory) and not listed there
# fails this test. Run as: cmake -DUMBRELLA=<cas.hpp> "-DINCLUDE_DIRS=<dir>;<dir>" -P <this file>
file(READ ${UMBRELLA} umbrella_text)
set(missing "")
foreach(include_dir ${INCLUDE_DIRS})
  file(GLOB_RECURSE headers RELATIVE ${include_dir} ${include_dir}/cas/*/*.hpp)
  foreach(header ${headers})
    string(FIND "${umbrella_text}" "#include \"${header}\"" position)
    if(position EQUAL -1)
      list(APPEND missing ${header})
    endif()
  endforeach()
endforeach()
if(missing)
  list(JOIN missing ", " missing_text)
  message(FATAL_ERROR "${UMBRELLA} does not include the public headers ${missing_text}")
endif()
