"""nn.value_and_grad against finite differences, frozen parameters, and
modules under mx.compile (with model/random state) and mx.vmap."""

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn
from mxcore.utils import tree_flatten, tree_map

from nn_helpers import assert_close, flat_keys, numeric_grad, seed


def _mlp_block():
    return nn.Sequential(nn.Linear(3, 4), nn.GELU(), nn.LayerNorm(4), nn.Linear(4, 2))


LAYERS = [
    ("mlp", _mlp_block, (2, 3)),
    ("conv2d", lambda: nn.Conv2d(2, 3, 2, stride=1, padding=1), (1, 3, 3, 2)),
    ("conv_transpose1d", lambda: nn.ConvTranspose1d(2, 2, 3, stride=2), (1, 3, 2)),
    ("group_norm", lambda: nn.GroupNorm(2, 4), (2, 3, 4)),
    ("gru", lambda: nn.GRU(2, 3), (2, 3, 2)),
    ("lstm", lambda: nn.Sequential(nn.LSTM(2, 3), lambda hc: hc[0] + hc[1]), (2, 3, 2)),
    ("attention", lambda: SelfAttention(), (1, 3, 4)),
    ("avg_pool", lambda: nn.Sequential(nn.Linear(2, 2), nn.AvgPool1d(2, stride=1)), (1, 4, 2)),
    ("upsample_cubic", lambda: nn.Sequential(nn.Linear(2, 2), nn.Upsample(2, mode="cubic")), (1, 3, 2, 2)),
]


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiHeadAttention(4, 2, bias=True)

    def __call__(self, x):
        mask = nn.MultiHeadAttention.create_additive_causal_mask(x.shape[1], mx.float64)
        return self.mha(x, x, x, mask)


@pytest.mark.parametrize("name,make,shape", LAYERS, ids=[c[0] for c in LAYERS])
def test_value_and_grad_matches_finite_differences(name, make, shape):
    rng = seed(0)
    model = make()
    model.set_dtype(mx.float64)
    x = mx.array(rng.standard_normal(shape), dtype=mx.float64)
    target = mx.array(rng.standard_normal(np.array(model(x)).shape), dtype=mx.float64)

    def loss(inp):
        return mx.sum(mx.sin(model(inp)) * target)

    value, grads = nn.value_and_grad(model, loss)(x)
    params = dict(tree_flatten(model.parameters()))
    flat_grads = dict(tree_flatten(grads))
    assert sorted(flat_grads) == sorted(params)
    assert_close(value, np.array(loss(x)), atol=1e-12)
    for key, p in params.items():
        base = np.array(p)

        def f(v, key=key):
            saved = params[key]
            model.load_weights([(key, mx.array(v, dtype=mx.float64))], strict=False)
            out = float(loss(x).item())
            model.load_weights([(key, saved)], strict=False)
            return out

        assert_close(flat_grads[key], numeric_grad(f, base, eps=1e-6), atol=1e-6, rtol=1e-5)


def test_frozen_parameters_get_no_gradient():
    seed(1)
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
    model.layers[0].freeze()
    x = mx.random.normal((4, 3))
    _, grads = nn.value_and_grad(model, lambda t: model(t).sum())(x)
    assert flat_keys(grads) == ["layers.1.bias", "layers.1.weight"]
    # The gradient of sum(W h + b) with respect to b is the batch size.
    assert_close(grads["layers"][1]["bias"], [4.0])


def test_value_and_grad_leaves_model_usable():
    seed(2)
    model = nn.Linear(2, 2)
    before = np.array(model.weight)
    x = mx.ones((1, 2))
    nn.value_and_grad(model, lambda t: model(t).sum())(x)
    assert_close(model.weight, before, atol=0)
    assert_close(model(x), np.ones((1, 2)) @ before.T + np.array(model.bias), atol=1e-6)


