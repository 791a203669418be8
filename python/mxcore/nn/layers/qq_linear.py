"""``QQLinear``: a linear layer (no bias) that quantizes its input as well as
its weight and multiplies with ``mx.qqmm``, with the API of MLX's. In
training mode the weight stays in full precision (quantized on the fly by
``qqmm``, so it gets gradients); in eval mode it is stored quantized."""

import math

import mxcore as mx
from mxcore.nn.layers.base import Module
from mxcore.nn.layers.quantized import _defaults_for_mode


class QQLinear(Module):
    """Quantize the input and the weight, then multiply (``mx.qqmm``).

    ``layer.eval()`` stores the weight quantized (``weight`` packed and
    ``scales``); ``layer.train()`` dequantizes it again.

    Args:
        input_dims (int): The number of input features.
        output_dims (int): The number of output features.
        group_size (int, optional): The quantization group size. Default: the
            mode's (16 for ``"nvfp4"``, 32 for ``"mxfp8"``).
        bits (int, optional): The bits per element. Default: the mode's.
        mode (str, optional): ``"nvfp4"`` or ``"mxfp8"``. Default: ``"nvfp4"``.
    """

    def __init__(self, input_dims: int, output_dims: int, group_size: int = None, bits: int = None,
                 mode: str = "nvfp4"):
        super().__init__()
        self.group_size, self.bits = _defaults_for_mode(mode, group_size, bits)
        self.mode = mode
        scale = math.sqrt(1 / input_dims)
        self.weight = mx.random.uniform(low=-scale, high=scale, shape=(output_dims, input_dims))
        self._quantized = False

    def _extra_repr(self):
        out_dims, in_dims = self.weight.shape
        if self._quantized:
            in_dims = in_dims * 32 // self.bits
        return f"input_dims={in_dims}, output_dims={out_dims}, group_size={self.group_size}, bits={self.bits}, mode={self.mode}"

    def quantize(self):
        """Store the weight quantized (what eval mode does)."""
        if not self._quantized:
            self.weight, self.scales = mx.quantize(self.weight, self.group_size, self.bits, mode=self.mode)
            self._quantized = True

    def dequantize(self):
        """Store the weight in full precision again (what train mode does)."""
        if self._quantized:
            self.weight = mx.dequantize(self.weight, scales=self.scales, group_size=self.group_size, bits=self.bits,
                                        mode=self.mode)
            del self.scales
            self._quantized = False

    def _set_training_mode(self, mode: bool):
        super()._set_training_mode(mode)
        if mode:
            self.dequantize()
        else:
            self.quantize()

    def __call__(self, x):
        return mx.qqmm(x, self["weight"], scales=self.get("scales"), group_size=self.group_size, bits=self.bits,
                       mode=self.mode)

    @classmethod
    def from_linear(cls, linear_layer: Module, group_size: int = None, bits: int = None, mode: str = "nvfp4"):
        """A :class:`QQLinear` with ``linear_layer``'s weight (which must have
        no bias), in the same training mode."""
        output_dims, input_dims = linear_layer.weight.shape
        if linear_layer.get("bias") is not None:
            raise NotImplementedError("QQLinear does not support bias yet.")
        layer = cls(input_dims, output_dims, group_size, bits, mode=mode)
        layer.weight = linear_layer.weight
        layer.train(linear_layer.training)
        return layer
