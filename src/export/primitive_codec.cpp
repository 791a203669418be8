// Codecs of every primitive class (see primitive_codec.h). Each entry reads the
// state through the primitive's public accessors and rebuilds it with its
// constructor; enum fields are range-checked on read.
#include "export/primitive_codec.h"

#include <type_traits>
#include <typeindex>
#include <unordered_map>

#include "primitives/conv.h"
#include "primitives/convert_fp8.h"
#include "primitives/creation.h"
#include "primitives/custom.h"
#include "primitives/elementwise.h"
#include "primitives/fft.h"
#include "primitives/gather_mm.h"
#include "primitives/hadamard.h"
#include "primitives/indexing.h"
#include "primitives/linalg.h"
#include "primitives/axis_index.h"
#include "primitives/number_of_elements.h"
#include "primitives/matmul.h"
#include "primitives/quantized_matmul.h"
#include "primitives/random_bits.h"
#include "primitives/reduce.h"
#include "primitives/scan.h"
#include "primitives/search_sorted.h"
#include "primitives/shape.h"
#include "primitives/sort.h"
#include "primitives/view.h"

namespace mxcore::export_detail {

namespace {

// Plain function pointers, not std::function: each of the ~100 codecs is two
// small functions, and std::function's type erasure per lambda made this file
// the slowest of the library to compile.
using WriteFn = void (*)(const Primitive&, ByteWriter&);
using ReadFn = std::shared_ptr<Primitive> (*)(ByteReader&, Stream);

struct Codec {
  std::string tag;
  WriteFn write;
  ReadFn read;
};

// Write and Read are captureless lambdas (default-constructible in C++20):
// these adapters turn them into the table's untyped entries.
template <class P, class Write>
void write_as(const Primitive& p, ByteWriter& w) {
  Write{}(static_cast<const P&>(p), w);
}

template <class Read>
std::shared_ptr<Primitive> read_as(ByteReader& r, Stream s) {
  return Read{}(r, s);
}

struct Registry {
  std::unordered_map<std::type_index, const Codec*> by_type;
  std::unordered_map<std::string, Codec> by_tag;

  void add_entry(const std::string& tag, std::type_index type, WriteFn write, ReadFn read) {
    auto [it, fresh] = by_tag.emplace(tag, Codec{tag, write, read});
    if (!fresh) throw std::logic_error("[export] duplicate primitive tag " + tag);
    by_type.emplace(type, &it->second);
  }

  template <class P, class Write, class Read>
  void add(const std::string& tag, Write, Read) {
    static_assert(std::is_empty_v<Write> && std::is_empty_v<Read>,
                  "codec functions capture nothing");
    add_entry(tag, std::type_index(typeid(P)), &write_as<P, Write>, &read_as<Read>);
  }

