# One INTERFACE target carries the warning set and sanitizer flags; every project target links it.
option(TUTOR_WERROR "Treat compiler warnings as errors (the ci preset turns it on)" OFF)
add_library(tutor_warnings INTERFACE)
target_compile_options(tutor_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Werror=undef -Wno-missing-field-initializers>)
if(TUTOR_WERROR)
  target_compile_options(tutor_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
endif()
if(TUTOR_SANITIZE)
  target_compile_options(tutor_warnings INTERFACE -fsanitize=${TUTOR_SANITIZE} -fno-omit-frame-pointer
    -fno-sanitize-recover=all)
  target_link_options(tutor_warnings INTERFACE -fsanitize=${TUTOR_SANITIZE})
endif()
add_feature_info(TUTOR_WERROR TUTOR_WERROR "warnings are errors")
add_feature_info(TUTOR_SANITIZE TUTOR_SANITIZE "sanitizers: ${TUTOR_SANITIZE}")
