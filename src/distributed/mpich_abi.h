// The MPICH ABI (libmpi.so.12): the handle types and constant values that
// MPICH, Intel MPI, Cray MPICH and MVAPICH share, as their mpi.h defines them.
// Declared here so the library builds without MPI headers and loads the MPI
// library at run time. (Open MPI has another ABI and is not supported.)
#pragma once

#include <cstdint>

namespace mxcore::distributed::mpich {

using Comm = int;
using Datatype = int;
using Op = int;
using Errhandler = int;

struct Status {
  int count_lo;
  int count_hi_and_cancelled;
  int source;
  int tag;
  int error;
};

inline constexpr int SUCCESS = 0;
inline constexpr int THREAD_MULTIPLE = 3;
inline constexpr int MAX_ERROR_STRING = 512;
inline constexpr int MAX_LIBRARY_VERSION_STRING = 8192;
inline constexpr int UNDEFINED = -32766;

inline constexpr Comm COMM_WORLD = 0x44000000;
inline constexpr Errhandler ERRORS_RETURN = 0x54000001;

inline constexpr Datatype BYTE = 0x4c00010d;
inline constexpr Datatype C_BOOL = 0x4c00013f;
inline constexpr Datatype INT8 = 0x4c000137;
inline constexpr Datatype INT16 = 0x4c000238;
inline constexpr Datatype INT32 = 0x4c000439;
inline constexpr Datatype INT64 = 0x4c00083a;
inline constexpr Datatype UINT8 = 0x4c00013b;
inline constexpr Datatype UINT16 = 0x4c00023c;
inline constexpr Datatype UINT32 = 0x4c00043d;
inline constexpr Datatype UINT64 = 0x4c00083e;
inline constexpr Datatype FLOAT = 0x4c00040a;
inline constexpr Datatype DOUBLE = 0x4c00080b;
inline constexpr Datatype C_FLOAT_COMPLEX = 0x4c000840;

inline constexpr Op MAX = 0x58000001;
inline constexpr Op MIN = 0x58000002;
inline constexpr Op SUM = 0x58000003;
inline constexpr Op LAND = 0x58000005;
inline constexpr Op LOR = 0x58000007;

inline void* const STATUS_IGNORE = reinterpret_cast<void*>(1);
inline void* const IN_PLACE = reinterpret_cast<void*>(-1);

using UserFunction = void (*)(void* in, void* inout, int* len, Datatype* type);

} // namespace mxcore::distributed::mpich
