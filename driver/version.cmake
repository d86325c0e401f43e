# version.cmake -- run at every build (cmake -P): writes OUT, a header with
# CAR_COMMIT = `git describe --always --dirty --tags` of SRC ("unknown"
# without git or outside a checkout).  OUT is rewritten only when the
# commit changed, so an unchanged tree rebuilds nothing.
execute_process(COMMAND git describe --always --dirty --tags
                WORKING_DIRECTORY ${SRC}
                OUTPUT_VARIABLE commit ERROR_QUIET
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "#define CAR_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
