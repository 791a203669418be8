"""mxcore.optimizers: each optimizer's first steps against a NumPy
re-derivation of its update rule (parameters and every state slot, several
steps), MLX's state layout, learning-rate schedules driving an optimizer,
MultiOptimizer, clip_grad_norm, update() on modules, the state's safetensors
round trip and a compiled train step carrying the state."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.optimizers as optim
from mxcore.utils import tree_flatten, tree_unflatten

STEPS = 3


def _params_np():
    rng = np.random.default_rng(0)
    return {
        "w": rng.standard_normal((4, 3)).astype(np.float32),
        "layers": [{"b": rng.standard_normal(3).astype(np.float32)}],
        "conv": rng.standard_normal((2, 3, 2)).astype(np.float32),
    }


def _grads_np():
    rng = np.random.default_rng(1)
    return [_tree_like(_params_np(), lambda p: rng.standard_normal(p.shape).astype(np.float32))
            for _ in range(STEPS)]


def _tree_like(tree, fn):
    if isinstance(tree, dict):
        return {k: _tree_like(v, fn) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_tree_like(v, fn) for v in tree]
    return fn(tree)


def _to_mx(tree):
    return _tree_like(tree, mx.array)


def _flat_np(tree):
    return {k: np.array(v) for k, v in tree_flatten(tree)}


# NumPy re-derivations: (g, p, slots, t) -> new p; slots updated in place.

def np_sgd(lr, momentum=0.0, weight_decay=0.0, dampening=0.0, nesterov=False):
    def rule(g, p, s, t):
        g = g + weight_decay * p
        if momentum <= 0:
            return p - lr * g
        s["v"] = momentum * s.get("v", 0 * p) + (1 - dampening) * g
        return p - lr * (g + momentum * s["v"] if nesterov else s["v"])
    return rule


def np_rmsprop(lr, alpha=0.99, eps=1e-8):
    def rule(g, p, s, t):
        s["v"] = alpha * s.get("v", 0 * p) + (1 - alpha) * g * g
        return p - lr * g / (np.sqrt(s["v"]) + eps)
    return rule


def np_adagrad(lr, eps=1e-8):
    def rule(g, p, s, t):
        s["v"] = s.get("v", 0 * p) + g * g
        return p - lr * g / (np.sqrt(s["v"]) + eps)
    return rule


def np_adadelta(lr, rho=0.9, eps=1e-6):
    def rule(g, p, s, t):
        s["v"] = rho * s.get("v", 0 * p) + (1 - rho) * g * g
        u = s.get("u", 0 * p)
        d = np.sqrt(u + eps) / np.sqrt(s["v"] + eps) * g
        s["u"] = rho * u + (1 - rho) * d * d
        return p - lr * d
    return rule


def np_adam(lr, b1=0.9, b2=0.999, eps=1e-8, bias_correction=False, weight_decay=0.0):
    def rule(g, p, s, t):
        p = p * (1 - lr * weight_decay)
        s["m"] = b1 * s.get("m", 0 * p) + (1 - b1) * g
        s["v"] = b2 * s.get("v", 0 * p) + (1 - b2) * g * g
        m, v = s["m"], s["v"]
        if bias_correction:
            m, v = m / (1 - b1**t), v / (1 - b2**t)
        return p - lr * m / (np.sqrt(v) + eps)
    return rule


def np_adamax(lr, b1=0.9, b2=0.999, eps=1e-8):
    def rule(g, p, s, t):
        s["m"] = b1 * s.get("m", 0 * p) + (1 - b1) * g
        s["v"] = np.maximum(b2 * s.get("v", 0 * p), np.abs(g))
        return p - lr * s["m"] / (s["v"] + eps)
    return rule


def np_lion(lr, b1=0.9, b2=0.99, weight_decay=0.0):
    def rule(g, p, s, t):
        m = s.get("m", 0 * p)
        c = b1 * m + (1 - b1) * g
        s["m"] = b2 * m + (1 - b2) * g
        return p * (1 - lr * weight_decay) - lr * np.sign(c)
    return rule


def _rms(x):
    return np.sqrt(np.mean(x * x))


def np_adafactor(lr=None, eps=(1e-30, 1e-3), clip=1.0, decay=-0.8, beta_1=None,
                 weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False):
    def rule(g, p, s, t):
        size = min(1e-6 * t if warmup_init else 1e-2, 1 / np.sqrt(t)) if relative_step else lr
        if scale_parameter:
            size = max(eps[1], _rms(p)) * size
        beta_2 = 1 - t**decay
        sq = g * g + eps[0]
        if g.ndim >= 2:
            s["exp_avg_sq_row"] = beta_2 * s.get("exp_avg_sq_row", 0) + (1 - beta_2) * sq.mean(-1)
            s["exp_avg_sq_col"] = beta_2 * s.get("exp_avg_sq_col", 0) + (1 - beta_2) * sq.mean(-2)
            row, col = s["exp_avg_sq_row"], s["exp_avg_sq_col"]
            # v ~ row x col / mean(row): the factored second moment.
            v = row[..., :, None] * col[..., None, :] / row.mean(-1)[..., None, None]
        else:
            s["exp_avg_sq"] = beta_2 * s.get("exp_avg_sq", 0) + (1 - beta_2) * sq
            v = s["exp_avg_sq"]
        u = g / np.sqrt(v)
        u = size * u / max(1.0, _rms(u) / clip)
        if beta_1 is not None:
            s["exp_avg"] = beta_1 * s.get("exp_avg", 0 * p) + (1 - beta_1) * u
            u = s["exp_avg"]
        return p * (1 - weight_decay * size) - u
    return rule


def np_newton_schulz(x, steps):
    a, b, c = 3.4445, -4.7750, 2.0315
    tall = x.shape[0] > x.shape[1]
    x = x.T if tall else x
    x = x / (np.linalg.norm(x) + 1e-7)
    for _ in range(steps):
        gram = x @ x.T
        x = a * x + (b * gram + c * gram @ gram) @ x
    return x.T if tall else x


def np_muon(lr, momentum=0.95, weight_decay=0.01, nesterov=True, ns_steps=5):
    def rule(g, p, s, t):
        g = g + weight_decay * p
        s["v"] = momentum * s.get("v", 0 * p) + (1 - momentum) * g
        u = (1 - momentum) * g + momentum * s["v"] if nesterov else s["v"]
        step = lr
        if u.ndim >= 2:
            u = np_newton_schulz(u.reshape(u.shape[0], -1), ns_steps).reshape(u.shape)
            step = lr * max(1, u.shape[-2] / u.shape[-1]) ** 0.5
        return p - step * u
    return rule


CASES = [
    ("SGD", dict(learning_rate=0.1), np_sgd(0.1)),
    ("SGD", dict(learning_rate=0.1, weight_decay=0.05), np_sgd(0.1, weight_decay=0.05)),
    ("SGD", dict(learning_rate=0.1, momentum=0.9), np_sgd(0.1, 0.9)),
    ("SGD", dict(learning_rate=0.1, momentum=0.9, dampening=0.3, weight_decay=0.01),
     np_sgd(0.1, 0.9, 0.01, 0.3)),
    ("SGD", dict(learning_rate=0.1, momentum=0.8, nesterov=True), np_sgd(0.1, 0.8, nesterov=True)),
    ("RMSprop", dict(learning_rate=0.01), np_rmsprop(0.01)),
    ("RMSprop", dict(learning_rate=0.01, alpha=0.5, eps=1e-3), np_rmsprop(0.01, 0.5, 1e-3)),
    ("Adagrad", dict(learning_rate=0.1), np_adagrad(0.1)),
    ("AdaDelta", dict(learning_rate=0.5, rho=0.8), np_adadelta(0.5, 0.8)),
    ("Adam", dict(learning_rate=0.01), np_adam(0.01)),
    ("Adam", dict(learning_rate=0.01, betas=[0.8, 0.9], bias_correction=True),
     np_adam(0.01, 0.8, 0.9, bias_correction=True)),
    ("AdamW", dict(learning_rate=0.01), np_adam(0.01, weight_decay=0.01)),
    ("AdamW", dict(learning_rate=0.01, weight_decay=0.2, bias_correction=True),
     np_adam(0.01, weight_decay=0.2, bias_correction=True)),
    ("Adamax", dict(learning_rate=0.01), np_adamax(0.01)),
    ("Lion", dict(learning_rate=0.01), np_lion(0.01)),
    ("Lion", dict(learning_rate=0.01, betas=[0.5, 0.9], weight_decay=0.1), np_lion(0.01, 0.5, 0.9, 0.1)),
    ("Adafactor", dict(), np_adafactor()),
    ("Adafactor", dict(warmup_init=True, scale_parameter=False), np_adafactor(warmup_init=True, scale_parameter=False)),
    ("Adafactor", dict(learning_rate=0.01, relative_step=False, beta_1=0.9, weight_decay=0.1),
     np_adafactor(0.01, relative_step=False, beta_1=0.9, weight_decay=0.1)),
    ("Muon", dict(learning_rate=0.02), np_muon(0.02)),
    ("Muon", dict(learning_rate=0.02, nesterov=False, weight_decay=0.0, ns_steps=3),
     np_muon(0.02, nesterov=False, weight_decay=0.0, ns_steps=3)),
]


def _run_np(rule, steps):
    params = _flat_np(_to_mx(_params_np()))
    slots = {k: {} for k in params}
    for t, grads in enumerate(steps, start=1):
        g = _flat_np(_to_mx(grads))
        params = {k: rule(g[k].astype(np.float64), params[k].astype(np.float64), slots[k], t)
                  for k in params}
    return params, slots


@pytest.mark.parametrize("name,kwargs,rule", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_first_steps_match_numpy(name, kwargs, rule):
    grads = _grads_np()
    opt = getattr(optim, name)(**kwargs)
    params = _to_mx(_params_np())
    for t, g in enumerate(grads, start=1):
        params = opt.apply_gradients(_to_mx(g), params)
        expected, slots = _run_np(rule, grads[:t])
        got = _flat_np(params)
        assert got.keys() == expected.keys()
        for k in got:
            np.testing.assert_allclose(got[k], expected[k], rtol=2e-5, atol=2e-6, err_msg=f"{name} {k} step {t}")
    state = _flat_np(opt.state)
    assert state["step"] == STEPS and opt.step.dtype == mx.uint64
    for path, slot in slots.items():
        for key, value in slot.items():
            np.testing.assert_allclose(state[f"{path}.{key}"], value, rtol=2e-5, atol=1e-6,
                                       err_msg=f"{name} state {path}.{key}")
        # No slots beyond the ones the rule keeps (MLX's names only).
        assert {k.rsplit(".", 1)[1] for k in state if k.startswith(path + ".")} == set(slot) or not slot


def test_state_layout_follows_mlx():
    params = _to_mx(_params_np())
    opt = optim.Adam(learning_rate=0.1)
    opt.init(params)
    assert set(opt.state) == {"step", "learning_rate", "w", "layers", "conv"}
    assert set(opt.state["w"]) == {"m", "v"}
    assert isinstance(opt.state["layers"], list) and set(opt.state["layers"][0]["b"]) == {"m", "v"}
    assert opt.state["step"].item() == 0 and opt.state["step"].dtype == mx.uint64
    assert opt.state["learning_rate"].dtype == mx.float32
    factor = optim.Adafactor(beta_1=0.9)
    factor.init(params)
    assert factor.state["w"]["exp_avg_sq_row"].shape == (4,)
    assert factor.state["w"]["exp_avg_sq_col"].shape == (3,)
    assert factor.state["conv"]["exp_avg_sq_row"].shape == (2, 3)
    assert factor.state["conv"]["exp_avg_sq_col"].shape == (2, 2)
    assert set(factor.state["layers"][0]["b"]) == {"exp_avg_sq", "exp_avg"}
    assert "learning_rate" not in factor.state
    assert set(optim.SGD(0.1).state) == {"step", "learning_rate"}


def test_init_keeps_existing_slots_and_adds_new_ones():
    opt = optim.SGD(learning_rate=0.1, momentum=0.9)
    params = {"a": mx.ones((2,))}
    params = opt.apply_gradients({"a": mx.ones((2,))}, params)
    v_before = np.array(opt.state["a"]["v"])
    opt.init({"a": mx.ones((2,)), "b": mx.ones((3,))})
    np.testing.assert_array_equal(np.array(opt.state["a"]["v"]), v_before)
    np.testing.assert_array_equal(np.array(opt.state["b"]["v"]), np.zeros(3))


def test_gradients_may_cover_part_of_the_parameters():
    opt = optim.SGD(learning_rate=0.5)
    out = opt.apply_gradients({"a": mx.array([2.0])}, {"a": mx.array([1.0]), "b": mx.array([7.0])})
    assert set(out) == {"a"}
    np.testing.assert_allclose(np.array(out["a"]), [0.0])


def test_learning_rate_schedule_drives_the_step():
    # The schedule is read at the step count before each update: lr_t = 0.1 * 0.5**(t-1).
    opt = optim.SGD(learning_rate=optim.exponential_decay(0.1, 0.5))
    p = {"x": mx.array([1.0])}
    expected = 1.0
    for t in range(4):
        p = opt.apply_gradients({"x": mx.array([1.0])}, p)
        expected -= 0.1 * 0.5**t
        np.testing.assert_allclose(p["x"].item(), expected, rtol=1e-6)
        np.testing.assert_allclose(opt.learning_rate.item(), 0.1 * 0.5**t, rtol=1e-6)


def test_learning_rate_setter():
    opt = optim.Adam(learning_rate=0.1)
    opt.learning_rate = 0.02
    assert isinstance(opt.learning_rate, mx.array)
    np.testing.assert_allclose(opt.learning_rate.item(), 0.02)
    p = opt.apply_gradients({"x": mx.array([1.0])}, {"x": mx.array([0.0])})
    # First Adam step without bias correction: m = 0.1 g, v = 0.001 g^2.
    np.testing.assert_allclose(p["x"].item(), -0.02 * 0.1 / (np.sqrt(0.001) + 1e-8), rtol=1e-5)


@pytest.mark.parametrize("make,match", [
    (lambda: optim.SGD(0.1, nesterov=True), "Nesterov momentum requires a momentum and zero dampening"),
    (lambda: optim.SGD(0.1, momentum=0.9, dampening=0.1, nesterov=True), "Nesterov"),
    (lambda: optim.Adam(0.1, betas=[1.0, 0.9]), r"Adam beta1 should be in \[0, 1\)"),
    (lambda: optim.AdamW(0.1, betas=[0.9, -0.1]), "Adam beta2"),
    (lambda: optim.Adam(0.1, eps=-1.0), "Adam epsilon should be >=0"),
    (lambda: optim.Lion(0.1, betas=[0.9, 1.5]), "Lion beta2"),
    (lambda: optim.RMSprop(0.1, alpha=-0.1), "RMSprop alpha should be >=0"),
    (lambda: optim.RMSprop(0.1, eps=0.0), "RMSprop epsilon should be >0"),
    (lambda: optim.Adagrad(0.1, eps=0.0), "Adagrad epsilon should be >0"),
    (lambda: optim.AdaDelta(0.1, rho=-1.0), "AdaDelta rho should be >=0"),
    (lambda: optim.AdaDelta(0.1, eps=0.0), "AdaDelta epsilon should be >0"),
    (lambda: optim.MultiOptimizer([optim.SGD(0.1)], [lambda *a: True]), "Given 1 filters but 0 needed"),
])
def test_bad_hyper_parameters_raise(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_multi_optimizer_routes_by_path():
    params = {"w": mx.array([1.0, 2.0]), "bias": mx.array([3.0])}
    grads = {"w": mx.array([1.0, -1.0]), "bias": mx.array([2.0])}
    multi = optim.MultiOptimizer([optim.SGD(0.1), optim.Adam(0.01)], [lambda path, g: "bias" in path])
    for _ in range(2):
        params = multi.apply_gradients(grads, params)
    # bias: plain SGD, 3 - 2 * 0.1 * 2; w: Adam alone.
    np.testing.assert_allclose(params["bias"].item(), 2.6, rtol=1e-6)
    adam, w, slots = np_adam(0.01), np.array([1.0, 2.0]), {}
    for t in (1, 2):
        w = adam(np.array([1.0, -1.0]), w, slots, t)
    np.testing.assert_allclose(np.array(params["w"]), w, rtol=1e-6)
    state = multi.state
    assert list(state) == ["states"] and len(state["states"]) == 2
    # As in MLX, SGD makes its "v" slot even without momentum.
    assert set(state["states"][0]["bias"]) == {"v"} and "w" not in state["states"][0]
    assert set(state["states"][1]["w"]) == {"m", "v"} and "bias" not in state["states"][1]
    multi.learning_rate = 0.5
    assert multi.optimizers[1].learning_rate.item() == 0.5 and multi.learning_rate.item() == 0.5
    with pytest.raises(ValueError, match="Invalid state provided"):
        multi.state = {"states": [{}]}


def test_clip_grad_norm():
    grads = {"w1": mx.array([2.0, 3.0]), "w2": [mx.array([1.0])]}
    clipped, norm = optim.clip_grad_norm(grads, max_norm=2.0)
    np.testing.assert_allclose(norm.item(), np.sqrt(14.0), rtol=1e-6)
    scale = 2.0 / (np.sqrt(14.0) + 1e-6)
    np.testing.assert_allclose(np.array(clipped["w1"]), [2 * scale, 3 * scale], rtol=1e-6)
    np.testing.assert_allclose(np.array(clipped["w2"][0]), [scale], rtol=1e-6)
    same, norm = optim.clip_grad_norm(grads, max_norm=10.0)
    np.testing.assert_array_equal(np.array(same["w1"]), [2.0, 3.0])
    half = {"a": mx.full((4,), 300.0, dtype=mx.float16)}  # 4 * 300^2 overflows float16
    clipped, norm = optim.clip_grad_norm(half, max_norm=1.0)
    assert clipped["a"].dtype == mx.float16
    np.testing.assert_allclose(norm.item(), 600.0, rtol=1e-6)
    np.testing.assert_allclose(np.array(clipped["a"]).astype(np.float32), np.full(4, 0.5), rtol=1e-3)
    with pytest.raises(ValueError, match="max_norm should be >=0"):
        optim.clip_grad_norm(grads, -1.0)


class _DuckModel:
    """The two methods Optimizer.update needs, without being a dict."""

    def __init__(self):
        self.params = {"w": mx.array([1.0, 1.0]), "frozen": mx.array([5.0])}

    def trainable_parameters(self):
        return {"w": self.params["w"]}

    def update(self, new):
        self.params.update(new)


class _DictModel(dict):
    """Like nn.Module: a dict of its parameters with an update method."""

    def trainable_parameters(self):
        return dict(self)

    def update(self, new):
        dict.update(self, new)


@pytest.mark.parametrize("model_type", [_DuckModel, _DictModel])
def test_update_applies_to_a_model(model_type):
    model = model_type() if model_type is _DuckModel else _DictModel(w=mx.array([1.0, 1.0]))
    opt = optim.SGD(learning_rate=0.25)
    opt.update(model, {"w": mx.array([1.0, -2.0])})
    params = model.params if model_type is _DuckModel else model
    np.testing.assert_allclose(np.array(params["w"]), [0.75, 1.5])
    if model_type is _DuckModel:
        assert params["frozen"].item() == 5.0


@pytest.mark.parametrize("make", [
    lambda: optim.Adam(learning_rate=optim.cosine_decay(0.1, 10), bias_correction=True),
    lambda: optim.SGD(0.1, momentum=0.9),
    lambda: optim.Adafactor(beta_1=0.9),
    lambda: optim.MultiOptimizer([optim.Lion(0.01), optim.AdamW(0.01)], [lambda p, g: p.startswith("w")]),
])
def test_state_round_trips_through_safetensors(tmp_path, make):
    grads = [_to_mx(g) for g in _grads_np()]
    original = make()
    params = original.apply_gradients(grads[0], _to_mx(_params_np()))
    path = str(tmp_path / "opt.safetensors")
    mx.save_safetensors(path, dict(tree_flatten(original.state)))
    restored = make()
    restored.state = tree_unflatten(list(mx.load(path).items()))
    assert {k: v.dtype for k, v in tree_flatten(restored.state)} == \
        {k: v.dtype for k, v in tree_flatten(original.state)}
    a = b = params
    for g in grads[1:]:
        a = original.apply_gradients(g, a)
        b = restored.apply_gradients(g, b)
    for (ka, va), (kb, vb) in zip(sorted(_flat_np(a).items()), sorted(_flat_np(b).items())):
        assert ka == kb
        np.testing.assert_array_equal(va, vb)
    for k, v in _flat_np(original.state).items():
        np.testing.assert_array_equal(_flat_np(restored.state)[k], v)


def _loss(params, x, y):
    return mx.mean(mx.square(x @ params["w"] + params["b"] - y))


def _train(make_opt, compiled, init_first, steps=5):
    rng = np.random.default_rng(3)
    x = mx.array(rng.standard_normal((8, 3)).astype(np.float32))
    y = mx.array(rng.standard_normal((8, 2)).astype(np.float32))
    params = {"w": mx.array(rng.standard_normal((3, 2)).astype(np.float32)), "b": mx.zeros((2,))}
    opt = make_opt()
    if init_first:
        opt.init(params)
    state = [params, opt.state]

    def step(x, y):
        loss, grads = mx.value_and_grad(_loss)(state[0], x, y)
        state[0] = opt.apply_gradients(grads, state[0])
        return loss

    fn = mx.compile(step, inputs=state, outputs=state) if compiled else step
    losses = []
    for _ in range(steps):
        losses.append(fn(x, y).item())
        mx.eval(state)
    return losses, state[0], opt


@pytest.mark.parametrize("make", [
    lambda: optim.Adam(learning_rate=optim.linear_schedule(0.01, 0.1, 3), bias_correction=True),
    lambda: optim.SGD(0.05, momentum=0.9, nesterov=True),
    lambda: optim.AdamW(0.05),
    lambda: optim.Muon(0.02),
    lambda: optim.MultiOptimizer([optim.Muon(0.02), optim.Adam(0.05)], [lambda path, g: g.ndim == 2]),
])
@pytest.mark.parametrize("init_first", [True, False])
def test_compiled_step_with_state_matches_eager(make, init_first):
    eager_losses, eager_params, eager_opt = _train(make, False, True)
    losses, params, opt = _train(make, True, init_first)
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5)
    assert losses[-1] < losses[0]
    for k, v in _flat_np(eager_params).items():
        np.testing.assert_allclose(_flat_np(params)[k], v, rtol=1e-5, atol=1e-6)
    assert opt.step.item() == eager_opt.step.item() == 5
    for k, v in _flat_np(eager_opt.state).items():
        np.testing.assert_allclose(_flat_np(opt.state)[k], v, rtol=1e-5, atol=1e-6, err_msg=k)


@pytest.mark.parametrize("dtype", [mx.float16, mx.bfloat16])
@pytest.mark.parametrize("name,kwargs,rule", CASES[::2], ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES[::2])])
def test_half_precision_parameters_keep_their_dtype(name, kwargs, rule, dtype):
    grads = _grads_np()
    opt = getattr(optim, name)(**kwargs)
    params = _tree_like(_params_np(), lambda p: mx.array(p).astype(dtype))
    for g in grads:
        params = opt.apply_gradients(_tree_like(g, lambda x: mx.array(x).astype(dtype)), params)
    expected, _ = _run_np(rule, grads)
    for k, v in tree_flatten(params):
        assert v.dtype == dtype, (name, k)
        # Half-precision rounding of parameters and gradients: a loose match.
        np.testing.assert_allclose(np.array(v.astype(mx.float32)), expected[k], rtol=5e-2, atol=5e-2)
    for k, v in tree_flatten(opt.state):
        if k not in ("step", "learning_rate"):
            assert v.dtype == dtype, (name, k)
