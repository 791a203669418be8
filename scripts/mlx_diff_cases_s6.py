"""compile (fixed and shapeless), nn layers and losses, and optimizer cases
for scripts/mlx_diff_fuzz.py. Each case builds the same module or optimizer
in both libraries from the same NumPy values."""
import importlib

import numpy as np

from mlx_diff_cases import Case, make_input


def _sub(lib, name):
    # mlx.core -> mlx.nn / mlx.optimizers / mlx.utils; mxcore -> mxcore.nn ...
    root = "mlx" if lib.__name__.startswith("mlx") else "mxcore"
    return importlib.import_module(f"{root}.{name}")


def _fill(lib, module, seed=0):
    """Sets every parameter of `module` to fixed values (same in both libraries)."""
    utils = _sub(lib, "utils")
    rng = np.random.default_rng(seed)
    flat = utils.tree_flatten(module.parameters())
    module.update(utils.tree_unflatten(
        [(k, lib.array((rng.standard_normal(v.shape) * 0.3).astype(np.float32))) for k, v in flat]))
    return module


def compile_cases():
    fns = {
        "gelu_like": lambda lib, x: x * (1 + lib.erf(x / 1.4142135)) / 2,
        "softmax": lambda lib, x: lib.softmax(x, -1),
        "layer_norm": lambda lib, x: (x - x.mean(-1, keepdims=True)) * lib.rsqrt(x.var(-1, keepdims=True) + 1e-5),
        "bcast_add": lambda lib, x: x + x[:1] * 2 - x.sum(0),
        "where_max": lambda lib, x: lib.where(x > 0, x, lib.maximum(x, -0.5)),
        "logsumexp": lambda lib, x: lib.logsumexp(x, axis=1, keepdims=True) - x,
        "int_mix": lambda lib, x: (x * 3).astype(lib.int32) // 2 + 1,
        "take_along": lambda lib, x: lib.take_along_axis(x, lib.argmax(x, 1, keepdims=True), 1),
        "cumsum": lambda lib, x: lib.cumsum(x * x, 1),
        "reshape_flat": lambda lib, x: x.reshape(-1, 2).sum(-1),
        "full_like": lambda lib, x: lib.full_like(x, 2.0) * x,
        "grad_sum": lambda lib, x: lib.grad(lambda a: (lib.tanh(a) * a).sum())(x),
        "grad_ce": lambda lib, x: lib.grad(lambda a: (lib.logsumexp(a, -1) - a[:, 0]).mean())(x),
        "put_along": lambda lib, x: lib.put_along_axis(x, lib.argmin(x, 1, keepdims=True), lib.array(0.0), 1),
        "clip_sq": lambda lib, x: lib.clip(x, -0.5, 0.5) ** 2,
    }
    inputs = [make_input("float32", s) for s in [(3, 4), (5, 6)]]
    for name, fn in fns.items():
        def fixed(lib, fn=fn):
            c = lib.compile(lambda x: fn(lib, x))
            return [c(x(lib)) for x in inputs]

        def shapeless(lib, fn=fn):
            c = lib.compile(lambda x: fn(lib, x), shapeless=True)
            return [c(x(lib)) for x in inputs]

        yield Case(f"compile_{name}", "compile", "", fixed, 20.0)
        yield Case(f"compile_shapeless_{name}", "compile", "", shapeless, 20.0)


