// The NCCL ABI (libnccl.so.2): the handful of types, enum values and entry
// points the NCCL backend uses, as nccl.h declares them. Declared here so the
// library builds without NCCL (or CUDA) headers and loads NCCL at run time.
#pragma once

#include <cstddef>
#include <string>

namespace mxcore::distributed::nccl {

using Result = int; // ncclResult_t
inline constexpr Result Success = 0;
inline constexpr Result InProgress = 7;

using Comm = struct ncclComm*;
using CudaStream = void*; // cudaStream_t (the same handle as CUstream)

inline constexpr int UniqueIdBytes = 128;
struct UniqueId {
  char internal[UniqueIdBytes];
};

using DataType = int; // ncclDataType_t
inline constexpr DataType Int8 = 0;
inline constexpr DataType Uint8 = 1;
inline constexpr DataType Int32 = 2;
inline constexpr DataType Uint32 = 3;
inline constexpr DataType Int64 = 4;
inline constexpr DataType Uint64 = 5;
inline constexpr DataType Float16 = 6;
inline constexpr DataType Float32 = 7;
inline constexpr DataType Float64 = 8;
inline constexpr DataType Bfloat16 = 9;

using RedOp = int; // ncclRedOp_t
inline constexpr RedOp Sum = 0;
inline constexpr RedOp Max = 2;
inline constexpr RedOp Min = 3;

inline constexpr int SplitNoColor = -1; // NCCL_SPLIT_NOCOLOR

struct Api {
  Result (*GetVersion)(int*);
  Result (*GetUniqueId)(UniqueId*);
  Result (*CommInitRank)(Comm*, int nranks, UniqueId id, int rank);
  // The last argument is an ncclConfig_t*; null inherits the parent's (2.18+).
  Result (*CommSplit)(Comm, int color, int key, Comm*, void* config);
  Result (*CommDestroy)(Comm);
  Result (*CommCount)(Comm, int*);
  Result (*CommUserRank)(Comm, int*);
  const char* (*GetErrorString)(Result);
  const char* (*GetLastError)(Comm);
  Result (*AllReduce)(const void*, void*, size_t, DataType, RedOp, Comm, CudaStream);
  Result (*AllGather)(const void*, void*, size_t, DataType, Comm, CudaStream);
  Result (*ReduceScatter)(const void*, void*, size_t, DataType, RedOp, Comm, CudaStream);
  Result (*Send)(const void*, size_t, DataType, int peer, Comm, CudaStream);
  Result (*Recv)(void*, size_t, DataType, int peer, Comm, CudaStream);
};

// NCCL loaded once per process: $MXCORE_NCCL_LIBRARY, else libnccl.so.2 in
// each folder of $MXCORE_CUDA_LIBRARY_PATH (mx.cuda puts the nvidia-* wheels'
// lib folders there, nvidia-nccl-cu13/-cu12 among them), else the system's.
// Sets NCCL_NVLS_ENABLE=0 (unless set) before NCCL reads its environment.
// Null with `why` set when none loads.
const Api* api(std::string* why = nullptr);
// The version as NCCL encodes it (2.27.3 is 22703).
int version();

// Throws std::runtime_error "[op] NCCL error: <message>" unless r is Success.
void check(Result r, const char* op, Comm comm = nullptr);

} // namespace mxcore::distributed::nccl
