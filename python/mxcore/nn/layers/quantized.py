"""Quantized layers and ``quantize(model)``: weights stored as ``mx.quantize``
packs (``weight`` uint32, ``scales``, and ``biases`` in affine mode) and
multiplied with ``mx.quantized_matmul``. Quantized weights are frozen."""

import math
from typing import Callable, Optional, Union

import mxcore as mx
from mxcore.nn.layers.base import Module
from mxcore.utils import tree_map_with_path

# Default (group_size, bits) of each mode of mx.quantize.
_MODE_DEFAULTS = {"affine": (64, 4), "mxfp4": (32, 4), "nvfp4": (16, 4), "mxfp8": (32, 8)}


def _defaults_for_mode(mode, group_size, bits):
    if mode not in _MODE_DEFAULTS:
        raise ValueError(f"Invalid quantization mode '{mode}'. Valid modes are: {', '.join(_MODE_DEFAULTS)}.")
    default_group_size, default_bits = _MODE_DEFAULTS[mode]
    return group_size or default_group_size, bits or default_bits


def _quantize_into(layer, weight):
    """Set ``layer.weight/scales/biases`` from quantizing ``weight``."""
    packed, scales, *biases = mx.quantize(weight, layer.group_size, layer.bits, mode=layer.mode)
    layer.weight = packed
    layer.scales = scales
    if biases:
        layer.biases = biases[0]
    else:
        layer.biases = None  # a plain attribute: not a parameter


class QuantizedLinear(Module):
    """:class:`Linear` with a quantized ``weight`` (``mx.quantized_matmul``).
    Parameters: ``weight``, ``scales``, ``biases`` (affine mode) and
    ``bias`` (when ``bias``)."""

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True, group_size: int = None,
                 bits: int = None, mode: str = "affine"):
        super().__init__()
        self.group_size, self.bits = _defaults_for_mode(mode, group_size, bits)
        self.mode = mode
        scale = math.sqrt(1 / input_dims)
        _quantize_into(self, mx.random.uniform(low=-scale, high=scale, shape=(output_dims, input_dims)))
        if bias:
            self.bias = mx.zeros((output_dims,))
        self.freeze()

    def _extra_repr(self):
        out_dims, packed_dims = self.weight.shape
        in_dims = packed_dims * 32 // self.bits
        return (f"input_dims={in_dims}, output_dims={out_dims}, bias={'bias' in self}, "
                f"group_size={self.group_size}, bits={self.bits}, mode={self.mode}")

    def __call__(self, x):
        y = mx.quantized_matmul(x, self["weight"], scales=self["scales"], biases=self.get("biases"), transpose=True,
                                group_size=self.group_size, bits=self.bits, mode=self.mode)
        if "bias" in self:
            y = y + self["bias"]
        return y

    @classmethod
    def from_linear(cls, linear_layer: Module, group_size: int = None, bits: int = None, mode: str = "affine"):
        """Quantize a :class:`Linear`'s weight (its bias is kept as is)."""
        output_dims, input_dims = linear_layer.weight.shape
        layer = cls(input_dims, output_dims, False, group_size, bits, mode=mode)
        _quantize_into(layer, linear_layer.weight)
        if "bias" in linear_layer:
            layer.bias = linear_layer.bias
        return layer


class QuantizedEmbedding(Module):
    """:class:`Embedding` with a quantized table: rows are dequantized on
    lookup; ``as_linear`` multiplies with ``mx.quantized_matmul``."""

    def __init__(self, num_embeddings: int, dims: int, group_size: int = None, bits: int = None,
                 mode: str = "affine"):
        super().__init__()
        self.group_size, self.bits = _defaults_for_mode(mode, group_size, bits)
        self.mode = mode
        scale = math.sqrt(1 / dims)
        _quantize_into(self, mx.random.normal(shape=(num_embeddings, dims), scale=scale))
        self.num_embeddings = num_embeddings
        self.dims = dims
        self.freeze()

    def _extra_repr(self):
        return f"{self.num_embeddings}, {self.dims}, group_size={self.group_size}, bits={self.bits}, mode={self.mode}"

    def __call__(self, x):
        biases = self.get("biases")
        return mx.dequantize(self["weight"][x], scales=self["scales"][x],
                             biases=None if biases is None else biases[x],
                             group_size=self.group_size, bits=self.bits, mode=self.mode)

    def as_linear(self, x):
        """``x @ dequantized(weight).T``."""
        return mx.quantized_matmul(x, self["weight"], scales=self["scales"], biases=self.get("biases"),
                                   transpose=True, group_size=self.group_size, bits=self.bits, mode=self.mode)

    @classmethod
    def from_embedding(cls, embedding_layer: Module, group_size: int = None, bits: int = None,
                       mode: str = "affine"):
        """Quantize an :class:`Embedding`'s table."""
        num_embeddings, dims = embedding_layer.weight.shape
        layer = cls(num_embeddings, dims, group_size, bits, mode=mode)
        _quantize_into(layer, embedding_layer.weight)
        return layer


def quantize(model: Module, group_size: int = None, bits: int = None, *, mode: str = "affine",
             quantize_input: bool = False,
             class_predicate: Optional[Callable[[str, Module], Union[bool, dict]]] = None):
    """Replace, in place, the leaf modules of ``model`` that have
    ``to_quantized`` (Linear, Embedding) by their quantized forms.
    ``class_predicate(path, module)`` selects modules; it may return a dict
    of arguments for that module's ``to_quantized``."""
    class_predicate = class_predicate or (lambda _, m: hasattr(m, "to_quantized"))

    def maybe_quantize(path, m):
        choice = class_predicate(path, m)
        if not choice:
            return m
        if not hasattr(m, "to_quantized"):
            raise ValueError(f"Unable to quantize model of type {type(m)}")
        if isinstance(choice, bool):
            kwargs = {"group_size": group_size, "bits": bits, "mode": mode}
            if quantize_input:
                kwargs["quantize_input"] = quantize_input
            return m.to_quantized(**kwargs)
        if isinstance(choice, dict):
            kwargs = dict(choice)
            if "quantize_input" in kwargs and not kwargs["quantize_input"]:
                kwargs.pop("quantize_input")
            return m.to_quantized(**kwargs)
        raise ValueError("``class_predicate`` must return a bool or a dict of parameters to pass to ``to_quantized``")

    leaves = tree_map_with_path(maybe_quantize, model.leaf_modules(), is_leaf=Module.is_module)
    model.update_modules(leaves)
