"""Optimizers whose update treats a parameter of two or more dimensions as a
matrix: Adafactor (second moments factored into row and column averages)
and Muon (momentum orthogonalised by a Newton-Schulz iteration)."""

from typing import Optional, Tuple

import mxcore as mx

from .optimizers import Optimizer, Schedulable


def _rms(x):
    return mx.sqrt(mx.mean(mx.square(x)))


class Adafactor(Optimizer):
    r"""Adafactor (Shazeer and Stern, 2018): adaptive steps with sublinear
    memory. Parameters of two or more dimensions keep only row and column
    averages of the squared gradient (``exp_avg_sq_row``,
    ``exp_avg_sq_col``), vectors keep ``exp_avg_sq``.

    Args:
        learning_rate (float or callable, optional): used only when
            ``relative_step`` is ``False``. Default: ``None``.
        eps (tuple(float, float), optional): added to the squared gradient,
            and the floor of the parameter scale. Default: ``(1e-30, 1e-3)``.
        clip_threshold (float, optional): the RMS the unscaled update is
            clipped to. Default: ``1.0``.
        decay_rate (float, optional): :math:`\beta_2 = 1 - t^{\text{decay}}`.
            Default: ``-0.8``.
        beta_1 (float, optional): if given, a first moment (``exp_avg``) of
            the update is kept. Default: ``None``.
        weight_decay (float, optional): Default: ``0``.
        scale_parameter (bool, optional): scale the step by
            :math:`\max(\epsilon_2, \text{RMS}(w))`. Default: ``True``.
        relative_step (bool, optional): the step size is
            :math:`\min(10^{-2}, 1/\sqrt{t})` instead of ``learning_rate``.
            Default: ``True``.
        warmup_init (bool, optional): with ``relative_step``, the step size is
            :math:`\min(10^{-6} t, 1/\sqrt{t})`. Default: ``False``.
    """

    def __init__(
        self,
        learning_rate: Optional[Schedulable] = None,
        eps: Tuple[float, float] = (1e-30, 1e-3),
        clip_threshold: float = 1.0,
        decay_rate: float = -0.8,
        beta_1: Optional[float] = None,
        weight_decay: float = 0.0,
        scale_parameter: bool = True,
        relative_step: bool = True,
        warmup_init: bool = False,
    ):
        super().__init__()
        if learning_rate is not None:
            self._maybe_schedule("learning_rate", learning_rate)
        self.eps = eps
        self.clip_threshold = clip_threshold
        self.decay_rate = decay_rate
        self.beta_1 = beta_1
        self.weight_decay = weight_decay
        self.scale_parameter = scale_parameter
        self.relative_step = relative_step
        self.warmup_init = warmup_init

    def init_single(self, parameter, state):
        if parameter.ndim >= 2:
            shape, dtype = parameter.shape, parameter.dtype
            state["exp_avg_sq_row"] = mx.zeros(shape[:-1], dtype=dtype)
            state["exp_avg_sq_col"] = mx.zeros(shape[:-2] + shape[-1:], dtype=dtype)
        else:
            state["exp_avg_sq"] = mx.zeros_like(parameter)
        if self.beta_1 is not None:
            state["exp_avg"] = mx.zeros_like(parameter)

    def _step_size(self, step, parameter_rms):
        if self.relative_step:
            cap = 1e-6 * step if self.warmup_init else 1e-2
            size = mx.minimum(cap, mx.rsqrt(step))
        else:
            size = self.learning_rate
        size = size.astype(parameter_rms.dtype)
        if self.scale_parameter:
            return mx.maximum(self.eps[1], parameter_rms) * size
        return size

    def apply_single(self, gradient, parameter, state):
        step = self.step
        parameter_rms = _rms(parameter)
        step_size = self._step_size(step, parameter_rms)
        beta_2 = 1.0 - (step**self.decay_rate).astype(parameter_rms.dtype)
        squared = mx.square(gradient) + self.eps[0]
        if gradient.ndim >= 2:
            row = beta_2 * state["exp_avg_sq_row"] + (1 - beta_2) * mx.mean(squared, axis=-1)
            col = beta_2 * state["exp_avg_sq_col"] + (1 - beta_2) * mx.mean(squared, axis=-2)
            state["exp_avg_sq_row"] = row
            state["exp_avg_sq_col"] = col
            # The rank-1 estimate of 1/sqrt(v): rows normalised by their mean.
            row_factor = mx.rsqrt(row / mx.mean(row, axis=-1, keepdims=True))
            col_factor = mx.rsqrt(col)
            update = mx.expand_dims(row_factor, -1) * mx.expand_dims(col_factor, -2) * gradient
        else:
            avg = beta_2 * state["exp_avg_sq"] + (1 - beta_2) * squared
            state["exp_avg_sq"] = avg
            update = mx.rsqrt(avg) * gradient
        update = update / mx.maximum(1.0, _rms(update) / self.clip_threshold)
        update = step_size * update
        if self.beta_1 is not None:
            update = self.beta_1 * state["exp_avg"] + (1 - self.beta_1) * update
            state["exp_avg"] = update
        if self.weight_decay != 0:
            parameter = parameter + parameter * (-self.weight_decay * step_size)
        return parameter - update


