// The MPI backend: libmpi (MPICH ABI) loaded with dlopen on first use, a
// Group per communicator. float16/bfloat16 travel as 2-byte types reduced by
// our own MPI_Op functions (MPI has no such types); messages past MPI's int
// counts are sent in chunks.
#include <dlfcn.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "distributed/group_impl.h"
#include "distributed/mpich_abi.h"
#include "mxcore/scalar_types.h"

namespace mxcore::distributed {

namespace {

std::mutex candidates_mutex;
std::vector<std::string>& candidates() {
  static std::vector<std::string> paths;
  return paths;
}

} // namespace

void set_mpi_library_candidates(std::vector<std::string> paths) {
  std::lock_guard<std::mutex> lock(candidates_mutex);
  candidates() = std::move(paths);
}

namespace detail {
namespace {

using namespace mpich;

// The entry points used, resolved from the loaded library.
struct MpiApi {
  int (*Init_thread)(int*, char***, int, int*);
  int (*Initialized)(int*);
  int (*Finalized)(int*);
  int (*Finalize)();
  int (*Abort)(Comm, int);
  int (*Comm_rank)(Comm, int*);
  int (*Comm_size)(Comm, int*);
  int (*Comm_split)(Comm, int, int, Comm*);
  int (*Comm_set_errhandler)(Comm, Errhandler);
  int (*Allreduce)(const void*, void*, int, Datatype, Op, Comm);
  int (*Allgather)(const void*, int, Datatype, void*, int, Datatype, Comm);
  int (*Reduce_scatter_block)(const void*, void*, int, Datatype, Op, Comm);
  int (*Send)(const void*, int, Datatype, int, int, Comm);
  int (*Recv)(void*, int, Datatype, int, int, Comm, void*);
  int (*Type_contiguous)(int, Datatype, Datatype*);
  int (*Type_commit)(Datatype*);
  int (*Op_create)(UserFunction, int, Op*);
  int (*Error_string)(int, char*, int*);
  int (*Get_library_version)(char*, int*);
};

template <typename T, ReduceOp op>
void reduce_half(void* in, void* inout, int* len, Datatype*) {
  auto* a = static_cast<const T*>(in);
  auto* b = static_cast<T*>(inout);
  for (int i = 0; i < *len; ++i) {
    float x = static_cast<float>(a[i]), y = static_cast<float>(b[i]);
    float r = op == ReduceOp::sum ? x + y : op == ReduceOp::max ? std::max(x, y) : std::min(x, y);
    b[i] = static_cast<T>(r);
  }
}

class MpiLibrary {
 public:
  static MpiLibrary& get() {
    static MpiLibrary lib;
    return lib;
  }

  bool loaded() const { return handle_ != nullptr; }
  const std::string& load_error() const { return error_; }
  const MpiApi& api() const { return api_; }

  // MPI_Init_thread once per process; MPI_Finalize at exit.
  void ensure_initialized() {
    std::call_once(init_once_, [this] {
      int already = 0;
      api_.Initialized(&already);
      if (!already) {
        int provided = 0;
        check(api_.Init_thread(nullptr, nullptr, THREAD_MULTIPLE, &provided), "init");
      }
      api_.Comm_set_errhandler(COMM_WORLD, ERRORS_RETURN);
      check(api_.Type_contiguous(2, BYTE, &half_type_), "init");
      check(api_.Type_commit(&half_type_), "init");
      create_half_ops<float16_t>(f16_ops_);
      create_half_ops<bfloat16_t>(bf16_ops_);
      std::atexit([] {
        auto& lib = MpiLibrary::get();
        int finalized = 0;
        lib.api_.Finalized(&finalized);
        if (!finalized) lib.api_.Finalize();
      });
    });
  }

  void check(int code, const char* op) const {
    if (code == SUCCESS) return;
    char text[MAX_ERROR_STRING] = {0};
    int len = 0;
    api_.Error_string(code, text, &len);
    throw std::runtime_error(std::string("[") + op + "] MPI error: " + std::string(text, len));
  }

  Datatype half_type() const { return half_type_; }
  Op half_op(Dtype dtype, ReduceOp op) const {
    const Op* ops = dtype == float16 ? f16_ops_ : bf16_ops_;
    return ops[static_cast<int>(op)];
  }

 private:
  MpiLibrary() {
    std::vector<std::string> paths;
    if (const char* forced = std::getenv("MXCORE_MPI_LIBRARY")) {
      paths.push_back(forced);
    } else {
      {
        std::lock_guard<std::mutex> lock(candidates_mutex);
        paths = candidates();
      }
      paths.push_back("libmpi.so.12");
      paths.push_back("libmpi.so");
    }
    for (auto& path : paths) {
      // RTLD_GLOBAL: MPI implementations load plugins that need its symbols.
      handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
      if (handle_ && resolve()) return;
      if (handle_) {
        dlclose(handle_);
        handle_ = nullptr;
      } else {
        const char* why = dlerror();
        error_ += path + ": " + (why ? why : "not loadable") + "; ";
      }
    }
    if (error_.empty()) error_ = "no MPI library found";
  }

