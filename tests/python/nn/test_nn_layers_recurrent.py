"""RNN, GRU and LSTM against step-by-step NumPy recurrences."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn

from nn_helpers import assert_close, flat_shapes, seed


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def P(layer, name):
    value = getattr(layer, name)
    return None if value is None else np.array(value)


@pytest.mark.parametrize("bias,with_hidden", [(True, False), (False, True)])
def test_rnn(bias, with_hidden):
    rng = seed(0)
    rnn = nn.RNN(3, 4, bias=bias)
    expected_shapes = {"Wxh": (4, 3), "Whh": (4, 4)}
    if bias:
        expected_shapes["bias"] = (4,)
    assert flat_shapes(rnn.parameters()) == expected_shapes
    x = rng.standard_normal((2, 5, 3)).astype(np.float32)
    h = rng.standard_normal((2, 4)).astype(np.float32) if with_hidden else None
    wxh, whh, b = P(rnn, "Wxh"), P(rnn, "Whh"), P(rnn, "bias")
    states, state = [], h
    for t in range(5):
        pre = x[:, t] @ wxh.T + (b if b is not None else 0)
        if state is not None:
            pre = pre + state @ whh.T
        state = np.tanh(pre)
        states.append(state)
    out = rnn(mx.array(x), None if h is None else mx.array(h))
    assert_close(out, np.stack(states, 1), atol=1e-5)
    relu_rnn = nn.RNN(3, 4, nonlinearity=nn.relu)
    assert np.all(np.array(relu_rnn(mx.array(x))) >= 0)
    with pytest.raises(ValueError, match="Nonlinearity must be callable"):
        nn.RNN(3, 4, nonlinearity=3)


@pytest.mark.parametrize("with_hidden", [False, True])
def test_gru(with_hidden):
    rng = seed(1)
    gru = nn.GRU(3, 4)
    assert flat_shapes(gru.parameters()) == {"Wx": (12, 3), "Wh": (12, 4), "b": (12,), "bhn": (4,)}
    x = rng.standard_normal((5, 3)).astype(np.float32)  # unbatched
    h = rng.standard_normal((4,)).astype(np.float32) if with_hidden else np.zeros(4, np.float32)
    wx, wh, b, bhn = P(gru, "Wx"), P(gru, "Wh"), P(gru, "b"), P(gru, "bhn")
    states, state = [], h
    for t in range(5):
        gx = x[t] @ wx.T + b
        gh = state @ wh.T
        r = sigmoid(gx[:4] + gh[:4])
        z = sigmoid(gx[4:8] + gh[4:8])
        n = np.tanh(gx[8:] + r * (gh[8:] + bhn))
        state = (1 - z) * n + z * state
        states.append(state)
    out = gru(mx.array(x), mx.array(h) if with_hidden else None)
    assert_close(out, np.stack(states), atol=1e-5)
    assert flat_shapes(nn.GRU(3, 4, bias=False).parameters()) == {"Wx": (12, 3), "Wh": (12, 4)}


def test_lstm():
    rng = seed(2)
    lstm = nn.LSTM(3, 4)
    assert flat_shapes(lstm.parameters()) == {"Wx": (16, 3), "Wh": (16, 4), "bias": (16,)}
    x = rng.standard_normal((2, 5, 3)).astype(np.float32)
    h0 = rng.standard_normal((2, 4)).astype(np.float32)
    c0 = rng.standard_normal((2, 4)).astype(np.float32)
    wx, wh, b = P(lstm, "Wx"), P(lstm, "Wh"), P(lstm, "bias")
    hs, cs, h, c = [], [], h0, c0
    for t in range(5):
        g = x[:, t] @ wx.T + b + h @ wh.T
        i, f, gg, o = sigmoid(g[:, :4]), sigmoid(g[:, 4:8]), np.tanh(g[:, 8:12]), sigmoid(g[:, 12:])
        c = f * c + i * gg
        h = o * np.tanh(c)
        hs.append(h)
        cs.append(c)
    out_h, out_c = lstm(mx.array(x), mx.array(h0), mx.array(c0))
    assert_close(out_h, np.stack(hs, 1), atol=1e-5)
    assert_close(out_c, np.stack(cs, 1), atol=1e-5)
    # Zero initial state is the same as no state.
    zh, zc = lstm(mx.array(x), mx.zeros((2, 4)), mx.zeros((2, 4)))
    nh, nc = lstm(mx.array(x))
    assert_close(zh, nh, atol=1e-6)
    assert_close(zc, nc, atol=1e-6)
