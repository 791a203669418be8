// The emulated Metal device: the api:: interfaces over host memory, MSL
// libraries built as C++ (msl_library.h) and dispatches run on the CPU
// (threadgroup_runner.h). Each command queue has one worker thread that runs
// its committed command buffers in order, as a GPU queue does, so the host
// code above sees the same asynchrony as on Apple.
#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "backend/metal/device_api.h"
#include "backend/metal/emulator/emulated_buffer.h"
#include "backend/metal/emulator/msl_library.h"
#include "backend/metal/emulator/threadgroup_runner.h"

namespace mxcore::metal::api {

namespace {

using emulator::BuiltLibrary;

class HostBuffer final : public Buffer {
 public:
  HostBuffer(void* p, size_t n) : p_(p), n_(n) {}
  void* contents() override { return p_; }
  size_t length() const override { return n_; }

 private:
  void* p_;
  size_t n_;
};

class EmulatedPipeline final : public Pipeline {
 public:
  EmulatedPipeline(std::string name, std::shared_ptr<const BuiltLibrary> lib,
                   const mxemu_Entry* entry)
      : name_(std::move(name)), lib_(std::move(lib)), entry_(entry) {}
  const std::string& name() const override { return name_; }
  uint64_t max_total_threads_per_threadgroup() const override { return 1024; }
  uint64_t thread_execution_width() const override { return 32; }
  const mxemu_Table& table() const { return *lib_->table; }
  const mxemu_Entry& entry() const { return *entry_; }

 private:
  std::string name_;
  std::shared_ptr<const BuiltLibrary> lib_;
  const mxemu_Entry* entry_;
};

class EmulatedLibrary final : public Library {
 public:
  explicit EmulatedLibrary(BuiltLibrary lib) : lib_(std::make_shared<BuiltLibrary>(std::move(lib))) {}
  std::shared_ptr<Pipeline> pipeline(const std::string& name) override {
    auto it = lib_->entries.find(name);
    if (it == lib_->entries.end()) {
      throw std::invalid_argument("[metal] The library has no kernel '" + name + "'.");
    }
    return std::make_shared<EmulatedPipeline>(name, lib_, it->second);
  }

 private:
  std::shared_ptr<const BuiltLibrary> lib_;
};

constexpr int max_buffer_slots = 31; // Metal's buffer argument table

struct Dispatch {
  std::shared_ptr<EmulatedPipeline> pipeline;
  std::shared_ptr<Buffer> buffers[max_buffer_slots];
  size_t offsets[max_buffer_slots] = {};
  std::vector<char> bytes[max_buffer_slots];
  Size3 size, group;
  bool uniform = false;
};

class EmulatedEncoder final : public Encoder {
 public:
  explicit EmulatedEncoder(std::vector<Dispatch>& out) : out_(out) {}
  void set_pipeline(const std::shared_ptr<Pipeline>& p) override {
    current_.pipeline = std::static_pointer_cast<EmulatedPipeline>(p);
  }
  void set_buffer(const std::shared_ptr<Buffer>& b, size_t offset, int index) override {
    check(index);
    current_.buffers[index] = b;
    current_.offsets[index] = offset;
    current_.bytes[index].clear();
  }
  void set_bytes(const void* data, size_t size, int index) override {
    check(index);
    current_.buffers[index].reset();
    auto p = static_cast<const char*>(data);
    current_.bytes[index].assign(p, p + size);
  }
  void dispatch_threads(Size3 grid, Size3 group) override { add(grid, group, false); }
  void dispatch_threadgroups(Size3 groups, Size3 group) override { add(groups, group, true); }
  void end_encoding() override {}

 private:
  void check(int index) {
    if (index < 0 || index >= max_buffer_slots) {
      throw std::invalid_argument("[metal] Buffer index " + std::to_string(index) +
                                  " is outside Metal's argument table (0..30).");
    }
  }
  void add(Size3 size, Size3 group, bool uniform) {
    if (!current_.pipeline) throw std::logic_error("[metal] Dispatch without a pipeline.");
    if (group.x * group.y * group.z > current_.pipeline->max_total_threads_per_threadgroup()) {
      throw std::invalid_argument("[metal] Threadgroup of " +
                                  std::to_string(group.x * group.y * group.z) +
                                  " threads exceeds the pipeline's maximum (1024).");
    }
    current_.size = size;
    current_.group = group;
    current_.uniform = uniform;
    out_.push_back(current_); // bindings persist to the next dispatch, as in Metal
  }
  std::vector<Dispatch>& out_;
  Dispatch current_;
};

class EmulatedEvent final : public SharedEvent {
 public:
  uint64_t signaled_value() const override {
    std::lock_guard lock(mtx_);
    return value_;
  }
  void wait_on_host(uint64_t value) override {
    std::unique_lock lock(mtx_);
    cv_.wait(lock, [&] { return value_ >= value; });
  }
  void signal(uint64_t value) {
    {
      std::lock_guard lock(mtx_);
      value_ = std::max(value_, value);
    }
    cv_.notify_all();
  }

