// Stub of IOSurface's opaque reference type.
#pragma once
typedef struct __IOSurface* IOSurfaceRef;
