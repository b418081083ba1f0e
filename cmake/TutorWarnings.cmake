# One INTERFACE target carries the warning set and sanitizer flags; every project target links it.
add_library(tutor_warnings INTERFACE)
target_compile_options(tutor_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Werror=undef -Wno-missing-field-initializers>)
if(TUTOR_SANITIZE)
  target_compile_options(tutor_warnings INTERFACE -fsanitize=${TUTOR_SANITIZE} -fno-omit-frame-pointer)
  target_link_options(tutor_warnings INTERFACE -fsanitize=${TUTOR_SANITIZE})
endif()
add_feature_info(TUTOR_SANITIZE TUTOR_SANITIZE "sanitizers: ${TUTOR_SANITIZE}")
