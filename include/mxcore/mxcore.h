// The whole public C++ API.
#pragma once

#include "mxcore/array.h"
#include "mxcore/compile.h"
#include "mxcore/device.h"
#include "mxcore/dtype.h"
#include "mxcore/io.h"
#include "mxcore/fft.h"
#include "mxcore/gather_mm.h"
#include "mxcore/linalg.h"
#include "mxcore/linalg_det.h"
#include "mxcore/memory.h"
#include "mxcore/ops.h"
#include "mxcore/ops_extra.h"
#include "mxcore/quantized.h"
#include "mxcore/stream.h"
#include "mxcore/transforms.h"
#include "mxcore/utils.h"
