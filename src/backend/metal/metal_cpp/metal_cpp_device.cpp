// The device API over Apple's metal-cpp. Built only in Apple builds that
// find the Metal framework (CMakeLists.txt; MXCORE_METAL_CPP_DIR holds
// Metal/Metal.hpp, by default the vendored third_party/metal-cpp). On Linux
// the ctest metal_cpp_typecheck parses it against those headers and stub
// Apple SDK headers (typecheck.cmake); it is never linked or run there.
#define NS_PRIVATE_IMPLEMENTATION
#define MTL_PRIVATE_IMPLEMENTATION
#include <Foundation/Foundation.hpp>
#include <Metal/Metal.hpp>

#include <stdexcept>
#include <thread>

#include "backend/metal/device_api.h"

namespace mxcore::metal::api {

namespace {

NS::String* ns_string(const std::string& s) {
  return NS::String::string(s.c_str(), NS::UTF8StringEncoding);
}

std::string error_text(NS::Error* e) {
  return e ? e->localizedDescription()->utf8String() : "unknown error";
}

class MtlBuffer final : public Buffer {
 public:
  explicit MtlBuffer(MTL::Buffer* b) : b_(b) {}
  ~MtlBuffer() override { b_->release(); }
  void* contents() override { return b_->contents(); }
  size_t length() const override { return b_->length(); }
  MTL::Buffer* get() const { return b_; }

 private:
  MTL::Buffer* b_;
};

class MtlPipeline final : public Pipeline {
 public:
  MtlPipeline(std::string name, MTL::ComputePipelineState* p) : name_(std::move(name)), p_(p) {}
  ~MtlPipeline() override { p_->release(); }
  const std::string& name() const override { return name_; }
  uint64_t max_total_threads_per_threadgroup() const override {
    return p_->maxTotalThreadsPerThreadgroup();
  }
  uint64_t thread_execution_width() const override { return p_->threadExecutionWidth(); }
  MTL::ComputePipelineState* get() const { return p_; }

 private:
  std::string name_;
  MTL::ComputePipelineState* p_;
};

class MtlLibrary final : public Library {
 public:
  MtlLibrary(MTL::Device* d, MTL::Library* l) : d_(d), l_(l) {}
  ~MtlLibrary() override { l_->release(); }
  std::shared_ptr<Pipeline> pipeline(const std::string& name) override {
    MTL::Function* f = l_->newFunction(ns_string(name));
    if (!f) throw std::invalid_argument("[metal] The library has no kernel '" + name + "'.");
    NS::Error* error = nullptr;
    MTL::ComputePipelineState* p = d_->newComputePipelineState(f, &error);
    f->release();
    if (!p) throw std::runtime_error("[metal] Pipeline '" + name + "': " + error_text(error));
    return std::make_shared<MtlPipeline>(name, p);
  }

 private:
  MTL::Device* d_;
  MTL::Library* l_;
};

MTL::Size size(Size3 s) { return MTL::Size(s.x, s.y, s.z); }

class MtlEncoder final : public Encoder {
 public:
  explicit MtlEncoder(MTL::ComputeCommandEncoder* e) : e_(e) {}
  void set_pipeline(const std::shared_ptr<Pipeline>& p) override {
    e_->setComputePipelineState(std::static_pointer_cast<MtlPipeline>(p)->get());
  }
  void set_buffer(const std::shared_ptr<Buffer>& b, size_t offset, int index) override {
    e_->setBuffer(static_cast<MtlBuffer&>(*b).get(), offset, index);
  }
  void set_bytes(const void* data, size_t n, int index) override { e_->setBytes(data, n, index); }
  void dispatch_threads(Size3 grid, Size3 group) override {
    e_->dispatchThreads(size(grid), size(group));
  }
  void dispatch_threadgroups(Size3 groups, Size3 group) override {
    e_->dispatchThreadgroups(size(groups), size(group));
  }
  void end_encoding() override { e_->endEncoding(); }

 private:
  MTL::ComputeCommandEncoder* e_;
};

class MtlSharedEvent final : public SharedEvent {
 public:
  explicit MtlSharedEvent(MTL::SharedEvent* e) : e_(e) {}
  ~MtlSharedEvent() override { e_->release(); }
  uint64_t signaled_value() const override { return e_->signaledValue(); }
  void wait_on_host(uint64_t value) override {
    // The host has no blocking wait on an MTLSharedEvent short of a
    // listener; the event is signalled by a committed buffer, so poll.
    while (e_->signaledValue() < value) std::this_thread::yield();
  }
  MTL::SharedEvent* get() const { return e_; }