 private:
  mutable std::mutex mtx_;
  std::condition_variable cv_;
  uint64_t value_ = 0;
};

class EmulatedQueue;

class EmulatedCommandBuffer final : public CommandBuffer,
                                    public std::enable_shared_from_this<EmulatedCommandBuffer> {
 public:
  explicit EmulatedCommandBuffer(std::shared_ptr<EmulatedQueue> q) : queue_(std::move(q)) {}
  Encoder& compute_encoder() override {
    encoder_ = std::make_unique<EmulatedEncoder>(dispatches_);
    return *encoder_;
  }
  void add_completed_handler(std::function<void()> h) override {
    handlers_.push_back(std::move(h));
  }
  void encode_wait(const std::shared_ptr<SharedEvent>& event, uint64_t value) override {
    waits_.push_back({std::static_pointer_cast<EmulatedEvent>(event), value});
  }
  void encode_signal(const std::shared_ptr<SharedEvent>& event, uint64_t value) override {
    signals_.push_back({std::static_pointer_cast<EmulatedEvent>(event), value});
  }
  void commit() override;
  void wait_until_completed() override {
    std::unique_lock lock(mtx_);
    cv_.wait(lock, [&] { return completed_; });
  }
  bool is_completed() const override {
    std::lock_guard lock(mtx_);
    return completed_;
  }
  std::string error() const override {
    std::lock_guard lock(mtx_);
    return error_;
  }

  // On the queue's worker thread, which a wait blocks as a GPU queue is
  // blocked: later buffers of this queue wait too, other queues run on.
  void execute() {
    for (auto& [event, value] : waits_) event->wait_on_host(value);
    std::string error;
    try {
      void* slots[max_buffer_slots];
      for (auto& d : dispatches_) {
        for (int i = 0; i < max_buffer_slots; ++i) {
          if (d.buffers[i]) {
            slots[i] = static_cast<char*>(d.buffers[i]->contents()) + d.offsets[i];
          } else {
            slots[i] = d.bytes[i].empty() ? nullptr : d.bytes[i].data();
          }
        }
        emulator::run_dispatch(d.pipeline->table(), d.pipeline->entry(), slots, d.size, d.group,
                               d.uniform);
      }
    } catch (const std::exception& e) {
      error = e.what();
    }
    dispatches_.clear(); // drops buffer references before the handlers run
    // An encoded signal is a command of the buffer: it lands before the buffer
    // counts as completed (even after a fault), so a host that waited for
    // completion sees the event's new value.
    for (auto& [event, value] : signals_) event->signal(value);
    for (auto& h : handlers_) h();
    handlers_.clear();
    {
      std::lock_guard lock(mtx_);
      error_ = error;
      completed_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::shared_ptr<EmulatedQueue> queue_;
  std::vector<Dispatch> dispatches_;
  std::unique_ptr<EmulatedEncoder> encoder_;
  std::vector<std::function<void()>> handlers_;
  std::vector<std::pair<std::shared_ptr<EmulatedEvent>, uint64_t>> waits_, signals_;
  mutable std::mutex mtx_;
  std::condition_variable cv_;
  bool completed_ = false;
  std::string error_;
};

class EmulatedQueue final : public CommandQueue, public std::enable_shared_from_this<EmulatedQueue> {
 public:
  EmulatedQueue() : worker_([this] { work(); }) {}
  ~EmulatedQueue() override {
    {
      std::lock_guard lock(mtx_);
      stopping_ = true;
    }
    cv_.notify_all();
    worker_.join();
  }
  std::shared_ptr<CommandBuffer> command_buffer() override {
    return std::make_shared<EmulatedCommandBuffer>(shared_from_this());
  }
  void submit(std::shared_ptr<EmulatedCommandBuffer> cb) {
    {
      std::lock_guard lock(mtx_);
      pending_.push_back(std::move(cb));
    }
    cv_.notify_all();
  }

 private:
  void work() {
    while (true) {
      std::shared_ptr<EmulatedCommandBuffer> cb;
      {
        std::unique_lock lock(mtx_);
        cv_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
        if (pending_.empty()) return;
        cb = std::move(pending_.front());
        pending_.pop_front();
      }
      cb->execute();
    }
  }
  std::mutex mtx_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<EmulatedCommandBuffer>> pending_;
  bool stopping_ = false;
  std::thread worker_;
};

void EmulatedCommandBuffer::commit() {
  encoder_.reset();
  queue_->submit(shared_from_this());
  queue_.reset(); // the queue does not outlive itself through its buffers
}

class EmulatedDevice final : public Device {
 public:
  std::string name() const override { return "Emulated Metal device (CPU)"; }
  std::string architecture() const override { return "emulated"; }
  size_t recommended_working_set_size() const override { return size_t(8) << 30; }
  size_t max_buffer_length() const override { return size_t(4) << 30; }
  std::shared_ptr<Buffer> new_buffer(size_t size) override {
    return std::make_shared<emulator::GuardedBuffer>(size);
  }
  std::shared_ptr<Buffer> wrap_host_memory(void* p, size_t size) override {
    return std::make_shared<HostBuffer>(p, size);
  }
  std::shared_ptr<Library> new_library(const std::string& name,
                                       const std::string& source) override {
    return std::make_shared<EmulatedLibrary>(emulator::build_emulated_library(name, source));
  }
  std::shared_ptr<CommandQueue> new_command_queue() override {
    return std::make_shared<EmulatedQueue>();
  }
  std::shared_ptr<SharedEvent> new_shared_event() override {
    return std::make_shared<EmulatedEvent>();
  }
  void start_capture(const std::string&) override {
    throw std::runtime_error(
        "[metal::start_capture] GPU capture needs a Metal device; the emulated device cannot "
        "capture.");
  }
  void stop_capture() override {
    throw std::runtime_error(
        "[metal::stop_capture] GPU capture needs a Metal device; the emulated device cannot "
        "capture.");
  }
};

} // namespace

std::shared_ptr<Device> emulated_device() { return std::make_shared<EmulatedDevice>(); }

} // namespace mxcore::metal::api
