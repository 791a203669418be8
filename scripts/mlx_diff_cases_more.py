"""Shape, indexing, creation, linalg, fft, random, fast and transform cases
for scripts/mlx_diff_fuzz.py."""
import numpy as np

from mlx_diff_cases import lib_dtype, ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, Case, call, cases_for, make_input

SOME_DTYPES = ["bool", "uint8", "int32", "int64", "float16", "bfloat16", "float32", "complex64"]


def shape_cases():
    x = lambda dt="float32", s=(2, 3, 4), lay="c": make_input(dt, s, lay)  # noqa: E731
    spec = {
        "reshape": [((x(), (6, 4)), {}), ((x(), (-1,)), {}), ((x(), (5, 5)), {}), ((x(), (-1, -1)), {})],
        "transpose": [((x(),), {}), ((x(), (1, 0, 2)), {}), ((x(), (0, 1)), {}), ((x(), (0, 0, 1)), {}),
                      ((x(), (0, 1, 3)), {}), ((x(),), {"axes": (2, -3, 1)})],
        "swapaxes": [((x(), 0, 2), {}), ((x(), -1, 0), {}), ((x(), 0, 3), {})],
        "moveaxis": [((x(), 0, -1), {}), ((x(), 2, 0), {}), ((x(), 3, 0), {})],
        "expand_dims": [((x(), 0), {}), ((x(), -1), {}), ((x(), (0, 2)), {}), ((x(), 4), {}), ((x(), (0, 0)), {})],
        "squeeze": [((x(s=(1, 3, 1)),), {}), ((x(s=(1, 3, 1)), 0), {}), ((x(s=(1, 3, 1)), 1), {}), ((x(s=(1, 3, 1)), (0, -1)), {})],
        "flatten": [((x(),), {}), ((x(), 1), {}), ((x(),), {"start_axis": 0, "end_axis": 1}), ((x(s=()),), {}),
                    ((x(), 2, 1), {}), ((x(), 3), {})],
        "unflatten": [((x(), 1, (3, 1)), {}), ((x(), -1, (2, -1)), {}), ((x(), 0, (3,)), {})],
        "broadcast_to": [((x(s=(3, 1)), (2, 3, 4)), {}), ((x(s=(3,)), (4,)), {}), ((x(s=()), (0,)), {})],
        "tile": [((x(s=(2, 3)), 2), {}), ((x(s=(2, 3)), (2, 1, 2)), {}), ((x(s=()), (3,)), {})],
        "repeat": [((x(s=(2, 3)), 2), {}), ((x(s=(2, 3)), 3, 1), {}), ((x(s=(2, 3)), 2, -1), {}), ((x(s=(2, 3)), 2, 2), {})],
        "pad": [((x(s=(2, 3)), 1), {}), ((x(s=(2, 3)), ((1, 0), (0, 2))), {}), ((x(s=(2, 3)), (1, 2)), {}),
                ((x(s=(2, 3)), 1), {"constant_values": 2.5}), ((x(s=(2, 3)), 2), {"mode": "edge"}),
                ((x(s=(2, 3)), -1), {}), ((x(s=(2, 3)), 1), {"mode": "reflect"})],
        "roll": [((x(), 2), {}), ((x(), -1, 1), {}), ((x(), (1, 2), (0, 2)), {}), ((x(), 1), {"axis": 5})],
        "flip": [((x(),), {}) if False else ((x(), 0), {})],
        "diagonal": [((x(),), {}), ((x(), 1), {}), ((x(), -1, 2, 0), {}), ((x(), 0, 1, 1), {})],
        "diag": [((x(s=(4,)),), {}), ((x(s=(3, 4)),), {}), ((x(s=(3, 4)), 1), {}), ((x(s=(3, 4)), -2), {}), ((x(),), {})],
        "trace": [((x(s=(3, 4)),), {}), ((x(), 1, 0, 2), {}), ((x("int32", (3, 3)),), {}), ((x("bool", (3, 3)),), {}),
                  ((x(s=(3, 4)),), {"dtype": "dtype:int32"})],
        "tril": [((x(s=(3, 4)),), {}), ((x(s=(3, 4)), 1), {}), ((x(s=(3, 4)), -1), {}), ((x(s=(4,)),), {})],
        "triu": [((x(s=(3, 4)),), {}), ((x(s=(3, 4)), 1), {}), ((x(s=(3, 4)), -5), {}), ((x(),), {})],
        "sort": [((x(),), {}), ((x(), 0), {}), ((x(), None), {}), ((x("int32"),), {}), ((x(s=()),), {}), ((x(), 3), {})],
        "argsort": [((x(),), {}), ((x(), 0), {}), ((x(), None), {}), ((x("uint8"),), {})],
        "partition": [((x(s=(9,)), 3), {}), ((x(), 1, 0), {}), ((x(s=(9,)), 12), {})],
        "topk": [((x(s=(9,)), 3), {}), ((x(), 2, 0), {}), ((x(s=(9,)), 0), {}), ((x(s=(9,)), 10), {})],
        "clip": [((x(), -1.0, 1.0), {}), ((x(), None, 0.5), {}), ((x("int32"), -1000, 1000), {}),
                 ((x("float16"), -1, 2), {}), ((x("uint8"), 3, 100), {}), ((x(), None, None), {})],
        "where": [((x("bool"), x(), x()), {}), ((x("bool", (3, 4)), x("int32", (3, 4)), 2.5), {}),
                  ((x("bool", (4,)), 1, 0), {}), ((x("int32"), x(), x("float16")), {}),
                  ((x("bool", (3,)), x(), x()), {})],
        "concatenate": [(([x(), x()],), {}), (([x(), x()], 1), {}), (([x(), x()], None), {}),
                        (([x(), x("int32")], 2), {}), (([x(), x(s=(2, 3))],), {}), (([x(), x()], 3), {})],
        "stack": [(([x(), x()],), {}), (([x(), x()], -1), {}), (([x(), x(s=(2, 3))],), {}), (([x(), x()], 4), {})],
        "split": [((x(), 2), {}), ((x(), 3, 1), {}), ((x(), [1, 3], 2), {}), ((x(), 5), {}), ((x(), 2, 3), {})],
        "take": [((x(), make_input("int32", (3,), data=np.array([0, 5, -1]))), {}),
                 ((x(), make_input("int32", (2,), data=np.array([0, 2])), 1), {}),
                 ((x(), 2, 0), {}), ((x(), -1), {}),
                 ((x(), make_input("uint8", (2, 2), data=np.array([[0, 1], [3, 2]]))), {"axis": 2})],
        "take_along_axis": [((x(), make_input("int32", (2, 3, 1), data=np.zeros((2, 3, 1), int)), 2), {}),
                            ((x(), make_input("int32", (5,), data=np.arange(5)), None), {}),
                            ((x(), make_input("int32", (2, 3, 1), data=np.zeros((2, 3, 1), int)), 3), {})],
        "put_along_axis": [((x(), make_input("int32", (2, 3, 1), data=np.ones((2, 3, 1), int)), x(s=(2, 3, 1)), 2), {}),
                           ((x(), make_input("int32", (2, 3, 1), data=np.ones((2, 3, 1), int)), 7.0, 2), {})],
        "meshgrid": [((x(s=(3,)), x(s=(2,))), {}), ((x(s=(3,)), x(s=(2,))), {"indexing": "ij"}),
                     ((x(s=(3,)), x(s=(2,))), {"sparse": True})],
        "atleast_1d": [((x(s=()),), {}), ((x(s=(2, 3)),), {})],
        "atleast_2d": [((x(s=()),), {}), ((x(s=(3,)),), {})],
        "atleast_3d": [((x(s=()),), {}), ((x(s=(3,)),), {}), ((x(s=(2, 3)),), {})],
        "searchsorted": [((make_input("float32", (5,), data=np.arange(5.0)), x(s=(4,))), {}),
                         ((make_input("float32", (5,), data=np.arange(5.0)), 2.0), {"side": "right"}),
                         ((make_input("int32", (5,), data=np.arange(5)), x(s=(4,))), {})],
        "array_equal": [((x(), x()), {}), ((x("int32"), x("int32")), {}), ((x(), x(s=(3,))), {}),
                        ((special := make_input("float32", (3,), data=np.array([1, np.nan, 2.0])), special), {"equal_nan": True})],
        "allclose": [((x(), x()), {}), ((x(), x(s=(4,))), {}), ((x(), x(s=(3,))), {})],
        "isclose": [((x(), x()), {}), ((x("int32"), x("int32")), {}), ((x("float16"), x()), {})],
        "outer": [((x(s=(3,)), x(s=(4,))), {}), ((x(s=(2, 2)), x("int32", (3,))), {})],
        "inner": [((x(s=(3,)), x(s=(3,))), {}), ((x(s=(2, 3)), x(s=(4, 3))), {}), ((x(s=(3,)), x(s=(4,))), {})],
        "kron": [((x(s=(2, 2)), x(s=(3,))), {}), ((x("int32", (2,)), x("int32", (2, 2))), {})],
        "tensordot": [((x(s=(2, 3, 4)), x(s=(3, 4, 5))), {}), ((x(s=(2, 3, 4)), x(s=(4, 3))), {"axes": ([1, 2], [1, 0])}),
                      ((x(s=(2, 3)), x(s=(3, 2))), {"axes": 1})],
        "matmul": [((x(s=(2, 3)), x(s=(3, 4))), {}), ((x(s=(3,)), x(s=(3, 4))), {}), ((x(s=(2, 3, 4)), x(s=(4,))), {}),
                   ((x(s=(5, 1, 2, 3)), x(s=(4, 3, 2))), {}), ((x(s=(2, 3)), x(s=(4, 3))), {}), ((x(s=()), x(s=(3,))), {}),
                   ((x("float16", (2, 3)), x(s=(3, 2))), {}), ((x(s=(2, 3), lay="T"), x(s=(2, 4))), {}),
                   ((x("bfloat16", (4, 5)), x("bfloat16", (5, 3))), {}), ((x("float64", (4, 5)), x("float64", (5, 3))), {}),
                   ((x(s=(0, 3)), x(s=(3, 4))), {}), ((x(s=(2, 0)), x(s=(0, 4))), {}), ((x("complex64", (2, 3)), x("complex64", (3, 2))), {})],
        "addmm": [((x(s=(2, 4)), x(s=(2, 3)), x(s=(3, 4))), {}), ((x(s=(4,)), x(s=(2, 3)), x(s=(3, 4))), {"alpha": 2.0, "beta": 0.5})],
        "einsum": [(("ij,jk->ik", x(s=(2, 3)), x(s=(3, 4))), {}), (("ii->i", x(s=(3, 3))), {}), (("ij->", x(s=(3, 3))), {}),
                   (("bij,bjk->bik", x(s=(2, 3, 4)), x(s=(2, 4, 2))), {}), (("i,i", x(s=(3,)), x(s=(3,))), {}),
                   (("ij,jk", x(s=(2, 3)), x(s=(2, 4))), {})],
        "softmax": [((x(),), {}), ((x(), -1), {}), ((x(), (0, 1)), {}), ((x("float16"),), {"axis": 0}),
                    ((x(s=()),), {}), ((x(),), {"precise": True}), ((x("int32"),), {})],
        "nan_to_num": [((make_input("float32", (4,), data=np.array([np.nan, np.inf, -np.inf, 1.0])),), {}),
                       ((make_input("float16", (4,), data=np.array([np.nan, np.inf, -np.inf, 1.0])),), {"nan": 2.0, "posinf": 5.0}),
                       ((x("int32"),), {})],
        "median": [((x(),), {}), ((x(), 1), {}), ((x(s=(4,)),), {}), ((x(), (0, 2), True), {}), ((x("int32"),), {})],
        "std": [((x(),), {"ddof": 1})],
        "diff": [((x(),), {}), ((x(), 2, 0), {}), ((x("int32"),), {}), ((x("bool"),), {}), ((x(), 5), {}), ((x(), 1, 3), {})],
        "hstack": [(([x(s=(3,)), x(s=(2,))],), {})],
        "vstack": [(([x(s=(3,)), x(s=(3,))],), {})],
        "dstack": [(([x(s=(3,)), x(s=(3,))],), {})],
        "unstack": [((x(),), {}), ((x(), 1), {}), ((x(), 3), {})],
        "as_strided": [((x(), (2, 2), (1, 2)), {}), ((x(), (3,), (4,), 1), {})],
        "slice": [((x(), make_input("int32", (1,), data=np.array([1])), (0,), (1,)), {})],
        "slice_update": [((x(), x(s=(1, 3, 4)), make_input("int32", (1,), data=np.array([1])), (0,)), {})],
        "view": [((x(), "dtype:int32"), {}), ((x(), "dtype:uint8"), {}), ((x("int8", (4,)), "dtype:int32"), {}), ((x("int8", (3,)), "dtype:int32"), {})],
        "convolve": [((x(s=(5,)), x(s=(3,))), {}), ((x(s=(5,)), x(s=(3,))), {"mode": "same"}), ((x(s=(3,)), x(s=(5,))), {"mode": "valid"})],
    }
    for name, forms in spec.items():
        variants = [(f"{i}", call(name, *a, **k)) for i, (a, k) in enumerate(forms)]
        yield from cases_for("shape", name, variants, 20.0)
    for dt in ALL_DTYPES:
        for name, args in [("sort", ()), ("argmax", ()), ("cummax", ()), ("topk", (2,)), ("clip", (0, 1)),
                           ("repeat", (2, 0)), ("pad", (1,)), ("concatenate", ()), ("diag", ()), ("tril", ()),
                           ("flatten", ()), ("where", ()), ("argsort", ()), ("partition", (1,))]:
            if name == "concatenate":
                fn = call(name, [make_input(dt, (2, 3)), make_input(dt, (1, 3))])
            elif name == "where":
                fn = call(name, make_input("bool", (2, 3)), make_input(dt, (2, 3)), make_input(dt, (3,)))
            else:
                fn = call(name, make_input(dt, (3, 4)), *args)
            yield Case(f"{name}[{dt}]", "shape-dtypes", name, fn, 1.0)


