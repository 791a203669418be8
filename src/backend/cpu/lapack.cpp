// Eager matrix factorizations through LAPACKE (scipy-openblas32, symbols
// prefixed scipy_); svd, eigh and eig also for complex64 (c* routines). Each input is first copied into a row-major buffer of its
// own dtype (LAPACK overwrites its operand, and the copy also makes strided,
// transposed or broadcast inputs contiguous); the batch is then a loop over
// consecutive matrices. Failures (singular, not positive definite, no
// convergence) raise instead of returning garbage.
#define LAPACK_COMPLEX_CPP
#include <lapacke.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <sstream>

#include "backend/cpu/copy.h"
#include "backend/cpu/lapack.h"

namespace mxcore::cpu {

namespace {

constexpr int kRowMajor = LAPACK_ROW_MAJOR;

// The float / double LAPACKE entry points behind one overloaded name each.
struct Lapack {
  static int getrf(int m, int n, float* a, int* ipiv) {
    return scipy_LAPACKE_sgetrf(kRowMajor, m, n, a, n, ipiv);
  }
  static int getrf(int m, int n, double* a, int* ipiv) {
    return scipy_LAPACKE_dgetrf(kRowMajor, m, n, a, n, ipiv);
  }
  static int getri(int n, float* a, const int* ipiv) {
    return scipy_LAPACKE_sgetri(kRowMajor, n, a, n, ipiv);
  }
  static int getri(int n, double* a, const int* ipiv) {
    return scipy_LAPACKE_dgetri(kRowMajor, n, a, n, ipiv);
  }
  static int trtri(char uplo, int n, float* a) {
    return scipy_LAPACKE_strtri(kRowMajor, uplo, 'N', n, a, n);
  }
  static int trtri(char uplo, int n, double* a) {
    return scipy_LAPACKE_dtrtri(kRowMajor, uplo, 'N', n, a, n);
  }
  static int potrf(char uplo, int n, float* a) {
    return scipy_LAPACKE_spotrf(kRowMajor, uplo, n, a, n);
  }
  static int potrf(char uplo, int n, double* a) {
    return scipy_LAPACKE_dpotrf(kRowMajor, uplo, n, a, n);
  }
  static int geqrf(int m, int n, float* a, float* tau) {
    return scipy_LAPACKE_sgeqrf(kRowMajor, m, n, a, n, tau);
  }
  static int geqrf(int m, int n, double* a, double* tau) {
    return scipy_LAPACKE_dgeqrf(kRowMajor, m, n, a, n, tau);
  }
  static int orgqr(int m, int n, int k, float* a, const float* tau) {
    return scipy_LAPACKE_sorgqr(kRowMajor, m, n, k, a, n, tau);
  }
  static int orgqr(int m, int n, int k, double* a, const double* tau) {
    return scipy_LAPACKE_dorgqr(kRowMajor, m, n, k, a, n, tau);
  }
  static int gesdd(char jobz, int m, int n, float* a, float* s, float* u, float* vt) {
    return scipy_LAPACKE_sgesdd(kRowMajor, jobz, m, n, a, n, s, u, m, vt, n);
  }
  static int gesdd(char jobz, int m, int n, double* a, double* s, double* u, double* vt) {
    return scipy_LAPACKE_dgesdd(kRowMajor, jobz, m, n, a, n, s, u, m, vt, n);
  }
  static int syevd(char jobz, char uplo, int n, float* a, float* w) {
    return scipy_LAPACKE_ssyevd(kRowMajor, jobz, uplo, n, a, n, w);
  }
  static int syevd(char jobz, char uplo, int n, double* a, double* w) {
    return scipy_LAPACKE_dsyevd(kRowMajor, jobz, uplo, n, a, n, w);
  }
  static int geev(char jobvr, int n, float* a, float* wr, float* wi, float* vr) {
    float unused = 0;
    return scipy_LAPACKE_sgeev(kRowMajor, 'N', jobvr, n, a, n, wr, wi, &unused, 1, vr, n);
  }
  static int geev(char jobvr, int n, double* a, double* wr, double* wi, double* vr) {
    double unused = 0;
    return scipy_LAPACKE_dgeev(kRowMajor, 'N', jobvr, n, a, n, wr, wi, &unused, 1, vr, n);
  }
  // complex64: cgesdd, cheevd (Hermitian), cgeev. std::complex<float> has the
  // layout of LAPACKE's complex type.
  static lapack_complex_float* c(complex64_t* p) {
    return reinterpret_cast<lapack_complex_float*>(p);
  }
  static int gesdd(char jobz, int m, int n, complex64_t* a, float* s, complex64_t* u,
                   complex64_t* vt) {
    return scipy_LAPACKE_cgesdd(kRowMajor, jobz, m, n, c(a), n, s, c(u), m, c(vt), n);
  }
  static int syevd(char jobz, char uplo, int n, complex64_t* a, float* w) {
    return scipy_LAPACKE_cheevd(kRowMajor, jobz, uplo, n, c(a), n, w);
  }
  static int geev(char jobvr, int n, complex64_t* a, complex64_t* w, complex64_t* vr) {
    complex64_t unused;
    return scipy_LAPACKE_cgeev(kRowMajor, 'N', jobvr, n, c(a), n, c(w), c(&unused), 1, c(vr),
                               n);
  }
};

// The real type of T's values (singular values, Hermitian eigenvalues).
template <typename T>
struct real_of {
  using type = T;
};
template <>
struct real_of<complex64_t> {
  using type = float;
};

void allocate(array& out) { out.set_data(allocator::malloc(std::max<size_t>(out.nbytes(), 1))); }

// A row-major copy of x (same dtype) that LAPACK may overwrite.
array working_copy(const array& x) {
  array y(allocator::malloc(std::max<size_t>(x.nbytes(), 1)), x.shape(), x.dtype());
  copy_into(x, y);
  return y;
}

// Fills a primitive's output with a row-major copy of x, to be factored in place.
void copy_to_output(const array& x, array& out) {
  allocate(out);
  copy_into(x, out);
}

int64_t batch_count(const array& x) {
  int64_t n = 1;
  for (int i = 0; i < x.ndim() - 2; ++i) n *= x.shape(i);
  return n;
}

[[noreturn]] void fail(const char* op, const std::string& what, int info) {
  std::ostringstream msg;
  msg << "[" << op << "] " << what << " (LAPACK info " << info << ").";
  throw std::runtime_error(msg.str());
}

// Zeroes the triangle of an n x n row-major matrix that a factor leaves alone.
template <typename T>
void zero_other_triangle(T* a, int n, bool keep_upper) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (keep_upper ? j < i : j > i) a[i * n + j] = T(0);
    }
  }
}