def nn_layer_cases():
    x = lambda s, seed=1: make_input("float32", s, data=np.random.default_rng(seed).standard_normal(s))  # noqa: E731
    layers = {
        "Linear": (lambda nn: nn.Linear(6, 5), (2, 6)),
        "Linear_nobias": (lambda nn: nn.Linear(6, 5, bias=False), (2, 6)),
        "Conv1d": (lambda nn: nn.Conv1d(4, 3, 3, padding=1), (2, 7, 4)),
        "Conv2d": (lambda nn: nn.Conv2d(3, 2, 3, stride=2), (1, 7, 7, 3)),
        "LayerNorm": (lambda nn: nn.LayerNorm(6), (3, 6)),
        "RMSNorm": (lambda nn: nn.RMSNorm(6), (3, 6)),
        "GroupNorm": (lambda nn: nn.GroupNorm(2, 6), (2, 4, 6)),
        "GroupNorm_pt": (lambda nn: nn.GroupNorm(2, 6, pytorch_compatible=True), (2, 4, 6)),
        "BatchNorm": (lambda nn: nn.BatchNorm(6), (5, 6)),
        "InstanceNorm": (lambda nn: nn.InstanceNorm(6, affine=True), (2, 4, 6)),
        "MultiHeadAttention": (lambda nn: nn.MultiHeadAttention(8, 2), (2, 5, 8)),
        "TransformerEncoderLayer": (lambda nn: nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), (2, 5, 8)),
        "GRU": (lambda nn: nn.GRU(4, 3), (2, 5, 4)),
        "LSTM": (lambda nn: nn.LSTM(4, 3), (2, 5, 4)),
        "RNN": (lambda nn: nn.RNN(4, 3), (2, 5, 4)),
        "Bilinear": (lambda nn: nn.Bilinear(3, 4, 2), None),
        "Embedding": (lambda nn: nn.Embedding(10, 4), "ids"),
        "RoPE": (lambda nn: nn.RoPE(8), (1, 2, 5, 8)),
        "SinusoidalPositionalEncoding": (lambda nn: nn.SinusoidalPositionalEncoding(8), "ids"),
        "MaxPool2d": (lambda nn: nn.MaxPool2d(2, 2), (1, 6, 6, 2)),
        "AvgPool1d": (lambda nn: nn.AvgPool1d(3, 2, padding=1), (2, 7, 3)),
        "Upsample_linear": (lambda nn: nn.Upsample(2.0, "linear"), (1, 3, 3, 2)),
        "Upsample_cubic": (lambda nn: nn.Upsample(2.0, "cubic", align_corners=True), (1, 3, 3, 2)),
        "QuantizedLinear": (lambda nn: nn.Linear(64, 8), (2, 64)),
        "ConvTranspose1d": (lambda nn: nn.ConvTranspose1d(3, 2, 3, stride=2), (1, 5, 3)),
    }
    for name, (make, shape) in layers.items():
        def fn(lib, make=make, shape=shape, name=name):
            nn = _sub(lib, "nn")
            m = make(nn)
            _fill(lib, m)
            if name == "QuantizedLinear":
                m = nn.QuantizedLinear.from_linear(m)
            if hasattr(m, "eval") and name == "BatchNorm":
                m.train()
            if shape == "ids":
                return m(lib.array([[1, 3, 5], [0, 9, 2]]))
            if shape is None:
                return m(x((2, 3))(lib), x((2, 4), 2)(lib))
            a = x(shape)(lib)
            if name == "MultiHeadAttention":
                return m(a, a * 0.5, a, mask=nn.MultiHeadAttention.create_additive_causal_mask(shape[1]))
            if name == "TransformerEncoderLayer":
                return m(a, None)
            return m(a)
        yield Case(f"nn.{name}", "nn-layers", "", fn, 50.0)
    activations = ("relu relu6 leaky_relu elu selu celu gelu gelu_approx gelu_fast_approx silu mish "
                   "softplus softsign log_sigmoid hard_tanh hardswish step tanh sigmoid glu "
                   "log_softmax softmin prelu relu2").split()
    for name in activations:
        def fn(lib, name=name):
            nn = _sub(lib, "nn")
            a = x((3, 4))(lib)
            if name == "prelu":
                return nn.prelu(a, lib.array([0.25]))
            return getattr(nn, name)(a)
        yield Case(f"nn.{name}", "nn-act", "", fn, 20.0)


