"""Shapeless compile meeting broadcasting, reductions, reshapes, slicing,
vmap and grads, and compile with inputs=/outputs= state, for
scripts/mlx_diff_fuzz.py. A shapeless case traces the function on the first
argument set and calls it on the others: a dim that was 1 at trace time may
grow, as in MLX.

MLX 0.32.4 corrupts memory (segfaults, often at exit) on some of these: a
reduction or a second output after an elementwise op whose later input grew
(its unfused primitives take the first input's shape), an exported function
called so, and a shapeless compiled training step whose batch changes. Those
cases are left out here (MLX_CRASHES); tests/python/test_mlx_parity_s7_*.py
check mxcore's side against eager results."""
from functools import partial
import importlib

import numpy as np

from mlx_diff_cases import Case


def _sub(lib, name):
    root = "mlx" if lib.__name__.startswith("mlx") else "mxcore"
    return importlib.import_module(f"{root}.{name}")


# Compiled functions stay alive for the whole run: a freed function's id may
# be reused by the next case's function, and MLX keys its cache on that id.
_KEEP = []


def _compile(lib, fn, **kwargs):
    c = lib.compile(fn, **kwargs)
    _KEEP.append((fn, c))
    return c


def _arrays(lib, shapes, seed):
    rng = np.random.default_rng(seed)
    return [lib.array(rng.standard_normal(s).astype(np.float32)) for s in shapes]


# (name, function of (lib, a, b), argument shape sets: the first is traced)
BINARY_FNS = {
    "add": lambda lib, a, b: a + b,
    "chain": lambda lib, a, b: lib.exp(a) * b + 1,
    "sub_div": lambda lib, a, b: (a - b) / (lib.abs(b) + 1),
    "where": lambda lib, a, b: lib.where(a > 0, a, b),
    "maximum_cmp": lambda lib, a, b: (lib.maximum(a, b) > 0.5).astype(lib.float32) * a,
    "sum_axis1": lambda lib, a, b: (a + b).sum(axis=1),
    "sum_all": lambda lib, a, b: (a * b).sum(),
    "mean_keep": lambda lib, a, b: (a * b).mean(axis=-1, keepdims=True),
    "max_min": lambda lib, a, b: (a + b).max(axis=-1) - (a - b).min(axis=-1),
    "argmax": lambda lib, a, b: lib.argmax(a + b, axis=-1),
    "softmax": lambda lib, a, b: lib.softmax(a + b, axis=-1),
    "logsumexp": lambda lib, a, b: lib.logsumexp(a * b, axis=-1, keepdims=True) - a,
    "var": lambda lib, a, b: (a + b).var(axis=-1),
    "layer_norm": lambda lib, a, b: lib.fast.layer_norm(a + b, None, None, 1e-5),
    "cumsum": lambda lib, a, b: lib.cumsum(a * b, axis=-1),
    "reshape_flat": lambda lib, a, b: (a + b).reshape(-1),
    "transpose": lambda lib, a, b: (a + b).T * 2,
    "slice_first": lambda lib, a, b: (a + b)[:, :1] * 3,
    "slice_step": lambda lib, a, b: (a * b)[::2] + 1,
    "expand": lambda lib, a, b: lib.expand_dims(a + b, 0) * a,
    "astype_int": lambda lib, a, b: ((a + b) * 4).astype(lib.int32) // 3,
    "square_sqrt": lambda lib, a, b: lib.sqrt((a - b) ** 2 + 1),
    "two_outputs": lambda lib, a, b: (a * b + 1, (a * b).sum(-1)),
    "broadcast_to": lambda lib, a, b: lib.broadcast_to(a, b.shape) + b,
    "matmul_bias": lambda lib, a, b: a @ lib.ones((a.shape[-1], 3)) + b.sum(),
}

SHAPE_SETS = {
    "grow_last": [[(2, 1), (2, 1)], [(2, 3), (2, 1)], [(2, 1), (2, 4)]],
    "grow_both": [[(2, 1), (2, 1)], [(2, 1), (1, 4)], [(3, 1), (1, 5)]],
    "grow_rows": [[(1, 3), (1, 3)], [(4, 3), (1, 3)], [(1, 3), (5, 3)]],
    "same_then_grow": [[(3, 2), (3, 2)], [(3, 2), (3, 1)], [(6, 2), (6, 2)]],
    "more_dims": [[(2, 1), (2, 1)], [(3, 2, 1), (2, 1)], [(2, 4), (3, 2, 1)]],
}


MLX_CRASHES = {
    f"shapeless_bcast.{fn}[{sets}]"
    for fn in ("sum_axis1", "mean_keep", "max_min", "var", "layer_norm", "two_outputs")
    for sets in ("grow_last", "grow_both", "more_dims")
} | {"shapeless_misc.export_grown"} | {
    f"compile_state.{o}[shapeless]" for o in ("SGD_momentum", "Adam", "AdamW_schedule")}