def _orthogonalize(x, steps: int):
    """Approximately the nearest semi-orthogonal matrix to 2-D ``x``
    (``U V^T`` of its SVD), by the quintic Newton-Schulz iteration whose
    coefficients Muon's authors tuned for speed over exactness."""
    a, b, c = 3.4445, -4.7750, 2.0315
    wide = x.shape[-2] <= x.shape[-1]
    if not wide:
        x = x.T
    x = x / (mx.linalg.norm(x, keepdims=True) + 1e-7)
    for _ in range(steps):
        gram = x @ x.T
        poly = mx.addmm(b * gram, gram, gram, beta=1.0, alpha=c)
        x = mx.addmm(a * x, poly, x, beta=1.0, alpha=1.0)
    return x if wide else x.T


class Muon(Optimizer):
    r"""Muon (MomentUm Orthogonalized by Newton-Schulz, Jordan et al., 2024).

    Parameters of two or more dimensions step along their orthogonalised
    momentum (dimensions past the first are flattened), scaled by
    :math:`\sqrt{\max(1, \text{rows}/\text{cols})}`; vectors and scalars step
    along the momentum itself. Meant for hidden layers: optimise embeddings,
    heads and 1-D parameters with e.g. ``AdamW`` (``MultiOptimizer``).

    Args:
        learning_rate (float or callable): the learning rate.
        momentum (float, optional): Default: ``0.95``.
        weight_decay (float, optional): L2 penalty. Default: ``0.01``.
        nesterov (bool, optional): Default: ``True``.
        ns_steps (int, optional): Newton-Schulz iterations. Default: ``5``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        momentum: float = 0.95,
        weight_decay: float = 0.01,
        nesterov: bool = True,
        ns_steps: int = 5,
    ):
        super().__init__()
        self._maybe_schedule("learning_rate", learning_rate)
        self.momentum = momentum
        self.weight_decay = weight_decay
        self.nesterov = nesterov
        self.ns_steps = ns_steps

    def init_single(self, parameter, state):
        state["v"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        mu = self.momentum
        if self.weight_decay != 0:
            gradient = gradient + self.weight_decay * parameter
        v = mu * state["v"] + (1 - mu) * gradient
        state["v"] = v
        update = (1 - mu) * gradient + mu * v if self.nesterov else v
        lr = self.learning_rate.astype(gradient.dtype)
        if update.ndim >= 2:
            shape = update.shape
            matrix = mx.reshape(update, (shape[0], -1))
            update = mx.reshape(_orthogonalize(matrix, self.ns_steps), shape)
            lr = lr * max(1, update.shape[-2] / update.shape[-1]) ** 0.5
        return parameter - lr * update