  template <typename F>
  bool sym(F& fn, const char* name) {
    fn = reinterpret_cast<F>(dlsym(handle_, name));
    if (!fn) error_ += std::string("missing ") + name + "; ";
    return fn != nullptr;
  }

  bool resolve() {
    bool ok = sym(api_.Init_thread, "MPI_Init_thread") & sym(api_.Initialized, "MPI_Initialized") &
              sym(api_.Finalized, "MPI_Finalized") & sym(api_.Finalize, "MPI_Finalize") &
              sym(api_.Abort, "MPI_Abort") & sym(api_.Comm_rank, "MPI_Comm_rank") &
              sym(api_.Comm_size, "MPI_Comm_size") & sym(api_.Comm_split, "MPI_Comm_split") &
              sym(api_.Comm_set_errhandler, "MPI_Comm_set_errhandler") &
              sym(api_.Allreduce, "MPI_Allreduce") & sym(api_.Allgather, "MPI_Allgather") &
              sym(api_.Reduce_scatter_block, "MPI_Reduce_scatter_block") &
              sym(api_.Send, "MPI_Send") & sym(api_.Recv, "MPI_Recv") &
              sym(api_.Type_contiguous, "MPI_Type_contiguous") &
              sym(api_.Type_commit, "MPI_Type_commit") & sym(api_.Op_create, "MPI_Op_create") &
              sym(api_.Error_string, "MPI_Error_string") &
              sym(api_.Get_library_version, "MPI_Get_library_version");
    if (!ok) return false;
    // Only the MPICH ABI's handle values are declared here (mpich_abi.h).
    char version[MAX_LIBRARY_VERSION_STRING] = {0};
    int len = 0;
    api_.Get_library_version(version, &len);
    std::string v(version, len);
    if (v.find("MPICH") == std::string::npos && v.find("Intel") == std::string::npos &&
        v.find("MVAPICH") == std::string::npos) {
      error_ += "not an MPICH-ABI library (" + v.substr(0, 60) + "); ";
      return false;
    }
    return true;
  }

  template <typename T>
  void create_half_ops(Op* ops) {
    check(api_.Op_create(&reduce_half<T, ReduceOp::sum>, 1, &ops[0]), "init");
    check(api_.Op_create(&reduce_half<T, ReduceOp::max>, 1, &ops[1]), "init");
    check(api_.Op_create(&reduce_half<T, ReduceOp::min>, 1, &ops[2]), "init");
  }