def shapeless_binary_cases():
    for name, fn in BINARY_FNS.items():
        for sname, shapes in SHAPE_SETS.items():
            def case(lib, fn=fn, shapes=shapes):
                c = _compile(lib, lambda a, b: fn(lib, a, b), shapeless=True)
                out = []
                for k, s in enumerate(shapes):
                    out.append(c(*_arrays(lib, s, k)))
                    lib.eval(out[-1])  # as programs do between calls
                return out

            yield Case(f"shapeless_bcast.{name}[{sname}]", "shapeless_bcast", "", case, 20.0)


# Ops whose graphs pinned trace-time shapes: (function of lib, shape sets)
OP_FNS = {
    "sdpa": (lambda lib, q, k, v: lib.fast.scaled_dot_product_attention(q, k, v, scale=0.5),
             [[(1, 2, 3, 4)] * 3, [(2, 2, 5, 4), (2, 2, 6, 4), (2, 2, 6, 4)]]),
    "sdpa_causal": (lambda lib, q, k, v: lib.fast.scaled_dot_product_attention(
        q, k, v, scale=0.5, mask="causal"), [[(1, 2, 3, 4)] * 3, [(2, 2, 5, 4)] * 3,
                                            [(1, 2, 2, 4), (1, 2, 6, 4), (1, 2, 6, 4)]]),
    "none_index": (lambda lib, a, b: a[None, :] + b,
                   [[(1, 1), (2, 1, 1)], [(1, 4), (2, 1, 4)], [(3, 4), (2, 3, 4)]]),
    "none_index_outer": (lambda lib, a, b: a[:, None] * b[None],
                         [[(2, 3), (4, 3)], [(5, 3), (2, 3)], [(1, 3), (1, 3)]]),
    "repeat": (lambda lib, x: lib.repeat(x, 2, axis=0) + 1, [[(2, 3)], [(4, 3)], [(4, 5)]]),
    "broadcast_arrays": (lambda lib, a, b: sum(lib.broadcast_arrays(a, b)),
                         [[(2, 1), (1, 3)], [(4, 1), (1, 5)]]),
    "broadcast_arrays_sum": (lambda lib, a, b: lib.broadcast_arrays(a, b)[0].sum(0),
                             [[(2, 1), (1, 3)], [(4, 1), (1, 5)]]),
    "broadcast_to_fixed": (lambda lib, x: lib.broadcast_to(x, (2, 3)).sum(0),
                           [[(2, 1)], [(1, 1)], [(4, 1)]]),
    "pad": (lambda lib, x: lib.pad(x, [(0, 0), (1, 1)]) * 2, [[(2, 3)], [(4, 3)]]),
    "heads_reshape": (lambda lib, x: x.reshape(x.shape[0], x.shape[1], 2, -1).transpose(0, 2, 1, 3),
                      [[(1, 3, 4)], [(2, 5, 4)]]),
    "softmax_ce": (lambda lib, x, t: -(lib.log(lib.softmax(x, -1)) * t).sum(-1).mean(),
                   [[(2, 5), (2, 5)], [(3, 5), (3, 5)], [(3, 7), (3, 7)]]),
    "layernorm_affine": (lambda lib, x, w, b: lib.fast.layer_norm(x, w, b, 1e-5),
                         [[(2, 4), (4,), (4,)], [(3, 6), (6,), (6,)], [(1, 1, 6), (6,), (6,)]]),
    "rms_norm": (lambda lib, x, w: lib.fast.rms_norm(x, w, 1e-5), [[(2, 4), (4,)], [(5, 8), (8,)]]),
    "vmap_bcast": (lambda lib, a, b: lib.vmap(lambda x, y: x * y)(a, b),
                   [[(2, 1), (2, 1)], [(2, 3), (2, 1)], [(4, 1), (4, 5)]]),
    "concat": (lambda lib, a, b: lib.concatenate([a, b], axis=0) * 2, [[(2, 3), (1, 3)], [(3, 3), (2, 3)]]),
    "mean_grad": (lambda lib, x, y: lib.grad(lambda p, q: ((p - q) ** 2).mean())(x, y),
                  [[(4, 1), (4, 1)], [(4, 3), (4, 3)], [(6, 3), (1, 3)]]),
}


def shapeless_op_cases():
    for name, (fn, shapes) in OP_FNS.items():
        def case(lib, fn=fn, shapes=shapes):
            c = _compile(lib, lambda *args: fn(lib, *args), shapeless=True)
            out = []
            for k, s in enumerate(shapes):
                out.append(c(*_arrays(lib, s, k)))
                lib.eval(out[-1])
            return out

        yield Case(f"shapeless_ops.{name}", "shapeless_ops", "", case, 50.0)