 private:
  MTL::SharedEvent* e_;
};

class MtlCommandBuffer final : public CommandBuffer {
 public:
  explicit MtlCommandBuffer(MTL::CommandBuffer* cb) : cb_(cb->retain()) {}
  ~MtlCommandBuffer() override { cb_->release(); }
  Encoder& compute_encoder() override {
    encoder_ = std::make_unique<MtlEncoder>(cb_->computeCommandEncoder());
    return *encoder_;
  }
  void add_completed_handler(std::function<void()> h) override {
    cb_->addCompletedHandler([h = std::move(h)](MTL::CommandBuffer*) { h(); });
  }
  void encode_wait(const std::shared_ptr<SharedEvent>& event, uint64_t value) override {
    cb_->encodeWait(static_cast<MtlSharedEvent&>(*event).get(), value);
  }
  void encode_signal(const std::shared_ptr<SharedEvent>& event, uint64_t value) override {
    cb_->encodeSignalEvent(static_cast<MtlSharedEvent&>(*event).get(), value);
  }
  void commit() override { cb_->commit(); }
  void wait_until_completed() override { cb_->waitUntilCompleted(); }
  bool is_completed() const override {
    auto s = cb_->status();
    return s == MTL::CommandBufferStatusCompleted || s == MTL::CommandBufferStatusError;
  }
  std::string error() const override {
    return cb_->status() == MTL::CommandBufferStatusError ? error_text(cb_->error()) : "";
  }

 private:
  MTL::CommandBuffer* cb_;
  std::unique_ptr<MtlEncoder> encoder_;
};

class MtlQueue final : public CommandQueue {
 public:
  explicit MtlQueue(MTL::CommandQueue* q) : q_(q) {}
  ~MtlQueue() override { q_->release(); }
  std::shared_ptr<CommandBuffer> command_buffer() override {
    return std::make_shared<MtlCommandBuffer>(q_->commandBufferWithUnretainedReferences());
  }

 private:
  MTL::CommandQueue* q_;
};

class MtlDevice final : public Device {
 public:
  explicit MtlDevice(MTL::Device* d) : d_(d) {}
  std::string name() const override { return d_->name()->utf8String(); }
  std::string architecture() const override { return d_->architecture()->name()->utf8String(); }
  size_t recommended_working_set_size() const override {
    return d_->recommendedMaxWorkingSetSize();
  }
  size_t max_buffer_length() const override { return d_->maxBufferLength(); }
  std::shared_ptr<Buffer> new_buffer(size_t n) override {
    MTL::Buffer* b = d_->newBuffer(n ? n : 1, MTL::ResourceStorageModeShared);
    if (!b) throw std::bad_alloc();
    return std::make_shared<MtlBuffer>(b);
  }
  std::shared_ptr<Buffer> wrap_host_memory(void* p, size_t n) override {
    // No-copy wrapping needs page-aligned memory. A copy would not do (the
    // kernel's writes must land in the host array), so unaligned host
    // memory is refused; the host allocator must page-align on Apple.
    MTL::Buffer* b = d_->newBuffer(p, n ? n : 1, MTL::ResourceStorageModeShared, nullptr);
    if (!b) {
      throw std::runtime_error(
          "[metal] Host memory that is not page-aligned cannot be bound to a Metal kernel.");
    }
    return std::make_shared<MtlBuffer>(b);
  }
  std::shared_ptr<Library> new_library(const std::string& name,
                                       const std::string& source) override {
    NS::Error* error = nullptr;
    MTL::CompileOptions* options = MTL::CompileOptions::alloc()->init();
    MTL::Library* l = d_->newLibrary(ns_string(source), options, &error);
    options->release();
    if (!l) throw std::runtime_error("[metal] Library '" + name + "': " + error_text(error));
    return std::make_shared<MtlLibrary>(d_, l);
  }
  std::shared_ptr<CommandQueue> new_command_queue() override {
    return std::make_shared<MtlQueue>(d_->newCommandQueue());
  }
  std::shared_ptr<SharedEvent> new_shared_event() override {
    return std::make_shared<MtlSharedEvent>(d_->newSharedEvent());
  }
  void start_capture(const std::string& path) override {
    auto* manager = MTL::CaptureManager::sharedCaptureManager();
    auto* descriptor = MTL::CaptureDescriptor::alloc()->init();
    descriptor->setCaptureObject(d_);
    descriptor->setDestination(MTL::CaptureDestinationGPUTraceDocument);
    descriptor->setOutputURL(NS::URL::fileURLWithPath(ns_string(path)));
    NS::Error* error = nullptr;
    bool ok = manager->startCapture(descriptor, &error);
    descriptor->release();
    if (!ok) throw std::runtime_error("[metal::start_capture] " + error_text(error));
  }
  void stop_capture() override { MTL::CaptureManager::sharedCaptureManager()->stopCapture(); }

 private:
  MTL::Device* d_;
};

} // namespace

std::shared_ptr<Device> system_device() {
  MTL::Device* d = MTL::CreateSystemDefaultDevice();
  return d ? std::make_shared<MtlDevice>(d) : nullptr;
}

} // namespace mxcore::metal::api
