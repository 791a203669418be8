"""Loss functions with the API of ``mlx.nn.losses``: the same names,
arguments, defaults (including each one's default ``reduction``) and
validation errors, written on mxcore ops so they differentiate, vmap and
compile like any other function."""

import math
from typing import Literal, Optional, get_args

import mxcore as mx

Reduction = Literal["none", "mean", "sum"]


def _reduce(loss: mx.array, reduction: Reduction = "none"):
    if reduction not in get_args(Reduction):
        raise ValueError(f"Invalid reduction. Must be one of {get_args(Reduction)}.")
    if reduction == "mean":
        return mx.mean(loss)
    if reduction == "sum":
        return mx.sum(loss)
    return loss


def _check_same_shape(first: str, a, second: str, b):
    if a.shape != b.shape:
        raise ValueError(
            f"{first.capitalize()} shape {a.shape} does not match {second} shape {b.shape}."
        )


def _weighted(loss, weights):
    if weights is None:
        return loss
    if weights.shape != loss.shape:
        raise ValueError(
            f"Weights with shape {weights.shape} is not the same as "
            f"output loss with shape {loss.shape}."
        )
    return loss * weights


def cross_entropy(
    logits: mx.array,
    targets: mx.array,
    weights: Optional[mx.array] = None,
    axis: int = -1,
    label_smoothing: float = 0.0,
    reduction: Reduction = "none",
) -> mx.array:
    """Cross entropy between ``logits`` (unnormalised) and ``targets``.

    ``targets`` are class indices (one dimension fewer than ``logits``) or
    probabilities (the shape of ``logits``). With ``label_smoothing`` ``s``,
    the target distribution is mixed with the uniform one: the loss is
    ``logsumexp - (1 - s) * score - s * mean(logits)``. ``weights`` has the
    shape of the unreduced loss.
    """
    if label_smoothing < 0 or label_smoothing >= 1:
        raise ValueError(f"Label smoothing must be in [0, 1), got {label_smoothing}.")
    probabilities = targets.ndim == logits.ndim
    class_axis = axis % logits.ndim if logits.ndim else axis
    expected = list(logits.shape)
    if not probabilities:
        expected.pop(class_axis)
    if tuple(targets.shape) != tuple(expected):
        raise ValueError(
            f"Targets shape {targets.shape} does not match logits shape {logits.shape}."
        )
    # Shifting by the (constant) max keeps exp finite and changes nothing.
    logits = logits - mx.stop_gradient(mx.max(logits, axis=axis, keepdims=True))
    if probabilities:
        score = mx.sum(logits * targets, axis=axis)
    else:
        picked = mx.take_along_axis(logits, mx.expand_dims(targets, axis), axis)
        score = mx.squeeze(picked, axis)
    loss = mx.logsumexp(logits, axis=axis) - (1 - label_smoothing) * score
    if label_smoothing > 0:
        loss = loss - label_smoothing * mx.mean(logits, axis=axis)
    return _reduce(_weighted(loss, weights), reduction)


def binary_cross_entropy(
    inputs: mx.array,
    targets: mx.array,
    weights: Optional[mx.array] = None,
    with_logits: bool = True,
    reduction: Reduction = "mean",
) -> mx.array:
    """Binary cross entropy of ``inputs`` (logits, or probabilities when
    ``with_logits=False``; their logs are clipped at -100 as in PyTorch and
    MLX) against ``targets`` in [0, 1]."""
    _check_same_shape("inputs", inputs, "targets", targets)
    if with_logits:
        # log(1 + e^x) - x t, without overflow for large |x|.
        loss = mx.logaddexp(0.0, inputs) - inputs * targets
    else:
        log_p = mx.maximum(mx.log(inputs), -100)
        log_not_p = mx.maximum(mx.log(1 - inputs), -100)
        loss = -(targets * log_p + (1 - targets) * log_not_p)
    return _reduce(_weighted(loss, weights), reduction)


def l1_loss(predictions: mx.array, targets: mx.array, reduction: Reduction = "mean") -> mx.array:
    """Absolute error."""
    _check_same_shape("predictions", predictions, "targets", targets)
    return _reduce(mx.abs(predictions - targets), reduction)


def mse_loss(predictions: mx.array, targets: mx.array, reduction: Reduction = "mean") -> mx.array:
    """Squared error."""
    _check_same_shape("predictions", predictions, "targets", targets)
    return _reduce(mx.square(predictions - targets), reduction)


def nll_loss(
    inputs: mx.array, targets: mx.array, axis: int = -1, reduction: Reduction = "none"
) -> mx.array:
    """Negative log likelihood of class indices ``targets`` under
    log-probabilities ``inputs``."""
    picked = mx.take_along_axis(inputs, mx.expand_dims(targets, axis), axis)
    return _reduce(-mx.squeeze(picked, axis), reduction)


