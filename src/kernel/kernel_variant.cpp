#include "kernel/kernel_variant.h"

namespace mxcore::kernel {

namespace {
char kind_letter(InputKind k) {
  switch (k) {
    case InputKind::constant: return 'C';
    case InputKind::scalar: return 'S';
    case InputKind::contiguous: return 'V';
    case InputKind::strided: return 'G';
    case InputKind::broadcast_inner: return 'B';
    case InputKind::row: return 'R';
    case InputKind::column: return 'K';
  }
  return '?';
}
} // namespace

std::string KernelVariant::tag() const {
  std::string v = loop == LoopKind::row          ? "row"
                  : loop == LoopKind::contiguous ? "contiguous"
                                                 : "strided_" + std::to_string(ndim);
  if (large_index) v += "_large";
  return v;
}

std::string KernelVariant::key() const {
  std::string k = tag();
  k += '|';
  for (auto kind : input_kinds) k += kind_letter(kind);
  k += '|';
  for (bool r : per_row_outputs) k += r ? 'r' : 'e';
  return k;
}

KernelVariant default_variant(const FusedProgram& program, LoopKind loop, int ndim,
                              bool large_index) {
  KernelVariant v;
  v.loop = loop;
  v.ndim = ndim;
  v.large_index = large_index;
  for (auto& in : program.inputs) {
    switch (in.input_class) {
      case InputClass::constant: v.input_kinds.push_back(InputKind::constant); break;
      case InputClass::scalar: v.input_kinds.push_back(InputKind::scalar); break;
      case InputClass::vector:
        v.input_kinds.push_back(loop == LoopKind::strided ? InputKind::strided
                                                          : InputKind::contiguous);
    }
  }
  return v;
}

} // namespace mxcore::kernel
