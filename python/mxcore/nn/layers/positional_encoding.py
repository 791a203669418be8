"""Positional encodings: RoPE (on ``mx.fast.rope``), sinusoidal and ALiBi."""

import math
from typing import Optional

import mxcore as mx
from mxcore.nn.layers.base import Module


class RoPE(Module):
    """Rotary positional encoding of the first ``dims`` features of the last
    axis; ``traditional`` rotates adjacent pairs instead of the two halves.
    Positions are ``offset + index`` along axis -2, times ``scale``."""

    def __init__(self, dims: int, traditional: bool = False, base: float = 10000, scale: float = 1.0):
        super().__init__()
        self.dims = dims
        self.traditional = traditional
        self.base = base
        self.scale = scale

    def _extra_repr(self):
        return f"{self.dims}, traditional={self.traditional}"

    def __call__(self, x, offset: int = 0):
        return mx.fast.rope(x, self.dims, traditional=self.traditional, base=self.base, scale=self.scale, offset=offset)


class SinusoidalPositionalEncoding(Module):
    """``[sin(x * f), cos(x * f)]`` (or cos first) for ``dims // 2``
    frequencies ``f`` spaced geometrically from ``max_freq`` down to
    ``min_freq``, times ``scale`` (default ``sqrt(2 / dims)``)."""

    def __init__(self, dims: int, min_freq: float = 0.0001, max_freq: float = 1, scale: Optional[float] = None,
                 cos_first: bool = False, full_turns: bool = False):
        super().__init__()
        if dims <= 0 or dims % 2 != 0:
            raise ValueError(f"[SinusoidalPositionalEncoding] dims must be positive and even but got {dims}.")
        half = dims // 2
        # Fraction 1 .. 0 across the frequencies (a single one sits at max_freq).
        fraction = mx.array([1.0]) if half == 1 else 1 - mx.arange(0, half) / (half - 1)
        log_min, log_max = math.log(min_freq), math.log(max_freq)
        self._sigmas = mx.exp(fraction * (log_max - log_min) + log_min)
        if full_turns:
            self._sigmas = self._sigmas * (2 * math.pi)
        self.scale = scale if scale is not None else (2 / dims) ** 0.5
        self.cos_first = cos_first

    def __call__(self, x):
        y = x[..., None] * self._sigmas
        parts = [mx.cos(y), mx.sin(y)] if self.cos_first else [mx.sin(y), mx.cos(y)]
        y = mx.concatenate(parts, axis=-1)
        if self.scale != 1:
            y = y * self.scale
        return y


class ALiBi(Module):
    """Attention with linear biases: adds ``-slope_h * |i - j|`` to the
    attention scores ``(B, H, L_q, L_k)`` of head ``h``."""

    @staticmethod
    def create_alibi_slope(num_heads: int, dtype=mx.float32):
        """The per-head slopes, shape ``(H, 1, 1)``: a geometric sequence for a
        power-of-two head count, interleaved from the next power otherwise."""

        def slopes(n):
            if math.log2(n).is_integer():
                start = 2 ** (-(2 ** -(math.log2(n) - 3)))
                return [start * start**i for i in range(n)]
            lower = 2 ** math.floor(math.log2(n))
            return slopes(lower) + slopes(2 * lower)[0::2][: n - lower]

        return mx.array(slopes(num_heads), dtype=dtype)[:, None, None]

    @staticmethod
    def create_alibi_matrix(q_sequence_length: int, k_sequence_length: int, num_heads: int, offset: int = 0,
                            dtype=mx.float32):
        """The bias ``(1, H, q_sequence_length - offset, k_sequence_length)``."""
        q = mx.arange(offset, q_sequence_length)
        k = mx.arange(0, k_sequence_length)
        distance = -mx.abs(q[:, None] - k[None, :])[None, None]
        return (distance * ALiBi.create_alibi_slope(num_heads, dtype)).astype(dtype)

    def __call__(self, attention_scores, offset: int = 0, mask=None):
        bias = ALiBi.create_alibi_matrix(
            q_sequence_length=attention_scores.shape[-2] + offset,
            k_sequence_length=attention_scores.shape[-1],
            num_heads=attention_scores.shape[1],
            offset=offset,
            dtype=attention_scores.dtype,
        )
        if mask is not None:
            bias = bias + mask
        return attention_scores + bias
