"""Recurrent layers RNN, GRU and LSTM over ``(..., L, D)`` inputs (batch
optional), with MLX's parameter names and gate order."""

import math
from typing import Callable, Optional

import mxcore as mx
from mxcore.nn.layers.activations import tanh
from mxcore.nn.layers.base import Module


def _uniform(scale, *shape):
    return mx.random.uniform(low=-scale, high=scale, shape=shape)


def _input_projection(x, weight, bias):
    # All time steps at once: the recurrence only adds the hidden term.
    return x @ weight.T if bias is None else mx.addmm(bias, x, weight.T)


class RNN(Module):
    """Elman RNN: ``h_t = nonlinearity(x_t Wxh^T + h_{t-1} Whh^T + bias)``.
    Returns the hidden states of every step, ``(..., L, hidden_size)``."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, nonlinearity: Optional[Callable] = None):
        super().__init__()
        self.nonlinearity = nonlinearity or tanh
        if not callable(self.nonlinearity):
            raise ValueError(f"Nonlinearity must be callable. Current value: {nonlinearity}.")
        scale = 1.0 / math.sqrt(hidden_size)
        self.hidden_size = hidden_size
        self.Wxh = _uniform(scale, hidden_size, input_size)
        self.Whh = _uniform(scale, hidden_size, hidden_size)
        self.bias = _uniform(scale, hidden_size) if bias else None

    def _extra_repr(self):
        return f"input_dims={self.Wxh.shape[1]}, hidden_size={self.hidden_size}, nonlinearity={self.nonlinearity}, bias={self.bias is not None}"

    def __call__(self, x, hidden=None):
        x = _input_projection(x, self.Wxh, self.bias)
        states = []
        for t in range(x.shape[-2]):
            pre = x[..., t, :]
            if hidden is not None:
                pre = mx.addmm(pre, hidden, self.Whh.T)
            hidden = self.nonlinearity(pre)
            states.append(hidden)
        return mx.stack(states, axis=-2)


class GRU(Module):
    """Gated recurrent unit with gates ordered ``r, z, n`` in ``Wx``/``Wh``
    (``3 * hidden_size`` rows); ``b`` is the input bias of all gates and
    ``bhn`` the hidden bias of ``n``:
    ``n = tanh(x_n + r * (h Wh_n^T + bhn))``, ``h' = (1 - z) n + z h``."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True):
        super().__init__()
        self.hidden_size = hidden_size
        scale = 1.0 / math.sqrt(hidden_size)
        self.Wx = _uniform(scale, 3 * hidden_size, input_size)
        self.Wh = _uniform(scale, 3 * hidden_size, hidden_size)
        self.b = _uniform(scale, 3 * hidden_size) if bias else None
        self.bhn = _uniform(scale, hidden_size) if bias else None

    def _extra_repr(self):
        return f"input_dims={self.Wx.shape[1]}, hidden_size={self.hidden_size}, bias={self.b is not None}"

    def __call__(self, x, hidden=None):
        h = self.hidden_size
        x = _input_projection(x, self.Wx, self.b)
        x_rz, x_n = x[..., :-h], x[..., -h:]
        states = []
        for t in range(x.shape[-2]):
            rz = x_rz[..., t, :]
            n = x_n[..., t, :]
            if hidden is not None:
                h_proj = hidden @ self.Wh.T
                rz = rz + h_proj[..., :-h]
                h_n = h_proj[..., -h:]
                if self.bhn is not None:
                    h_n = h_n + self.bhn
            elif self.bhn is not None:
                h_n = self.bhn
            else:
                h_n = None
            r, z = mx.split(mx.sigmoid(rz), 2, axis=-1)
            if h_n is not None:
                n = n + r * h_n
            n = mx.tanh(n)
            hidden = (1 - z) * n if hidden is None else (1 - z) * n + z * hidden
            states.append(hidden)
        return mx.stack(states, axis=-2)


class LSTM(Module):
    """Long short-term memory with gates ordered ``i, f, g, o`` in
    ``Wx``/``Wh``/``bias`` (``4 * hidden_size`` rows). Returns the hidden
    and cell states of every step, each ``(..., L, hidden_size)``."""

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True):
        super().__init__()
        self.hidden_size = hidden_size
        scale = 1.0 / math.sqrt(hidden_size)
        self.Wx = _uniform(scale, 4 * hidden_size, input_size)
        self.Wh = _uniform(scale, 4 * hidden_size, hidden_size)
        self.bias = _uniform(scale, 4 * hidden_size) if bias else None

    def _extra_repr(self):
        return f"input_dims={self.Wx.shape[1]}, hidden_size={self.hidden_size}, bias={self.bias is not None}"

    def __call__(self, x, hidden=None, cell=None):
        x = _input_projection(x, self.Wx, self.bias)
        hiddens, cells = [], []
        for t in range(x.shape[-2]):
            gates = x[..., t, :]
            if hidden is not None:
                gates = mx.addmm(gates, hidden, self.Wh.T)
            i, f, g, o = mx.split(gates, 4, axis=-1)
            i, f, g, o = mx.sigmoid(i), mx.sigmoid(f), mx.tanh(g), mx.sigmoid(o)
            cell = i * g if cell is None else f * cell + i * g
            hidden = o * mx.tanh(cell)
            hiddens.append(hidden)
            cells.append(cell)
        return mx.stack(hiddens, axis=-2), mx.stack(cells, axis=-2)
