"""``mx.fast.gated_delta_update``: the gated delta rule (Gated DeltaNet, as in
Qwen3-Next's linear attention) with MLX's signature, written as a
composition of ops -- the reference semantics; grad, vmap and compile go
through it. Per head, with state S (Dv x Dk) and at each step t:

    S  <- gamma_t * S                      decay
    d   = beta_t * (v_t - S k_t)           the delta between v_t and S's prediction
    S  <- S + d k_t^T                      write
    y_t = S q_t

Queries and keys have Hk heads shared by Hv / Hk value heads each (as
grouped-query attention). Where ``mask[b, t]`` is false the step leaves the
state unchanged and its output is zero."""

from typing import List, Optional, Union

from . import _core as mx
from ._on_stream import on_stream


def _check(q, k, v, gamma, beta, initial_state, mask):
    def fail(problem):
        raise ValueError(f"[gated_delta_update] {problem}")

    if q.ndim != 4:
        fail(f"q must have shape [B, T, Hk, Dk], got {q.shape}.")
    if k.shape != q.shape:
        fail(f"k must have the shape of q {q.shape}, got {k.shape}.")
    b, t, hk, dk = q.shape
    if v.ndim != 4 or v.shape[:2] != (b, t):
        fail(f"v must have shape [B, T, Hv, Dv] with B={b}, T={t}, got {v.shape}.")
    hv, dv = v.shape[2], v.shape[3]
    if hv % hk != 0:
        fail(f"The value heads ({hv}) must be a multiple of the key heads ({hk}).")
    for name, a in (("gamma", gamma), ("beta", beta)):
        if a.shape != (b, t, hv):
            fail(f"{name} must have shape [B, T, Hv] = {(b, t, hv)}, got {a.shape}.")
    if initial_state is not None and initial_state.shape != (b, hv, dv, dk):
        fail(f"initial_state must have shape [B, Hv, Dv, Dk] = {(b, hv, dv, dk)}, got {initial_state.shape}.")
    if mask is not None and mask.shape != (b, t):
        fail(f"mask must have shape [B, T] = {(b, t)}, got {mask.shape}.")


def _as_array(a):
    return a if a is None or isinstance(a, mx.array) else mx.array(a)


@on_stream
def gated_delta_update(q: mx.array, k: mx.array, v: mx.array, gamma: mx.array, beta: mx.array,
                       initial_state: Optional[mx.array] = None, mask: Optional[mx.array] = None,
                       stream: Union[None, mx.Stream, mx.Device] = None) -> List[mx.array]:
    """gated_delta_update(q: array, k: array, v: array, gamma: array, beta: array, initial_state: array | None = None, mask: array | None = None, stream: Stream | Device | None = None) -> list[array]

    The gated delta rule over a sequence: per value head, the state ``S``
    (``Dv x Dk``) decays by ``gamma``, takes the ``beta``-scaled difference
    between ``v`` and its prediction ``S k`` along ``k``, and is read by ``q``.

    Args:
        q (array): Queries, ``[B, T, Hk, Dk]``.
        k (array): Keys, ``[B, T, Hk, Dk]``.
        v (array): Values, ``[B, T, Hv, Dv]``; ``Hv`` a multiple of ``Hk``.
        gamma (array): Decay per step and value head (linear, not log), ``[B, T, Hv]``.
        beta (array): Update rate per step and value head, ``[B, T, Hv]``.
        initial_state (array, optional): The state before the first step,
            ``[B, Hv, Dv, Dk]``. Default: zeros (float32).
        mask (array, optional): ``[B, T]``; a false (zero) step keeps the
            state and outputs zeros. Default: every step counts.

    Returns:
        list(array): The output ``[B, T, Hv, Dv]`` (the dtype of ``q``) and
        the final state ``[B, Hv, Dv, Dk]``.
    """
    q, k, v, gamma, beta = (_as_array(a) for a in (q, k, v, gamma, beta))
    initial_state, mask = _as_array(initial_state), _as_array(mask)
    _check(q, k, v, gamma, beta, initial_state, mask)
    b, steps, hk, dk = q.shape
    hv, dv = v.shape[2], v.shape[3]
    if hv != hk:
        q, k = mx.repeat(q, hv // hk, axis=2), mx.repeat(k, hv // hk, axis=2)
    state = mx.zeros((b, hv, dv, dk), dtype=mx.float32) if initial_state is None else initial_state
    if mask is not None and mask.dtype != mx.bool_:
        mask = mask != 0
    outputs = []
    for t in range(steps):
        k_t = k[:, t, :, None, :]  # (B, Hv, 1, Dk): broadcast over Dv
        decayed = state * gamma[:, t, :, None, None]
        delta = (v[:, t] - mx.sum(decayed * k_t, axis=-1)) * beta[:, t, :, None]
        updated = decayed + delta[..., None] * k_t
        y = mx.sum(updated * q[:, t, :, None, :], axis=-1)  # (B, Hv, Dv)
        if mask is not None:
            keep = mask[:, t]
            updated = mx.where(keep[:, None, None, None], updated, state)
            y = mx.where(keep[:, None, None], y, mx.zeros_like(y))
        state = updated
        outputs.append(y)
    out = mx.stack(outputs, axis=1) if outputs else mx.zeros((b, 0, hv, dv), dtype=q.dtype)
    return [out.astype(q.dtype), state]
