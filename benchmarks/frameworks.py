"""One small namespace of plain array ops per framework, so every workload is
written once and runs the same math on mxcore, MLX (CPU), torch (eager and
torch.compile), jax.jit and NumPy. Layouts follow MLX: images are NHWC and
conv weights (out, kh, kw, in).

Each Framework gives:
  array(np_array) / numpy(x)   conversion
  sync(tree)                   wait for every result (lazy and async peers)
  compile(fn)                  the framework's graph compiler (identity when none)
  value_and_grad(loss)         loss(params, *batch) -> (value, grads); None
                               when the framework has no autodiff (NumPy)
  the ops the workloads use (matmul, erf, exp, ..., conv2d, take, where)
"""
import importlib
import math

import numpy as np

INSTALL_HINT = "pip install 'mlx[cpu]' torch jax"


def optional_import(name):
    try:
        return importlib.import_module(name)
    except Exception:
        return None


def version_of(module_name):
    module = optional_import(module_name)
    return getattr(module, "__version__", None) if module else None


class MLXLike:
    """mxcore and MLX share their Python API (mxcore mirrors mlx.core)."""

    def __init__(self, name, mx):
        self.name = name
        self.mx = mx
        self.float32, self.float16 = mx.float32, mx.float16

    def array(self, a):
        return self.mx.array(a)

    def numpy(self, x):
        return np.array(x)

    def sync(self, tree):
        self.mx.eval(tree)

    def compile(self, fn):
        return self.mx.compile(fn)

    def value_and_grad(self, loss):
        return self.mx.value_and_grad(loss)

    def astype(self, x, dtype):
        return x.astype(dtype)

    def __getattr__(self, op):
        return getattr(self.mx, op)

    def take(self, table, ids):
        return self.mx.take(table, ids, axis=0)

    def conv2d(self, x, w, stride=1, padding=0):
        return self.mx.conv2d(x, w, stride=stride, padding=padding)


class Torch:
    def __init__(self, torch, compiled):
        self.torch = torch
        self.compiled = compiled
        self.name = "torch.compile" if compiled else "torch eager"
        self.float32, self.float16 = torch.float32, torch.float16

    def array(self, a):
        return self.torch.from_numpy(np.ascontiguousarray(a))

    def numpy(self, x):
        return x.detach().numpy()

    def sync(self, tree):
        pass  # CPU torch runs eagerly: results exist on return

    def compile(self, fn):
        return self.torch.compile(fn, dynamic=False) if self.compiled else fn

    def value_and_grad(self, loss):
        grad_and_value = self.torch.func.grad_and_value(loss)

        def run(params, *batch):
            grads, value = grad_and_value(params, *batch)
            return value, grads

        return run

    def astype(self, x, dtype):
        return x.to(dtype)

    def matmul(self, a, b):
        return a @ b

    def erf(self, x):
        return self.torch.erf(x)

    def exp(self, x):
        return self.torch.exp(x)

    def sin(self, x):
        return self.torch.sin(x)

    def rsqrt(self, x):
        return self.torch.rsqrt(x)

    def sqrt(self, x):
        return self.torch.sqrt(x)

    def sigmoid(self, x):
        return self.torch.sigmoid(x)

    def maximum(self, a, b):
        return self.torch.maximum(a, b) if hasattr(b, "shape") else self.torch.clamp(a, min=b)

    def max(self, x, axis, keepdims=False):
        return self.torch.amax(x, dim=axis, keepdim=keepdims)

    def sum(self, x, axis, keepdims=False):
        return self.torch.sum(x, dim=axis, keepdim=keepdims)

    def mean(self, x, axis, keepdims=False):
        return self.torch.mean(x, dim=axis, keepdim=keepdims)

    def var(self, x, axis, keepdims=False):
        return self.torch.var(x, dim=axis, keepdim=keepdims, unbiased=False)

    def logsumexp(self, x, axis, keepdims=False):
        return self.torch.logsumexp(x, dim=axis, keepdim=keepdims)

    def argmax(self, x, axis):
        return self.torch.argmax(x, dim=axis)

    def reshape(self, x, shape):
        return x.reshape(shape)

    def transpose(self, x, axes):
        return x.permute(*axes)

    def concatenate(self, xs, axis):
        return self.torch.cat(xs, dim=axis)

    def where(self, c, a, b):
        return self.torch.where(c, a, b)

    def take(self, table, ids):
        return table[ids]

    def take_along_axis(self, x, idx, axis):
        return self.torch.take_along_dim(x, idx, dim=axis)

    def arange(self, n):
        return self.torch.arange(n)

    def conv2d(self, x, w, stride=1, padding=0):
        y = self.torch.nn.functional.conv2d(
            x.permute(0, 3, 1, 2), w.permute(0, 3, 1, 2), stride=stride, padding=padding)
        return y.permute(0, 2, 3, 1)