def test_compiled_module_call_matches_eager():
    seed(3)
    model = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm(4), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Upsample(2, mode="linear"), nn.GroupNorm(2, 4), nn.SiLU())
    model.eval()
    x = mx.random.normal((2, 6, 6, 2))
    mx.eval(model.parameters())
    compiled = mx.compile(lambda t: model(t))
    assert_close(compiled(x), model(x), atol=1e-5)
    lm = nn.TransformerEncoder(2, 8, 2, mlp_dims=16)
    mx.eval(lm.parameters())
    mask = nn.MultiHeadAttention.create_additive_causal_mask(5)
    tokens = mx.random.normal((2, 5, 8))
    assert_close(mx.compile(lambda t: lm(t, mask))(tokens), lm(tokens, mask), atol=1e-5)


def _mlp():
    return nn.Sequential(nn.Linear(4, 8), nn.BatchNorm(8), nn.ReLU(), nn.Dropout(0.2), nn.Linear(8, 1)), (16, 4)


def _cnn():
    # Conv/pool layers keep tuples (padding, kernel sizes) in the module
    # dict, so model.state holds non-array leaves too.
    model = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm(4), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Dropout2d(0.2), nn.Conv2d(4, 1, 3, padding=(1, 1)), nn.AvgPool2d(3))
    return model, (8, 6, 6, 2)


def _train(compiled, make):
    mx.random.seed(4)
    model, shape = make()
    x = mx.random.normal(shape)
    y = mx.mean(x, axis=tuple(range(1, x.ndim)), keepdims=True)
    loss_and_grad = nn.value_and_grad(model, lambda a, b: mx.mean((model(a) - b) ** 2))

    def step(a, b):
        loss, grads = loss_and_grad(a, b)
        model.update(tree_map(lambda p, g: p - 0.05 * g, model.trainable_parameters(), grads))
        return loss

    state = [model.state, mx.random.state]
    if compiled:
        step = mx.compile(step, inputs=state, outputs=state)
    losses = []
    for _ in range(8):
        losses.append(step(x, y).item())
        mx.eval(state)
    return losses, model


@pytest.mark.parametrize("make", [_mlp, _cnn], ids=["mlp", "cnn"])
def test_compiled_train_step_with_state_matches_eager(make):
    eager_losses, eager_model = _train(False, make)
    compiled_losses, compiled_model = _train(True, make)
    assert_close(compiled_losses, eager_losses, atol=1e-5, rtol=1e-4)
    assert compiled_losses[-1] < compiled_losses[0]
    # The BatchNorm running statistics were carried out of the compiled step.
    assert_close(compiled_model.layers[1].running_mean, eager_model.layers[1].running_mean, atol=1e-5)
    assert np.abs(np.array(compiled_model.layers[1].running_mean)).max() > 0


def test_vmap_over_module_calls():
    seed(5)
    lin = nn.Linear(4, 3)
    xs = mx.random.normal((5, 2, 4))
    assert_close(mx.vmap(lin)(xs), lin(xs), atol=1e-6)
    lstm = nn.LSTM(3, 4)
    seqs = mx.random.normal((2, 5, 3))
    assert_close(mx.vmap(lambda s: lstm(s)[0])(seqs), lstm(seqs)[0], atol=1e-5)
    conv = nn.Conv1d(2, 3, 3)
    batch = mx.random.normal((4, 1, 6, 2))
    assert_close(mx.vmap(conv)(batch), conv(batch.reshape(4, 6, 2)).reshape(4, 1, 4, 3), atol=1e-5)


def test_average_gradients_on_a_single_process_is_the_identity():
    grads = {"w": mx.ones((2, 2)), "layers": [{"b": mx.zeros((3,))}]}
    assert nn.average_gradients(grads) is grads
    assert nn.average_gradients(grads, group=mx.distributed.init(), all_reduce_size=0) is grads


def test_value_and_grad_with_aux_outputs_and_keyword_arguments():
    seed(6)
    model = nn.Linear(2, 1)

    def loss(x, scale=1.0):
        y = model(x)
        return y.sum() * scale, y

    (value, aux), grads = nn.value_and_grad(model, loss)(mx.ones((3, 2)), scale=2.0)
    assert aux.shape == (3, 1)
    assert_close(value, 2 * np.array(aux).sum(), atol=1e-5)
    assert_close(grads["bias"], [6.0])
    assert_close(grads["weight"], [[6.0, 6.0]])