def creation_cases():
    spec = {
        "arange": [((5,), {}), ((1, 5), {}), ((0, 1, 0.25), {}), ((5.0,), {}), ((0, 5, 2), {"dtype": "dtype:float16"}),
                   ((10, 0, -3), {}), ((0, 5, 0), {}), ((2.5, 1), {}), ((0, 3), {"dtype": "dtype:bool"}),
                   ((0, 10, 1.5), {"dtype": "dtype:int32"}), ((1e10,), {})],
        "linspace": [((0, 1, 5), {}), ((0, 10, 1), {}), ((0, 1, 0), {}), ((0, 9, 4), {"dtype": "dtype:int32"}),
                     ((1, 0, 3), {"dtype": "dtype:float16"}), ((0, 1, -1), {})],
        "zeros": [(((2, 3),), {}), ((3,), {"dtype": "dtype:int8"}), (((0,),), {}), ((-1,), {})],
        "ones": [(((2, 3),), {"dtype": "dtype:complex64"}), (((),), {})],
        "full": [(((2, 3), 2.5), {}), (((2,), 3), {}), (((2,), True), {}), (((2,), 1 + 1j), {}),
                 (((2, 3), make_input("float16", (3,))), {}), (((2,), 7), {"dtype": "dtype:float16"}),
                 (((2,), 300), {"dtype": "dtype:uint8"}), (((2, 3), make_input("float32", (4,))), {})],
        "eye": [((3,), {}), ((3, 4), {}), ((3, 4, 1), {}), ((3, 4, -2), {"dtype": "dtype:int32"}), ((0,), {})],
        "identity": [((3,), {}), ((2,), {"dtype": "dtype:bool"})],
        "tri": [((3,), {}), ((3, 4, 1), {}), ((3,), {"dtype": "dtype:int32"})],
        "zeros_like": [((make_input("int8", (2,)),), {})],
        "ones_like": [((make_input("float16", (2,)),), {})],
        "full_like": [((make_input("float16", (2,)), 3), {}), ((make_input("int32", (2,)), 2.7), {}),
                      ((make_input("int32", (2,)), 2.7), {"dtype": "dtype:float32"})],
    }
    for name, forms in spec.items():
        yield from cases_for("creation", name, [(f"{i}", call(name, *a, **k)) for i, (a, k) in enumerate(forms)])
    # array construction from Python data
    for i, data in enumerate([1, 2.5, True, 1 + 2j, [1, 2.5], [True, 2], [[1, 2], [3, 4]], [], [[]], [1, [2]],
                              2**40, [2**31], -(2**31) - 1, [1.0, 2**40], np.float16(1), [np.int8(1), 2],
                              np.array([1, 2], np.uint16), np.array(3.5)]):
        yield Case(f"array[{i}:{data!r}]", "creation", "array", lambda lib, d=data: lib.array(d), 1.0)
    for dt in ALL_DTYPES:
        for i, data in enumerate([[1, 2], [1.7, -2.5], 300, -1, [True, False]]):
            yield Case(f"array[{dt}:{data!r}]", "creation", "array", lambda lib, d=data, t=dt: lib.array(d, dtype=lib_dtype(lib, t)), 1.0)
        for src in ["float32", "int32", "float16", "complex64", "int8", "uint64"]:
            yield Case(f"astype[{src}->{dt}]", "astype", "astype",
                       lambda lib, x=make_input(src, (6,)), t=dt: x(lib).astype(lib_dtype(lib, t)), 1.0)
        yield Case(f"astype[special->{dt}]", "astype", "astype",
                   lambda lib, t=dt: make_input("float32", (5,), data=np.array([np.nan, np.inf, -np.inf, -3.7, 1e10]))(lib).astype(lib_dtype(lib, t)), 1.0)