def shapeless_misc_cases():
    def where3(lib):
        c = _compile(lib, lambda m, a, b: lib.where(m, a, b), shapeless=True)
        out = []
        for k, (ms, s1, s2) in enumerate([((2, 1), (2, 1), (2, 1)), ((2, 3), (2, 1), (1, 1)),
                                          ((1, 4), (3, 1), (3, 4))]):
            a, b = _arrays(lib, [s1, s2], k)
            m = lib.array(np.random.default_rng(k).integers(0, 2, ms).astype(bool))
            out.append(c(m, a, b))
        return out

    yield Case("shapeless_misc.where3", "shapeless_misc", "", where3, 20.0)

    def take_along(lib):
        c = _compile(lib, lambda x, i: lib.take_along_axis(x, i, axis=1), shapeless=True)
        x = _arrays(lib, [(3, 5)], 0)[0]
        out = []
        for k in (1, 3, 5, 2):
            idx = np.random.default_rng(k).integers(0, 5, (3, k)).astype(np.int32)
            out.append(c(x, lib.array(idx)))
        return out

    yield Case("shapeless_misc.take_along_k", "shapeless_misc", "", take_along, 1.0)

    def take_along_sorted(lib):
        # top-k style: indices from argsort, then take_along_axis
        c = _compile(lib, lambda x, k: lib.take_along_axis(x, lib.argsort(x, axis=-1)[:, :1] + k, -1),
                        shapeless=True)
        out = []
        for k, (s, ks) in enumerate([((3, 4), (3, 1)), ((3, 4), (3, 2)), ((2, 6), (2, 3))]):
            x = _arrays(lib, [s], k)[0]
            out.append(c(x, lib.zeros(ks, dtype=lib.int32)))
        return out

    yield Case("shapeless_misc.take_along_argsort", "shapeless_misc", "", take_along_sorted, 1.0)

    def grad_of_shapeless(lib):
        c = _compile(lib, lambda a, b: (lib.tanh(a * b) ** 2).sum(), shapeless=True)
        g = lib.grad(c, argnums=(0, 1))
        out = []
        for k, s in enumerate([[(2, 1), (2, 1)], [(2, 3), (2, 1)], [(2, 1), (1, 4)]]):
            out += list(g(*_arrays(lib, s, k)))
        return out

    yield Case("shapeless_misc.grad_of_shapeless", "shapeless_misc", "", grad_of_shapeless, 20.0)

    def shapeless_of_grad(lib):
        # Grads w.r.t. the input that grows: the traced vjp has no sum over
        # the grown dim (MLX gives the broadcast shape; so does mxcore).
        g = _compile(lib, lib.grad(lambda a, b: (lib.exp(a) * b).sum()), shapeless=True)
        out = []
        for k, s in enumerate([[(2, 1), (2, 1)], [(2, 3), (2, 1)], [(2, 3), (2, 3)]]):
            out.append(g(*_arrays(lib, s, k)))
        return out

    yield Case("shapeless_misc.shapeless_of_grad", "shapeless_misc", "", shapeless_of_grad, 20.0)

    def vmap_inside(lib):
        f = lib.vmap(lambda x, y: lib.exp(x) * y + x.sum(), in_axes=(0, None))
        c = _compile(lib, f, shapeless=True)
        out = []
        for k, s in enumerate([[(3, 1), (1,)], [(3, 4), (1,)], [(5, 1), (4,)], [(2, 4), (4,)]]):
            out.append(c(*_arrays(lib, s, k)))
        return out

    yield Case("shapeless_misc.vmap_inside", "shapeless_misc", "", vmap_inside, 20.0)

    def vmap_reshape(lib):
        f = lib.vmap(lambda x: (x.reshape(-1, 2) * 2).sum(-1))
        c = _compile(lib, f, shapeless=True)
        return [c(*_arrays(lib, [s], k)) for k, s in enumerate([(3, 4), (5, 4), (2, 8)])]

    yield Case("shapeless_misc.vmap_reshape", "shapeless_misc", "", vmap_reshape, 20.0)

    def export_grown(lib):
        import os
        import tempfile
        d = tempfile.mkdtemp()
        path = os.path.join(d, "f.mlxfn")
        a0, b0 = _arrays(lib, [(2, 1), (2, 1)], 0)
        lib.export_function(path, lambda a, b: (lib.exp(a) * b + 1).sum(-1), a0, b0, shapeless=True)
        f = lib.import_function(path)
        out = []
        for k, s in enumerate([[(2, 1), (2, 1)], [(2, 1), (1, 4)], [(3, 5), (3, 1)]]):
            out += list(f(*_arrays(lib, s, k)))
        return out

    yield Case("shapeless_misc.export_grown", "shapeless_misc", "", export_grown, 20.0)

    def incompatible_after_trace(lib):
        c = _compile(lib, lambda a, b: a + b, shapeless=True)
        c(*_arrays(lib, [(2, 3), (2, 3)], 0))
        return c(*_arrays(lib, [(2, 3), (2, 4)], 1))

    yield Case("shapeless_misc.incompatible", "shapeless_misc", "add", incompatible_after_trace, 1.0)

    def incompatible_shrunk_broadcast(lib):
        # traced with a broadcast (2,1)+(2,3): (2,1)+(2,5) follows, (2,2)+(2,5) cannot
        c = _compile(lib, lambda a, b: a * b + 1, shapeless=True)
        c(*_arrays(lib, [(2, 1), (2, 3)], 0))
        return c(*_arrays(lib, [(2, 2), (2, 5)], 1))

    yield Case("shapeless_misc.incompatible_broadcast", "shapeless_misc", "", incompatible_shrunk_broadcast, 1.0)


