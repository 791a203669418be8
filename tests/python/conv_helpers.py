"""NumPy references for the convolution tests (direct loops over kernel taps)."""
import itertools

import numpy as np

import mxcore as mx


def arr(x):
    """mx.array keeping float64 (mx.array turns float64 NumPy data into float32)."""
    x = np.asarray(x)
    return mx.array(x, dtype=mx.float64) if x.dtype == np.float64 else mx.array(x)


def npa(a):
    if a.dtype == mx.bfloat16:
        a = a.astype(mx.float32)
    return np.array(a).astype(np.float64)


def rng(seed=0):
    return np.random.default_rng(seed)


def _pad_or_crop(x, lo, hi):
    """Zero-pads spatial axes by lo/hi; negative amounts crop instead."""
    nd = x.ndim - 2
    x = np.pad(x, [(0, 0)] + [(max(lo[i], 0), max(hi[i], 0)) for i in range(nd)] + [(0, 0)])
    idx = [slice(None)]
    for i in range(nd):
        idx.append(slice(max(-lo[i], 0), x.shape[i + 1] - max(-hi[i], 0)))
    return x[tuple(idx) + (slice(None),)]


def ref_conv(x, w, stride, pad_lo, pad_hi, kdil, idil, groups, flip=False):
    """Channels-last cross-correlation (convolution if flip) computed in float64."""
    x = np.asarray(x).astype(np.float64)
    w = np.asarray(w).astype(np.float64)
    nd = x.ndim - 2
    if flip:
        w = w[(slice(None),) + (slice(None, None, -1),) * nd]
    for i in range(nd):  # input dilation: zeros between neighbours
        d = idil[i]
        if d > 1 and x.shape[i + 1] > 0:
            shape = list(x.shape)
            shape[i + 1] = (x.shape[i + 1] - 1) * d + 1
            y = np.zeros(shape)
            idx = [slice(None)] * x.ndim
            idx[i + 1] = slice(None, None, d)
            y[tuple(idx)] = x
            x = y
    x = _pad_or_crop(x, pad_lo, pad_hi)
    n, c_in = x.shape[0], x.shape[-1]
    c_out = w.shape[0]
    ks = w.shape[1:-1]
    cg, og = c_in // groups, c_out // groups
    outs = [(x.shape[i + 1] - kdil[i] * (ks[i] - 1) - 1) // stride[i] + 1 for i in range(nd)]
    out = np.zeros([n] + outs + [c_out])
    for k in itertools.product(*[range(v) for v in ks]):
        # all output positions of this tap at once
        idx = tuple(slice(k[i] * kdil[i], k[i] * kdil[i] + (outs[i] - 1) * stride[i] + 1,
                          stride[i]) for i in range(nd))
        xv = x[(slice(None),) + idx]  # (n, *outs, c_in)
        for g in range(groups):
            wk = w[(slice(g * og, (g + 1) * og),) + k]  # (og, cg)
            out[..., g * og:(g + 1) * og] += xv[..., g * cg:(g + 1) * cg] @ wk.T
    return out


def ref_conv_transpose(x, w, stride, pad, dil, out_pad, groups):
    """Scatter form: input position i and tap k add into output i * stride + k * dil - pad."""
    x = np.asarray(x).astype(np.float64)
    w = np.asarray(w).astype(np.float64)
    nd = x.ndim - 2
    n, c_in = x.shape[0], x.shape[-1]
    c_out, ks = w.shape[0], w.shape[1:-1]
    cg, og = c_in // groups, c_out // groups
    full = [(x.shape[i + 1] - 1) * stride[i] + (ks[i] - 1) * dil[i] + 1 + out_pad[i]
            for i in range(nd)]
    out = np.zeros([n] + full + [c_out])
    for k in itertools.product(*[range(v) for v in ks]):
        idx = tuple(slice(k[i] * dil[i], k[i] * dil[i] + (x.shape[i + 1] - 1) * stride[i] + 1,
                          stride[i]) for i in range(nd))
        for g in range(groups):
            wk = w[(slice(g * og, (g + 1) * og),) + k]  # (og, cg)
            out[(slice(None),) + idx + (slice(g * og, (g + 1) * og),)] += (
                x[..., g * cg:(g + 1) * cg] @ wk.T)
    crop = tuple(slice(pad[i], full[i] - pad[i]) for i in range(nd))
    return out[(slice(None),) + crop]


def finite_difference(f, v, eps=1e-6):
    """Central differences of the scalar function f at v (float64)."""
    g = np.zeros_like(v)
    for i in np.ndindex(v.shape):
        p, m = v.copy(), v.copy()
        p[i] += eps
        m[i] -= eps
        g[i] = (f(p) - f(m)) / (2 * eps)
    return g
