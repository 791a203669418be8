// mx.distributed: groups and collectives (include/mxcore/distributed.h).
#include <pybind11/stl.h>

#include "convert.h"
#include "distributed/group_impl.h"
#include "mxcore/distributed.h"

using namespace mxcore;
namespace dist = mxcore::distributed;

namespace {

// Where the `mpich` wheel puts libmpi: <prefix>/lib of this interpreter.
std::vector<std::string> wheel_mpi_candidates() {
  std::vector<std::string> paths;
  auto sys = py::module_::import("sys");
  for (const char* attr : {"prefix", "base_prefix"}) {
    std::string prefix = py::str(sys.attr(attr));
    paths.push_back(prefix + "/lib/libmpi.so.12");
  }
  return paths;
}

// An uncaught exception on one rank ends every rank through MPI_Abort, so
// the others fail with MPI's message instead of waiting forever in a
// collective the failed rank will never join.
void abort_all_ranks_on_uncaught_exception() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  auto sys = py::module_::import("sys");
  py::object previous = sys.attr("excepthook");
  sys.attr("excepthook") = py::cpp_function(
      [previous](py::object type, py::object value, py::object tb) {
        previous(type, value, tb);
        py::module_::import("sys").attr("stderr").attr("flush")();
        dist::detail::mpi_abort(1);
      });
}

std::optional<dist::Group> group_arg(const std::optional<dist::Group>& g) { return g; }

} // namespace

