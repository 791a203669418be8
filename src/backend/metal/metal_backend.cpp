#include "backend/metal/metal_backend.h"

#include <atomic>
#include <cstring>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace mxcore::metal {

struct StreamState {
  std::unique_ptr<Stream> stream;
  std::shared_ptr<api::CommandQueue> queue;
  std::shared_ptr<api::CommandBuffer> buffer; // being encoded, or null
  api::Encoder* encoder = nullptr;
  int ops = 0;
  std::vector<std::shared_ptr<array::Data>> retained; // by the buffer being encoded
  std::vector<std::shared_ptr<api::CommandBuffer>> in_flight; // committed, not waited for
  struct ErrorRecord {
    array record;
    std::function<std::string(const int64_t*)> message;
  };
  std::vector<ErrorRecord> error_records; // read at synchronize
  // The stream's progress as the GPU sees it: each signal_event sets the
  // next value when the work before it is done.
  std::shared_ptr<api::SharedEvent> progress;
  uint64_t progress_value = 0;
  // Events of other Metal streams the next command buffer waits for.
  std::vector<std::pair<std::shared_ptr<api::SharedEvent>, uint64_t>> pending_waits;
  CommandEncoder command_encoder;
};

struct MetalBackend::Impl {
  std::mutex mtx; // the tables below (streams are used by one eval at a time)
  std::unordered_map<int, std::unique_ptr<StreamState>> streams;
  std::unordered_map<std::string, std::shared_ptr<api::Library>> libraries;
  std::unordered_map<std::string, std::shared_ptr<api::Pipeline>> pipelines;
  std::atomic<int64_t> committed{0};
  std::atomic<int64_t> built{0};
  std::atomic<int64_t> device_waits{0};
  std::map<std::string, int64_t> fallbacks; // by primitive name, under mtx
};

namespace {

// A point in a Metal stream's work: its progress event reaching `value`.
// Another Metal stream waits for it on the device (encode_wait); the host
// and the CPU stream wait on the host.
class MetalEvent final : public backend::Event {
 public:
  MetalEvent(std::shared_ptr<api::SharedEvent> event, uint64_t value)
      : event_(std::move(event)), value_(value) {}
  bool is_signaled() const override { return event_->signaled_value() >= value_; }
  void wait() override { event_->wait_on_host(value_); }
  const std::shared_ptr<api::SharedEvent>& shared_event() const { return event_; }
  uint64_t value() const { return value_; }

 private:
  std::shared_ptr<api::SharedEvent> event_;
  uint64_t value_;
};

} // namespace

MetalBackend::MetalBackend(std::shared_ptr<api::Device> device)
    : device_(std::move(device)), allocator_(device_), impl_(std::make_unique<Impl>()) {
  register_elementwise_kernels(kernels());
  register_eager_kernels(kernels());
  register_copy_kernels(kernels());
  register_indexing_kernels(kernels());
  register_scan_kernels(kernels());
}

MetalBackend::~MetalBackend() = default;

int MetalBackend::ops_per_command_buffer() {
  static const int n = [] {
    const char* env = std::getenv("MXCORE_METAL_OPS_PER_BUFFER");
    int v = env && *env ? std::atoi(env) : 0;
    return v > 0 ? v : 40;
  }();
  return n;
}

int64_t MetalBackend::command_buffers_committed() const { return impl_->committed.load(); }
int64_t MetalBackend::libraries_built() const { return impl_->built.load(); }
int64_t MetalBackend::device_waits() const { return impl_->device_waits.load(); }

StreamState& MetalBackend::state(const Stream& stream) {
  std::lock_guard lock(impl_->mtx);
  auto& s = impl_->streams[stream.index];
  if (!s) {
    s = std::make_unique<StreamState>();
    s->queue = device_->new_command_queue();
    s->progress = device_->new_shared_event();
    s->stream = std::make_unique<Stream>(stream);
    s->command_encoder.state_ = s.get();
    s->command_encoder.backend_ = this;
  }
  return *s;
}

void MetalBackend::new_stream(const Stream& stream) { state(stream); }