// Runs fn<T>() for the two real LAPACK types, and complex64 where allowed.
template <bool allow_complex = false, typename Fn>
void dispatch_lapack(Dtype t, const char* op, Fn&& fn) {
  if (t == float32) {
    fn(float{});
  } else if (t == float64) {
    fn(double{});
  } else if (allow_complex && t == complex64) {
    if constexpr (allow_complex) fn(complex64_t{});
  } else {
    throw std::invalid_argument(std::string("[") + op +
                                "] Arrays must have type float32 or float64.");
  }
}

} // namespace

void inverse(const array& a, array& out, bool triangular, bool upper) {
  const char* op = triangular ? "linalg::tri_inv" : "linalg::inv";
  dispatch_lapack(a.dtype(), op, [&](auto tag) {
    using T = decltype(tag);
    copy_to_output(a, out);  // inverted in place
    const int n = a.shape(-1);
    T* p = out.data<T>();
    std::vector<int> ipiv(std::max(n, 1));
    for (int64_t b = 0, count = batch_count(a); b < count && n > 0; ++b, p += n * n) {
      if (triangular) {
        int info = Lapack::trtri(upper ? 'U' : 'L', n, p);
        if (info > 0) fail(op, "Matrix is singular", info);
        zero_other_triangle(p, n, upper);
      } else {
        int info = Lapack::getrf(n, n, p, ipiv.data());
        if (info > 0) fail(op, "Matrix is singular", info);
        info = Lapack::getri(n, p, ipiv.data());
        if (info != 0) fail(op, "Inversion failed", info);
      }
    }
  });
}

void cholesky(const array& a, array& out, bool upper) {
  dispatch_lapack(a.dtype(), "linalg::cholesky", [&](auto tag) {
    using T = decltype(tag);
    copy_to_output(a, out);
    const int n = a.shape(-1);
    T* p = out.data<T>();
    for (int64_t b = 0, count = batch_count(a); b < count && n > 0; ++b, p += n * n) {
      int info = Lapack::potrf(upper ? 'U' : 'L', n, p);
      if (info > 0) fail("linalg::cholesky", "Matrix is not positive definite", info);
      zero_other_triangle(p, n, upper);
    }
  });
}

