# TUTOR_BUILD_FUZZ: every C++ target is compiled for libFuzzer's coverage (fuzzer-no-link), AddressSanitizer and
# UndefinedBehaviorSanitizer, so the fuzz targets in tests/fuzz (which link libFuzzer itself) see and check the
# whole core they call, not only their harness. Needs clang. Build only the fuzz targets in such a tree
# (scripts/fuzz.sh does): the rest is built the same way but is not meant to be run from it.
if(TUTOR_BUILD_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TUTOR_BUILD_FUZZ needs clang (libFuzzer); configure with CC=clang CXX=clang++")
  endif()
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link,address,undefined;-fno-sanitize-recover=all;-fno-omit-frame-pointer>")
  add_link_options("$<$<LINK_LANGUAGE:CXX>:-fsanitize=address,undefined>")
endif()