def linalg_cases():
    def spd(n, dt="float32"):
        a = np.random.default_rng(n).standard_normal((n, n))
        return make_input(dt, (n, n), data=a @ a.T + n * np.eye(n))

    sq = lambda n=3, dt="float32", b=(): make_input(dt, b + (n, n))  # noqa: E731
    spec = {
        "linalg.norm": [((sq(),), {}), ((sq(), 2), {}), ((sq(), "fro"), {}), ((sq(), "nuc"), {}), ((sq(), 1), {}),
                        ((sq(), -1), {}), ((sq(), float("inf")), {}), ((make_input("float32", (5,)), 3), {}),
                        ((make_input("float32", (5,)), 0), {}), ((sq(), None, 0), {}), ((sq(), 2, (0, 1), True), {}),
                        ((make_input("int32", (5,)),), {}), ((make_input("complex64", (5,)),), {}),
                        ((sq(b=(2,)),), {"axis": (1, 2)}), ((make_input("float32", (5,)), "fro"), {})],
        "linalg.inv": [((spd(3),), {}), ((sq(3, b=(2,)),), {}), ((make_input("float32", (2, 3)),), {}), ((sq(3, "int32"),), {})],
        "linalg.pinv": [((make_input("float32", (3, 4)),), {}), ((make_input("float32", (0, 3)),), {})],
        "linalg.cholesky": [((spd(3),), {}), ((spd(3),), {"upper": True})],
        "linalg.cholesky_inv": [((spd(3),), {})],
        "linalg.tri_inv": [((make_input("float32", (3, 3), data=np.tril(np.ones((3, 3))) * 2),), {})],
        "linalg.qr": [((sq(),), {}), ((make_input("float32", (4, 3)),), {}), ((make_input("float32", (3, 4)),), {})],
        "linalg.svd": [((make_input("float32", (3, 4)),), {}), ((make_input("float32", (3, 4)),), {"compute_uv": False})],
        "linalg.eigh": [((spd(3),), {}), ((spd(3),), {"UPLO": "U"})],
        "linalg.eigvalsh": [((spd(4),), {})],
        "linalg.eigvals": [((spd(3),), {})],
        "linalg.lu_factor": [((spd(3),), {})],
        "linalg.lu": [((spd(3),), {})],
        "linalg.solve": [((spd(3), make_input("float32", (3,))), {}), ((spd(3), make_input("float32", (3, 2))), {}),
                         ((spd(3), make_input("float32", (4,))), {})],
        "linalg.solve_triangular": [((make_input("float32", (3, 3), data=np.tril(np.ones((3, 3))) * 2), make_input("float32", (3,))), {}),
                                    ((make_input("float32", (3, 3), data=np.triu(np.ones((3, 3))) * 2), make_input("float32", (3,))), {"upper": True})],
        "linalg.cross": [((make_input("float32", (3,)), make_input("float32", (3,))), {}),
                         ((make_input("float32", (2, 3)), make_input("float32", (3,))), {}),
                         ((make_input("float32", (4,)), make_input("float32", (4,))), {}),
                         ((make_input("float32", (3, 2)), make_input("float32", (3, 2))), {"axis": 0})],
    }
    sign_free = {"linalg.svd", "linalg.eigh", "linalg.eig", "linalg.qr"}
    for name, forms in spec.items():
        variants = [(f"{i}", call(name, *a, stream="dtype:cpu", **k)) for i, (a, k) in enumerate(forms)]
        if name in sign_free:  # vectors are defined up to sign: compare magnitudes
            variants = [(v, lambda lib, f=f: [lib.abs(o) for o in (f(lib) if isinstance(f(lib), (list, tuple)) else [f(lib)])])
                        for v, f in variants]
        yield from cases_for("linalg", name, variants, 100.0)


