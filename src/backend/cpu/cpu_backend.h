// The CPU backend: the host buffer cache, synchronous streams, eval_cpu.
#pragma once

#include <memory>

#include "mxcore/backend.h"

namespace mxcore::cpu {

// The backend the registry installs for Device::cpu at startup.
std::unique_ptr<backend::Backend> make_backend();

} // namespace mxcore::cpu
