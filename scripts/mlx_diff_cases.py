"""Case tables for scripts/mlx_diff_fuzz.py: each case is a function of the
library module (mlx.core or mxcore), so one description drives both sides."""
import collections
import itertools

import numpy as np

Case = collections.namedtuple("Case", "id group op_name fn tol")

INT_DTYPES = ["uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "bfloat16", "float32", "float64"]
ALL_DTYPES = ["bool"] + INT_DTYPES + FLOAT_DTYPES + ["complex64"]
SHAPES = [(), (0,), (1,), (5,), (3, 4), (2, 0, 3), (2, 3, 5)]
RNG = np.random.default_rng(0)


def sample(dtype, shape, kind="any"):
    """NumPy data for `dtype`; `kind` narrows the domain (positive, nonzero, unit)."""
    n = int(np.prod(shape)) if shape else 1
    if dtype == "bool":
        v = RNG.integers(0 if kind == "any" else 1, 2, n).astype(bool)
    elif dtype.startswith("uint"):
        hi = {"uint8": 255, "uint16": 1000, "uint32": 100000, "uint64": 100000}[dtype]
        v = RNG.integers(1 if kind != "any" else 0, hi, n)
        if kind == "small":
            v = RNG.integers(0, 5, n)
    elif dtype.startswith("int"):
        hi = {"int8": 127, "int16": 1000, "int32": 100000, "int64": 100000}[dtype]
        v = RNG.integers(-hi, hi, n)
        if kind in ("positive", "unit"):
            v = RNG.integers(1, hi, n)
        elif kind == "nonzero":
            v[v == 0] = 3
        elif kind == "small":
            v = RNG.integers(-4, 5, n)
    else:
        v = RNG.standard_normal(n) * 3
        if kind == "positive":
            v = np.abs(v) + 0.1
        elif kind == "unit":
            v = np.tanh(v) * 0.95
        elif kind == "small":
            v = RNG.integers(-4, 5, n) + 0.5 * RNG.integers(0, 2, n)
        if dtype == "complex64":
            v = v + 1j * RNG.standard_normal(n)
    return v.reshape(shape)


def lib_dtype(lib, name):
    return getattr(lib, "bool_" if name == "bool" else name)


def make_input(dtype, shape, layout="c", kind="any", data=None):
    """A function lib -> array with the same values on both sides; layout "T"
    builds it as a transpose, "s" as a negative-step slice (non-contiguous)."""
    data = sample(dtype, shape, kind) if data is None else data
    np_dtype = "float32" if dtype == "bfloat16" else dtype

    def build(lib):
        if layout == "T" and data.ndim >= 2:
            a = lib.array(np.ascontiguousarray(data.T).astype(np_dtype))
            a = a.astype(lib_dtype(lib, dtype)).T
        elif layout == "s" and data.ndim >= 1:
            wide = np.repeat(data[::-1], 2, axis=0).astype(np_dtype)
            a = lib.array(wide).astype(lib_dtype(lib, dtype))[::-2]
        else:
            a = lib.array(np.asarray(data).astype(np_dtype)).astype(lib_dtype(lib, dtype))
        return a

    return build


def special_input(dtype):
    vals = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 0.5, -2.5, 1e30, -1e-30, 3.5])
    if dtype == "complex64":
        vals, imag = vals.astype(np.complex128), vals[::-1]
        vals.imag = imag
    return make_input(dtype, vals.shape, data=vals)


def _scope(name, lib):
    obj = lib
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def build_arg(x, lib):
    if isinstance(x, list):
        return [build_arg(i, lib) for i in x]
    return x(lib) if callable(x) else x


def call(name, *inputs, **kwargs):
    """A case function calling lib.<name>(*built inputs, **kwargs); inputs that
    are callables are built per library, others are passed as they are."""

    def fn(lib):
        args = [build_arg(i, lib) for i in inputs]
        kw = {k: (v(lib) if callable(v) and not isinstance(v, type) else v) for k, v in kwargs.items()}
        kw = {k: (lib_dtype(lib, v[6:]) if isinstance(v, str) and v.startswith("dtype:") else v) for k, v in kw.items()}
        return _scope(name, lib)(*args, **kw)

    return fn


def cases_for(group, name, variants, tol=1.0, op_name=None):
    op_name = op_name if op_name is not None else name.split(".")[-1]
    for vid, fn in variants:
        yield Case(f"{name}[{vid}]", group, op_name, fn, tol)


UNARY = ("abs negative sign sqrt rsqrt square exp expm1 log log1p log2 log10 sin cos tan "
         "arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh floor ceil round reciprocal "
         "sigmoid erf erfinv logical_not bitwise_invert isnan isinf isfinite isposinf isneginf "
         "degrees radians real imag conjugate stop_gradient nan_to_num").split()
UNARY_TOL = {"erfinv": 20, "tan": 10, "expm1": 5, "sinh": 5, "cosh": 5, "exp": 5}


def unary_cases():
    for name in UNARY:
        variants = []
        for dt in ALL_DTYPES:
            for shape in [(), (0,), (7,), (3, 4)]:
                kind = "unit" if name in ("arcsin", "arccos", "arctanh", "erfinv") else "any"
                variants.append((f"{dt}{shape}", call(name, make_input(dt, shape, kind=kind))))
            variants.append((f"{dt}-T", call(name, make_input(dt, (3, 4), "T"))))
            variants.append((f"{dt}-s", call(name, make_input(dt, (5,), "s"))))
            if dt in FLOAT_DTYPES + ["complex64"]:
                variants.append((f"{dt}-special", call(name, special_input(dt))))
        yield from cases_for("unary", name, variants, UNARY_TOL.get(name, 1.0))
    for dec in (0, 1, 2, -1):
        yield from cases_for("unary", "round", [
            (f"decimals={dec}-{dt}", call("round", make_input(dt, (6,)), decimals=dec)) for dt in ["float32", "int32", "float16"]])


