"""mx.fast.gated_delta_update against a NumPy loop of the gated delta rule
(written here), with grouped heads, initial state, masks, half inputs, the
vjp against finite differences, vmap and compile."""

import numpy as np
import pytest

import mxcore as mx


def np_gated_delta(q, k, v, gamma, beta, state=None, mask=None):
    b, t, hk, dk = q.shape
    hv, dv = v.shape[2:]
    q = np.repeat(q, hv // hk, axis=2).astype(np.float64)
    k = np.repeat(k, hv // hk, axis=2).astype(np.float64)
    s = np.zeros((b, hv, dv, dk)) if state is None else state.astype(np.float64)
    out = np.zeros((b, t, hv, dv))
    for i in range(t):
        for bi in range(b):
            if mask is not None and not mask[bi, i]:
                continue  # the state stays, the output is zero
            for h in range(hv):
                decayed = gamma[bi, i, h] * s[bi, h]
                delta = beta[bi, i, h] * (v[bi, i, h] - decayed @ k[bi, i, h])
                s[bi, h] = decayed + np.outer(delta, k[bi, i, h])
                out[bi, i, h] = s[bi, h] @ q[bi, i, h]
    return out, s


def inputs(b=2, t=5, hk=2, hv=4, dk=3, dv=6, seed=0):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((b, t, hk, dk)).astype(np.float32)
    k = rng.standard_normal((b, t, hk, dk)).astype(np.float32) / np.sqrt(dk)
    v = rng.standard_normal((b, t, hv, dv)).astype(np.float32)
    gamma = rng.uniform(0.5, 1.0, (b, t, hv)).astype(np.float32)
    beta = rng.uniform(0.0, 1.0, (b, t, hv)).astype(np.float32)
    return q, k, v, gamma, beta


@pytest.mark.parametrize("hk,hv", [(2, 2), (2, 4), (1, 3)])
def test_against_numpy(hk, hv):
    args = inputs(hk=hk, hv=hv)
    out, state = mx.fast.gated_delta_update(*(mx.array(a) for a in args))
    want_out, want_state = np_gated_delta(*args)
    assert out.shape == (2, 5, hv, 6) and state.shape == (2, hv, 6, 3)
    assert out.dtype == mx.float32 and state.dtype == mx.float32
    np.testing.assert_allclose(np.array(out), want_out, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(state), want_state, rtol=1e-5, atol=1e-5)


def test_initial_state_and_mask_by_keyword():
    args = inputs(seed=1)
    s0 = np.random.default_rng(2).standard_normal((2, 4, 6, 3)).astype(np.float32)
    mask = np.array([[True, False, True, True, False], [False, True, True, False, True]])
    out, state = mx.fast.gated_delta_update(*(mx.array(a) for a in args), initial_state=mx.array(s0),
                                            mask=mx.array(mask))
    want_out, want_state = np_gated_delta(*args, state=s0, mask=mask)
    np.testing.assert_allclose(np.array(out), want_out, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.array(state), want_state, rtol=1e-5, atol=1e-5)
    assert not np.array(out)[~mask].any()
    # An integer 0/1 mask means the same; positional initial_state too.
    out2, _ = mx.fast.gated_delta_update(*(mx.array(a) for a in args), mx.array(s0), mx.array(mask.astype(np.int32)))
    np.testing.assert_array_equal(np.array(out2), np.array(out))


def test_chunks_continue_through_the_state():
    # Two calls, the second starting from the first's state, equal one call.
    args = inputs(t=6, seed=3)
    whole, final = mx.fast.gated_delta_update(*(mx.array(a) for a in args))
    first, mid = mx.fast.gated_delta_update(*(mx.array(a[:, :4]) for a in args))
    second, end = mx.fast.gated_delta_update(*(mx.array(a[:, 4:]) for a in args), initial_state=mid)
    np.testing.assert_allclose(np.array(mx.concatenate([first, second], axis=1)), np.array(whole), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.array(end), np.array(final), rtol=1e-5, atol=1e-6)


def test_half_inputs_keep_q_dtype_and_a_float32_state():
    args = inputs(seed=4)
    out, state = mx.fast.gated_delta_update(*(mx.array(a).astype(mx.float16) for a in args))
    assert out.dtype == mx.float16 and state.dtype == mx.float32
    want_out, _ = np_gated_delta(*(a.astype(np.float16).astype(np.float32) for a in args))
    np.testing.assert_allclose(np.array(out.astype(mx.float32)), want_out, rtol=1e-2, atol=1e-2)


def test_vjp_through_the_composition_matches_finite_differences():
    args = [a.astype(np.float64) for a in inputs(b=1, t=3, hk=1, hv=2, dk=2, dv=3, seed=5)]
    weights = np.random.default_rng(6).standard_normal((1, 3, 2, 3))

    def np_loss(*a):
        return float((np_gated_delta(*a)[0] * weights).sum())

    def loss(*a):
        return mx.sum(mx.fast.gated_delta_update(*a)[0] * mx.array(weights.astype(np.float32)))

    grads = mx.grad(loss, argnums=(0, 1, 2, 3, 4))(*(mx.array(a.astype(np.float32)) for a in args))
    eps = 1e-6
    for i, g in enumerate(grads):
        fd = np.zeros(args[i].size)
        for j in range(args[i].size):
            plus = [a.copy() for a in args]
            minus = [a.copy() for a in args]
            plus[i].flat[j] += eps
            minus[i].flat[j] -= eps
            fd[j] = (np_loss(*plus) - np_loss(*minus)) / (2 * eps)
        np.testing.assert_allclose(np.array(g).reshape(-1), fd, rtol=1e-3, atol=1e-4, err_msg=f"argument {i}")


def test_vmap_and_compile_equal_eager():
    args = [mx.array(a) for a in inputs(seed=7)]
    eager = mx.fast.gated_delta_update(*args)
    compiled = mx.compile(lambda *a: mx.fast.gated_delta_update(*a))(*args)
    for c, e in zip(compiled, eager):
        np.testing.assert_allclose(np.array(c), np.array(e), rtol=1e-5, atol=1e-6)
    # vmap over a leading axis of stacked batches
    stacked = [mx.stack([a, a * 0.5 if i in (0, 2) else a]) for i, a in enumerate(args)]
    mapped = mx.vmap(lambda *a: mx.fast.gated_delta_update(*a))(*stacked)
    second = mx.fast.gated_delta_update(*(s[1] for s in stacked))
    np.testing.assert_allclose(np.array(mapped[0][1]), np.array(second[0]), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("change,message", [
    (dict(q=np.zeros((2, 5, 2))), "q must have shape"),
    (dict(k=np.zeros((2, 5, 2, 4))), "k must have the shape of q"),
    (dict(v=np.zeros((2, 4, 4, 6))), "v must have shape"),
    (dict(v=np.zeros((2, 5, 3, 6))), "multiple of the key heads"),
    (dict(gamma=np.zeros((2, 5))), "gamma must have shape"),
    (dict(beta=np.zeros((2, 5, 2))), "beta must have shape"),
    (dict(initial_state=np.zeros((2, 4, 3, 6))), "initial_state must have shape"),
    (dict(mask=np.ones((2, 4))), "mask must have shape"),
])
def test_bad_shapes_raise_value_errors_naming_the_op(change, message):
    q, k, v, gamma, beta = inputs()
    kwargs = dict(q=q, k=k, v=v, gamma=gamma, beta=beta)
    kwargs.update(change)
    with pytest.raises(ValueError, match=r"^\[gated_delta_update\] .*" + message):
        mx.fast.gated_delta_update(**{n: mx.array(a.astype(np.float32)) for n, a in kwargs.items()})
