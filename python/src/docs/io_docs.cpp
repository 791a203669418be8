// Docstrings: saving, export and interchange (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> io_entries() {
  return {
      {"save", R"(Save an array to a file in NumPy's ``.npy`` format.

A path without the ``.npy`` extension gets it appended. :func:`load` reads the
file back.

Args:
    file (str, pathlib.Path or file): The path, or a writable binary file
        object.
    arr (array): The array to save.

Returns:
    None.)"},
      {"save_safetensors", R"(Save a dict of arrays to a file in the ``.safetensors`` format.

A path without the ``.safetensors`` extension gets it appended. :func:`load`
reads the file back.

Args:
    file (str, pathlib.Path or file): The path, or a writable binary file
        object.
    arrays (dict(str, array)): The arrays, by name.
    metadata (dict(str, str), optional): Strings stored in the file header.
        Default: ``None``.

Returns:
    None.)"},
      {"export_function", R"(Export a function, traced on example inputs, to a file.

The example inputs are positional and keyword arrays, or one tuple of arrays
and/or one dict of arrays. ``fun`` is traced on them and its graph of
primitives, with its constants, is saved; :func:`import_function` loads it
without the Python code.

Args:
    file_or_callback (str or Callable): The path of the file to write, or a
        callback that receives the graph as dicts (``{"type": "inputs" | "keyword_inputs" |
        "constants" | "primitive" | "outputs", ...}``).
    fun (Callable): A function of zero or more arrays returning one or more
        arrays.
    shapeless (bool, optional): Let the imported function accept inputs of other
        shapes (the same number of dimensions and dtypes). Default: ``False``.
    metadata (dict(str, str) or str, optional): Strings stored in the file,
        read back as ``imported.metadata`` (one string, MLX's form, comes back
        from ``import_function(file, return_metadata=True)``). Default: ``None``.
    *args (array): Example positional inputs.
    **kwargs (array): Example keyword inputs.

Returns:
    None.)"},
      {"exporter", R"(Make a context manager that exports several traces of ``fun`` to one file.

Each call of the returned object traces ``fun`` on its arguments and adds the
trace to the file, so the imported function accepts each of the traced
signatures::

    with mx.exporter("fun.mxfn", fun) as ex:
        ex(mx.array(1))
        ex(mx.array(1), mx.array(2))

Args:
    file (str): The path of the file to write.
    fun (Callable): A function of zero or more arrays returning one or more
        arrays.
    shapeless (bool, optional): Let the imported function accept inputs of other
        shapes (the same number of dimensions and dtypes). Default: ``False``.
    metadata (dict(str, str) or str, optional): Strings stored in the file,
        read back as ``imported.metadata``. Default: ``None``.

Returns:
    FunctionExporter: The exporter; the file is complete when it is closed.)"},
      {"import_function", R"(Import a function saved by :func:`export_function` or :func:`exporter`.

The returned callable takes inputs of an exported signature (shapes and dtypes,
or only the number of dimensions and dtypes when exported shapeless) and runs
the saved graph.

Args:
    file (str): The path of the exported file.
    return_metadata (bool, optional): Also return the metadata given at
        export: the string when one string was given, else the dict.
        Default: ``False``.

Returns:
    ImportedFunction or tuple: A callable returning a tuple of arrays
        (``metadata`` holds the stored strings); with ``return_metadata``,
        ``(function, metadata)``.)"},
      {"from_dlpack", R"(Make an array from an object that supports the DLPack protocol.

The data is always copied (the array owns its memory), so ``copy=False`` raises
``ValueError``.

Args:
    x (object): An object with ``__dlpack__`` (for example a NumPy array or a
        torch tensor).
    copy (bool, optional): Accepted for the array API; ``None`` and ``True``
        copy. Default: ``None``.

Returns:
    array: The new array.)"},
  };
}

} // namespace mxpy::docs
