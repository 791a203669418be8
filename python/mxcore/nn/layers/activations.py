"""Activation functions and their Module forms, as in ``mlx.nn``. Those of
several ops are shapeless compiled functions, as in MLX: called eagerly each
runs as one fused kernel; inside ``mx.compile`` or a transform they are
traced as their plain ops and fuse with their neighbours."""

import math
from functools import partial

import mxcore as mx
from mxcore.nn.layers.base import Module


def sigmoid(x):
    r"""Element-wise logistic sigmoid :math:`1 / (1 + e^{-x})`."""
    return mx.sigmoid(x)


def relu(x):
    """Element-wise ``max(x, 0)``."""
    return mx.maximum(x, 0)


@partial(mx.compile, shapeless=True)
def relu2(x):
    """Element-wise ``max(x, 0) ** 2``."""
    return mx.square(mx.maximum(x, 0))


@partial(mx.compile, shapeless=True)
def relu6(x):
    """Element-wise ``min(max(x, 0), 6)``."""
    return mx.minimum(mx.maximum(x, 0), 6.0)


@partial(mx.compile, shapeless=True)
def leaky_relu(x, negative_slope=0.01):
    """Element-wise ``max(negative_slope * x, x)``."""
    return mx.maximum(negative_slope * x, x)


@partial(mx.compile, shapeless=True)
def log_softmax(x, axis=-1):
    """``x - logsumexp(x, axis)``."""
    return x - mx.logsumexp(x, axis=axis, keepdims=True)


@partial(mx.compile, shapeless=True)
def elu(x, alpha=1.0):
    """``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere."""
    return mx.where(x > 0, x, alpha * (mx.exp(x) - 1))


def softmax(x, axis=-1):
    """Softmax along ``axis``."""
    return mx.softmax(x, axis=axis)


@partial(mx.compile, shapeless=True)
def softplus(x):
    """``log(1 + exp(x))``, computed stably as ``logaddexp(x, 0)``."""
    return mx.logaddexp(x, 0)


@partial(mx.compile, shapeless=True)
def softsign(x):
    """``x / (1 + |x|)``."""
    return mx.divide(x, 1 + mx.abs(x))


@partial(mx.compile, shapeless=True)
def softshrink(x, lambd: float = 0.5):
    """``x - lambd`` above ``lambd``, ``x + lambd`` below ``-lambd``, else 0."""
    return mx.where(mx.abs(x) > lambd, x - mx.sign(x) * lambd, 0)


@partial(mx.compile, shapeless=True)
def celu(x, alpha=1.0):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""
    return mx.maximum(x, 0.0) + alpha * (mx.exp(mx.minimum(x, 0.0) / alpha) - 1)


@partial(mx.compile, shapeless=True)
def silu(x):
    """``x * sigmoid(x)`` (swish)."""
    return x * mx.sigmoid(x)


@partial(mx.compile, shapeless=True)
def log_sigmoid(x):
    """``log(sigmoid(x))``, computed as ``-softplus(-x)``."""
    return -softplus(-x)


@partial(mx.compile, shapeless=True)
def gelu(x):
    r"""Exact GELU: :math:`x \Phi(x)` with the Gaussian CDF via ``erf``."""
    return x * (1 + mx.erf(x / math.sqrt(2))) / 2