void qr(const array& a, array& q, array& r) {
  dispatch_lapack(a.dtype(), "linalg::qr", [&](auto tag) {
    using T = decltype(tag);
    array work = working_copy(a);
    allocate(q);
    allocate(r);
    const int m = a.shape(-2), n = a.shape(-1), k = std::min(m, n);
    std::vector<T> tau(std::max(k, 1));
    T* pa = work.data<T>();
    T* pq = q.data<T>();
    T* pr = r.data<T>();
    for (int64_t b = 0, count = batch_count(a); b < count && k > 0; ++b) {
      Lapack::geqrf(m, n, pa, tau.data());
      // R: the upper triangle of the first k rows.
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < n; ++j) pr[i * n + j] = j < i ? T(0) : pa[i * n + j];
      }
      // Q: orgqr expands the reflectors stored in the first k columns.
      for (int i = 0; i < m; ++i) std::copy(pa + i * n, pa + i * n + k, pq + i * k);
      int info = Lapack::orgqr(m, k, k, pq, tau.data());
      if (info != 0) fail("linalg::qr", "Forming Q failed", info);
      pa += m * n;
      pq += m * k;
      pr += k * n;
    }
  });
}

void svd(const array& a, std::vector<array>& outputs, bool compute_uv) {
  dispatch_lapack</*allow_complex=*/true>(a.dtype(), "linalg::svd", [&](auto tag) {
    using T = decltype(tag);
    using R = typename real_of<T>::type;
    array work = working_copy(a);
    for (auto& o : outputs) allocate(o);
    const int m = a.shape(-2), n = a.shape(-1), k = std::min(m, n);
    T* pa = work.data<T>();
    R* ps = outputs[compute_uv ? 1 : 0].data<R>();
    T* pu = compute_uv ? outputs[0].data<T>() : nullptr;
    T* pvt = compute_uv ? outputs[2].data<T>() : nullptr;
    // LAPACKE checks the u / vt leading dimensions even when jobz is 'N'.
    std::vector<T> dummy_u(compute_uv ? 0 : 1), dummy_vt(compute_uv ? 0 : 1);
    for (int64_t b = 0, count = batch_count(a); b < count; ++b) {
      if (k > 0) {
        int info = compute_uv
            ? Lapack::gesdd('A', m, n, pa, ps, pu, pvt)
            : Lapack::gesdd('N', m, n, pa, ps, dummy_u.data(), dummy_vt.data());
        if (info > 0) fail("linalg::svd", "SVD did not converge", info);
        if (info < 0) fail("linalg::svd", "Invalid argument", info);
      } else if (compute_uv) {
        // An empty matrix still has identity singular vector bases.
        std::fill(pu, pu + m * m, T(0));
        std::fill(pvt, pvt + n * n, T(0));
        for (int i = 0; i < m; ++i) pu[i * m + i] = T(1);
        for (int i = 0; i < n; ++i) pvt[i * n + i] = T(1);
      }
      pa += m * n;
      ps += k;
      if (compute_uv) {
        pu += m * m;
        pvt += n * n;
      }
    }
  });
}

void eigh(const array& a, std::vector<array>& outputs, char uplo, bool compute_vectors) {
  dispatch_lapack</*allow_complex=*/true>(a.dtype(), "linalg::eigh", [&](auto tag) {
    using T = decltype(tag);
    // With eigenvectors requested they overwrite the matrix in place.
    array work = compute_vectors ? outputs[1] : working_copy(a);
    if (compute_vectors) copy_to_output(a, work);
    allocate(outputs[0]);
    const int n = a.shape(-1);
    using R = typename real_of<T>::type;
    T* pa = work.data<T>();
    R* pw = outputs[0].data<R>();
    for (int64_t b = 0, count = batch_count(a); b < count && n > 0; ++b) {
      int info = Lapack::syevd(compute_vectors ? 'V' : 'N', uplo, n, pa, pw);
      if (info > 0) fail("linalg::eigh", "Eigendecomposition did not converge", info);
      pa += n * n;
      pw += n;
    }
  });
}

