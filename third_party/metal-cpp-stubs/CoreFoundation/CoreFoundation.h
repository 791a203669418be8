// Stub of the CoreFoundation / libdispatch types metal-cpp names.
#pragma once
// What the real header brings in transitively.
#include <math.h>
#include <stddef.h>
#include <stdint.h>
typedef double CFTimeInterval;
typedef const void* CFTypeRef;
typedef struct dispatch_queue_s* dispatch_queue_t;
typedef struct dispatch_data_s* dispatch_data_t;