@partial(mx.compile, shapeless=True)
def gelu_approx(x):
    r"""GELU's tanh approximation:
    :math:`0.5x(1 + \tanh(\sqrt{2/\pi}(x + 0.044715x^3)))`."""
    return 0.5 * x * (1 + mx.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


@partial(mx.compile, shapeless=True)
def gelu_fast_approx(x):
    r"""GELU's sigmoid approximation :math:`x \sigma(1.702 x)`."""
    return x * mx.sigmoid(1.702 * x)


def glu(x, axis: int = -1):
    """Split ``x`` in two halves ``a, b`` along ``axis``: ``a * sigmoid(b)``."""
    a, b = mx.split(x, indices_or_sections=2, axis=axis)
    return a * mx.sigmoid(b)


@partial(mx.compile, shapeless=True)
def step(x, threshold: float = 0.0):
    """1 where ``x > threshold``, else 0."""
    return mx.where(x > threshold, 1, 0)


@partial(mx.compile, shapeless=True)
def selu(x):
    """Scaled ELU with the self-normalising constants."""
    return elu(x, 1.67326) * 1.0507


@partial(mx.compile, shapeless=True)
def prelu(x, alpha):
    """``max(0, x) + alpha * min(0, x)`` with a learned ``alpha``."""
    return mx.maximum(0, x) + alpha * mx.minimum(0, x)


@partial(mx.compile, shapeless=True)
def mish(x):
    """``x * tanh(softplus(x))``."""
    return x * mx.tanh(softplus(x))


@partial(mx.compile, shapeless=True)
def hardswish(x):
    """``x * min(max(x + 3, 0), 6) / 6``."""
    max_x_3 = mx.maximum(x + 3, 0)
    return x * mx.minimum(max_x_3, 6) / 6


@partial(mx.compile, shapeless=True)
def hard_tanh(x, min_val=-1.0, max_val=1.0):
    """``x`` clipped to ``[min_val, max_val]``."""
    return mx.minimum(mx.maximum(x, min_val), max_val)


@partial(mx.compile, shapeless=True)
def hard_shrink(x, lambd=0.5):
    """``x`` where ``|x| > lambd``, else 0."""
    return mx.where(mx.abs(x) > lambd, x, 0)


@partial(mx.compile, shapeless=True)
def softmin(x, axis=-1):
    """``softmax(-x)``."""
    return mx.softmax(-x, axis=axis)


def tanh(x):
    """Element-wise hyperbolic tangent."""
    return mx.tanh(x)


def _module_of(fn, doc_name):
    """A parameterless Module class whose call is ``fn``."""

    class Activation(Module):
        def __call__(self, x):
            return fn(x)

    Activation.__name__ = Activation.__qualname__ = doc_name
    Activation.__doc__ = f"Applies :func:`{fn.__name__}` element-wise."
    return Activation


Sigmoid = _module_of(sigmoid, "Sigmoid")
Mish = _module_of(mish, "Mish")
ReLU = _module_of(relu, "ReLU")
ReLU2 = _module_of(relu2, "ReLU2")
ReLU6 = _module_of(relu6, "ReLU6")
Softplus = _module_of(softplus, "Softplus")
Softsign = _module_of(softsign, "Softsign")
SiLU = _module_of(silu, "SiLU")
LogSigmoid = _module_of(log_sigmoid, "LogSigmoid")
Tanh = _module_of(tanh, "Tanh")
Hardswish = _module_of(hardswish, "Hardswish")
SELU = _module_of(selu, "SELU")
HardTanh = _module_of(hard_tanh, "HardTanh")


class GLU(Module):
    """Applies :func:`glu` along ``axis``."""

    def __init__(self, axis: int = -1):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return glu(x, self.axis)


class LeakyReLU(Module):
    """Applies :func:`leaky_relu`."""

    def __init__(self, negative_slope=1e-2):
        super().__init__()
        self._negative_slope = negative_slope

    def __call__(self, x):
        return leaky_relu(x, self._negative_slope)


class ELU(Module):
    """Applies :func:`elu`."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self._alpha = alpha

    def __call__(self, x):
        return elu(x, self._alpha)


class CELU(Module):
    """Applies :func:`celu`."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self._alpha = alpha

    def __call__(self, x):
        return celu(x, self._alpha)


class Softmax(Module):
    """Applies :func:`softmax` over the last axis."""

    def __call__(self, x):
        return softmax(x)


class LogSoftmax(Module):
    """Applies :func:`log_softmax` over the last axis."""

    def __call__(self, x):
        return log_softmax(x)


class Softmin(Module):
    """Applies :func:`softmin` over the last axis."""

    def __call__(self, x):
        return softmin(x)


class Softshrink(Module):
    """Applies :func:`softshrink`."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def __call__(self, x):
        return softshrink(x, self.lambd)


class HardShrink(Module):
    """Applies :func:`hard_shrink`."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def __call__(self, x):
        return hard_shrink(x, self.lambd)


class Step(Module):
    """Applies :func:`step` with ``threshold``."""

    def __init__(self, threshold: float = 0.0):
        super().__init__()
        self.threshold = threshold

    def __call__(self, x):
        return step(x, self.threshold)


class PReLU(Module):
    """:func:`prelu` with a learned ``weight`` of ``num_parameters`` slopes,
    initialised to ``init``."""

    def __init__(self, num_parameters=1, init=0.25):
        super().__init__()
        self.weight = mx.full([num_parameters], init)

    def __call__(self, x):
        return prelu(x, self.weight)


class GELU(Module):
    """GELU; ``approx`` is ``"none"`` (exact), ``"precise"``/``"tanh"``
    (:func:`gelu_approx`) or ``"fast"`` (:func:`gelu_fast_approx`)."""

    def __init__(self, approx="none"):
        super().__init__()
        if approx == "none":
            self._act = gelu
        elif approx in ("precise", "tanh"):
            self._act = gelu_approx
        elif approx == "fast":
            self._act = gelu_fast_approx
        else:
            raise ValueError(f"The approximation should be in ['none', 'precise', 'tanh', 'fast'] but '{approx}' was given")

    def __call__(self, x):
        return self._act(x)
