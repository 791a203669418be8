"""Indexing, operator and transform (grad/vjp/jvp/vmap) cases for
scripts/mlx_diff_fuzz.py."""
import operator

import numpy as np

from mlx_diff_cases import lib_dtype, Case, make_input

GETITEM_KEYS = [
    0, -1, 5, (1, 2), slice(None, None, -1), slice(3, 0, -2), slice(-2, None), (Ellipsis, 1), (None, 0),
    (slice(None), None, 1), (0, Ellipsis, None), [0, 2], [[0], [1]], (slice(None), [2, 0]), ([0, 1], [1, 2]),
    ([0, 1], slice(None), [1, 0]), (0, [1, 2], None), True, False, (slice(None), slice(None), slice(None), 0),
    ((), ), (Ellipsis, Ellipsis), slice(10, 20), (1, slice(None, None, 2), -1), [-1, -3], "ARR", "BOOL", "ARR2D",
    (slice(None), "ARR"), 2.0, (slice(1, 1),),
]


def _key(k, lib):
    if k == "ARR":
        return lib.array([1, 0, -1])
    if k == "ARR2D":
        return lib.array([[0, 1], [1, 0]])
    if k == "BOOL":
        return lib.array([True, False, True])
    if isinstance(k, tuple):
        return tuple(_key(x, lib) for x in k)
    return k


def index_cases():
    built = {}

    def base(dt="float32", lay="c"):
        # The same data on both sides: inputs are drawn once per (dtype, layout).
        if (dt, lay) not in built:
            built[dt, lay] = make_input(dt, (3, 4, 5), lay)
        return built[dt, lay]

    for i, k in enumerate(GETITEM_KEYS):
        for lay in ("c", "T"):
            yield Case(f"getitem[{i}:{k!r}:{lay}]", "getitem", "", lambda lib, k=k, lay=lay: base(lay=lay)(lib)[_key(k, lib)], 1.0)
    yield Case("getitem[0d-None]", "getitem", "", lambda lib: lib.array(3.0)[None], 1.0)
    yield Case("getitem[0d-int]", "getitem", "", lambda lib: lib.array(3.0)[0], 1.0)
    yield Case("getitem[0d-ellipsis]", "getitem", "", lambda lib: lib.array(3.0)[...], 1.0)
    yield Case("getitem[mxarr-uint]", "getitem", "", lambda lib: base()(lib)[lib.array([2, 0], lib.uint8)], 1.0)
    yield Case("getitem[float-arr]", "getitem", "", lambda lib: base()(lib)[lib.array([1.0])], 1.0)

    set_values = [0.5, 7, make_input("float32", (5,)), make_input("int32", (4, 5)), make_input("float16", (1, 5))]
    set_keys = [0, (1, 2), slice(None, None, -1), (Ellipsis, 0), [0, 2], (slice(None), [1, 3]), ([0, 0], [1, 1]),
                "BOOL", (0, slice(1, 3)), None, -1]

    def setitem(lib, k, v, dt):
        a = base(dt)(lib)
        a[_key(k, lib)] = v(lib) if callable(v) else v
        return a

    for i, k in enumerate(set_keys):
        for j, v in enumerate(set_values):
            for dt in ("float32", "int32"):
                yield Case(f"setitem[{k!r}:{j}:{dt}]", "setitem", "", lambda lib, k=k, v=v, dt=dt: setitem(lib, k, v, dt), 1.0)

    ops = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
           "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow, "matmul": operator.matmul,
           "lt": operator.lt, "le": operator.le, "eq": operator.eq, "ne": operator.ne, "gt": operator.gt,
           "ge": operator.ge, "and": operator.and_, "or": operator.or_, "xor": operator.xor,
           "lshift": operator.lshift, "rshift": operator.rshift}
    mixed = np.array([-7, -3, -1, 1, 3, 7])
    rhs = np.array([2, -2, 3, -3, 2, -2])
    for name, op in ops.items():
        for dta, dtb in [("int32", "int32"), ("float32", "float32"), ("int32", "float32"), ("uint8", "int8"),
                         ("bool", "bool"), ("float16", "float16")]:
            a, b = make_input(dta, (6,), data=mixed), make_input(dtb, (6,), data=rhs)
            if name == "matmul":
                a, b = make_input(dta, (2, 3), data=mixed.reshape(2, 3)), make_input(dtb, (3, 2), data=rhs.reshape(3, 2))
            yield Case(f"op_{name}[{dta},{dtb}]", "operators", "", lambda lib, a=a, b=b, op=op: op(a(lib), b(lib)), 1.0)
        for s in [2, -2, 2.5, -0.5, True, 0]:
            if name in ("floordiv", "mod", "truediv") and s == 0:
                continue
            for dt in ("int32", "float16", "uint8", "bool"):
                a = make_input(dt, (6,), data=mixed)
                yield Case(f"op_{name}[{dt} op {s!r}]", "operators", "", lambda lib, a=a, op=op, s=s: op(a(lib), s), 1.0)
                yield Case(f"op_r{name}[{s!r} op {dt}]", "operators", "", lambda lib, a=a, op=op, s=s: op(s, a(lib)), 1.0)
    inplace = {"iadd": operator.iadd, "isub": operator.isub, "imul": operator.imul, "itruediv": operator.itruediv,
               "ifloordiv": operator.ifloordiv, "imod": operator.imod, "ipow": operator.ipow, "iand": operator.iand,
               "ior": operator.ior, "ilshift": operator.ilshift}
    for name, op in inplace.items():
        for dt, s in [("int32", 2), ("int32", 2.5), ("float16", 3), ("float32", make_input("float32", (6,))),
                      ("int32", make_input("float32", (6,)))]:
            a = make_input(dt, (6,), data=mixed)

            def fn(lib, a=a, op=op, s=s):
                x = a(lib)
                y = x
                x = op(x, s(lib) if callable(s) else s)
                return x, y

            yield Case(f"inplace_{name}[{dt},{s if not callable(s) else 'arr'}]", "operators", "", fn, 1.0)
    for name in ("neg", "abs", "invert", "pos"):
        for dt in ("int32", "float32", "bool", "uint8"):
            a = make_input(dt, (6,), data=mixed)
            yield Case(f"op_{name}[{dt}]", "operators", "", lambda lib, a=a, n=name: getattr(operator, n)(a(lib)), 1.0)
    methods = [("sum", (), {}), ("mean", (0,), {}), ("reshape", (2, 3), {}), ("reshape", ((3, 2),), {}),
               ("transpose", (), {}), ("T", None, None), ("astype", ("dtype:int8",), {}), ("item", None, None),
               ("tolist", None, None), ("round", (1,), {}), ("flatten", (), {}), ("squeeze", (), {}),
               ("swapaxes", (0, 1), {}), ("max", (), {"keepdims": True}), ("split", (2,), {}), ("cumsum", (), {"axis": 0}),
               ("var", (), {"ddof": 1}), ("prod", (), {}), ("diag", (), {}), ("argmax", (), {}), ("conj", (), {}),
               ("abs", (), {}), ("square", (), {}), ("nbytes", None, None), ("itemsize", None, None), ("size", None, None),
               ("ndim", None, None), ("moveaxis", (0, 1), {}), ("logsumexp", (), {}), ("all", (), {}),
               ("__len__", (), {}), ("__bool__", (), {}), ("__int__", (), {}), ("__float__", (), {}), ("__repr__", (), {})]
    for name, args, kw in methods:
        for shape in ((2, 3), (1,), ()):
            a = make_input("float32", shape)

            def fn(lib, a=a, name=name, args=args, kw=kw):
                x = a(lib)
                attr = getattr(x, name)
                if args is None:
                    return attr() if name in ("item", "tolist") else attr
                args = tuple(lib_dtype(lib, v[6:]) if isinstance(v, str) and v.startswith("dtype:") else v for v in args)
                out = attr(*args, **kw)
                return out.replace("mlx.core", "").replace("mxcore", "") if name == "__repr__" else out

            yield Case(f"method_{name}[{shape}]", "methods", name, fn, 1.0)