def fft_cases():
    v = lambda s=(8,), dt="float32": make_input(dt, s)  # noqa: E731
    spec = {
        "fft.fft": [((v(),), {}), ((v(dt="complex64"),), {}), ((v(), 5), {}), ((v(), 12), {}), ((v((3, 4)), None, 0), {}),
                    ((v(dt="int32"),), {}), ((v((3, 4)),), {"axis": 2}), ((v(dt="float64"),), {})],
        "fft.ifft": [((v(dt="complex64"),), {}), ((v(), 6), {})],
        "fft.rfft": [((v(),), {}), ((v((7,)),), {}), ((v(), 5), {}), ((v(dt="complex64"),), {})],
        "fft.irfft": [((v(dt="complex64"),), {}), ((v(dt="complex64"), 9), {}), ((v(),), {})],
        "fft.fft2": [((v((3, 4)),), {}), ((v((2, 3, 4)), (2, 2)), {}), ((v((4,)),), {})],
        "fft.ifft2": [((v((3, 4), "complex64"),), {})],
        "fft.fftn": [((v((2, 3, 4)),), {}), ((v((2, 3, 4)), None, (0, 2)), {})],
        "fft.ifftn": [((v((2, 3, 4), "complex64"),), {})],
        "fft.rfft2": [((v((3, 4)),), {})],
        "fft.irfft2": [((v((3, 4), "complex64"),), {})],
        "fft.rfftn": [((v((2, 3, 4)),), {})],
        "fft.irfftn": [((v((2, 3, 4), "complex64"),), {})],
        "fft.fftshift": [((v((3, 4)),), {}), ((v((5,)),), {}), ((v((3, 4)), (1,)), {}), ((v((3, 4)), (2,)), {})],
        "fft.ifftshift": [((v((3, 5)),), {}), ((v((5,)),), {})],
    }
    for name, forms in spec.items():
        yield from cases_for("fft", name, [(f"{i}", call(name, *a, **k)) for i, (a, k) in enumerate(forms)], 50.0)