CommandEncoder& MetalBackend::encoder(const Stream& stream) {
  StreamState& s = state(stream);
  if (!s.buffer) {
    s.buffer = s.queue->command_buffer();
    for (auto& [event, value] : s.pending_waits) s.buffer->encode_wait(event, value);
    s.pending_waits.clear();
    s.encoder = &s.buffer->compute_encoder();
    s.ops = 0;
  }
  return s.command_encoder;
}

void MetalBackend::commit(StreamState& s, bool signal) {
  if (!s.buffer) {
    if (!signal) return;
    encoder(*s.stream); // an empty buffer to carry the signal
  }
  s.encoder->end_encoding();
  if (signal) s.buffer->encode_signal(s.progress, ++s.progress_value);
  // Completion releases what the buffer's dispatches used.
  s.buffer->add_completed_handler([retained = std::move(s.retained)]() mutable { retained.clear(); });
  s.retained.clear();
  s.buffer->commit();
  s.in_flight.push_back(std::move(s.buffer));
  s.buffer.reset();
  s.encoder = nullptr;
  impl_->committed++;
}

void MetalBackend::synchronize(const Stream& stream) {
  StreamState& s = state(stream);
  commit(s);
  // Waits not yet encoded (no work followed them) still order what the
  // host does next, e.g. a CPU fallback kernel on this stream.
  for (auto& [event, value] : s.pending_waits) event->wait_on_host(value);
  s.pending_waits.clear();
  std::string error;
  for (auto& cb : s.in_flight) {
    cb->wait_until_completed();
    if (error.empty()) error = cb->error();
  }
  s.in_flight.clear();
  if (!error.empty()) {
    s.error_records.clear();
    throw std::runtime_error(error);
  }
  auto records = std::move(s.error_records);
  s.error_records.clear();
  for (auto& r : records) {
    const int64_t* words = r.record.data<int64_t>();
    if (words[0] != 0) throw std::out_of_range(r.message(words));
  }
}

std::shared_ptr<backend::Event> MetalBackend::signal_event(const Stream& stream) {
  StreamState& s = state(stream);
  commit(s, /*signal=*/true);
  return std::make_shared<MetalEvent>(s.progress, s.progress_value);
}

void MetalBackend::wait_event(const Stream& stream, backend::Event& event) {
  if (auto* m = dynamic_cast<MetalEvent*>(&event)) {
    // On the device: the stream's next command buffer waits for the event,
    // the host goes on encoding.
    StreamState& s = state(stream);
    commit(s);
    s.pending_waits.emplace_back(m->shared_event(), m->value());
    impl_->device_waits++;
    return;
  }
  event.wait(); // another device's event (the CPU stream's): wait on the host
}

std::shared_ptr<api::Pipeline> MetalBackend::pipeline(const std::string& library,
                                                      const std::function<std::string()>& source,
                                                      const std::string& kernel) {
  auto key = library + "/" + kernel;
  {
    std::lock_guard lock(impl_->mtx);
    if (auto it = impl_->pipelines.find(key); it != impl_->pipelines.end()) return it->second;
  }
  std::shared_ptr<api::Library> lib;
  {
    std::lock_guard lock(impl_->mtx);
    if (auto it = impl_->libraries.find(library); it != impl_->libraries.end()) lib = it->second;
  }
  if (!lib) {
    lib = device_->new_library(library, source()); // may compile: no lock held
    impl_->built++;
    std::lock_guard lock(impl_->mtx);
    impl_->libraries.emplace(library, lib);
  }
  auto p = lib->pipeline(kernel);
  std::lock_guard lock(impl_->mtx);
  impl_->pipelines.emplace(key, p);
  return p;
}

std::pair<std::shared_ptr<api::Buffer>, size_t> MetalBackend::buffer_of(const array& a) {
  auto& data = a.data_shared_ptr();
  if (!data) throw std::invalid_argument("[metal] Binding an array without data.");
  void* base = data->buffer.ptr;
  size_t offset = static_cast<char*>(a.raw_data()) - static_cast<char*>(base);
  if (auto b = allocator_.find(base)) return {b, offset};
  return {device_->wrap_host_memory(base, data->buffer.size), offset};
}

