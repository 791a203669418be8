// LAPACK-backed matrix factorization primitives. Every primitive works on the
// trailing two dims of its input (..., M, N) and loops over the leading batch
// dims; the ops in src/ops/linalg_factor.cpp check shapes and dtypes
// (float32 / float64) before building them.
#pragma once

#include "mxcore/primitives.h"

namespace mxcore {

// Shared by every factorization: vmap moves the batch axis to the front and
// re-applies the op, because the kernels already batch over leading dims.
class LinalgPrimitive : public Primitive {
 public:
  using Primitive::Primitive;
  std::pair<std::vector<array>, std::vector<int>> vmap(
      const std::vector<array>& inputs, const std::vector<int>& axes) override;

 protected:
  // Re-applies the op to an input whose batch axis is already leading.
  virtual std::vector<array> apply(const array& x) = 0;
};

// General inverse (getrf + getri) or triangular inverse (trtri).
class Inverse : public LinalgPrimitive {
 public:
  Inverse(Stream s, bool triangular, bool upper)
      : LinalgPrimitive(s), triangular_(triangular), upper_(upper) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<array> jvp(const std::vector<array>& primals,
                         const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[0].shape()};
  }
  MXCORE_DEFINE_NAME(Inverse)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Inverse&>(other);
    return triangular_ == o.triangular_ && upper_ == o.upper_;
  }

  // State, read by export (src/export/).
  bool triangular() const { return triangular_; }
  bool upper() const { return upper_; }
 protected:
  std::vector<array> apply(const array& x) override;

 private:
  bool triangular_;
  bool upper_;
};

// Cholesky factor (potrf); the other triangle of the output is zero.
class Cholesky : public LinalgPrimitive {
 public:
  Cholesky(Stream s, bool upper) : LinalgPrimitive(s), upper_(upper) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<array> jvp(const std::vector<array>& primals,
                         const std::vector<array>& tangents,
                         const std::vector<int>& argnums) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override {
    return {inputs[0].shape()};
  }
  MXCORE_DEFINE_NAME(Cholesky)
  bool is_equivalent(const Primitive& other) const override {
    return upper_ == static_cast<const Cholesky&>(other).upper_;
  }

  // State, read by export (src/export/).
  bool upper() const { return upper_; }
 protected:
  std::vector<array> apply(const array& x) override;

 private:
  bool upper_;
};

// Reduced QR: outputs Q (..., M, K) and R (..., K, N), K = min(M, N).
class QRF : public LinalgPrimitive {
 public:
  using LinalgPrimitive::LinalgPrimitive;
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(QRF)
  MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()

 protected:
  std::vector<array> apply(const array& x) override;
};

// Full SVD (gesdd): U (..., M, M), S (..., K), Vt (..., N, N); or S alone.
class SVD : public LinalgPrimitive {
 public:
  SVD(Stream s, bool compute_uv) : LinalgPrimitive(s), compute_uv_(compute_uv) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  // In src/primitives/linalg_svd_vjp.cpp.
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(SVD)
  bool is_equivalent(const Primitive& other) const override {
    return compute_uv_ == static_cast<const SVD&>(other).compute_uv_;
  }

  // State, read by export (src/export/).
  bool compute_uv() const { return compute_uv_; }
 protected:
  std::vector<array> apply(const array& x) override;

 private:
  bool compute_uv_;
};

// Symmetric eigendecomposition (syevd): eigenvalues (..., N) ascending and,
// when requested, eigenvectors as the columns of (..., N, N).
class Eigh : public LinalgPrimitive {
 public:
  Eigh(Stream s, char uplo, bool compute_vectors)
      : LinalgPrimitive(s), uplo_(uplo), compute_vectors_(compute_vectors) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<array> vjp(const std::vector<array>& primals,
                         const std::vector<array>& cotangents,
                         const std::vector<int>& argnums,
                         const std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Eigh)
  bool is_equivalent(const Primitive& other) const override {
    auto& o = static_cast<const Eigh&>(other);
    return uplo_ == o.uplo_ && compute_vectors_ == o.compute_vectors_;
  }

  // State, read by export (src/export/).
  char uplo() const { return uplo_; }
  bool compute_vectors() const { return compute_vectors_; }
 protected:
  std::vector<array> apply(const array& x) override;

 private:
  char uplo_;
  bool compute_vectors_;
};

// General eigendecomposition (geev): complex64 eigenvalues (..., N) and,
// when requested, unit-norm right eigenvectors as columns of (..., N, N).
class Eig : public LinalgPrimitive {
 public:
  Eig(Stream s, bool compute_vectors) : LinalgPrimitive(s), compute_vectors_(compute_vectors) {}
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(Eig)
  bool is_equivalent(const Primitive& other) const override {
    return compute_vectors_ == static_cast<const Eig&>(other).compute_vectors_;
  }

  // State, read by export (src/export/).
  bool compute_vectors() const { return compute_vectors_; }
 protected:
  std::vector<array> apply(const array& x) override;

 private:
  bool compute_vectors_;
};

// LU with partial pivoting (getrf): outputs the packed LU (..., M, N), the
// 0-based LAPACK pivots (..., K) and the row permutation P with
// A = L[P] @ U (..., M), both uint32.
class LUF : public LinalgPrimitive {
 public:
  using LinalgPrimitive::LinalgPrimitive;
  void eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) override;
  std::vector<Shape> output_shapes(const std::vector<array>& inputs) override;
  MXCORE_DEFINE_NAME(LUF)
  MXCORE_DEFINE_DEFAULT_IS_EQUIVALENT()

 protected:
  std::vector<array> apply(const array& x) override;
};

} // namespace mxcore