def gaussian_nll_loss(
    inputs: mx.array,
    targets: mx.array,
    vars: mx.array,
    full: bool = False,
    eps: float = 1e-6,
    reduction: Reduction = "mean",
) -> mx.array:
    """Negative log likelihood of ``targets`` under Gaussians of mean
    ``inputs`` and variance ``vars`` (clamped below at ``eps``);
    ``full`` adds the constant ``log(2 pi) / 2``."""
    _check_same_shape("inputs", inputs, "targets", targets)
    _check_same_shape("inputs", inputs, "vars", vars)
    vars = mx.maximum(vars, eps)
    loss = 0.5 * (mx.log(vars) + mx.square(targets - inputs) / vars)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def kl_div_loss(
    inputs: mx.array, targets: mx.array, axis: int = -1, reduction: Reduction = "none"
) -> mx.array:
    """KL divergence from ``inputs`` to ``targets``, both log-probabilities."""
    loss = mx.sum(mx.exp(targets) * (targets - inputs), axis)
    return _reduce(loss, reduction)


def smooth_l1_loss(
    predictions: mx.array,
    targets: mx.array,
    beta: float = 1.0,
    reduction: Reduction = "mean",
) -> mx.array:
    """``0.5 d^2 / beta`` where the absolute error ``d < beta``, else
    ``d - 0.5 beta``."""
    _check_same_shape("predictions", predictions, "targets", targets)
    diff = mx.abs(predictions - targets)
    loss = mx.where(diff < beta, 0.5 * mx.square(diff) / beta, diff - 0.5 * beta)
    return _reduce(loss, reduction)


def triplet_loss(
    anchors: mx.array,
    positives: mx.array,
    negatives: mx.array,
    axis: int = -1,
    p: int = 2,
    margin: float = 1.0,
    eps: float = 1e-6,
    reduction: Reduction = "none",
) -> mx.array:
    """``max(d(a, pos) - d(a, neg) + margin, 0)`` with ``d`` the p-norm
    distance along ``axis`` (``eps`` inside the root keeps its gradient
    finite at zero distance)."""

    def distance(a, b):
        return mx.power(mx.sum(mx.power(mx.abs(a - b), p), axis) + eps, 1.0 / p)

    loss = mx.maximum(distance(anchors, positives) - distance(anchors, negatives) + margin, 0)
    return _reduce(loss, reduction)


def hinge_loss(inputs: mx.array, targets: mx.array, reduction: Reduction = "none") -> mx.array:
    """``max(1 - inputs * targets, 0)`` for targets in {-1, 1}."""
    return _reduce(mx.maximum(1 - inputs * targets, 0), reduction)


def huber_loss(
    inputs: mx.array,
    targets: mx.array,
    delta: float = 1.0,
    reduction: Reduction = "none",
) -> mx.array:
    """Quadratic (``0.5 e^2``) for errors up to ``delta``, linear past it."""
    abs_error = mx.abs(inputs - targets)
    quadratic = mx.minimum(abs_error, delta)
    loss = 0.5 * mx.square(quadratic) + delta * (abs_error - quadratic)
    return _reduce(loss, reduction)


def log_cosh_loss(inputs: mx.array, targets: mx.array, reduction: Reduction = "none") -> mx.array:
    """``log(cosh(inputs - targets))``, as ``logaddexp(e, -e) - log 2`` so
    large errors do not overflow."""
    error = inputs - targets
    return _reduce(mx.logaddexp(error, -error) - math.log(2), reduction)


def cosine_similarity_loss(
    x1: mx.array,
    x2: mx.array,
    axis: int = 1,
    eps: float = 1e-8,
    reduction: Reduction = "none",
) -> mx.array:
    """Cosine similarity of ``x1`` and ``x2`` along ``axis``, the product of
    norms clamped below at ``eps``."""
    norms = mx.linalg.norm(x1, axis=axis) * mx.linalg.norm(x2, axis=axis)
    loss = mx.sum(x1 * x2, axis=axis) / mx.maximum(norms, eps)
    return _reduce(loss, reduction)


def margin_ranking_loss(
    inputs1: mx.array,
    inputs2: mx.array,
    targets: mx.array,
    margin: float = 0.0,
    reduction: Reduction = "none",
) -> mx.array:
    """``max(0, -targets * (inputs1 - inputs2) + margin)``: targets 1 ask
    for ``inputs1`` to rank higher, -1 for ``inputs2``."""
    if not (inputs1.shape == inputs2.shape == targets.shape):
        raise ValueError(
            "The shapes of the arguments do not match. The provided shapes are "
            f"inputs1.shape={inputs1.shape}, inputs2.shape={inputs2.shape}, and "
            f"targets.shape={targets.shape}."
        )
    loss = mx.maximum(0, -targets * (inputs1 - inputs2) + margin)
    return _reduce(loss, reduction)
