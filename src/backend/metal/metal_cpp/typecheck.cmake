# Linux: type-checks the metal-cpp layer against the vendored metal-cpp
# headers and stub Apple SDK headers (third_party/), with clang++ (metal-cpp's
# inline bodies use blocks, which GCC does not parse). Registered as the
# ctest `metal_cpp_typecheck` when clang++ is found; nothing links or runs.
if(NOT APPLE)
  find_program(MXCORE_CLANGXX NAMES clang++ clang++-18 clang++-17 clang++-16 clang++-15 clang++-14)
  if(MXCORE_CLANGXX)
    add_test(NAME metal_cpp_typecheck
      COMMAND "${MXCORE_CLANGXX}" -std=c++20 -fblocks -fsyntax-only -DMXCORE_METAL_CPP
        -I "${CMAKE_CURRENT_SOURCE_DIR}/third_party/metal-cpp-stubs"
        -I "${CMAKE_CURRENT_SOURCE_DIR}/third_party/metal-cpp"
        -I "${CMAKE_CURRENT_SOURCE_DIR}/src" -I "${CMAKE_CURRENT_SOURCE_DIR}/include"
        "${CMAKE_CURRENT_SOURCE_DIR}/src/backend/metal/metal_cpp/metal_cpp_device.cpp")
  else()
    message(STATUS "mxcore: no clang++, the metal-cpp layer is not type-checked")
  endif()
endif()