def random_cases():
    key = lambda lib: lib.random.key(7)  # noqa: E731
    spec = {
        "random.uniform": [((), {"shape": (5,)}), ((-2.0, 3.0, (4,)), {}), ((0, 1, (3,), "dtype:float16"), {}),
                           ((make_input("float32", (3,)), 5.0), {}), ((0, 1, (2,), "dtype:int32"), {})],
        "random.normal": [((), {"shape": (5,)}), (((4,),), {"loc": 1.0, "scale": 2.0}), (((3,), "dtype:float16"), {}),
                          (((3,), "dtype:complex64"), {}), (((2,), "dtype:int32"), {})],
        "random.randint": [((0, 10, (6,)), {}), ((-5, 5, (4,), "dtype:int8"), {}), ((5, 0, (3,)), {}),
                           ((make_input("int32", (3,), data=np.array([0, 10, 100])), 200), {}), ((0, 10, (2,), "dtype:float32"), {})],
        "random.bernoulli": [((), {"shape": (5,)}), ((0.3, (6,)), {}), ((make_input("float32", (3,), kind="positive"),), {}),
                             ((make_input("float32", (3,), data=np.array([0.1, 0.5, 0.9])), (2, 3)), {})],
        "random.truncated_normal": [((-1.0, 1.0, (5,)), {}), ((make_input("float32", (3,), data=np.array([-2.0, -1, 0])), 1.0), {})],
        "random.gumbel": [(((5,),), {}), (((3,), "dtype:float16"), {})],
        "random.laplace": [(((5,),), {}), (((3,), "dtype:float32", 1.0, 2.0), {})],
        "random.categorical": [((make_input("float32", (3, 5)),), {}), ((make_input("float32", (3, 5)), 0), {}),
                               ((make_input("float32", (3, 5)),), {"num_samples": 4}), ((make_input("float32", (3, 5)),), {"shape": (2, 3)})],
        "random.permutation": [((6,), {}), ((make_input("float32", (5, 2)),), {}), ((make_input("float32", (3, 4)), 1), {})],
        "random.multivariate_normal": [((make_input("float32", (2,)), make_input("float32", (2, 2), data=np.eye(2)), (3,)), {"stream": "dtype:cpu"})],
        "random.split": [((), {}), ((), {"num": 3})],
    }
    for name, forms in spec.items():
        variants = []
        for i, (a, k) in enumerate(forms):
            if name == "random.split":
                variants.append((f"{i}", (lambda kk: lambda lib: lib.random.split(key(lib), **kk))(k)))
            else:
                variants.append((f"{i}", call(name, *a, key=key, **k)))
        yield from cases_for("random", name, variants, 50.0)