BINARY = ("add subtract multiply divide floor_divide remainder power maximum minimum equal not_equal "
          "less less_equal greater greater_equal logical_and logical_or bitwise_and bitwise_or "
          "bitwise_xor left_shift right_shift arctan2 logaddexp divmod").split()
NONZERO_RHS = {"floor_divide", "remainder", "divmod"}
SCALARS = [2, -3, 0, 2.5, True, 1 + 2j, 300, -1.5]


def binary_cases():
    pairs = [((), ()), ((5,), (5,)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((0,), (1,)), ((2, 0, 3), (3,))]
    for name in BINARY:
        variants = []
        rkind = "nonzero" if name in NONZERO_RHS else ("small" if name in ("power", "left_shift", "right_shift") else "any")
        for dt in ALL_DTYPES:
            for sa, sb in pairs:
                variants.append((f"{dt}{sa}{sb}", call(name, make_input(dt, sa), make_input(dt, sb, kind=rkind))))
            variants.append((f"{dt}-T", call(name, make_input(dt, (3, 4), "T"), make_input(dt, (3, 4), "s", kind=rkind))))
            for s in SCALARS:
                if rkind == "nonzero" and s == 0:
                    continue
                variants.append((f"{dt}-rscalar{s!r}", call(name, make_input(dt, (4,)), s)))
                variants.append((f"{dt}-lscalar{s!r}", call(name, s, make_input(dt, (4,), kind=rkind))))
        for da, db in [("int8", "uint8"), ("int32", "float16"), ("uint32", "int32"), ("uint64", "int64"),
                       ("bool", "int8"), ("float16", "bfloat16"), ("int64", "float32"), ("float32", "complex64"),
                       ("uint64", "float16"), ("int16", "uint16"), ("bool", "float16")]:
            variants.append((f"{da}+{db}", call(name, make_input(da, (4,)), make_input(db, (4,), kind=rkind))))
        yield from cases_for("binary", name, variants, 5.0 if name in ("power", "logaddexp") else 1.0)
    # integer overflow wraps
    for name in ("add", "multiply", "subtract", "negative"):
        for dt in ["int8", "uint8", "int16", "int32", "uint32", "int64"]:
            big = {"int8": 120, "uint8": 250, "int16": 32000, "int32": 2**31 - 5, "uint32": 2**32 - 5, "int64": 2**62}[dt]
            arr = make_input(dt, (3,), data=np.array([big, big, 1]))
            fn = call(name, arr) if name == "negative" else call(name, arr, arr)
            yield Case(f"{name}[overflow-{dt}]", "overflow", name, fn, 1.0)


REDUCE = "sum prod max min mean var std all any argmax argmin logsumexp".split()


def reduce_cases():
    for name in REDUCE:
        variants = []
        for dt in ALL_DTYPES:
            for shape in [(), (5,), (3, 4), (2, 3, 5), (2, 0, 3)]:
                variants.append((f"{dt}{shape}", call(name, make_input(dt, shape))))
                for ax in range(-len(shape), len(shape)):
                    if shape[ax] == 0 and len(shape) > 1:
                        continue  # MLX 0.32.4 at times hangs reducing a zero-size axis to a nonempty output
                    variants.append((f"{dt}{shape}-ax{ax}", call(name, make_input(dt, shape), axis=ax)))
                if len(shape) >= 2 and name not in ("argmax", "argmin") and 0 not in shape:
                    variants.append((f"{dt}{shape}-ax01-kd", call(name, make_input(dt, shape), axis=(0, 1), keepdims=True)))
                    variants.append((f"{dt}{shape}-T", call(name, make_input(dt, shape, "T"), axis=-1)))
            variants.append((f"{dt}-kd", call(name, make_input(dt, (3, 4)), keepdims=True)))
            variants.append((f"{dt}-badaxis", call(name, make_input(dt, (3, 4)), axis=2)))
        if name in ("var", "std"):
            variants += [(f"ddof{d}", call(name, make_input("float32", (3, 4)), axis=1, ddof=d)) for d in (0, 1, 4, 5)]
        yield from cases_for("reduce", name, variants, 20.0 if name in ("sum", "mean", "var", "std", "prod", "logsumexp") else 1.0)


SCANS = "cumsum cumprod cummax cummin logcumsumexp".split()


def scan_cases():
    for name in SCANS:
        variants = []
        for dt in ALL_DTYPES:
            for shape in [(), (0,), (6,), (3, 4)]:
                variants.append((f"{dt}{shape}", call(name, make_input(dt, shape, kind="small"))))
                for ax in range(-len(shape), len(shape)):
                    for rev, inc in itertools.product([False, True], [False, True]):
                        variants.append((f"{dt}{shape}-ax{ax}-r{rev}-i{inc}",
                                         call(name, make_input(dt, shape, kind="small"), axis=ax, reverse=rev, inclusive=inc)))
            variants.append((f"{dt}-T", call(name, make_input(dt, (3, 4), "T", kind="small"), axis=1)))
        yield from cases_for("scan", name, variants, 20.0)


def all_cases():
    from mlx_diff_cases_more import more_cases
    yield from unary_cases()
    yield from binary_cases()
    yield from reduce_cases()
    yield from scan_cases()
    yield from more_cases()
