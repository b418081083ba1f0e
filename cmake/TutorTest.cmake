# tutor_add_test(<name> SOURCES <files...> LIBS <targets...> LABELS <labels...> [ARGS <args...>]
#                [TIMEOUT <s>] [ENVIRONMENT <VAR=value...>])
# Builds one test executable and registers it with CTest under the given labels
# (`ctest -L model`, `ctest -LE gpu`). Tests run headless: QT_QPA_PLATFORM=offscreen.
# A test that links the window (tutor_gui) also gets the label `gui`; every other test is added to the
# `tutor_core_tests` target, which the asan preset builds (the sanitizer pass skips the window).
function(tutor_add_test name)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS;ARGS;ENVIRONMENT" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} Qt6::Test tutor_warnings)
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  add_test(NAME ${name} COMMAND ${name} ${T_ARGS})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  if("tutor_gui" IN_LIST T_LIBS)
    list(APPEND T_LABELS gui)
  else()
    set_property(GLOBAL APPEND PROPERTY TUTOR_CORE_TESTS ${name})
  endif()
  set_tests_properties(${name} PROPERTIES
    LABELS "${T_LABELS}"
    TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;TUTOR_SOURCE_DIR=${PROJECT_SOURCE_DIR};${T_ENVIRONMENT}")
endfunction()

# One target that builds every test outside the window (call once, after every tests/ folder is added).
function(tutor_add_core_tests_target)
  get_property(tests GLOBAL PROPERTY TUTOR_CORE_TESTS)
  add_custom_target(tutor_core_tests)
  if(tests)
    add_dependencies(tutor_core_tests ${tests})
  endif()
endfunction()
