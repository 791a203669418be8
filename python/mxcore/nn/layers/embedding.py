"""Embedding: a ``(num_embeddings, dims)`` lookup table."""

import math

import mxcore as mx
from mxcore.nn.layers.base import Module


class Embedding(Module):
    r"""Maps integer indices to rows of ``weight``, drawn from
    :math:`\mathcal{N}(0, 1/\text{dims})`."""

    def __init__(self, num_embeddings: int, dims: int):
        super().__init__()
        scale = math.sqrt(1 / dims)
        self.weight = mx.random.normal(shape=(num_embeddings, dims), scale=scale)

    def _extra_repr(self):
        return f"{self.weight.shape[0]}, {self.weight.shape[1]}"

    def __call__(self, x):
        return self.weight[x]

    def as_linear(self, x):
        """``x @ weight.T``: the tied output projection of a language model."""
        return x @ self.weight.T

    def to_quantized(self, group_size=None, bits=None, mode: str = "affine", quantize_input: bool = False):
        """This layer as a :class:`QuantizedEmbedding`."""
        from mxcore.nn.layers.quantized import QuantizedEmbedding

        if quantize_input:
            raise ValueError("Quantized input is not supported.")
        return QuantizedEmbedding.from_embedding(self, group_size, bits, mode)
