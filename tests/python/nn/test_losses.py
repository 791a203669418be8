"""mxcore.nn.losses against NumPy for every loss and reduction, edge cases
(extreme logits, probabilities at 0 and 1, large errors, the boundaries
of the piecewise losses), gradients against central finite differences in
float64, and MLX's validation errors."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn.losses as losses

rng = np.random.default_rng(0)
LOGITS = rng.standard_normal((4, 5))
CLASSES = rng.integers(0, 5, (4,)).astype(np.int32)
PROBS = rng.random((4, 5))
PROBS /= PROBS.sum(-1, keepdims=True)
ROW_WEIGHTS = rng.random(4)
A, B, C = (rng.standard_normal((4, 3)) for _ in range(3))
UNIT = rng.random((4, 3)) * 0.98 + 0.01
BITS = (rng.random((4, 3)) > 0.5).astype(np.float64)
SIGNS = np.where(rng.random((4, 3)) > 0.5, 1.0, -1.0)
LOG_P = np.log(PROBS)
LOG_Q = np.log(np.roll(PROBS, 1, -1))


def np_log_softmax(x, axis=-1):
    shifted = x - x.max(axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis, keepdims=True))


def np_cross_entropy(logits, targets, weights=None, axis=-1, label_smoothing=0.0):
    logp = np_log_softmax(logits, axis)
    n = logits.shape[axis]
    if targets.ndim == logits.ndim:
        dist = targets
    else:
        dist = np.moveaxis(np.eye(n)[targets], -1, axis)
    # Label smoothing mixes the target with the uniform distribution.
    dist = (1 - label_smoothing) * dist + label_smoothing / n
    loss = -(dist * logp).sum(axis)
    return loss if weights is None else loss * weights


def np_bce(x, t, weights=None, with_logits=True):
    if with_logits:
        p_log, q_log = -np.logaddexp(0, -x), -np.logaddexp(0, x)
    else:
        p_log, q_log = np.maximum(np.log(x), -100), np.maximum(np.log(1 - x), -100)
    loss = -(t * p_log + (1 - t) * q_log)
    return loss if weights is None else loss * weights


def np_triplet(a, p, n, axis=-1, p_norm=2, margin=1.0, eps=1e-6):
    def dist(x, y):
        return ((np.abs(x - y) ** p_norm).sum(axis) + eps) ** (1 / p_norm)
    return np.maximum(dist(a, p) - dist(a, n) + margin, 0)


def np_huber(x, t, delta=1.0):
    e = np.abs(x - t)
    return np.where(e <= delta, 0.5 * e * e, delta * (e - 0.5 * delta))


def np_smooth_l1(x, t, beta=1.0):
    e = np.abs(x - t)
    return np.where(e < beta, 0.5 * e * e / beta, e - 0.5 * beta)


def np_cosine(x, y, axis=1, eps=1e-8):
    return (x * y).sum(axis) / np.maximum(np.linalg.norm(x, axis=axis) * np.linalg.norm(y, axis=axis), eps)


# (name, positional inputs, keyword arguments, NumPy reference of the unreduced loss)
CASES = [
    ("cross_entropy", (LOGITS, CLASSES), {}, lambda: np_cross_entropy(LOGITS, CLASSES)),
    ("cross_entropy", (LOGITS, CLASSES), dict(label_smoothing=0.2, weights=ROW_WEIGHTS),
     lambda: np_cross_entropy(LOGITS, CLASSES, ROW_WEIGHTS, label_smoothing=0.2)),
    ("cross_entropy", (LOGITS, PROBS), {}, lambda: np_cross_entropy(LOGITS, PROBS)),
    ("cross_entropy", (LOGITS, PROBS), dict(label_smoothing=0.1),
     lambda: np_cross_entropy(LOGITS, PROBS, label_smoothing=0.1)),
    ("cross_entropy", (LOGITS.T, CLASSES), dict(axis=0), lambda: np_cross_entropy(LOGITS.T, CLASSES, axis=0)),
    ("binary_cross_entropy", (A, BITS), {}, lambda: np_bce(A, BITS)),
    ("binary_cross_entropy", (A, UNIT), dict(weights=UNIT), lambda: np_bce(A, UNIT, UNIT)),
    ("binary_cross_entropy", (UNIT, BITS), dict(with_logits=False), lambda: np_bce(UNIT, BITS, with_logits=False)),
    ("l1_loss", (A, B), {}, lambda: np.abs(A - B)),
    ("mse_loss", (A, B), {}, lambda: (A - B) ** 2),
    ("nll_loss", (LOG_P, CLASSES), {}, lambda: -LOG_P[np.arange(4), CLASSES]),
    ("nll_loss", (LOG_P.T, CLASSES), dict(axis=0), lambda: -LOG_P[np.arange(4), CLASSES]),
    ("gaussian_nll_loss", (A, B, UNIT), {}, lambda: 0.5 * (np.log(UNIT) + (A - B) ** 2 / UNIT)),
    ("gaussian_nll_loss", (A, B, UNIT), dict(full=True),
     lambda: 0.5 * (np.log(UNIT) + (A - B) ** 2 / UNIT + np.log(2 * np.pi))),
    ("gaussian_nll_loss", (A, B, UNIT * 0), dict(eps=1e-2),
     lambda: 0.5 * (np.log(1e-2) + (A - B) ** 2 / 1e-2)),
    ("kl_div_loss", (LOG_P, LOG_Q), {}, lambda: (np.exp(LOG_Q) * (LOG_Q - LOG_P)).sum(-1)),
    ("smooth_l1_loss", (A, B), {}, lambda: np_smooth_l1(A, B)),
    ("smooth_l1_loss", (A, B), dict(beta=0.5), lambda: np_smooth_l1(A, B, 0.5)),
    ("triplet_loss", (A, B, C), {}, lambda: np_triplet(A, B, C)),
    ("triplet_loss", (A, B, C), dict(p=1, margin=0.5, axis=0), lambda: np_triplet(A, B, C, 0, 1, 0.5)),
    ("hinge_loss", (A, SIGNS), {}, lambda: np.maximum(1 - A * SIGNS, 0)),
    ("huber_loss", (A, B), {}, lambda: np_huber(A, B)),
    ("huber_loss", (A, B), dict(delta=0.5), lambda: np_huber(A, B, 0.5)),
    ("log_cosh_loss", (A, B), {}, lambda: np.log(np.cosh(A - B))),
    ("cosine_similarity_loss", (A, B), {}, lambda: np_cosine(A, B)),
    ("cosine_similarity_loss", (A, B), dict(axis=0), lambda: np_cosine(A, B, 0)),
    ("margin_ranking_loss", (A, B, SIGNS), dict(margin=0.3), lambda: np.maximum(0, -SIGNS * (A - B) + 0.3)),
]

DEFAULT_REDUCTION = {
    "cross_entropy": "none", "binary_cross_entropy": "mean", "l1_loss": "mean", "mse_loss": "mean",
    "nll_loss": "none", "gaussian_nll_loss": "mean", "kl_div_loss": "none", "smooth_l1_loss": "mean",
    "triplet_loss": "none", "hinge_loss": "none", "huber_loss": "none", "log_cosh_loss": "none",
    "cosine_similarity_loss": "none", "margin_ranking_loss": "none",
}


def _mx_args(args, kwargs, dtype=mx.float32):
    def convert(v):
        v = np.asarray(v)
        return mx.array(v) if v.dtype.kind == "i" else mx.array(v.astype(np.float64), dtype=dtype)
    return [convert(a) for a in args], {k: convert(v) if isinstance(v, np.ndarray) else v
                                        for k, v in kwargs.items()}


IDS = [f"{c[0]}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
@pytest.mark.parametrize("name,args,kwargs,reference", CASES, ids=IDS)
def test_loss_matches_numpy(name, args, kwargs, reference, reduction):
    mx_args, mx_kwargs = _mx_args(args, kwargs)
    out = getattr(losses, name)(*mx_args, **mx_kwargs, reduction=reduction)
    expected = reference()
    expected = {"none": expected, "mean": np.mean(expected), "sum": np.sum(expected)}[reduction]
    assert out.dtype == mx.float32
    assert out.shape == np.shape(expected)
    np.testing.assert_allclose(np.array(out), expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name,args,kwargs,reference", CASES, ids=IDS)
def test_default_reduction(name, args, kwargs, reference):
    mx_args, mx_kwargs = _mx_args(args, kwargs)
    default = getattr(losses, name)(*mx_args, **mx_kwargs)
    explicit = getattr(losses, name)(*mx_args, **mx_kwargs, reduction=DEFAULT_REDUCTION[name])
    np.testing.assert_array_equal(np.array(default), np.array(explicit))


def _differentiable_positions(name, args):
    # Class indices are not differentiable; hinge/margin targets are signs.
    return [i for i, a in enumerate(args) if np.asarray(a).dtype.kind == "f"
            and not (name in ("hinge_loss", "margin_ranking_loss") and i == len(args) - 1)]


@pytest.mark.parametrize("name,args,kwargs,reference", CASES, ids=IDS)
def test_gradients_match_finite_differences(name, args, kwargs, reference):
    mx_args, mx_kwargs = _mx_args(args, kwargs, dtype=mx.float64)
    positions = _differentiable_positions(name, args)
    fn = getattr(losses, name)
    # A fixed random weighting of the unreduced loss checks every entry's gradient.
    shape = fn(*mx_args, **mx_kwargs, reduction="none").shape
    weighting = mx.array(np.random.default_rng(5).random(shape) + 0.5)

    def total(*xs):
        full = list(mx_args)
        for i, x in zip(positions, xs):
            full[i] = x
        return mx.sum(fn(*full, **mx_kwargs, reduction="none") * weighting)

    grads = mx.grad(total, argnums=list(range(len(positions))))(*[mx_args[i] for i in positions])
    grads = grads if isinstance(grads, tuple) else (grads,)  # one argnum: a bare array, as in MLX
    h = 1e-6
    for k, i in enumerate(positions):
        base = np.asarray(args[i], dtype=np.float64)
        numeric = np.zeros_like(base)
        for idx in np.ndindex(base.shape):
            plus, minus = base.copy(), base.copy()
            plus[idx] += h
            minus[idx] -= h
            f = [mx_args[j] for j in positions]
            f[k] = mx.array(plus, dtype=mx.float64)
            up = total(*f).item()
            f[k] = mx.array(minus, dtype=mx.float64)
            numeric[idx] = (up - total(*f).item()) / (2 * h)
        np.testing.assert_allclose(np.array(grads[k]), numeric, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} argument {i}")


def test_cross_entropy_is_stable_for_extreme_logits():
    logits = mx.array([[1000.0, 0.0, -1000.0], [-1000.0, -1000.0, 1000.0]])
    out = losses.cross_entropy(logits, mx.array([0, 0]))
    np.testing.assert_allclose(np.array(out), [0.0, 2000.0], rtol=1e-6)
    grad = mx.grad(lambda x: losses.cross_entropy(x, mx.array([0, 0]), reduction="sum"))(logits)
    np.testing.assert_allclose(np.array(grad), [[0, 0, 0], [-1, 0, 1]], atol=1e-6)


def test_cross_entropy_label_smoothing_hand_computed():
    # Two equal logits: logsumexp = log 2, score = 0; smoothing changes nothing.
    out = losses.cross_entropy(mx.array([[0.0, 0.0]]), mx.array([1]), label_smoothing=0.3)
    np.testing.assert_allclose(out.item(), math.log(2), rtol=1e-6)
    # Logits (2, 0), class 0, s = 0.5: log(e^2 + 1) - 0.5 * 2 - 0.5 * 1.
    out = losses.cross_entropy(mx.array([[2.0, 0.0]]), mx.array([0]), label_smoothing=0.5)
    np.testing.assert_allclose(out.item(), math.log(math.exp(2) + 1) - 1.5, rtol=1e-6)


def test_binary_cross_entropy_edges():
    # Probabilities exactly 0 and 1: the log is clipped at -100, not inf.
    out = losses.binary_cross_entropy(mx.array([0.0, 1.0, 1.0]), mx.array([1.0, 0.0, 1.0]),
                                      with_logits=False, reduction="none")
    np.testing.assert_allclose(np.array(out), [100.0, 100.0, 0.0])
    # Large logits do not overflow.
    out = losses.binary_cross_entropy(mx.array([100.0, -100.0]), mx.array([0.0, 0.0]), reduction="none")
    np.testing.assert_allclose(np.array(out), [100.0, 0.0], atol=1e-6)


def test_log_cosh_of_large_errors_is_linear():
    out = losses.log_cosh_loss(mx.array([500.0, -500.0]), mx.array([0.0, 0.0]))
    np.testing.assert_allclose(np.array(out), [500 - math.log(2)] * 2, rtol=1e-6)


def test_piecewise_boundaries():
    x = mx.array([0.5, 1.0, 2.0])
    zero = mx.zeros((3,))
    np.testing.assert_allclose(np.array(losses.huber_loss(x, zero)), [0.125, 0.5, 1.5])
    np.testing.assert_allclose(np.array(losses.smooth_l1_loss(x, zero, reduction="none")), [0.125, 0.5, 1.5])
    np.testing.assert_allclose(np.array(losses.smooth_l1_loss(x, zero, beta=2.0, reduction="none")),
                               [0.0625, 0.25, 1.0])
    np.testing.assert_allclose(np.array(losses.hinge_loss(mx.array([1.0, 0.5, -1.0]), mx.ones((3,)))),
                               [0.0, 0.5, 2.0])


def test_cosine_similarity_of_zero_vectors_is_zero():
    out = losses.cosine_similarity_loss(mx.zeros((2, 3)), mx.ones((2, 3)))
    np.testing.assert_array_equal(np.array(out), [0.0, 0.0])


def test_losses_compose_with_vmap_and_compile():
    logits, targets = mx.array(LOGITS.astype(np.float32)), mx.array(CLASSES)
    eager = losses.cross_entropy(logits, targets)
    per_row = mx.vmap(lambda l, t: losses.cross_entropy(l, t))(logits, targets)
    compiled = mx.compile(lambda l, t: losses.cross_entropy(l, t, label_smoothing=0.1, reduction="mean"))
    np.testing.assert_allclose(np.array(per_row), np.array(eager), rtol=1e-6)
    np.testing.assert_allclose(compiled(logits, targets).item(),
                               losses.cross_entropy(logits, targets, label_smoothing=0.1, reduction="mean").item(),
                               rtol=1e-6)


X = mx.zeros((4, 3))


@pytest.mark.parametrize("call,match", [
    (lambda: losses.mse_loss(X, X, reduction="avg"), r"Invalid reduction. Must be one of \('none', 'mean', 'sum'\)"),
    (lambda: losses.huber_loss(X, X, reduction="max"), "Invalid reduction"),
    (lambda: losses.cross_entropy(X, mx.zeros((3,), mx.int32)),
     r"Targets shape \(3,\) does not match logits shape \(4, 3\)"),
    (lambda: losses.cross_entropy(X, mx.zeros((4, 2))), "Targets shape"),
    (lambda: losses.cross_entropy(X, mx.zeros((4,), mx.int32), label_smoothing=1.0),
     r"Label smoothing must be in \[0, 1\), got 1.0"),
    (lambda: losses.cross_entropy(X, mx.zeros((4,), mx.int32), label_smoothing=-0.1), "Label smoothing"),
    (lambda: losses.cross_entropy(X, mx.zeros((4,), mx.int32), weights=mx.ones((3,))),
     r"Weights with shape \(3,\) is not the same as output loss with shape \(4,\)"),
    (lambda: losses.binary_cross_entropy(X, X[:2]), r"Inputs shape \(4, 3\) does not match targets shape \(2, 3\)"),
    (lambda: losses.binary_cross_entropy(X, X, weights=mx.ones((4,))), "Weights with shape"),
    (lambda: losses.l1_loss(X, X[:, :1]), r"Predictions shape \(4, 3\) does not match targets shape \(4, 1\)"),
    (lambda: losses.mse_loss(X, X[:1]), "Predictions shape"),
    (lambda: losses.smooth_l1_loss(X, X[:1]), "Predictions shape"),
    (lambda: losses.gaussian_nll_loss(X, X[:1], X), "Inputs shape .* does not match targets shape"),
    (lambda: losses.gaussian_nll_loss(X, X, X[:1]), r"Inputs shape \(4, 3\) does not match vars shape \(1, 3\)"),
    (lambda: losses.margin_ranking_loss(X, X, X[:1]), "The shapes of the arguments do not match"),
])
def test_bad_input_raises(call, match):
    with pytest.raises(ValueError, match=match):
        call()
