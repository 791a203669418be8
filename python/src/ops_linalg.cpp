// Python bindings of matmul / addmm, the array's @ operator, the products
// composed on matmul (inner, outer, tensordot, kron, einsum) and mx.linalg.
#include <cmath>

#include "convert.h"
#include "mxcore/linalg.h"

using namespace mxcore;

namespace {

std::optional<std::vector<int>> optional_axes(const py::object& axis) {
  if (axis.is_none()) return std::nullopt;
  if (py::isinstance<py::int_>(axis)) return std::vector<int>{axis.cast<int>()};
  return mxpy::to_axes(axis);
}

py::object as_tuple(const std::vector<array>& xs) {
  py::tuple t(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) t[i] = py::cast(xs[i]);
  return t;
}

void init_linalg_submodule(py::module_& parent) {
  auto m = parent.def_submodule("linalg", "mxcore.linalg: linear algebra.");
  m.def("norm", [](const array& a, const py::object& ord, const py::object& axis,
                   bool keepdims, mxpy::StreamArg s) {
    auto axes = optional_axes(axis);
    if (ord.is_none()) return linalg::norm(a, axes, keepdims, s);
    if (py::isinstance<py::str>(ord)) {
      return linalg::norm(a, ord.cast<std::string>(), axes, keepdims, s);
    }
    return linalg::norm(a, ord.cast<double>(), axes, keepdims, s);
  }, py::arg("a"), py::pos_only(), py::arg("ord") = py::none(), py::arg("axis") = py::none(),
     py::arg("keepdims") = false, py::kw_only(), py::arg("stream") = py::none(),
     "Matrix or vector norm.");
  m.def("inv", [](const array& a, mxpy::StreamArg s) { return linalg::inv(a, s); },
        py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
        "Compute the inverse of a square matrix.");
  m.def("tri_inv", [](const array& a, bool upper, mxpy::StreamArg s) {
    return linalg::tri_inv(a, upper, s);
  }, py::arg("a"), py::arg("upper") = false, py::kw_only(), py::arg("stream") = py::none(),
     "Compute the inverse of a triangular square matrix.");
  m.def("cholesky", [](const array& a, bool upper, mxpy::StreamArg s) {
    return linalg::cholesky(a, upper, s);
  }, py::arg("a"), py::arg("upper") = false, py::kw_only(), py::arg("stream") = py::none(),
     "Compute the Cholesky decomposition of a real symmetric positive semi-definite matrix.");
  m.def("cholesky_inv", [](const array& l, bool upper, mxpy::StreamArg s) {
    return linalg::cholesky_inv(l, upper, s);
  }, py::arg("a"), py::arg("upper") = false, py::kw_only(), py::arg("stream") = py::none(),
     "Compute the inverse of a matrix from its Cholesky factor.");
  m.def("pinv", [](const array& a, mxpy::StreamArg s) { return linalg::pinv(a, s); },
        py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
        "Compute the (Moore-Penrose) pseudo-inverse of a matrix.");
  m.def("qr", [](const array& a, mxpy::StreamArg s) {
    auto [q, r] = linalg::qr(a, s);
    return py::make_tuple(q, r);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
     "The QR factorization of the input matrix: (Q, R).");
  m.def("svd", [](const array& a, bool compute_uv, mxpy::StreamArg s) -> py::object {
    auto outs = linalg::svd(a, compute_uv, s);
    if (!compute_uv) return py::cast(outs[0]);
    return as_tuple(outs);
  }, py::arg("a"), py::arg("compute_uv") = true, py::kw_only(), py::arg("stream") = py::none(),
     "The Singular Value Decomposition (SVD) of the input matrix: (U, S, Vt) or S.");
  m.def("eigh", [](const array& a, const std::string& uplo, mxpy::StreamArg s) {
    auto [w, v] = linalg::eigh(a, uplo, s);
    return py::make_tuple(w, v);
  }, py::arg("a"), py::arg("UPLO") = "L", py::kw_only(), py::arg("stream") = py::none(),
     "Eigenvalues and eigenvectors of a real symmetric matrix.");
  m.def("eigvalsh", [](const array& a, const std::string& uplo, mxpy::StreamArg s) {
    return linalg::eigvalsh(a, uplo, s);
  }, py::arg("a"), py::arg("UPLO") = "L", py::kw_only(), py::arg("stream") = py::none(),
     "Eigenvalues of a real symmetric matrix.");
  m.def("eig", [](const array& a, mxpy::StreamArg s) {
    auto [w, v] = linalg::eig(a, s);
    return py::make_tuple(w, v);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
     "Eigenvalues and right eigenvectors of a general square matrix (complex64).");
  m.def("eigvals", [](const array& a, mxpy::StreamArg s) { return linalg::eigvals(a, s); },
        py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
        "Eigenvalues of a general square matrix (complex64).");
  m.def("lu", [](const array& a, mxpy::StreamArg s) { return as_tuple(linalg::lu(a, s)); },
        py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
        "LU factorization: (P, L, U) with A = L[P] @ U.");
  m.def("lu_factor", [](const array& a, mxpy::StreamArg s) {
    auto [lu, piv] = linalg::lu_factor(a, s);
    return py::make_tuple(lu, piv);
  }, py::arg("a"), py::kw_only(), py::arg("stream") = py::none(),
     "LU factorization in LAPACK's packed form: (LU, pivots).");
  m.def("solve", [](const array& a, const array& b, mxpy::StreamArg s) {
    return linalg::solve(a, b, s);
  }, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("stream") = py::none(),
     "Compute the solution to a system of linear equations AX = B.");
  m.def("solve_triangular", [](const array& a, const array& b, bool upper, mxpy::StreamArg s) {
    return linalg::solve_triangular(a, b, upper, s);
  }, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("upper") = false,
     py::arg("stream") = py::none(),
     "Computes the solution of a triangular system of linear equations AX = B.");
  m.def("cross", [](const array& a, const array& b, int axis, mxpy::StreamArg s) {
    return linalg::cross(a, b, axis, s);
  }, py::arg("a"), py::arg("b"), py::arg("axis") = -1, py::kw_only(),
     py::arg("stream") = py::none(), "Compute the cross product of two arrays along an axis.");
}

} // namespace

void init_ops_linalg(py::module_& m) {
  m.def("matmul", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    return matmul(mxpy::to_array(a), mxpy::to_array(b), s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(),
     py::arg("stream") = py::none(),
     "Matrix multiplication with NumPy's rules for 1-D operands and broadcast batch dims.");
  m.def("addmm", [](const py::object& c, const py::object& a, const py::object& b,
                    float alpha, float beta, mxpy::StreamArg s) {
    return addmm(mxpy::to_array(c), mxpy::to_array(a), mxpy::to_array(b), alpha, beta, s);
  }, py::arg("c"), py::arg("a"), py::arg("b"), py::pos_only(), py::arg("alpha") = 1.0f,
     py::arg("beta") = 1.0f, py::kw_only(), py::arg("stream") = py::none(),
     "Matrix multiplication with addition and optional scaling: alpha * (a @ b) + beta * c.");

  m.def("inner", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return inner(x, y, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Ordinary inner product of vectors for 1-D arrays, in higher dimensions a sum "
     "product over the last axes.");
  m.def("outer", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return outer(x, y, s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
     "Compute the outer product of two 1-D arrays (inputs are flattened).");
  m.def("tensordot", [](const py::object& a, const py::object& b, const py::object& axes,
                        mxpy::StreamArg s) {
    array x = mxpy::to_array(a), y = mxpy::to_array(b);
    if (py::isinstance<py::int_>(axes)) return tensordot(x, y, axes.cast<int>(), s);
    auto pair = axes.cast<py::sequence>();
    if (pair.size() != 2) {
      throw std::invalid_argument("[tensordot] axes must be an int or a pair of axis lists.");
    }
    return tensordot(x, y, mxpy::to_axes(pair[0]), mxpy::to_axes(pair[1]), s);
  }, py::arg("a"), py::arg("b"), py::pos_only(), py::arg("axes") = 2, py::kw_only(),
     py::arg("stream") = py::none(),
     "Compute the tensor dot product along the specified axes.");
  m.def("kron", [](const py::object& a, const py::object& b, mxpy::StreamArg s) {
    auto [x, y] = mxpy::to_arrays(a, b);
    return kron(x, y, s);
  }, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("stream") = py::none(),
     "Compute the Kronecker product of two arrays.");
  m.def("einsum", [](const std::string& subscripts, py::args operands, py::kwargs kwargs) {
    mxpy::StreamArg s;
    for (auto item : kwargs) {
      if (item.first.cast<std::string>() != "stream") {
        throw py::type_error("einsum() got an unexpected keyword argument '" +
                             item.first.cast<std::string>() + "'");
      }
      if (!item.second.is_none()) s = item.second.cast<mxpy::StreamArg>();
    }
    std::vector<array> xs;
    for (auto op : operands) xs.push_back(mxpy::to_array(op));
    return einsum(subscripts, xs, s);
  }, py::arg("subscripts"),
     "Perform the Einstein summation convention on the operands.");

  init_linalg_submodule(m);

  auto cls = py::reinterpret_borrow<py::class_<array>>(m.attr("array"));
  // A Python number has no matrix product (TypeError, as Python and MLX say);
  // arrays and array-likes go to matmul, which checks their shapes.
  auto reject_scalar = [](const py::object& b, bool reflected) {
    if (py::isinstance<py::bool_>(b) || py::isinstance<py::int_>(b) ||
        py::isinstance<py::float_>(b) || PyComplex_Check(b.ptr())) {
      std::string other = py::str(py::type::handle_of(b).attr("__name__"));
      throw py::type_error("unsupported operand type(s) for @: '" +
                           (reflected ? other + "' and 'array'" : "array' and '" + other + "'"));
    }
  };
  cls.def("__matmul__", [reject_scalar](const array& a, const py::object& b) {
       reject_scalar(b, false);
       return matmul(a, mxpy::to_array(b));
     })
     .def("__rmatmul__", [reject_scalar](const array& a, const py::object& b) {
       reject_scalar(b, true);
       return matmul(mxpy::to_array(b), a);
     })
     .def("__imatmul__", [](const py::object& self, const py::object& b) {
       array& a = self.cast<array&>(); // in place: the same Python object, as in MLX
       a = matmul(a, mxpy::to_array(b));
       return self;
     });
}