def state_cases():
    """partial(mx.compile, inputs=state, outputs=state) as MLX's docs show."""
    def make_model(lib, seed=0):
        nn = _sub(lib, "nn")
        utils = _sub(lib, "utils")
        m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
        rng = np.random.default_rng(seed)
        m.update(utils.tree_unflatten([(k, lib.array((rng.standard_normal(v.shape) * 0.4).astype(np.float32)))
                                       for k, v in utils.tree_flatten(m.parameters())]))
        return m

    def data(lib, n, seed):
        rng = np.random.default_rng(seed)
        return (lib.array(rng.standard_normal((n, 4)).astype(np.float32)),
                lib.array(rng.standard_normal((n, 2)).astype(np.float32)))

    for opt_name, make_opt in {
        "SGD_momentum": lambda O: O.SGD(0.05, momentum=0.9),
        "Adam": lambda O: O.Adam(0.01),
        "AdamW_schedule": lambda O: O.AdamW(O.cosine_decay(0.02, 8), weight_decay=0.1),
    }.items():
        for shapeless in (False, True):
            def case(lib, make_opt=make_opt, shapeless=shapeless):
                nn = _sub(lib, "nn")
                m = make_model(lib)
                opt = make_opt(_sub(lib, "optimizers"))
                state = [m.state, opt.state]

                def loss_fn(model, x, y):
                    return nn.losses.mse_loss(model(x), y)

                vg = nn.value_and_grad(m, loss_fn)

                @partial(lib.compile, inputs=state, outputs=state, shapeless=shapeless)
                def step(x, y):
                    loss, g = vg(m, x, y)
                    opt.update(m, g)
                    return loss

                out = []
                for k, n in enumerate([8, 8, 8, 5, 8, 3]):
                    if not shapeless and n != 8:
                        n = 8
                    out.append(step(*data(lib, n, k)))
                    lib.eval(m.parameters(), opt.state)
                out += [v for _, v in _sub(lib, "utils").tree_flatten(m.parameters())]
                return out

            tag = "shapeless" if shapeless else "fixed"
            yield Case(f"compile_state.{opt_name}[{tag}]", "compile_state", "", case, 50.0)

    def captured_counter(lib):
        # A captured array updated each call through outputs=
        state = {"count": lib.array(0.0), "acc": lib.zeros((3,))}

        @partial(lib.compile, inputs=state, outputs=state)
        def f(x):
            state["count"] = state["count"] + 1
            state["acc"] = state["acc"] + x * state["count"]
            return state["acc"].sum()

        out = [f(lib.array([1.0, 2.0, 3.0])) for _ in range(4)]
        return out + [state["count"], state["acc"]]

    yield Case("compile_state.captured_counter", "compile_state", "", captured_counter, 1.0)

    def module_state_only_inputs(lib):
        # inputs= only: parameters read, not written back
        m = make_model(lib)

        @partial(lib.compile, inputs=m.state)
        def fwd(x):
            return m(x).sum(-1)

        x, _ = data(lib, 6, 1)
        a = fwd(x)
        m.update({"layers": [{"weight": m.layers[0].weight * 0.5, "bias": m.layers[0].bias}, {},
                             {"weight": m.layers[2].weight, "bias": m.layers[2].bias}]})
        return [a, fwd(x)]

    yield Case("compile_state.inputs_only", "compile_state", "", module_state_only_inputs, 20.0)


def all_s7_cases():
    yield from shapeless_binary_cases()
    yield from shapeless_op_cases()
    yield from shapeless_misc_cases()
    yield from state_cases()


def s7_cases():
    for case in all_s7_cases():
        if case.id not in MLX_CRASHES:
            yield case