void lu_factor(const array& a, array& lu, array& pivots, array& perm) {
  dispatch_lapack(a.dtype(), "linalg::lu_factor", [&](auto tag) {
    using T = decltype(tag);
    copy_to_output(a, lu);
    allocate(pivots);
    allocate(perm);
    const int m = a.shape(-2), n = a.shape(-1), k = std::min(m, n);
    T* p = lu.data<T>();
    uint32_t* piv = pivots.data<uint32_t>();
    uint32_t* pp = perm.data<uint32_t>();
    std::vector<int> ipiv(std::max(k, 1)), rows(m);
    for (int64_t b = 0, count = batch_count(a); b < count; ++b) {
      // A singular matrix still factors (U has a zero pivot), as in LAPACK.
      if (k > 0) Lapack::getrf(m, n, p, ipiv.data());
      // Replaying the row swaps gives the rows of A in LU order:
      // A[rows[i]] = (L @ U)[i]; P inverts that map so that A = L[P] @ U.
      std::iota(rows.begin(), rows.end(), 0);
      for (int i = 0; i < k; ++i) {
        piv[i] = ipiv[i] - 1;
        std::swap(rows[i], rows[ipiv[i] - 1]);
      }
      for (int i = 0; i < m; ++i) pp[rows[i]] = i;
      p += m * n;
      piv += k;
      pp += m;
    }
  });
}

namespace {

// cgeev returns complex eigenvalues and vectors directly.
void complex_eig(const array& a, std::vector<array>& outputs, bool compute_vectors) {
  array work = working_copy(a);
  for (auto& o : outputs) allocate(o);
  const int n = a.shape(-1);
  auto* pa = work.data<complex64_t>();
  auto* pw = outputs[0].data<complex64_t>();
  auto* pv = compute_vectors ? outputs[1].data<complex64_t>() : nullptr;
  std::vector<complex64_t> unused_vr(compute_vectors ? 0 : 1);
  for (int64_t b = 0, count = batch_count(a); b < count && n > 0; ++b) {
    int info = Lapack::geev(compute_vectors ? 'V' : 'N', n, pa, pw,
                            compute_vectors ? pv : unused_vr.data());
    if (info > 0) fail("linalg::eig", "Eigendecomposition did not converge", info);
    pa += n * n;
    pw += n;
    if (compute_vectors) pv += n * n;
  }
}

} // namespace

void eig(const array& a, std::vector<array>& outputs, bool compute_vectors) {
  if (a.dtype() == complex64) return complex_eig(a, outputs, compute_vectors);
  dispatch_lapack(a.dtype(), "linalg::eig", [&](auto tag) {
    using T = decltype(tag);
    array work = working_copy(a);
    for (auto& o : outputs) allocate(o);
    const int n = a.shape(-1);
    T* pa = work.data<T>();
    auto* pw = outputs[0].data<complex64_t>();
    auto* pv = compute_vectors ? outputs[1].data<complex64_t>() : nullptr;
    std::vector<T> wr(std::max(n, 1)), wi(std::max(n, 1)), vr(compute_vectors ? n * n : 1);
    for (int64_t b = 0, count = batch_count(a); b < count && n > 0; ++b) {
      int info = Lapack::geev(compute_vectors ? 'V' : 'N', n, pa, wr.data(), wi.data(), vr.data());
      if (info > 0) fail("linalg::eig", "Eigendecomposition did not converge", info);
      for (int j = 0; j < n; ++j) pw[j] = complex64_t(float(wr[j]), float(wi[j]));
      // A complex pair (j, j+1) stores its vector as columns re = j, im = j+1.
      for (int j = 0; compute_vectors && j < n; ++j) {
        if (wi[j] != T(0) && j + 1 < n) {
          for (int i = 0; i < n; ++i) {
            float re = float(vr[i * n + j]), im = float(vr[i * n + j + 1]);
            pv[i * n + j] = complex64_t(re, im);
            pv[i * n + j + 1] = complex64_t(re, -im);
          }
          ++j;
        } else {
          for (int i = 0; i < n; ++i) pv[i * n + j] = complex64_t(float(vr[i * n + j]), 0.0f);
        }
      }
      pa += n * n;
      pw += n;
      if (compute_vectors) pv += n * n;
    }
  });
}

} // namespace mxcore::cpu

namespace mxcore {

void Inverse::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::inverse(inputs[0], outputs[0], triangular_, upper_);
}

void Cholesky::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::cholesky(inputs[0], outputs[0], upper_);
}

void QRF::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::qr(inputs[0], outputs[0], outputs[1]);
}

void SVD::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::svd(inputs[0], outputs, compute_uv_);
}

void Eigh::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::eigh(inputs[0], outputs, uplo_, compute_vectors_);
}

void Eig::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::eig(inputs[0], outputs, compute_vectors_);
}

void LUF::eval_cpu(const std::vector<array>& inputs, std::vector<array>& outputs) {
  cpu::lu_factor(inputs[0], outputs[0], outputs[1], outputs[2]);
}

} // namespace mxcore