DIFF_UNARY = ("abs negative sign sqrt rsqrt square exp expm1 log log1p log2 log10 sin cos tan arcsin arccos "
              "arctan sinh cosh tanh arcsinh arctanh erf erfinv sigmoid reciprocal floor round softmax "
              "logsumexp sum prod max min mean var std cumsum cumprod cummax cummin logcumsumexp sort "
              "degrees radians real imag conjugate").split()
DIFF_BINARY = "add subtract multiply divide power maximum minimum arctan2 logaddexp remainder matmul".split()


def transform_cases():
    def positive(shape, dt="float32", seed=1):
        data = np.abs(np.random.default_rng(seed).standard_normal(shape)) * 0.4 + 0.1
        return make_input(dt, shape, data=data)

    for name in DIFF_UNARY:
        x = positive((3, 4))
        f = lambda lib, name=name: (lambda a: getattr(lib, name)(a).sum())  # noqa: E731
        g = lambda lib, name=name: (lambda a: getattr(lib, name)(a))  # noqa: E731
        yield Case(f"grad_{name}", "grad", "", lambda lib, f=f, x=x: lib.grad(f(lib))(x(lib)), 50.0)
        yield Case(f"vjp_{name}", "grad", "", lambda lib, g=g, x=x: lib.vjp(g(lib), [x(lib)], [lib.ones_like(g(lib)(x(lib)))])[1], 50.0)
        yield Case(f"jvp_{name}", "grad", "", lambda lib, g=g, x=x: lib.jvp(g(lib), [x(lib)], [positive((3, 4), seed=2)(lib)])[1], 50.0)
        yield Case(f"vmap_{name}", "vmap", "", lambda lib, g=g, x=x: lib.vmap(g(lib), in_axes=1)(x(lib)), 50.0)
        yield Case(f"vmap_grad_{name}", "vmap", "", lambda lib, f=f, x=x: lib.vmap(lib.grad(f(lib)))(x(lib)), 50.0)
        xc = make_input("complex64", (4,))
        if name in ("abs", "exp", "log", "sin", "cos", "square", "sqrt", "real", "imag", "conjugate", "sum", "prod", "tanh"):
            yield Case(f"vjp_complex_{name}", "grad", "", lambda lib, g=g, x=xc: lib.vjp(g(lib), [x(lib)], [lib.ones_like(g(lib)(x(lib)))])[1], 50.0)
    for name in DIFF_BINARY:
        a, b = positive((3, 3)), positive((3, 3), seed=3)
        f = lambda lib, name=name: (lambda x, y: getattr(lib, name)(x, y).sum())  # noqa: E731
        yield Case(f"grad_{name}", "grad", "", lambda lib, f=f, a=a, b=b: lib.grad(f(lib), argnums=(0, 1))(a(lib), b(lib)), 50.0)
        yield Case(f"jvp_{name}", "grad", "", lambda lib, name=name, a=a, b=b: lib.jvp(
            getattr(lib, name), [a(lib), b(lib)], [b(lib), a(lib)])[1], 50.0)
        yield Case(f"vmap_{name}", "vmap", "", lambda lib, name=name, a=a, b=b: lib.vmap(
            getattr(lib, name), in_axes=(0, 1))(a(lib), b(lib)), 50.0)
        yield Case(f"grad_bcast_{name}", "grad", "", lambda lib, f=f, a=a: lib.grad(f(lib), argnums=(0, 1))(
            a(lib), positive((3,), seed=4)(lib)), 50.0)
    shape_fns = {
        "transpose": lambda lib, x: lib.transpose(x, (1, 0)), "reshape": lambda lib, x: lib.reshape(x, (2, 6)),
        "getitem": lambda lib, x: x[1:, ::-2], "take": lambda lib, x: lib.take(x, lib.array([0, 2, 2]), axis=1),
        "gather": lambda lib, x: x[lib.array([0, 2]), lib.array([1, 1])], "pad": lambda lib, x: lib.pad(x, 1),
        "concatenate": lambda lib, x: lib.concatenate([x, x * 2], 1), "tile": lambda lib, x: lib.tile(x, (2, 1)),
        "repeat": lambda lib, x: lib.repeat(x, 2, 1), "broadcast": lambda lib, x: lib.broadcast_to(x[None], (2, 3, 4)),
        "where": lambda lib, x: lib.where(x > 0.3, x, x * x), "clip": lambda lib, x: lib.clip(x, 0.2, 0.4),
        "take_along": lambda lib, x: lib.take_along_axis(x, lib.array([[0], [1], [3]]), 1),
        "sort": lambda lib, x: lib.sort(x, 1), "topk": lambda lib, x: lib.topk(x, 2, 1), "norm": lambda lib, x: lib.linalg.norm(x),
        "softmax1": lambda lib, x: lib.softmax(x, 1), "cumsum_rev": lambda lib, x: lib.cumsum(x, 1, reverse=True),
        "diagonal": lambda lib, x: lib.diagonal(x), "flatten": lambda lib, x: lib.flatten(x),
        "split": lambda lib, x: lib.split(x, 2, 1)[1], "expand": lambda lib, x: lib.expand_dims(x, 0),
        "max_ax": lambda lib, x: lib.max(x, 1), "logsumexp_ax": lambda lib, x: lib.logsumexp(x, 0),
        "var_ax": lambda lib, x: lib.var(x, 1, ddof=1), "rms_norm": lambda lib, x: lib.fast.rms_norm(x, lib.ones((4,)), 1e-5),
        "layer_norm": lambda lib, x: lib.fast.layer_norm(x, lib.ones((4,)), lib.zeros((4,)), 1e-5),
        "slice_update": lambda lib, x: lib.slice_update(x, x[:1] * 3, lib.array([1]), (0,)),
        "roll": lambda lib, x: lib.roll(x, 1, 1), "tril": lambda lib, x: lib.tril(x),
        "cumprod": lambda lib, x: lib.cumprod(x, 0), "median": lambda lib, x: lib.median(x, 1),
    }
    for name, fn in shape_fns.items():
        x = positive((3, 4))
        yield Case(f"grad_{name}", "grad", "", lambda lib, fn=fn, x=x: lib.grad(lambda a: (fn(lib, a) * fn(lib, a)).sum())(x(lib)), 50.0)
        yield Case(f"jvp_{name}", "grad", "", lambda lib, fn=fn, x=x: lib.jvp(lambda a: fn(lib, a), [x(lib)], [positive((3, 4), seed=5)(lib)])[1], 50.0)
        yield Case(f"vmap_{name}", "vmap", "", lambda lib, fn=fn: lib.vmap(lambda a: fn(lib, a), in_axes=2)(positive((3, 4, 2))(lib)), 50.0)