  // A primitive whose only state is its stream.
  template <class P>
  void add_plain(const std::string& tag) {
    add<P>(tag, [](const P&, ByteWriter&) {},
           [](ByteReader&, Stream s) { return std::make_shared<P>(s); });
  }
};

void write_slice(const Shape& start, const Shape& stop, const Shape& strides, ByteWriter& w) {
  w.ints(start);
  w.ints(stop);
  w.ints(strides);
}

void write_conv_params(const ConvParams& p, ByteWriter& w) {
  w.ints(p.stride);
  w.ints(p.padding_lo);
  w.ints(p.padding_hi);
  w.ints(p.kernel_dilation);
  w.ints(p.input_dilation);
  w.i32(p.groups);
  w.boolean(p.flip);
}

ConvParams read_conv_params(ByteReader& r) {
  ConvParams p;
  p.stride = r.ints();
  p.padding_lo = r.ints();
  p.padding_hi = r.ints();
  p.kernel_dilation = r.ints();
  p.input_dilation = r.ints();
  p.groups = r.i32();
  p.flip = r.boolean();
  size_t n = p.stride.size();
  if (p.padding_lo.size() != n || p.padding_hi.size() != n ||
      p.kernel_dilation.size() != n || p.input_dilation.size() != n || p.groups < 1) {
    throw FormatError("inconsistent convolution parameters");
  }
  return p;
}

// Exported custom functions keep their forward graph; the user's transform
// rules are Python or C++ code and cannot be stored.
[[noreturn]] void no_custom_rule() {
  throw std::invalid_argument(
      "[import_function] The transform rules of a custom_function are not stored in an "
      "exported function; differentiate or vmap the function before exporting it.");
}

void add_elementwise(Registry& r) {
#define MXCORE_EXPORT_PLAIN(NAME) r.add_plain<NAME>(#NAME);
  MXCORE_EXPORT_PLAIN(Abs) MXCORE_EXPORT_PLAIN(Negative) MXCORE_EXPORT_PLAIN(Sign)
  MXCORE_EXPORT_PLAIN(Square) MXCORE_EXPORT_PLAIN(Sqrt) MXCORE_EXPORT_PLAIN(Rsqrt)
  MXCORE_EXPORT_PLAIN(Exp) MXCORE_EXPORT_PLAIN(Expm1) MXCORE_EXPORT_PLAIN(Log)
  MXCORE_EXPORT_PLAIN(Log2) MXCORE_EXPORT_PLAIN(Log10) MXCORE_EXPORT_PLAIN(Log1p)
  MXCORE_EXPORT_PLAIN(Sin) MXCORE_EXPORT_PLAIN(Cos) MXCORE_EXPORT_PLAIN(Tan)
  MXCORE_EXPORT_PLAIN(ArcSin) MXCORE_EXPORT_PLAIN(ArcCos) MXCORE_EXPORT_PLAIN(ArcTan)
  MXCORE_EXPORT_PLAIN(Sinh) MXCORE_EXPORT_PLAIN(Cosh) MXCORE_EXPORT_PLAIN(Tanh)
  MXCORE_EXPORT_PLAIN(ArcSinh) MXCORE_EXPORT_PLAIN(ArcCosh) MXCORE_EXPORT_PLAIN(ArcTanh)
  MXCORE_EXPORT_PLAIN(Erf) MXCORE_EXPORT_PLAIN(ErfInv) MXCORE_EXPORT_PLAIN(Sigmoid)
  MXCORE_EXPORT_PLAIN(Floor) MXCORE_EXPORT_PLAIN(Ceil) MXCORE_EXPORT_PLAIN(Round)
  MXCORE_EXPORT_PLAIN(LogicalNot) MXCORE_EXPORT_PLAIN(BitwiseInvert)
  MXCORE_EXPORT_PLAIN(Conjugate) MXCORE_EXPORT_PLAIN(Real) MXCORE_EXPORT_PLAIN(Imag)
  MXCORE_EXPORT_PLAIN(Add) MXCORE_EXPORT_PLAIN(Subtract) MXCORE_EXPORT_PLAIN(Multiply)
  MXCORE_EXPORT_PLAIN(Divide) MXCORE_EXPORT_PLAIN(Remainder) MXCORE_EXPORT_PLAIN(Power)
  MXCORE_EXPORT_PLAIN(Maximum) MXCORE_EXPORT_PLAIN(Minimum) MXCORE_EXPORT_PLAIN(LogAddExp)
  MXCORE_EXPORT_PLAIN(ArcTan2) MXCORE_EXPORT_PLAIN(NotEqual) MXCORE_EXPORT_PLAIN(Less)
  MXCORE_EXPORT_PLAIN(LessEqual) MXCORE_EXPORT_PLAIN(Greater)
  MXCORE_EXPORT_PLAIN(GreaterEqual) MXCORE_EXPORT_PLAIN(LogicalAnd)
  MXCORE_EXPORT_PLAIN(LogicalOr) MXCORE_EXPORT_PLAIN(Select) MXCORE_EXPORT_PLAIN(DivMod)
  MXCORE_EXPORT_PLAIN(Copy) MXCORE_EXPORT_PLAIN(StopGradient) MXCORE_EXPORT_PLAIN(Matmul)
  MXCORE_EXPORT_PLAIN(QRF) MXCORE_EXPORT_PLAIN(LUF)
#undef MXCORE_EXPORT_PLAIN

  r.add<Equal>("Equal", [](const Equal& p, ByteWriter& w) { w.boolean(p.equal_nan()); },
               [](ByteReader& in, Stream s) { return std::make_shared<Equal>(s, in.boolean()); });
  r.add<BitwiseBinary>(
      "BitwiseBinary", [](const BitwiseBinary& p, ByteWriter& w) { w.u8(p.op()); },
      [](ByteReader& in, Stream s) {
        return std::make_shared<BitwiseBinary>(
            s, in.enumeration<BitwiseBinary::Op>(5, "bitwise op"));
      });
  r.add<AsType>("AsType", [](const AsType& p, ByteWriter& w) { w.dtype(p.dtype()); },
                [](ByteReader& in, Stream s) { return std::make_shared<AsType>(s, in.dtype()); });
  r.add<View>("View", [](const View& p, ByteWriter& w) { w.dtype(p.dtype()); },
              [](ByteReader& in, Stream s) { return std::make_shared<View>(s, in.dtype()); });
  r.add<ConvertFP8>(
      "ConvertFP8",
      [](const ConvertFP8& p, ByteWriter& w) {
        w.boolean(p.to_fp8());
        w.dtype(p.out_dtype());
      },
      [](ByteReader& in, Stream s) {
        bool to_fp8 = in.boolean();
        return std::make_shared<ConvertFP8>(s, to_fp8, in.dtype());
      });
  r.add<Hadamard>(
      "Hadamard",
      [](const Hadamard& p, ByteWriter& w) {
        w.f32(p.scale());
        w.boolean(p.transposed());
      },
      [](ByteReader& in, Stream s) {
        float scale = in.f32();
        return std::make_shared<Hadamard>(s, scale, in.boolean());
      });
}

void add_shape_ops(Registry& r) {
  r.add<Broadcast>("Broadcast", [](const Broadcast& p, ByteWriter& w) { w.ints(p.shape()); },
                   [](ByteReader& in, Stream s) { return std::make_shared<Broadcast>(s, in.shape()); });
  r.add<Reshape>(
      "Reshape",
      [](const Reshape& p, ByteWriter& w) {
        w.ints(p.shape());
        w.ints(p.in_shape());
        // The shape as written (-1 kept) and the flattened axes: a shapeless
        // import infers them from each call's sizes, as the compiled trace does.
        w.ints(p.requested());
        w.i32(p.flatten_axes().first);
        w.i32(p.flatten_axes().second);
        w.ints(p.inserted_axes());
      },
      [](ByteReader& in, Stream s) {
        Shape shape = in.ints(); // may hold -1 (inferred under shapeless)
        Shape in_shape = in.ints();
        Shape requested = in.ints();
        int first = in.i32();
        int second = in.i32();
        auto inserted = in.ints();
        return std::make_shared<Reshape>(s, std::move(shape), std::move(in_shape),
                                         std::move(requested), std::make_pair(first, second),
                                         std::vector<int>(inserted.begin(), inserted.end()));
      });
  r.add<Transpose>("Transpose", [](const Transpose& p, ByteWriter& w) { w.ints(p.axes()); },
                   [](ByteReader& in, Stream s) { return std::make_shared<Transpose>(s, in.ints()); });
  r.add<Slice>("Slice",
               [](const Slice& p, ByteWriter& w) {
                 write_slice(p.start(), p.stop(), p.strides(), w);
               },
               [](ByteReader& in, Stream s) {
                 Shape start = in.ints(), stop = in.ints(), strides = in.ints();
                 return std::make_shared<Slice>(s, start, stop, strides);
               });
  r.add<SliceUpdate>("SliceUpdate",
                     [](const SliceUpdate& p, ByteWriter& w) {
                       write_slice(p.start(), p.stop(), p.strides(), w);
                     },
                     [](ByteReader& in, Stream s) {
                       Shape start = in.ints(), stop = in.ints(), strides = in.ints();
                       return std::make_shared<SliceUpdate>(s, start, stop, strides);
                     });
  r.add<Concatenate>("Concatenate", [](const Concatenate& p, ByteWriter& w) { w.i32(p.axis()); },
                     [](ByteReader& in, Stream s) { return std::make_shared<Concatenate>(s, in.i32()); });
  r.add<AsStrided>(
      "AsStrided",
      [](const AsStrided& p, ByteWriter& w) {
        w.ints(p.shape());
        w.int64s(p.strides());
        w.u64(p.offset());
      },
      [](ByteReader& in, Stream s) {
        Shape shape = in.shape();
        Strides strides = in.int64s();
        return std::make_shared<AsStrided>(s, std::move(shape), std::move(strides), in.u64());
      });
  r.add<Arange>(
      "Arange",
      [](const Arange& p, ByteWriter& w) {
        w.f64(p.start());
        w.f64(p.step());
        w.i32(p.size());
      },
      [](ByteReader& in, Stream s) {
        double start = in.f64(), step = in.f64();
        int size = in.i32();
        if (size < 0) throw FormatError("negative arange size");
        return std::make_shared<Arange>(s, start, step, size);
      });
}

void add_reductions_and_indexing(Registry& r) {
  r.add<Reduce>(
      "Reduce",
      [](const Reduce& p, ByteWriter& w) {
        w.u8(p.reduce_type());
        w.ints(p.axes());
      },
      [](ByteReader& in, Stream s) {
        auto type = in.enumeration<Reduce::ReduceType>(6, "reduction");
        return std::make_shared<Reduce>(s, type, in.ints());
      });
  r.add<AxisIndex>(
      "AxisIndex", [](const AxisIndex& p, ByteWriter& w) { w.i32(p.axis()); },
      [](ByteReader& in, Stream s) { return std::make_shared<AxisIndex>(s, in.i32()); });
  r.add<NumberOfElements>(
      "NumberOfElements",
      [](const NumberOfElements& p, ByteWriter& w) {
        w.ints(p.axes());
        w.u8(p.inverted());
        w.dtype(p.dtype());
      },
      [](ByteReader& in, Stream s) {
        auto axes = in.ints();
        bool inverted = in.enumeration<int>(2, "inverted flag") != 0;
        return std::make_shared<NumberOfElements>(s, axes, inverted, in.dtype());
      });
  r.add<ArgReduce>(
      "ArgReduce",
      [](const ArgReduce& p, ByteWriter& w) {
        w.u8(p.reduce_type());
        w.i32(p.axis());
      },
      [](ByteReader& in, Stream s) {
        auto type = in.enumeration<ArgReduce::ReduceType>(2, "arg reduction");
        return std::make_shared<ArgReduce>(s, type, in.i32());
      });
  r.add<Scan>(
      "Scan",
      [](const Scan& p, ByteWriter& w) {
        w.u8(p.reduce_type());
        w.i32(p.axis());
        w.boolean(p.reverse());
        w.boolean(p.inclusive());
      },
      [](ByteReader& in, Stream s) {
        auto type = in.enumeration<Scan::ReduceType>(5, "scan");
        int axis = in.i32();
        bool reverse = in.boolean();
        return std::make_shared<Scan>(s, type, axis, reverse, in.boolean());
      });
  r.add<Sort>(
      "Sort",
      [](const Sort& p, ByteWriter& w) {
        w.u8(p.mode());
        w.i32(p.axis());
        w.i32(p.kth());
      },
      [](ByteReader& in, Stream s) {
        auto mode = in.enumeration<Sort::Mode>(4, "sort mode");
        int axis = in.i32();
        return std::make_shared<Sort>(s, mode, axis, in.i32());
      });
  r.add<GatherAxis>(
      "GatherAxis",
      [](const GatherAxis& p, ByteWriter& w) {
        w.i32(p.axis());
        w.boolean(p.permutation());
      },
      [](ByteReader& in, Stream s) {
        int axis = in.i32();
        return std::make_shared<GatherAxis>(s, axis, in.boolean());
      });
  r.add<Gather>(
      "Gather",
      [](const Gather& p, ByteWriter& w) {
        w.ints(p.axes());
        w.ints(p.slice_sizes());
      },
      [](ByteReader& in, Stream s) {
        std::vector<int> axes = in.ints();
        return std::make_shared<Gather>(s, std::move(axes), in.shape());
      });
  r.add<Scatter>(
      "Scatter",
      [](const Scatter& p, ByteWriter& w) {
        w.u8(p.reduce_type());
        w.ints(p.axes());
      },
      [](ByteReader& in, Stream s) {
        auto type = in.enumeration<Scatter::ReduceType>(5, "scatter reduction");
        return std::make_shared<Scatter>(s, type, in.ints());
      });
  r.add<SearchSorted>(
      "SearchSorted", [](const SearchSorted& p, ByteWriter& w) { w.boolean(p.right()); },
      [](ByteReader& in, Stream s) { return std::make_shared<SearchSorted>(s, in.boolean()); });
  r.add<RandomBits>(
      "RandomBits",
      [](const RandomBits& p, ByteWriter& w) {
        w.ints(p.shape());
        w.i32(p.width());
      },
      [](ByteReader& in, Stream s) {
        Shape shape = in.shape();
        int width = in.i32();
        if (width != 1 && width != 2 && width != 4 && width != 8) {
          throw FormatError("invalid random bits width");
        }
        return std::make_shared<RandomBits>(s, std::move(shape), width);
      });
}

void add_linear_algebra(Registry& r) {
  r.add<AddMM>(
      "AddMM",
      [](const AddMM& p, ByteWriter& w) {
        w.f32(p.alpha());
        w.f32(p.beta());
      },
      [](ByteReader& in, Stream s) {
        float alpha = in.f32();
        return std::make_shared<AddMM>(s, alpha, in.f32());
      });
  r.add<QuantizedMatmul>(
      "QuantizedMatmul",
      [](const QuantizedMatmul& p, ByteWriter& w) {
        w.i32(p.group_size());
        w.i32(p.bits());
      },
      [](ByteReader& in, Stream s) {
        int group_size = in.i32();
        return std::make_shared<QuantizedMatmul>(s, group_size, in.i32());
      });
  r.add<GatherMM>(
      "GatherMM", [](const GatherMM& p, ByteWriter& w) { w.boolean(p.sorted_indices()); },
      [](ByteReader& in, Stream s) { return std::make_shared<GatherMM>(s, in.boolean()); });
  r.add<Convolution>(
      "Convolution", [](const Convolution& p, ByteWriter& w) { write_conv_params(p.params(), w); },
      [](ByteReader& in, Stream s) {
        return std::make_shared<Convolution>(s, read_conv_params(in));
      });
  r.add<ConvWeightGrad>(
      "ConvWeightGrad",
      [](const ConvWeightGrad& p, ByteWriter& w) {
        write_conv_params(p.params(), w);
        w.ints(p.weight_shape());
      },
      [](ByteReader& in, Stream s) {
        ConvParams params = read_conv_params(in);
        return std::make_shared<ConvWeightGrad>(s, std::move(params), in.shape());
      });
  r.add<ConvInputGrad>(
      "ConvInputGrad",
      [](const ConvInputGrad& p, ByteWriter& w) {
        write_conv_params(p.params(), w);
        w.ints(p.input_shape());
      },
      [](ByteReader& in, Stream s) {
        ConvParams params = read_conv_params(in);
        return std::make_shared<ConvInputGrad>(s, std::move(params), in.shape());
      });
  r.add<FFT>(
      "FFT",
      [](const FFT& p, ByteWriter& w) {
        w.ints(p.axes());
        w.boolean(p.inverse());
        w.boolean(p.real());
        w.boolean(p.odd_out());
      },
      [](ByteReader& in, Stream s) {
        std::vector<int> axes = in.ints();
        bool inverse = in.boolean(), real = in.boolean();
        return std::make_shared<FFT>(s, std::move(axes), inverse, real, in.boolean());
      });
  r.add<Inverse>(
      "Inverse",
      [](const Inverse& p, ByteWriter& w) {
        w.boolean(p.triangular());
        w.boolean(p.upper());
      },
      [](ByteReader& in, Stream s) {
        bool triangular = in.boolean();
        return std::make_shared<Inverse>(s, triangular, in.boolean());
      });
  r.add<Cholesky>("Cholesky", [](const Cholesky& p, ByteWriter& w) { w.boolean(p.upper()); },
                  [](ByteReader& in, Stream s) { return std::make_shared<Cholesky>(s, in.boolean()); });
  r.add<SVD>("SVD", [](const SVD& p, ByteWriter& w) { w.boolean(p.compute_uv()); },
             [](ByteReader& in, Stream s) { return std::make_shared<SVD>(s, in.boolean()); });
  r.add<Eigh>(
      "Eigh",
      [](const Eigh& p, ByteWriter& w) {
        w.u8(static_cast<uint8_t>(p.uplo()));
        w.boolean(p.compute_vectors());
      },
      [](ByteReader& in, Stream s) {
        char uplo = static_cast<char>(in.u8());
        if (uplo != 'L' && uplo != 'U') throw FormatError("invalid eigh triangle");
        return std::make_shared<Eigh>(s, uplo, in.boolean());
      });
  r.add<Eig>("Eig", [](const Eig& p, ByteWriter& w) { w.boolean(p.compute_vectors()); },
             [](ByteReader& in, Stream s) { return std::make_shared<Eig>(s, in.boolean()); });
}

void add_custom(Registry& r) {
  r.add<CustomTransforms>(
      "CustomTransforms",
      [](const CustomTransforms& p, ByteWriter& w) { w.i32(p.num_outputs()); },
      [](ByteReader& in, Stream s) {
        int num_outputs = in.i32();
        if (num_outputs < 1) throw FormatError("invalid custom function output count");
        return std::make_shared<CustomTransforms>(
            s, num_outputs,
            [](const std::vector<array>&, const std::vector<array>&,
               const std::vector<array>&) -> std::vector<array> { no_custom_rule(); },
            [](const std::vector<array>&, const std::vector<array>&,
               const std::vector<int>&) -> std::vector<array> { no_custom_rule(); },
            [](const std::vector<array>&, const std::vector<int>&)
                -> std::pair<std::vector<array>, std::vector<int>> { no_custom_rule(); });
      });
  r.add<Depends>("Depends", [](const Depends& p, ByteWriter& w) { w.i32(p.num_forwarded()); },
                 [](ByteReader& in, Stream s) {
                   int n = in.i32();
                   if (n < 0) throw FormatError("invalid depends count");
                   return std::make_shared<Depends>(s, n);
                 });
}

const Registry& registry() {
  static const Registry* table = [] {
    auto* r = new Registry();
    add_elementwise(*r);
    add_shape_ops(*r);
    add_reductions_and_indexing(*r);
    add_linear_algebra(*r);
    add_custom(*r);
    return r;
  }();
  return *table;
}

} // namespace

std::string write_primitive(const Primitive& p, ByteWriter& state) {
  auto& table = registry().by_type;
  auto it = table.find(std::type_index(typeid(p)));
  if (it == table.end()) {
    throw std::invalid_argument(std::string("[export_function] Cannot export primitive '") +
                                p.name() + "': it has no serialization.");
  }
  it->second->write(p, state);
  return it->second->tag;
}

std::shared_ptr<Primitive> read_primitive(const std::string& tag, ByteReader& state, Stream s) {
  auto& table = registry().by_tag;
  auto it = table.find(tag);
  if (it == table.end()) throw FormatError("unknown primitive '" + tag + "'");
  auto p = it->second.read(state, s);
  state.expect_end(("the state of primitive " + tag).c_str());
  return p;
}

size_t registered_primitive_count() { return registry().by_tag.size(); }

} // namespace mxcore::export_detail
