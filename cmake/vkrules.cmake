# vkrules_validate_shaders(TARGET <target> SHADERS <file.spv>... [VKRULES <launcher>] [ARGS <arg>...])
#
# Validates every compiled SPIR-V module of a target with one vkrules call, as a POST_BUILD step:
# a module that breaks a rule (exit 1) or a tool error (exit 2) fails the build. ARGS go to
# `vkrules validate` (for example --target-env vulkan1.3, --baseline FILE); a vkrules.yaml above
# the shaders applies as it does on the command line. VKRULES defaults to the cache variable
# VKRULES_EXECUTABLE: vkrules on PATH (`./vkrules install PREFIX` puts it in PREFIX/bin), or the
# ./vkrules launcher of a vkrules checkout.
include_guard(GLOBAL)

find_program(VKRULES_EXECUTABLE NAMES vkrules DOC "the vkrules launcher")

function(vkrules_validate_shaders)
  cmake_parse_arguments(PARSE_ARGV 0 VK "" "TARGET;VKRULES" "SHADERS;ARGS")
  if(NOT VK_TARGET)
    message(FATAL_ERROR "vkrules_validate_shaders: TARGET is required")
  endif()
  if(NOT VK_SHADERS)
    message(FATAL_ERROR "vkrules_validate_shaders(${VK_TARGET}): SHADERS lists no .spv file")
  endif()
  if(NOT VK_VKRULES)
    set(VK_VKRULES "${VKRULES_EXECUTABLE}")
  endif()
  if(NOT VK_VKRULES)
    message(FATAL_ERROR "vkrules_validate_shaders: vkrules not found; set VKRULES_EXECUTABLE or pass VKRULES")
  endif()
  add_custom_command(TARGET ${VK_TARGET} POST_BUILD
    COMMAND "${VK_VKRULES}" validate ${VK_ARGS} ${VK_SHADERS}
    COMMENT "vkrules: validating the SPIR-V of ${VK_TARGET}"
    VERBATIM)
endfunction()
