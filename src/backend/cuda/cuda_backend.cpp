// The CUDA backend: registered at library load when the driver reports a
// device (nothing is loaded or registered otherwise), one CUDA stream per
// mxcore stream, events for cross-stream and cross-device order, device
// memory from the bucketed cache, copies to and from the host where an
// array crosses devices.
#include "backend/cuda/cuda_backend.h"

#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace mxcore::cuda {

namespace {

class CudaEvent : public backend::Event {
 public:
  explicit CudaEvent(CUstream stream) {
    const Driver& d = *driver();
    check(d.cuEventCreate(&event_, 0x2 /* CU_EVENT_DISABLE_TIMING */), "cuEventCreate");
    check(d.cuEventRecord(event_, stream), "cuEventRecord");
  }
  ~CudaEvent() override { driver()->cuEventDestroy(event_); }
  bool is_signaled() const override { return driver()->cuEventQuery(event_) == 0; }
  void wait() override { check(driver()->cuEventSynchronize(event_), "cuEventSynchronize"); }
  CUevent get() const { return event_; }

 private:
  CUevent event_ = nullptr;
};

class CudaBackend : public backend::Backend {
 public:
  CudaBackend() {
    const Driver& d = *driver();
    int count = 1;
    d.cuDeviceGetCount(&count);
    check(d.cuDeviceGet(&device_, process_device(count)), "cuDeviceGet");
    check(d.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
    int major = 0, minor = 0;
    d.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_);
    d.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_);
    capability_ = major * 10 + minor;
    add_fused_kernels(kernels());
    add_eager_kernels(kernels());
    add_reduce_kernels(kernels());
    add_matmul_kernels(kernels());
    add_nccl_kernels(kernels());
    add_scan_kernels(kernels());
    add_sort_kernels(kernels());
    add_indexing_kernels(kernels());
    add_copy_into_kernels(kernels());
    add_random_kernels(kernels());
  }

  const char* name() const override { return "cuda"; }
  Device::DeviceType device_type() const override { return Device::gpu; }
  backend::Allocator& allocator() override { return allocator_; }

  void new_stream(const Stream& s) override { stream(s); }

  CUstream stream(const Stream& s) {
    make_current();
    std::lock_guard lock(mtx_);
    auto it = streams_.find(s.index);
    if (it != streams_.end()) return it->second;
    CUstream cs = nullptr;
    check(driver()->cuStreamCreate(&cs, 0x1 /* CU_STREAM_NON_BLOCKING */), "cuStreamCreate");
    streams_.emplace(s.index, cs);
    allocator_.set_deferred_free(streams_.size() > 1);
    return cs;
  }

  void synchronize(const Stream& s) override {
    CUstream cs = stream(s);
    check(driver()->cuStreamSynchronize(cs), "cuStreamSynchronize");
    {
      std::lock_guard lock(mtx_);
      if (streams_.size() > 1) {
        // Deferred blocks may belong to any stream: all must have passed them.
        check(driver()->cuCtxSynchronize(), "cuCtxSynchronize");
      }
      allocator_.release_deferred();
    }
    raise_index_errors(s, cs);
  }

  CUdeviceptr deferred_index_check(const Stream& s,
                                   std::function<std::string(int64_t, int64_t)> message) {
    CUstream cs = stream(s);
    bool full = false;
    {
      std::lock_guard lock(mtx_);
      full = checks_[s.index].used == index_check_capacity;
    }
    if (full) synchronize(s); // the records so far are read (and raised) first
    std::lock_guard lock(mtx_);
    IndexChecks& c = checks_[s.index];
    if (!c.records) {
      check(driver()->cuMemAlloc(&c.records, index_check_capacity * index_record_bytes),
            "cuMemAlloc");
      check(driver()->cuMemsetD8Async(c.records, 0, index_check_capacity * index_record_bytes, cs),
            "cuMemsetD8");
    }
    c.messages.push_back(std::move(message));
    return c.records + static_cast<CUdeviceptr>(index_record_bytes * c.used++);
  }

  std::shared_ptr<backend::Event> signal_event(const Stream& s) override {
    return std::make_shared<CudaEvent>(stream(s));
  }

  void wait_event(const Stream& s, backend::Event& event) override {
    if (auto* e = dynamic_cast<CudaEvent*>(&event)) {
      check(driver()->cuStreamWaitEvent(stream(s), e->get(), 0), "cuStreamWaitEvent");
    } else {
      event.wait(); // a CPU event: its work is already done
    }
  }

  void* native_stream(const Stream& s) override { return stream(s); }