def fast_cases():
    x = lambda s, dt="float32": make_input(dt, s)  # noqa: E731
    spec = {
        "fast.rms_norm": [((x((2, 8)), x((8,)), 1e-5), {}), ((x((2, 8)), None, 1e-5), {}), ((x((2, 8), "float16"), x((8,), "float16"), 1e-5), {}),
                          ((x((2, 8)), x((4,)), 1e-5), {})],
        "fast.layer_norm": [((x((2, 8)), x((8,)), x((8,)), 1e-5), {}), ((x((2, 8)), None, None, 1e-5), {}),
                            ((x((2, 8), "bfloat16"), x((8,), "bfloat16"), None, 1e-5), {})],
        "fast.rope": [((x((1, 2, 4, 8)), 8), {"traditional": False, "base": 10000.0, "scale": 1.0, "offset": 0}),
                      ((x((1, 2, 4, 8)), 4), {"traditional": True, "base": 10000.0, "scale": 0.5, "offset": 3}),
                      ((x((1, 2, 4, 8), "float16"), 8), {"traditional": False, "base": 500.0, "scale": 1.0, "offset": 1})],
        "fast.scaled_dot_product_attention": [
            ((x((1, 2, 4, 8)), x((1, 2, 5, 8)), x((1, 2, 5, 8))), {"scale": 0.3}),
            ((x((1, 4, 4, 8)), x((1, 2, 5, 8)), x((1, 2, 5, 8))), {"scale": 0.3, "mask": "causal"}),
            ((x((1, 2, 4, 8)), x((1, 2, 5, 8)), x((1, 2, 5, 8))), {"scale": 0.3, "mask": x((4, 5))}),
            ((x((1, 2, 4, 8)), x((1, 2, 5, 8)), x((1, 2, 5, 8))), {"scale": 0.3, "mask": make_input("bool", (4, 5))}),
            ((x((1, 2, 4, 8), "float16"), x((1, 2, 5, 8), "float16"), x((1, 2, 5, 8), "float16")), {"scale": 0.3}),
        ],
    }
    for name, forms in spec.items():
        yield from cases_for("fast", name, [(f"{i}", call(name, *a, **k)) for i, (a, k) in enumerate(forms)], 50.0)


