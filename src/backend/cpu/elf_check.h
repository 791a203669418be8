// Validates a shared object's bytes before anything loads them: the JIT
// accepts compiler output only if it is an ELF shared object for this machine
// that defines the kernel's entry point.
#pragma once

#include <string>
#include <string_view>

namespace mxcore::cpu {

// "" when `image` is an ELF shared object for this process's machine (class,
// byte order, architecture) whose dynamic symbol table defines `symbol`;
// otherwise a short reason. Every offset is bounds-checked: any bytes are safe.
std::string shared_object_problem(std::string_view image, const std::string& symbol);

} // namespace mxcore::cpu