void MetalBackend::eval_unregistered(Primitive& primitive, const std::vector<array>& inputs,
                                     std::vector<array>& outputs) {
  reject_float64(primitive, inputs, outputs);
  {
    std::lock_guard lock(impl_->mtx);
    impl_->fallbacks[primitive.name()]++; // eval_gpu's default is the CPU kernel
  }
  primitive.eval_gpu(inputs, outputs);
}

void MetalBackend::cpu_fallback(Primitive& p, const std::vector<array>& inputs,
                                std::vector<array>& outputs) {
  {
    std::lock_guard lock(impl_->mtx);
    impl_->fallbacks[p.name()]++;
  }
  backend::eval_without_kernel(p, inputs, outputs);
}

std::map<std::string, int64_t> MetalBackend::cpu_fallbacks() const {
  std::lock_guard lock(impl_->mtx);
  return impl_->fallbacks;
}

// ---- CommandEncoder

void CommandEncoder::set_kernel(const std::string& library,
                                const std::function<std::string()>& source,
                                const std::string& kernel) {
  auto p = backend_->pipeline(library, source, kernel);
  state_->encoder->set_pipeline(p);
  current_limit_ = p->max_total_threads_per_threadgroup();
}

void CommandEncoder::set_array(const array& a, int index) {
  auto [buffer, offset] = backend_->buffer_of(a);
  state_->encoder->set_buffer(buffer, offset, index);
  state_->retained.push_back(a.data_shared_ptr());
}

void CommandEncoder::set_bytes(const void* data, size_t size, int index) {
  state_->encoder->set_bytes(data, size, index);
}

void CommandEncoder::set_error_record(int index,
                                      std::function<std::string(const int64_t*)> message) {
  array record(Shape{4}, int64, nullptr, {});
  backend_->allocate(record);
  std::memset(record.raw_data(), 0, 4 * sizeof(int64_t));
  set_array(record, index);
  state_->error_records.push_back({std::move(record), std::move(message)});
}

void CommandEncoder::dispatch_threads(api::Size3 grid, api::Size3 group) {
  state_->encoder->dispatch_threads(grid, group);
  if (++state_->ops >= MetalBackend::ops_per_command_buffer()) backend_->commit(*state_);
}

void CommandEncoder::dispatch_threadgroups(api::Size3 groups, api::Size3 group) {
  state_->encoder->dispatch_threadgroups(groups, group);
  if (++state_->ops >= MetalBackend::ops_per_command_buffer()) backend_->commit(*state_);
}

uint64_t CommandEncoder::max_threads_per_group() const { return current_limit_; }

// ---- free functions

void reject_float64(const Primitive& p, const std::vector<array>& inputs,
                    const std::vector<array>& outputs) {
  auto is64 = [](const array& a) { return a.dtype() == float64; };
  bool any = std::any_of(inputs.begin(), inputs.end(), is64) ||
             std::any_of(outputs.begin(), outputs.end(), is64);
  if (any) {
    throw std::invalid_argument(std::string("[metal] float64 is not supported on the GPU (") +
                                p.name() + ").");
  }
}

void cpu_fallback(Primitive& p, const std::vector<array>& inputs, std::vector<array>& outputs) {
  backend_of(p).cpu_fallback(p, inputs, outputs);
}

MetalBackend& backend_of(const Primitive& p) {
  return static_cast<MetalBackend&>(backend::backend_for(p.device()));
}

namespace {

MetalBackend* installed = nullptr;

std::shared_ptr<api::Device> choose_device() {
  if (const char* env = std::getenv("MXCORE_METAL_EMULATOR"); env && std::string(env) == "1") {
    return api::emulated_device();
  }
#ifdef MXCORE_METAL_CPP
  return api::system_device();
#else
  return nullptr;
#endif
}

// Installed when libmxcore loads, before any array can name the GPU.
struct Installer {
  Installer() {
    auto device = choose_device();
    if (!device) return;
    auto b = std::make_unique<MetalBackend>(std::move(device));
    installed = b.get();
    backend::register_backend(std::move(b));
  }
};
const Installer installer;

} // namespace

MetalBackend* installed_backend() { return installed; }

} // namespace mxcore::metal
