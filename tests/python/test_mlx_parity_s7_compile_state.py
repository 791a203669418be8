"""mx.compile with inputs=/outputs= state, as MLX's docs show it:
partial(mx.compile, inputs=state, outputs=state) over a training step whose
model and optimizer state (BatchNorm statistics, momentum, a schedule's step,
the random state) change each call. Compiled runs equal the same steps run
uncompiled; shapeless steps follow a batch that changes."""
from functools import partial

import numpy as np
import pytest

import mxcore as mx
import mxcore.nn as nn
import mxcore.optimizers as optim
from mxcore.utils import tree_flatten, tree_unflatten


def fill(model, seed=0):
    rng = np.random.default_rng(seed)
    model.update(tree_unflatten([(k, mx.array((rng.standard_normal(v.shape) * 0.4).astype(np.float32)))
                                 for k, v in tree_flatten(model.parameters())]))
    return model


def batch(n, seed):
    rng = np.random.default_rng(seed)
    return (mx.array(rng.standard_normal((n, 4)).astype(np.float32)),
            mx.array(rng.standard_normal((n, 2)).astype(np.float32)))


def train(make_model, make_opt, sizes, compiled, shapeless=False):
    mx.random.seed(11)
    model = fill(make_model())
    opt = make_opt()
    loss_and_grad = nn.value_and_grad(model, lambda m, x, y: nn.losses.mse_loss(m(x), y))
    state = [model.state, opt.state, mx.random.state]

    def step(x, y):
        loss, grads = loss_and_grad(model, x, y)
        opt.update(model, grads)
        return loss

    if compiled:
        step = partial(mx.compile, inputs=state, outputs=state, shapeless=shapeless)(step)
    losses = []
    for k, n in enumerate(sizes):
        losses.append(step(*batch(n, k)))
        mx.eval(model.state, opt.state)
    return np.array([float(l) for l in losses]), model


MODELS = {
    "mlp": lambda: nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)),
    "batchnorm_dropout": lambda: nn.Sequential(nn.Linear(4, 8), nn.BatchNorm(8), nn.ReLU(),
                                               nn.Dropout(0.3), nn.Linear(8, 2)),
}
OPTIMIZERS = {
    "sgd_nesterov_step_decay": lambda: optim.SGD(optim.step_decay(0.1, 0.5, 2), momentum=0.9,
                                                 nesterov=True),
    "adam": lambda: optim.Adam(0.01),
    "adamw_cosine": lambda: optim.AdamW(optim.cosine_decay(0.02, 8), weight_decay=0.1),
}


@pytest.mark.parametrize("model_name", list(MODELS))
@pytest.mark.parametrize("opt_name", list(OPTIMIZERS))
def test_compiled_step_with_state_equals_the_uncompiled_steps(model_name, opt_name):
    sizes = [6] * 5
    want, ref_model = train(MODELS[model_name], OPTIMIZERS[opt_name], sizes, compiled=False)
    got, model = train(MODELS[model_name], OPTIMIZERS[opt_name], sizes, compiled=True)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    for (k, a), (_, b) in zip(tree_flatten(model.state), tree_flatten(ref_model.state)):
        np.testing.assert_allclose(np.array(a), np.array(b), rtol=1e-5, atol=1e-6, err_msg=k)


@pytest.mark.parametrize("opt_name", list(OPTIMIZERS))
def test_shapeless_step_with_state_follows_the_batch(opt_name):
    # (MLX 0.32.4 corrupts memory on this one once the batch changes.)
    sizes = [8, 8, 5, 8, 3, 1]
    want, _ = train(MODELS["mlp"], OPTIMIZERS[opt_name], sizes, compiled=False)
    got, _ = train(MODELS["mlp"], OPTIMIZERS[opt_name], sizes, compiled=True, shapeless=True)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_random_state_as_compile_state_draws_the_uncompiled_sequence():
    def draws(compiled):
        mx.random.seed(3)

        def noisy(x):
            return x + mx.random.uniform(shape=x.shape)

        if compiled:
            noisy = partial(mx.compile, inputs=mx.random.state, outputs=mx.random.state)(noisy)
        return [np.array(noisy(mx.zeros((3,)))) for _ in range(3)]

    want, got = draws(False), draws(True)
    for w, g in zip(want, got):
        np.testing.assert_array_equal(g, w)
    assert not np.array_equal(got[0], got[1])  # the state advanced each call


def test_captured_state_written_back_each_call():
    state = {"count": mx.array(0.0), "acc": mx.zeros((3,))}

    @partial(mx.compile, inputs=state, outputs=state)
    def f(x):
        state["count"] = state["count"] + 1
        state["acc"] = state["acc"] + x * state["count"]
        return state["acc"].sum()

    x = mx.array([1.0, 2.0, 3.0])
    out = [float(f(x)) for _ in range(4)]
    # acc after k calls: x * (1 + ... + k)
    assert out == [6.0 * k * (k + 1) / 2 for k in range(1, 5)]
    assert float(state["count"]) == 4.0
    np.testing.assert_array_equal(np.array(state["acc"]), [10.0, 20.0, 30.0])


def test_inputs_only_state_reads_updated_parameters():
    model = fill(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)))

    @partial(mx.compile, inputs=model.state)
    def forward(x):
        return model(x).sum(-1)

    x, _ = batch(6, 1)
    first = np.array(forward(x))
    np.testing.assert_allclose(first, np.array(model(x).sum(-1)), rtol=1e-6)
    model.layers[0].weight = model.layers[0].weight * 0.5
    second = np.array(forward(x))
    np.testing.assert_allclose(second, np.array(model(x).sum(-1)), rtol=1e-6)
    assert not np.allclose(first, second)


def test_compiled_sampling_with_random_state_and_a_changing_vocabulary():
    def top_p(logits, p):
        probs = mx.softmax(logits, axis=-1)
        order = mx.argsort(probs, axis=-1)
        sorted_probs = mx.take_along_axis(probs, order, axis=-1)
        kept = mx.where(mx.cumsum(sorted_probs, axis=-1) > 1 - p, sorted_probs, 0)
        token = mx.random.categorical(mx.log(kept), axis=-1)
        return mx.take_along_axis(order, token[:, None], axis=-1).squeeze(1)

    def run(fn):
        mx.random.seed(7)
        return [np.array(fn(mx.array(np.random.default_rng(v).standard_normal((2, v))
                                      .astype(np.float32)), 0.9)) for v in (6, 6, 9)]

    compiled = partial(mx.compile, inputs=mx.random.state, outputs=mx.random.state)(top_p)
    for w, g in zip(run(top_p), run(compiled)):
        np.testing.assert_array_equal(g, w)