  void* handle_ = nullptr;
  std::string error_;
  MpiApi api_{};
  std::once_flag init_once_;
  Datatype half_type_ = 0;
  Op f16_ops_[3] = {0, 0, 0};
  Op bf16_ops_[3] = {0, 0, 0};
};

Datatype mpi_type(Dtype dtype, const char* op) {
  auto& lib = MpiLibrary::get();
  switch (dtype.val) {
    case Dtype::Val::bool_: return C_BOOL;
    case Dtype::Val::int8: return INT8;
    case Dtype::Val::int16: return INT16;
    case Dtype::Val::int32: return INT32;
    case Dtype::Val::int64: return INT64;
    case Dtype::Val::uint8: return UINT8;
    case Dtype::Val::uint16: return UINT16;
    case Dtype::Val::uint32: return UINT32;
    case Dtype::Val::uint64: return UINT64;
    case Dtype::Val::float32: return FLOAT;
    case Dtype::Val::float64: return DOUBLE;
    case Dtype::Val::complex64: return C_FLOAT_COMPLEX;
    case Dtype::Val::float16:
    case Dtype::Val::bfloat16: return lib.half_type();
  }
  throw std::invalid_argument(std::string("[") + op + "] Unsupported dtype.");
}

Op mpi_op(Dtype dtype, ReduceOp op, const char* name) {
  if (dtype == float16 || dtype == bfloat16) return MpiLibrary::get().half_op(dtype, op);
  if (dtype == bool_) return op == ReduceOp::min ? LAND : LOR;
  if (dtype == complex64 && op != ReduceOp::sum) {
    throw std::invalid_argument(std::string("[") + name + "] complex64 has no order: " +
                                "only all_sum supports it.");
  }
  return op == ReduceOp::sum ? SUM : op == ReduceOp::max ? MAX : MIN;
}

// MPI counts are ints: larger buffers go in pieces of at most this many elements.
constexpr int64_t kMaxCount = INT_MAX / 2;

class MpiGroup : public GroupImpl {
 public:
  explicit MpiGroup(Comm comm) : comm_(comm) {
    auto& api = MpiLibrary::get().api();
    api.Comm_rank(comm_, &rank_);
    api.Comm_size(comm_, &size_);
    api.Comm_set_errhandler(comm_, ERRORS_RETURN);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  const char* backend() const override { return "mpi"; }

  std::shared_ptr<GroupImpl> split(int color, int key) override {
    auto& lib = MpiLibrary::get();
    Comm sub = 0;
    lib.check(lib.api().Comm_split(comm_, color < 0 ? UNDEFINED : color, key < 0 ? rank_ : key, &sub),
              "Group.split");
    return std::make_shared<MpiGroup>(sub);
  }

  void all_reduce(const array& in, array& out, ReduceOp op) override {
    const char* name = op == ReduceOp::sum ? "all_sum" : op == ReduceOp::max ? "all_max" : "all_min";
    auto& lib = MpiLibrary::get();
    Datatype type = mpi_type(in.dtype(), name);
    Op mop = mpi_op(in.dtype(), op, name);
    const char* src = static_cast<const char*>(in.raw_data());
    char* dst = static_cast<char*>(out.raw_data());
    int64_t n = in.size(), item = in.itemsize();
    for (int64_t at = 0; at < n; at += kMaxCount) {
      int count = static_cast<int>(std::min(kMaxCount, n - at));
      const void* send = src == dst ? IN_PLACE : src + at * item;
      lib.check(lib.api().Allreduce(send, dst + at * item, count, type, mop, comm_), name);
    }
  }

  void all_gather(const array& in, array& out) override {
    auto& lib = MpiLibrary::get();
    int64_t bytes = in.nbytes();
    if (bytes > INT_MAX) {
      throw std::invalid_argument("[all_gather] Arrays past 2 GB per process are not supported.");
    }
    lib.check(lib.api().Allgather(in.raw_data(), static_cast<int>(bytes), BYTE, out.raw_data(),
                                  static_cast<int>(bytes), BYTE, comm_),
              "all_gather");
  }

  void sum_scatter(const array& in, array& out) override {
    auto& lib = MpiLibrary::get();
    if (out.size() > kMaxCount) {
      throw std::invalid_argument("[sum_scatter] Shards past 2^30 elements are not supported.");
    }
    lib.check(lib.api().Reduce_scatter_block(in.raw_data(), out.raw_data(),
                                             static_cast<int>(out.size()),
                                             mpi_type(in.dtype(), "sum_scatter"),
                                             mpi_op(in.dtype(), ReduceOp::sum, "sum_scatter"), comm_),
              "sum_scatter");
  }

  void send(const array& in, int dst) override {
    auto& lib = MpiLibrary::get();
    const char* p = static_cast<const char*>(in.raw_data());
    int64_t bytes = in.nbytes();
    for (int64_t at = 0; at < bytes || at == 0; at += kMaxCount) {
      int count = static_cast<int>(std::min(kMaxCount, bytes - at));
      lib.check(lib.api().Send(p + at, count, BYTE, dst, 0, comm_), "send");
      if (count == 0) break;
    }
  }

  void recv(array& out, int src) override {
    auto& lib = MpiLibrary::get();
    char* p = static_cast<char*>(out.raw_data());
    int64_t bytes = out.nbytes();
    for (int64_t at = 0; at < bytes || at == 0; at += kMaxCount) {
      int count = static_cast<int>(std::min(kMaxCount, bytes - at));
      lib.check(lib.api().Recv(p + at, count, BYTE, src, 0, comm_, STATUS_IGNORE), "recv");
      if (count == 0) break;
    }
  }

 private:
  Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

} // namespace

bool launched_by_mpi() {
  for (const char* var : {"PMI_RANK", "PMI_SIZE", "PMIX_RANK", "OMPI_COMM_WORLD_SIZE",
                          "MPI_LOCALNRANKS", "HYDRA_CONTROL_FD"}) {
    if (std::getenv(var)) return true;
  }
  return false;
}

bool mpi_loadable() { return MpiLibrary::get().loaded(); }

std::shared_ptr<GroupImpl> mpi_world(bool require_launcher, std::string& why) {
  if (require_launcher && !launched_by_mpi()) {
    why = "the process was not started by an MPI launcher (mpirun/mpiexec)";
    return nullptr;
  }
  auto& lib = MpiLibrary::get();
  if (!lib.loaded()) {
    why = "the MPI library could not be loaded (" + lib.load_error() +
          "); pip install 'mxcore[mpi]' installs MPICH, or set MXCORE_MPI_LIBRARY";
    return nullptr;
  }
  lib.ensure_initialized();
  return std::make_shared<MpiGroup>(COMM_WORLD);
}

void mpi_abort(int code) {
  auto& lib = MpiLibrary::get();
  if (!lib.loaded()) return;
  int initialized = 0, finalized = 0;
  lib.api().Initialized(&initialized);
  lib.api().Finalized(&finalized);
  if (initialized && !finalized) lib.api().Abort(COMM_WORLD, code);
}

} // namespace detail
} // namespace mxcore::distributed