def nn_loss_cases():
    x = lambda s, seed=1: make_input("float32", s, data=np.random.default_rng(seed).standard_normal(s))  # noqa: E731
    p = lambda s, seed=1: make_input("float32", s, data=np.random.default_rng(seed).uniform(0.05, 0.95, s))  # noqa: E731
    t = make_input("int32", (4,), data=np.array([0, 2, 1, 2]))
    losses = {
        "cross_entropy": lambda L, lib: L.cross_entropy(x((4, 3))(lib), t(lib)),
        "cross_entropy_ls": lambda L, lib: L.cross_entropy(x((4, 3))(lib), t(lib), label_smoothing=0.1, reduction="mean"),
        "cross_entropy_probs": lambda L, lib: L.cross_entropy(x((4, 3))(lib), p((4, 3))(lib), reduction="sum"),
        "cross_entropy_weights": lambda L, lib: L.cross_entropy(x((4, 3))(lib), t(lib), weights=p((4,), 3)(lib)),
        "binary_cross_entropy": lambda L, lib: L.binary_cross_entropy(x((4,))(lib), p((4,), 2)(lib)),
        "binary_cross_entropy_probs": lambda L, lib: L.binary_cross_entropy(p((4,))(lib), p((4,), 2)(lib), with_logits=False),
        "nll_loss": lambda L, lib: L.nll_loss(x((4, 3))(lib), t(lib), reduction="mean"),
        "mse_loss": lambda L, lib: L.mse_loss(x((4, 3))(lib), x((4, 3), 2)(lib)),
        "l1_loss": lambda L, lib: L.l1_loss(x((4, 3))(lib), x((4, 3), 2)(lib), reduction="sum"),
        "smooth_l1_loss": lambda L, lib: L.smooth_l1_loss(x((4, 3))(lib), x((4, 3), 2)(lib), beta=0.5),
        "huber_loss": lambda L, lib: L.huber_loss(x((4, 3))(lib), x((4, 3), 2)(lib), delta=0.7),
        "log_cosh_loss": lambda L, lib: L.log_cosh_loss(x((4, 3))(lib), x((4, 3), 2)(lib)),
        "kl_div_loss": lambda L, lib: L.kl_div_loss(x((4, 3))(lib), x((4, 3), 2)(lib), reduction="mean"),
        "hinge_loss": lambda L, lib: L.hinge_loss(x((4,))(lib), x((4,), 2)(lib)),
        "cosine_similarity_loss": lambda L, lib: L.cosine_similarity_loss(x((4, 3))(lib), x((4, 3), 2)(lib)),
        "triplet_loss": lambda L, lib: L.triplet_loss(x((4, 3))(lib), x((4, 3), 2)(lib), x((4, 3), 3)(lib)),
        "margin_ranking_loss": lambda L, lib: L.margin_ranking_loss(x((4,))(lib), x((4,), 2)(lib), lib.array([1, -1, 1, -1]), margin=0.2),
        "gaussian_nll_loss": lambda L, lib: L.gaussian_nll_loss(x((4, 3))(lib), x((4, 3), 2)(lib), p((4, 3))(lib), full=True),
    }
    for name, fn in losses.items():
        yield Case(f"losses.{name}", "nn-losses", "",
                   lambda lib, fn=fn: fn(_sub(lib, "nn").losses, lib), 20.0)
        yield Case(f"losses.grad_{name}", "nn-losses", "",
                   lambda lib, fn=fn: lib.grad(lambda a: fn(_sub(lib, "nn").losses, lib).sum() * a)(lib.array(1.0)), 20.0)


def optimizer_cases():
    opts = {
        "SGD": lambda O: O.SGD(0.1),
        "SGD_momentum": lambda O: O.SGD(0.1, momentum=0.9, weight_decay=0.01, nesterov=True),
        "Adam": lambda O: O.Adam(0.01),
        "Adam_bias": lambda O: O.Adam(0.01, bias_correction=True),
        "AdamW": lambda O: O.AdamW(0.01, weight_decay=0.1),
        "Adamax": lambda O: O.Adamax(0.01),
        "RMSprop": lambda O: O.RMSprop(0.01),
        "Adagrad": lambda O: O.Adagrad(0.1),
        "AdaDelta": lambda O: O.AdaDelta(0.5),
        "Lion": lambda O: O.Lion(0.01, weight_decay=0.1),
        "Adafactor": lambda O: O.Adafactor(0.01),
        "Adafactor_norel": lambda O: O.Adafactor(0.01, relative_step=False, scale_parameter=False),
        "Muon": lambda O: O.Muon(0.02),
        "Adam_schedule": lambda O: O.Adam(O.cosine_decay(0.1, 10)),
        "SGD_warmup": lambda O: O.SGD(O.join_schedules([O.linear_schedule(0, 0.1, 2), O.exponential_decay(0.1, 0.9)], [2])),
    }
    rng = np.random.default_rng(5)
    w0 = rng.standard_normal((4, 3)).astype(np.float32)
    b0 = rng.standard_normal((3,)).astype(np.float32)
    grads = [(rng.standard_normal((4, 3)).astype(np.float32), rng.standard_normal((3,)).astype(np.float32))
             for _ in range(4)]
    for name, make in opts.items():
        def fn(lib, make=make):
            opt = make(_sub(lib, "optimizers"))
            params = {"w": lib.array(w0), "b": lib.array(b0)}
            out = []
            for gw, gb in grads:
                params = opt.apply_gradients({"w": lib.array(gw), "b": lib.array(gb)}, params)
                lib.eval(params)
                out += [params["w"], params["b"]]
            return out
        yield Case(f"optimizers.{name}", "optimizers", "", fn, 50.0)
    yield Case("optimizers.clip_grad_norm", "optimizers", "", lambda lib: _sub(lib, "optimizers").clip_grad_norm(
        {"a": lib.array(w0), "b": [lib.array(b0)]}, 1.0), 20.0)


def s6_cases():
    yield from compile_cases()
    yield from nn_layer_cases()
    yield from nn_loss_cases()
    yield from optimizer_cases()
