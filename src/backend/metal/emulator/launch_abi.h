// The call interface between the emulated device and the drivers it
// generates for each kernel of a library (msl_library.cpp). Plain C structs:
// this header is compiled into libmxcore and, as embedded text, into every
// emulated library.
#pragma once

struct mxemu_dim3 {
  unsigned x, y, z;
};

// One thread's view of a dispatch.
struct mxemu_Launch {
  void* const* buffers;   // by [[buffer(i)]] index
  mxemu_dim3 thread_position_in_grid;
  mxemu_dim3 threads_per_grid;
  mxemu_dim3 thread_position_in_threadgroup;
  mxemu_dim3 threads_per_threadgroup;
  mxemu_dim3 threadgroup_position_in_grid;
  mxemu_dim3 threadgroups_per_grid;
  unsigned thread_index_in_threadgroup;
};

struct mxemu_Hooks {
  void (*barrier)(void* self);
  void* self;
};

struct mxemu_Entry {
  const char* host_name;
  void (*run)(const mxemu_Launch* launch);
  int uses_barriers; // the kernel's library calls threadgroup_barrier
};

struct mxemu_Table {
  const mxemu_Entry* entries;
  int count;
  void (*set_hooks)(const mxemu_Hooks* hooks); // for the calling OS thread
};