class Jax:
    name = "jax.jit"

    def __init__(self, jax):
        import jax.numpy as jnp
        from jax.scipy.special import erf, logsumexp

        self.jax, self.jnp = jax, jnp
        self._erf, self._logsumexp = erf, logsumexp
        self.float32, self.float16 = jnp.float32, jnp.float16

    def array(self, a):
        return self.jnp.asarray(a)

    def numpy(self, x):
        return np.asarray(x)

    def sync(self, tree):
        self.jax.block_until_ready(tree)

    def compile(self, fn):
        return self.jax.jit(fn)

    def value_and_grad(self, loss):
        return self.jax.value_and_grad(loss)

    def astype(self, x, dtype):
        return x.astype(dtype)

    def erf(self, x):
        return self._erf(x)

    def rsqrt(self, x):
        return self.jax.lax.rsqrt(x)

    def sigmoid(self, x):
        return self.jax.nn.sigmoid(x)

    def logsumexp(self, x, axis, keepdims=False):
        return self._logsumexp(x, axis=axis, keepdims=keepdims)

    def take(self, table, ids):
        return table[ids]

    def conv2d(self, x, w, stride=1, padding=0):
        return self.jax.lax.conv_general_dilated(
            x, w, (stride, stride), [(padding, padding)] * 2,
            dimension_numbers=("NHWC", "OHWI", "NHWC"))

    def __getattr__(self, op):
        return getattr(self.jnp, op)


class NumPy:
    name = "numpy"
    float32, float16 = np.float32, np.float16

    def array(self, a):
        return np.asarray(a)

    def numpy(self, x):
        return x

    def sync(self, tree):
        pass

    def compile(self, fn):
        return fn

    value_and_grad = None

    def astype(self, x, dtype):
        return x.astype(dtype)

    def erf(self, x):
        # NumPy has no erf: the same tanh-free rational approximation as
        # scipy would cost a dependency; math.erf per element is far slower.
        return _np_erf(x)

    def rsqrt(self, x):
        return 1 / np.sqrt(x)

    def sigmoid(self, x):
        return 1 / (1 + np.exp(-x))

    def logsumexp(self, x, axis, keepdims=False):
        m = np.max(x, axis=axis, keepdims=True)
        out = m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
        return out if keepdims else np.squeeze(out, axis)

    def take(self, table, ids):
        return table[ids]

    def __getattr__(self, op):
        return getattr(np, op)


def _np_erf(x):
    # Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7), vectorized.
    s = np.sign(x)
    a = np.abs(x)
    t = 1 / (1 + 0.3275911 * a)
    y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
             + 0.254829592) * t * np.exp(-a * a)
    return (s * y).astype(x.dtype)


def available():
    """(frameworks, missing): mxcore first; peers only when installed."""
    import mxcore

    frameworks = [MLXLike("mxcore", mxcore)]
    missing = []
    mlx = optional_import("mlx.core")
    if mlx is not None:
        mlx.set_default_device(mlx.cpu)
        frameworks.append(MLXLike("mlx", mlx))
    else:
        missing.append("mlx")
    torch = optional_import("torch")
    if torch is not None:
        frameworks += [Torch(torch, compiled=False), Torch(torch, compiled=True)]
    else:
        missing.append("torch")
    jax = optional_import("jax")
    if jax is not None:
        frameworks.append(Jax(jax))
    else:
        missing.append("jax")
    frameworks.append(NumPy())
    return frameworks, missing


def versions():
    import platform

    out = {"python": platform.python_version(), "numpy": np.__version__}
    for name in ("mxcore", "mlx", "torch", "jax"):
        v = version_of(name if name != "mlx" else "mlx.core")
        if v:
            out[name] = v
    return out


SQRT_HALF = 1 / math.sqrt(2)
