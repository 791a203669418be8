// Docstrings: function transforms and compile (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> transforms_entries() {
  return {
      {"compile", R"(Compile a function into a traced, fused and JIT-built equivalent.

A call of the compiled function with new argument structure, constants, shapes
or dtypes traces ``fun`` once on placeholder arrays and records its graph. The
graph is then simplified (equal scalar constants merged, no-op primitives
dropped, common subexpressions merged) and fusable regions (elementwise ops,
broadcasts, and reductions over the last axis with their neighbours) are fused
into ``Compiled`` primitives. Later calls with the same structure reuse the
traced graph; the result is evaluated lazily like any other array.

On the CPU each fused region is a JIT kernel: mxcore emits C++ source for it,
builds it into a shared library with the system compiler (``$MXCORE_CXX`` if
set, else ``c++``, ``g++`` or ``clang++`` on ``PATH``) and loads it with
``dlopen``. Without a usable compiler, or when a build fails, the region runs on
the eager kernels after one warning, so results do not change.

Built kernels are kept in an on-disk kernel cache shared by later processes:
``kernels/`` under ``$MXCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/mxcore``, else
``~/.cache/mxcore``. The directories are created ``0700`` and the files ``0600``
whatever the umask; a cache root not owned by the user or writable by others is
refused for a private temporary directory, and every entry is verified (HMAC)
before it is loaded. The cache is capped at ``$MXCORE_CACHE_MAX_MB`` megabytes
(default 1024, least recently used first); :func:`clear_kernel_cache` deletes
it.

``MXCORE_DISABLE_COMPILE`` (or ``MLX_DISABLE_COMPILE``), set before mxcore is
first used, and :func:`disable_compile` make ``compile`` return functions that
run ``fun`` eagerly. With MXCORE_LOG=compile, builds, cache hits and retraces
are logged to stderr with the path of each kernel's C++ source.

Args:
    fun (Callable): A function taking and returning trees (lists, tuples, dicts)
        of arrays. Non-array arguments (ints, floats, bools, strings, ``None``)
        and the tree structure are compile-time constants: a call with other
        values traces again.
    inputs (list or dict, optional): Implicit inputs: a tree of arrays (for
        example ``mx.random.state`` or a model's parameters) that ``fun`` reads
        without receiving them as arguments; their current values are used on
        every call. Default: ``None``.
    outputs (list or dict, optional): Implicit outputs: a tree of containers
        that ``fun`` updates; the new arrays are written back after each call.
        Default: ``None``.
    shapeless (bool, optional): Do not trace again when input shapes change (a
        change of rank or dtype still traces). Ops whose output shape depends on
        input shapes in ways a shapeless graph cannot follow raise. Default:
        ``False``.

Returns:
    Callable: The compiled function, called like ``fun``.)"},
      {"disable_compile", R"(Globally disable compilation.

Functions made by :func:`compile` then run their Python function eagerly.
Setting ``MXCORE_DISABLE_COMPILE`` (or ``MLX_DISABLE_COMPILE``) in the
environment before mxcore is first used does the same.

Returns:
    None.)"},
      {"enable_compile", R"(Globally enable compilation again.

Undoes :func:`disable_compile` and the ``MXCORE_DISABLE_COMPILE`` environment
flag.

Returns:
    None.)"},
      {"grad", R"(Make a function that computes the gradient of ``fun``.

``fun`` must return a scalar array. The gradient has the tree structure of the
differentiated arguments.

Args:
    fun (Callable): A function of trees of arrays returning a scalar array.
    argnums (int or list(int), optional): The positional arguments to
        differentiate with respect to. Default: ``0`` when ``argnames`` is
        empty, else none.
    argnames (str or list(str), optional): Keyword arguments to differentiate
        with respect to. Default: ``[]``.

Returns:
    Callable: A function with the arguments of ``fun`` returning the gradients:
        one tree for a single ``argnums`` entry, a tuple for several, and
        ``(positional_grads, keyword_grads)`` when ``argnames`` is given.)"},
      {"value_and_grad", R"(Make a function that computes both the value and the gradient of ``fun``.

``fun`` returns a scalar loss, or a tuple whose first element is the scalar loss
(the rest are returned alongside, without gradient).

Args:
    fun (Callable): The function; its first output (or only output) is the
        scalar to differentiate.
    argnums (int or list(int), optional): The positional arguments to
        differentiate with respect to. Default: ``0`` when ``argnames`` is
        empty, else none.
    argnames (str or list(str), optional): Keyword arguments to differentiate
        with respect to. Default: ``[]``.

Returns:
    Callable: A function with the arguments of ``fun`` returning ``(value,
        grads)``, the grads shaped as for :func:`grad`.)"},
      {"vmap", R"(Make a vectorized version of ``fun``.

The returned function maps ``fun`` over an axis of its inputs and stacks the
results along an axis of its outputs, without a Python loop.

Args:
    fun (Callable): A function of trees of arrays returning trees of arrays.
    in_axes (int, None or tree, optional): The mapped axis of each input: an int
        for all, or a prefix tree of the inputs with ints or ``None`` (not
        mapped). Default: ``0``.
    out_axes (int, None or tree, optional): Where the mapped axis goes in each
        output, likewise. Default: ``0``.

Returns:
    Callable: The vectorized function.)"},
      {"jvp", R"(The Jacobian-vector product of ``fun`` at ``primals``.

Forward-mode differentiation: the directional derivative of the outputs along
``tangents``.

Args:
    fun (Callable): A function taking arrays as positional arguments and
        returning an array or a list of arrays.
    primals (list(array)): The point at which to differentiate.
    tangents (list(array)): One tangent per primal, of the same shapes.

Returns:
    tuple(list(array), list(array)): ``(outputs, jvps)``.)"},
      {"vjp", R"(The vector-Jacobian product of ``fun`` at ``primals``.

Reverse-mode differentiation: the cotangents of the outputs pulled back to the
inputs.

Args:
    fun (Callable): A function taking arrays as positional arguments and
        returning an array or a list of arrays.
    primals (list(array)): The point at which to differentiate.
    cotangents (list(array)): One cotangent per output, of the same shapes.

Returns:
    tuple(list(array), list(array)): ``(outputs, vjps)``.)"},
      {"checkpoint", R"(Make a version of ``fun`` that recomputes its intermediates for the backward pass.

Gradient checkpointing: instead of keeping every intermediate array of ``fun``
alive until the gradient is computed, the forward pass is run again during the
backward pass. This trades compute for memory.

Args:
    fun (Callable): The function to checkpoint.

Returns:
    Callable: A function with the same results and gradients as ``fun``.)"},
      {"stop_gradient", R"(Stop gradients from flowing through an array.

The value is unchanged; under :func:`grad`, :func:`vjp` and :func:`jvp` its
derivative is zero.

Args:
    a (array): The input array.

Returns:
    array: ``a``, as a node that blocks gradients.)"},
      {"eval", R"(Evaluate arrays or trees of arrays.

Computations are lazy; ``eval`` runs the graph of its arguments and waits for
it. Non-array leaves are ignored.

Args:
    *args (array or tree of arrays): The arrays to evaluate, given as single
        arrays or lists, tuples and dicts of them.

Returns:
    None.)"},
      {"async_eval", R"(Start evaluating arrays or trees of arrays without waiting for the result.

The evaluation is scheduled and ``async_eval`` returns; reading an array
(``item``, ``tolist``, NumPy conversion) or :func:`eval` waits for it.

Args:
    *args (array or tree of arrays): The arrays to evaluate.

Returns:
    None.)"},
      {"depends", R"(Make arrays depend on other arrays in the graph.

Evaluating the returned arrays first evaluates ``dependencies``, although their
values are not used. Useful to order side effects such as
:func:`distributed.send`.

Args:
    inputs (array or list(array)): The arrays to return.
    dependencies (array or list(array)): The arrays they must wait for.

Returns:
    array or list(array): ``inputs``, with the added dependencies.)"},
      {"export_to_dot", R"(Write the graph that computes some arrays in graphviz dot format.

Keyword arguments name arrays and add them to the graph
(``export_to_dot("g.dot", out, x=x)``). Fused regions of a compiled function
show as ``Compiled(...)`` nodes.

Args:
    file (str or file): A path or a writable file-like object.
    *args (array or tree of arrays): The outputs whose graph is written.

Returns:
    None.)"},
  };
}

} // namespace mxpy::docs
