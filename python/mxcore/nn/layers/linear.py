"""Identity, Linear and Bilinear layers (``mlx.nn`` layout: ``weight`` is
``(output_dims, input_dims)``)."""

import math
from typing import Any

import mxcore as mx
from mxcore.nn.layers.base import Module


class Identity(Module):
    """Returns its input; accepts and ignores any constructor arguments."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def __call__(self, x):
        return x


class Linear(Module):
    r"""``y = x W^T + b``. ``weight`` ``(output_dims, input_dims)`` and
    ``bias`` ``(output_dims,)`` are drawn from
    :math:`\mathcal{U}(-k, k)`, :math:`k = 1/\sqrt{\text{input\_dims}}`."""

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True) -> None:
        super().__init__()
        scale = math.sqrt(1.0 / input_dims)
        self.weight = mx.random.uniform(low=-scale, high=scale, shape=(output_dims, input_dims))
        if bias:
            self.bias = mx.random.uniform(low=-scale, high=scale, shape=(output_dims,))

    def _extra_repr(self) -> str:
        return f"input_dims={self.weight.shape[1]}, output_dims={self.weight.shape[0]}, bias={'bias' in self}"

    def __call__(self, x):
        if "bias" in self:
            return mx.addmm(self["bias"], x, self["weight"].T)
        return x @ self["weight"].T

    def to_quantized(self, group_size=None, bits=None, mode: str = "affine", quantize_input: bool = False):
        """This layer as a :class:`QuantizedLinear`, or with ``quantize_input``
        (modes ``"nvfp4"``, ``"mxfp8"``) a :class:`QQLinear`."""
        from mxcore.nn.layers.qq_linear import QQLinear
        from mxcore.nn.layers.quantized import QuantizedLinear

        if quantize_input:
            if mode not in ("nvfp4", "mxfp8"):
                raise ValueError(f"Quantized activations are only supported for 'nvfp4' and 'mxfp8' modes, got {mode}.")
            return QQLinear.from_linear(self, group_size, bits, mode)
        return QuantizedLinear.from_linear(self, group_size, bits, mode)


class Bilinear(Module):
    r"""``y_i = x_1^T W_i x_2 + b_i``. ``weight`` is
    ``(output_dims, input2_dims, input1_dims)``, ``bias`` ``(output_dims,)``,
    both :math:`\mathcal{U}(-k, k)` with :math:`k = 1/\sqrt{\text{input1\_dims}}`."""

    def __init__(self, input1_dims: int, input2_dims: int, output_dims: int, bias: bool = True) -> None:
        super().__init__()
        scale = math.sqrt(1.0 / input1_dims)
        self.weight = mx.random.uniform(low=-scale, high=scale, shape=(output_dims, input2_dims, input1_dims))
        if bias:
            self.bias = mx.random.uniform(low=-scale, high=scale, shape=(output_dims,))

    def _extra_repr(self) -> str:
        out, in2, in1 = self.weight.shape
        return f"input1_dims={in1}, input2_dims={in2}, output_dims={out}, bias={'bias' in self}"

    def __call__(self, x1, x2):
        out, in2, in1 = self.weight.shape
        lead = x1.shape[:-1]
        x1 = x1.reshape(-1, in1)
        x2 = x2.reshape(-1, 1, in2)
        # (N, in1) @ (in1, out*in2) -> (N, out, in2), then contract in2 with x2.
        w = self.weight.reshape(out * in2, in1)
        y = (x1 @ w.T).reshape(-1, out, in2)
        y = (x2 @ y.swapaxes(-2, -1)).squeeze(1)
        if "bias" in self:
            y = y + self.bias
        return y.reshape(*lead, out)