def nn_cases():
    x = lambda s, dt="float32": make_input(dt, s)  # noqa: E731
    w4 = make_input("float32", (32, 64), data=np.random.default_rng(3).standard_normal((32, 64)) * 0.1)
    spec = {
        "conv1d": [((x((2, 9, 4)), x((3, 3, 4))), {}), ((x((2, 9, 4)), x((3, 3, 4))), {"stride": 2, "padding": 1}),
                   ((x((2, 9, 4)), x((4, 3, 2))), {"groups": 2}), ((x((2, 9, 4)), x((3, 3, 4))), {"dilation": 2}),
                   ((x((2, 9, 4)), x((3, 3, 5))), {})],
        "conv2d": [((x((1, 6, 6, 3)), x((4, 3, 3, 3))), {}), ((x((1, 6, 6, 3)), x((4, 3, 3, 3))), {"stride": (2, 1), "padding": (1, 0)}),
                   ((x((1, 6, 6, 4)), x((4, 3, 3, 2))), {"groups": 2})],
        "conv_transpose1d": [((x((2, 5, 4)), x((3, 3, 4))), {}), ((x((2, 5, 4)), x((3, 3, 4))), {"stride": 2, "padding": 1})],
        "conv_transpose2d": [((x((1, 4, 4, 3)), x((2, 3, 3, 3))), {"stride": 2})],
        "quantize": [((w4,), {}), ((w4, 32, 8), {}), ((w4, 64, 2), {}), ((x((32, 20)),), {})],
        "hadamard_transform": [((x((4, 8)),), {}), ((x((4, 8)),), {"scale": 0.5}), ((x((3, 12)),), {}), ((x((4, 6)),), {})],
        "block_masked_mm": [((x((64, 64)), x((64, 64))), {"block_size": 32,
                             "mask_out": make_input("bool", (2, 2), data=np.array([[True, False], [True, True]]))})],
        "gather_mm": [((x((4, 2, 3)), x((3, 3, 5))), {"rhs_indices": make_input("uint32", (4,), data=np.array([0, 2, 1, 0]))})],
        "cumsum": [((x((3, 4), "int8"),), {"axis": 0}), ((x((3, 4), "bool"),), {})],
    }
    for name, forms in spec.items():
        yield from cases_for("nn", name, [(f"{i}", call(name, *a, **k)) for i, (a, k) in enumerate(forms)], 100.0)
    for bits in (2, 3, 4, 5, 6, 8):
        def qmm(lib, bits=bits):
            w = w4(lib)
            wq, scales, biases = lib.quantize(w, 32, bits)
            deq = lib.dequantize(wq, scales, biases, 32, bits)
            y = lib.quantized_matmul(make_input("float32", (3, 64), data=np.ones((3, 64)))(lib), wq, scales, biases,
                                     transpose=True, group_size=32, bits=bits)
            return deq, y
        yield Case(f"quantized[{bits}]", "nn", "quantized_matmul", qmm, 100.0)


def more_cases():
    from mlx_diff_cases_index import index_cases, transform_cases
    yield from shape_cases()
    yield from creation_cases()
    yield from linalg_cases()
    yield from fft_cases()
    yield from random_cases()
    yield from fast_cases()
    yield from nn_cases()
    yield from index_cases()
    yield from transform_cases()
    from mlx_diff_cases_s6 import s6_cases
    yield from s6_cases()
    from mlx_diff_cases_s7 import s7_cases
    yield from s7_cases()