void init_distributed(py::module_& parent) {
  auto m = parent.def_submodule(
      "distributed",
      "mxcore.distributed: communication between processes (MPI, loaded at run time).");
  dist::set_mpi_library_candidates(wheel_mpi_candidates());

  py::class_<dist::Group>(m, "Group", "A group of processes that can communicate.")
      .def("rank", &dist::Group::rank, "The rank of this process in the group.")
      .def("size", &dist::Group::size, "The number of processes in the group.")
      .def("split", &dist::Group::split, py::arg("color"), py::arg("key") = -1,
           R"(Split the group into subgroups by color.

Args:
    color (int): Processes with the same color end up in the same subgroup.
    key (int, optional): Orders the processes in the subgroup (default: their rank).

Returns:
    Group: The subgroup of this process.)")
      .def("__repr__", [](const dist::Group& g) {
        return "Group(rank=" + std::to_string(g.rank()) + ", size=" + std::to_string(g.size()) + ")";
      });

  m.def("is_available", &dist::is_available, py::arg("backend") = "any",
        R"(Whether a communication backend can be used.

Args:
    backend (str): ``"any"`` (default), ``"mpi"``, ``"ring"``, ``"jaccl"`` or ``"nccl"``.

Returns:
    bool: True when the backend's library loads (MPI; NCCL also needs a CUDA GPU).)");
  // all_gather_factory is JACCL's side channel; mxcore has no JACCL backend,
  // so it is accepted (MLX programs pass it) and unused.
  m.def("init", [](bool strict, const std::string& backend, const py::object& /*all_gather_factory*/) {
          auto group = dist::init(strict, backend);
          if (std::string(group.impl()->backend()) == "mpi") abort_all_ranks_on_uncaught_exception();
          // The same Python object for the same global group, as in MLX.
          static py::object* cached = new py::object();  // leaked: outlives the interpreter
          if (*cached && cached->cast<dist::Group&>().impl() == group.impl()) {
            return *cached;
          }
          *cached = py::cast(group);
          return *cached;
        },
        py::arg("strict") = false, py::arg("backend") = "any", py::kw_only(),
        py::arg("all_gather_factory") = py::none(),
        R"(Initialize the communication backend and return the global group.

With ``backend="any"`` MPI is used when the process was started by
``mpirun``/``mpiexec`` and an MPI library (MPICH ABI: ``pip install
'mxcore[mpi]'``, or ``MXCORE_MPI_LIBRARY``) loads; otherwise the singleton
group (rank 0 of 1) is returned, on which collectives are copies.
``backend="nccl"``: one process per GPU over NCCL (docs/DISTRIBUTED.md).

Args:
    strict (bool): Raise instead of falling back to the singleton group.
    backend (str): ``"any"``, ``"mpi"``, ``"ring"``, ``"jaccl"`` or ``"nccl"``.
    all_gather_factory (Callable, optional): The byte all-gather the JACCL
        backend uses to exchange connection data; accepted for MLX programs
        and unused (mxcore has no JACCL backend). Default: ``None``.

Returns:
    Group: The global group.)");

  using Collective = array (*)(const array&, std::optional<dist::Group>, StreamOrDevice);
  auto def_collective = [&m](const char* name, Collective fn, const char* doc) {
    m.def(name, [fn](const py::object& x, std::optional<dist::Group> group, mxpy::StreamArg s) {
            return fn(mxpy::to_array(x), group_arg(group), s);
          },
          py::arg("x"), py::kw_only(), py::arg("group") = py::none(),
          py::arg("stream") = py::none(), doc);
  };
  def_collective("all_sum", &dist::all_sum, R"(Sum ``x`` over every process of the group.

Args:
    x (array): The local array (same shape and dtype on every process).
    group (Group, optional): The group (default: the global group).

Returns:
    array: The elementwise sum, on every process.)");
  def_collective("all_max", &dist::all_max, R"(Elementwise maximum of ``x`` over the group.

Args:
    x (array): The local array.
    group (Group, optional): The group (default: the global group).

Returns:
    array: The elementwise maximum, on every process.)");
  def_collective("all_min", &dist::all_min, R"(Elementwise minimum of ``x`` over the group.

Args:
    x (array): The local array.
    group (Group, optional): The group (default: the global group).

Returns:
    array: The elementwise minimum, on every process.)");
  def_collective("all_gather", &dist::all_gather,
                 R"(Concatenate ``x`` from every process along the first axis.

Args:
    x (array): The local array.
    group (Group, optional): The group (default: the global group).

Returns:
    array: The arrays of ranks 0, 1, ... concatenated along axis 0.)");
  def_collective("sum_scatter", &dist::sum_scatter,
                 R"(Sum ``x`` over the group and keep this process's shard of the first axis.

Args:
    x (array): The local array; the group size must divide its first axis.
    group (Group, optional): The group (default: the global group).

Returns:
    array: Rows ``rank * n / size`` to ``(rank + 1) * n / size`` of the sum.)");

  m.def("send", [](const py::object& x, int dst, std::optional<dist::Group> group,
                   mxpy::StreamArg s) { return dist::send(mxpy::to_array(x), dst, group, s); },
        py::arg("x"), py::arg("dst"), py::kw_only(), py::arg("group") = py::none(),
        py::arg("stream") = py::none(),
        R"(Send ``x`` to process ``dst``.

Args:
    x (array): The array to send.
    dst (int): The rank of the receiving process.
    group (Group, optional): The group (default: the global group).

Returns:
    array: ``x``; evaluating it performs the send.)");
  m.def("recv", [](const py::object& shape, Dtype dtype, int src,
                   std::optional<dist::Group> group, mxpy::StreamArg s) {
          return dist::recv(mxpy::to_shape(shape), dtype, src, group, s);
        },
        py::arg("shape"), py::arg("dtype"), py::arg("src"), py::kw_only(),
        py::arg("group") = py::none(), py::arg("stream") = py::none(),
        R"(Receive an array from process ``src``.

Args:
    shape (tuple[int]): The shape of the array sent.
    dtype (Dtype): Its dtype.
    src (int): The rank of the sending process.
    group (Group, optional): The group (default: the global group).

Returns:
    array: The received array.)");
  m.def("recv_like", [](const py::object& x, int src, std::optional<dist::Group> group,
                        mxpy::StreamArg s) {
          return dist::recv_like(mxpy::to_array(x), src, group, s);
        },
        py::arg("x"), py::arg("src"), py::kw_only(), py::arg("group") = py::none(),
        py::arg("stream") = py::none(),
        R"(Receive an array shaped and typed like ``x`` from process ``src``.

Args:
    x (array): Gives the shape and dtype.
    src (int): The rank of the sending process.
    group (Group, optional): The group (default: the global group).

Returns:
    array: The received array.)");
}