  void make_host_readable(array& a) override {
    auto& data = a.data_shared_ptr();
    if (!data || !allocator_.owns(data->buffer.ptr)) return;
    make_current();
    // Whatever stream wrote it, it must have finished.
    check(driver()->cuCtxSynchronize(), "cuCtxSynchronize");
    const size_t size = data->buffer.size;
    allocator::Buffer host = allocator::malloc(size);
    check(driver()->cuMemcpyDtoHAsync(host.ptr, reinterpret_cast<CUdeviceptr>(data->buffer.ptr),
                                      size, nullptr),
          "cuMemcpyDtoH");
    check(driver()->cuStreamSynchronize(nullptr), "cuStreamSynchronize");
    const int64_t offset_bytes =
        static_cast<char*>(a.raw_data()) - static_cast<char*>(data->buffer.ptr);
    array base(a.shape(), a.dtype(), nullptr, {});
    base.set_data(host);
    a.copy_shared_buffer(base, a.strides(), a.flags(), a.data_size(),
                         offset_bytes / static_cast<int64_t>(a.itemsize()));
  }

  void* device_data(const array& a, const Stream& s) {
    auto& data = a.data_shared_ptr();
    if (!data || a.raw_data() == nullptr) return nullptr;
    if (allocator_.owns(data->buffer.ptr)) return a.raw_data();
    // A host array: its whole buffer goes over (views may reach anywhere in it).
    CUstream cs = stream(s);
    const size_t size = data->buffer.size;
    allocator::Buffer dev = allocator_.malloc(size);
    check(driver()->cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(dev.ptr), data->buffer.ptr,
                                      size, cs),
          "cuMemcpyHtoD");
    // Pageable source: the copy has read it when the call returns. The block
    // goes back to the cache once the stream has synchronized.
    allocator_.free_after_synchronize(dev);
    return static_cast<char*>(dev.ptr) +
           (static_cast<char*>(a.raw_data()) - static_cast<char*>(data->buffer.ptr));
  }

  bool owns(const array& a) const {
    auto& data = a.data_shared_ptr();
    return data && allocator_.owns(data->buffer.ptr);
  }

  int capability() const { return capability_; }
  DeviceAllocator& device_alloc() { return allocator_; }

 private:
  // After the stream's work: one read of its records, cleared for reuse;
  // the first filled one raises.
  void raise_index_errors(const Stream& s, CUstream cs) {
    std::vector<std::function<std::string(int64_t, int64_t)>> messages;
    std::vector<int64_t> words;
    {
      std::lock_guard lock(mtx_);
      auto it = checks_.find(s.index);
      if (it == checks_.end() || it->second.used == 0) return;
      IndexChecks& c = it->second;
      const size_t bytes = index_record_bytes * static_cast<size_t>(c.used);
      words.resize(bytes / sizeof(int64_t));
      check(driver()->cuMemcpyDtoHAsync(words.data(), c.records, bytes, cs), "cuMemcpyDtoH");
      check(driver()->cuStreamSynchronize(cs), "cuStreamSynchronize");
      check(driver()->cuMemsetD8Async(c.records, 0, bytes, cs), "cuMemsetD8");
      messages = std::move(c.messages);
      c.messages.clear();
      c.used = 0;
    }
    for (size_t k = 0; k < messages.size(); ++k) {
      const int64_t* r = words.data() + 4 * k;
      if (r[0] != 0) throw std::out_of_range(messages[k](r[1], r[2]));
    }
  }

  void make_current() {
    thread_local bool current = false;
    if (!current) {
      check(driver()->cuCtxSetCurrent(context_), "cuCtxSetCurrent");
      current = true;
    }
  }

  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  int capability_ = 0;
  DeviceAllocator allocator_;
  std::mutex mtx_;
  std::unordered_map<int, CUstream> streams_;
  static constexpr int index_check_capacity = 4096;
  static constexpr size_t index_record_bytes = 4 * sizeof(int64_t);
  struct IndexChecks {
    CUdeviceptr records = 0; // index_check_capacity records, zero when unused
    int used = 0;
    std::vector<std::function<std::string(int64_t, int64_t)>> messages;
  };
  std::unordered_map<int, IndexChecks> checks_; // by stream index
};

CudaBackend* the_backend = nullptr;

CudaBackend& get() {
  if (!the_backend) throw std::runtime_error("[cuda] The CUDA backend is not available.");
  return *the_backend;
}

// Registration at load: only where the driver reports a device.
struct Registration {
  Registration() {
    if (!driver()) return;
    try {
      auto b = std::make_unique<CudaBackend>();
      the_backend = b.get();
      backend::register_backend(std::move(b));
    } catch (const std::exception&) {
      the_backend = nullptr; // a broken driver leaves the CPU-only library
    }
  }
} registration;

} // namespace

DeviceAllocator& device_allocator() { return get().device_alloc(); }
CUstream cuda_stream(const Stream& s) { return get().stream(s); }
void* device_data(const array& a, const Stream& s) { return get().device_data(a, s); }
bool on_device(const array& a) { return get().owns(a); }
int compute_capability() { return get().capability(); }

void allocate_device(array& out) { get().allocate(out); }

CUdeviceptr deferred_index_check(const Stream& s,
                                 std::function<std::string(int64_t, int64_t)> message) {
  return get().deferred_index_check(s, std::move(message));
}

} // namespace mxcore::cuda
