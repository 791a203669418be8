"""Optimizers with the API of ``mlx.optimizers``.

An optimizer keeps its state in one dict tree, ``optimizer.state``: the
``step`` count (uint64), ``learning_rate`` (and any other scheduled
hyper-parameter) as arrays, and under each parameter's path a dict with that
parameter's slots (``m``, ``v``, ...; MLX's key names). The tree holds only
arrays, so ``mx.save_safetensors(f, dict(tree_flatten(opt.state)))`` saves it,
``opt.state = tree_unflatten(list(mx.load(f).items()))`` restores it, and
``mx.compile(step, inputs=state, outputs=state)`` can carry it through a
compiled train step.

This file holds the base class, ``MultiOptimizer``, the element-wise
optimizers and ``clip_grad_norm``; Adafactor and Muon, whose updates treat a
parameter as a matrix, are in ``matrix_optimizers.py``.
"""

from typing import Callable, List, Union

import mxcore as mx
from mxcore.utils import tree_flatten, tree_map, tree_merge, tree_reduce, tree_unflatten

Schedulable = Union[float, mx.array, Callable[[mx.array], mx.array]]


def _empty_slots(tree):
    """A tree shaped like ``tree`` with an empty dict at every leaf."""
    return tree_map(lambda _: {}, tree)


def _grow_state(params, state):
    """Give ``state`` an (empty) slot for each leaf of ``params`` it lacks,
    keeping the slots it has; returns the grown state. Dicts grow in place:
    a compiled step captured ``optimizer.state`` by reference, so the first
    (traced) update must fill that very dict."""
    if isinstance(params, dict):
        for key, value in params.items():
            state[key] = _grow_state(value, state[key]) if key in state else _empty_slots(value)
        return state
    if isinstance(params, (list, tuple)):
        kept = [_grow_state(p, s) for p, s in zip(params, state)]
        added = [_empty_slots(p) for p in params[len(kept):]]
        return type(params)(kept + added)
    return state


class Optimizer:
    """The base class of all optimizers: a per-parameter rule
    (``init_single``, ``apply_single``) applied over a parameter tree.

    Args:
        schedulers (dict, optional): hyper-parameter name to a schedule,
            a callable from the step count to the value.
    """

    def __init__(self, schedulers=None):
        self._initialized = False
        self._state = {"step": mx.array(0, mx.uint64)}
        self._schedulers = dict(schedulers or {})

    def update(self, model, gradients: dict):
        """Apply ``gradients`` to ``model`` (anything with ``update(params)``
        and ``trainable_parameters()``, e.g. an ``nn.Module``) in place."""
        params = model if isinstance(model, dict) else model.trainable_parameters()
        model.update(self.apply_gradients(gradients, params))

    def init(self, parameters: dict):
        """Create the state of every parameter in ``parameters`` that has none
        yet. Optional: the first ``apply_gradients`` does it, but calling it
        first makes ``state`` complete before a compiled step captures it."""
        _grow_state(parameters, self._state)

        def fill(parameter, slot):
            if not slot:
                self.init_single(parameter, slot)

        tree_map(fill, parameters, self._state)
        self._initialized = True

    def init_single(self, parameter: mx.array, state: dict):
        """Fill ``state`` (an empty dict) with the slots of ``parameter``."""
        raise NotImplementedError()

    def apply_gradients(self, gradients: dict, parameters: dict):
        """Return the parameters updated by ``gradients``, in the structure of
        ``gradients``; ``parameters`` may be a superset of it."""
        if not self._initialized:
            self.init(gradients)
        # Schedules see the step count before this update, as in MLX.
        for name, schedule in self._schedulers.items():
            self.state[name] = schedule(self.step)
        self.state["step"] = self.step + 1
        return tree_map(self.apply_single, gradients, parameters, self.state)

    def apply_single(self, gradient: mx.array, parameter: mx.array, state: dict):
        """Return the updated ``parameter``; write new slots into ``state``."""
        raise NotImplementedError()

    @property
    def state(self):
        """The optimizer's state tree."""
        return self._state

    @state.setter
    def state(self, state: dict):
        # A loaded state may lack slots for some parameters: grow it on use.
        self._initialized = False
        self._state = state

    @property
    def step(self):
        return self.state["step"]

    @property
    def learning_rate(self):
        return self.state["learning_rate"]

    @learning_rate.setter
    def learning_rate(self, learning_rate: Union[float, mx.array]):
        self.state["learning_rate"] = mx.array(learning_rate)

    def _maybe_schedule(self, name: str, value: Schedulable):
        """Store hyper-parameter ``name``; a callable becomes its schedule."""
        if callable(value):
            self._schedulers[name] = value
            self.state[name] = value(self.step)
        else:
            self.state[name] = mx.array(value)


class MultiOptimizer(Optimizer):
    """Route each parameter to one of several optimizers.

    ``filters[i](path, gradient)`` says whether optimizer ``i`` takes the
    parameter at dotted ``path``; the first match wins and the last optimizer,
    which has no filter, takes the rest.

    Args:
        optimizers (list[Optimizer]): the optimizers.
        filters (list[Callable[[str, array], bool]]): one fewer than
            ``optimizers``.
    """

    def __init__(self, optimizers, filters: list = []):
        super().__init__()
        self._state = {}
        if len(filters) != len(optimizers) - 1:
            raise ValueError(
                f"Given {len(filters)} filters but {len(optimizers) - 1} needed."
            )
        self.optimizers = optimizers
        self.filters = list(filters) + [lambda *args, **kwargs: True]

    def _split(self, tree: dict):
        """The parts of ``tree`` each optimizer takes, in order."""
        if len(self.optimizers) == 1:
            return [tree]
        parts = [[] for _ in self.optimizers]
        for path, leaf in tree_flatten(tree):
            owner = next(i for i, keep in enumerate(self.filters) if keep(path, leaf))
            parts[owner].append((path, leaf))
        # tree_unflatten([]) is a list; an optimizer with nothing gets a dict.
        return [tree_unflatten(p) if p else {} for p in parts]

    def init(self, parameters: dict):
        for optimizer, part in zip(self.optimizers, self._split(parameters)):
            optimizer.init(part)

    def apply_gradients(self, gradients: dict, parameters: dict):
        updated = {}
        for optimizer, part in zip(self.optimizers, self._split(gradients)):
            updated = tree_merge(updated, optimizer.apply_gradients(part, parameters))
        return updated

    @property
    def state(self):
        return {"states": [o.state for o in self.optimizers]}

    @state.setter
    def state(self, state: dict):
        if "states" not in state or len(state["states"]) != len(self.optimizers):
            raise ValueError("Invalid state provided")
        for optimizer, part in zip(self.optimizers, state["states"]):
            optimizer.state = part

    @property
    def step(self):
        return self.optimizers[0].step

    @property
    def learning_rate(self):
        return self.optimizers[0].learning_rate

    @learning_rate.setter
    def learning_rate(self, learning_rate: Union[float, mx.array]):
        for optimizer in self.optimizers:
            optimizer.learning_rate = learning_rate


def _check_betas(name: str, betas):
    for i, beta in enumerate(betas):
        if not 0.0 <= beta < 1.0:
            raise ValueError(
                f"{name} beta{i + 1} should be in [0, 1), {beta} was provided instead"
            )


def _check_positive(name: str, what: str, value: float):
    if value <= 0.0:
        raise ValueError(f"{name} {what} should be >0, {value} was provided instead")


def _check_non_negative(name: str, what: str, value: float):
    if value < 0.0:
        raise ValueError(f"{name} {what} should be >=0, {value} was provided instead")


class SGD(Optimizer):
    r"""Stochastic gradient descent, with optional momentum.

    .. math::
        v_{t+1} = \mu v_t + (1 - \tau) g_t, \qquad w_{t+1} = w_t - \lambda v_{t+1}

    With ``nesterov`` the step is :math:`g_t + \mu v_{t+1}`; ``weight_decay``
    adds :math:`\text{wd}\, w_t` to the gradient (an L2 penalty).

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        momentum (float, optional): :math:`\mu`. Default: ``0``.
        weight_decay (float, optional): Default: ``0``.
        dampening (float, optional): :math:`\tau`. Default: ``0``.
        nesterov (bool, optional): Nesterov momentum. Default: ``False``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        momentum: float = 0.0,
        weight_decay: float = 0.0,
        dampening: float = 0.0,
        nesterov: bool = False,
    ):
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening.")
        super().__init__()
        self._maybe_schedule("learning_rate", learning_rate)
        self.momentum = momentum
        self.weight_decay = weight_decay
        self.dampening = dampening
        self.nesterov = nesterov

    def init_single(self, parameter, state):
        state["v"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        if self.weight_decay != 0:
            gradient = gradient + self.weight_decay * parameter
        if self.momentum <= 0:
            return parameter - lr * gradient
        scale = 1 - self.dampening if self.dampening > 0 else 1
        v = self.momentum * state["v"] + scale * gradient
        state["v"] = v
        step = gradient + self.momentum * v if self.nesterov else v
        return parameter - lr * step


class RMSprop(Optimizer):
    r"""RMSprop (Tieleman and Hinton, 2012).

    .. math::
        v_{t+1} = \alpha v_t + (1 - \alpha) g_t^2, \qquad
        w_{t+1} = w_t - \lambda \frac{g_t}{\sqrt{v_{t+1}} + \epsilon}

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        alpha (float, optional): smoothing constant. Default: ``0.99``.
        eps (float, optional): Default: ``1e-8``.
    """

    def __init__(self, learning_rate: Schedulable, alpha: float = 0.99, eps: float = 1e-8):
        super().__init__()
        self._maybe_schedule("learning_rate", learning_rate)
        self.alpha = alpha
        self.eps = eps
        _check_non_negative("RMSprop", "alpha", alpha)
        _check_positive("RMSprop", "epsilon", eps)

    def init_single(self, parameter, state):
        state["v"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        v = self.alpha * state["v"] + (1 - self.alpha) * mx.square(gradient)
        state["v"] = v
        return parameter - lr * gradient / (mx.sqrt(v) + self.eps)


class Adagrad(Optimizer):
    r"""Adagrad (Duchi et al., 2011).

    .. math::
        v_{t+1} = v_t + g_t^2, \qquad
        w_{t+1} = w_t - \lambda \frac{g_t}{\sqrt{v_{t+1}} + \epsilon}

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        eps (float, optional): Default: ``1e-8``.
    """

    def __init__(self, learning_rate: Schedulable, eps: float = 1e-8):
        super().__init__()
        self._maybe_schedule("learning_rate", learning_rate)
        self.eps = eps
        _check_positive("Adagrad", "epsilon", eps)

    def init_single(self, parameter, state):
        state["v"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        v = state["v"] + mx.square(gradient)
        state["v"] = v
        return parameter - lr * gradient / (mx.sqrt(v) + self.eps)


class AdaDelta(Optimizer):
    r"""AdaDelta (Zeiler, 2012), with a learning rate.

    .. math::
        v_{t+1} &= \rho v_t + (1 - \rho) g_t^2 \\
        \Delta w_{t+1} &= \frac{\sqrt{u_t + \epsilon}}{\sqrt{v_{t+1} + \epsilon}} g_t \\
        u_{t+1} &= \rho u_t + (1 - \rho) \Delta w_{t+1}^2 \\
        w_{t+1} &= w_t - \lambda \Delta w_{t+1}

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        rho (float, optional): Default: ``0.9``.
        eps (float, optional): Default: ``1e-6``.
    """

    def __init__(self, learning_rate: Schedulable, rho: float = 0.9, eps: float = 1e-6):
        super().__init__()
        self._maybe_schedule("learning_rate", learning_rate)
        self.rho = rho
        self.eps = eps
        _check_non_negative("AdaDelta", "rho", rho)
        _check_positive("AdaDelta", "epsilon", eps)

    def init_single(self, parameter, state):
        state["v"] = mx.zeros_like(parameter)
        state["u"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        rho, eps = self.rho, self.eps
        v = rho * state["v"] + (1 - rho) * mx.square(gradient)
        delta = mx.sqrt(state["u"] + eps) / mx.sqrt(v + eps) * gradient
        state["v"] = v
        state["u"] = rho * state["u"] + (1 - rho) * mx.square(delta)
        return parameter - lr * delta


class Adam(Optimizer):
    r"""Adam (Kingma and Ba, 2015).

    .. math::
        m_{t+1} &= \beta_1 m_t + (1 - \beta_1) g_t \\
        v_{t+1} &= \beta_2 v_t + (1 - \beta_2) g_t^2 \\
        w_{t+1} &= w_t - \lambda \frac{m_{t+1}}{\sqrt{v_{t+1}} + \epsilon}

    With ``bias_correction``, :math:`m` is divided by :math:`1 - \beta_1^t`
    and :math:`v` by :math:`1 - \beta_2^t`.

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        betas (Tuple[float, float], optional): Default: ``(0.9, 0.999)``.
        eps (float, optional): Default: ``1e-8``.
        bias_correction (bool, optional): Default: ``False``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        betas: List[float] = [0.9, 0.999],
        eps: float = 1e-8,
        bias_correction: bool = False,
    ):
        super().__init__()
        _check_betas("Adam", betas)
        _check_non_negative("Adam", "epsilon", eps)
        self._maybe_schedule("learning_rate", learning_rate)
        self.betas = betas
        self.eps = eps
        self.bias_correction = bias_correction

    def init_single(self, parameter, state):
        state["m"] = mx.zeros_like(parameter)
        state["v"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        dtype = gradient.dtype
        lr = self.learning_rate.astype(dtype)
        b1, b2 = self.betas
        m = b1 * state["m"] + (1 - b1) * gradient
        v = b2 * state["v"] + (1 - b2) * mx.square(gradient)
        state["m"] = m
        state["v"] = v
        if not self.bias_correction:
            return parameter - lr * m / (mx.sqrt(v) + self.eps)
        step = self.step
        m_scale = (lr / (1 - b1**step)).astype(dtype)
        v_scale = mx.rsqrt(1 - b2**step).astype(dtype)
        return parameter - m_scale * m / (mx.sqrt(v) * v_scale + self.eps)


class AdamW(Adam):
    r"""AdamW (Loshchilov and Hutter, 2019): Adam with decoupled weight decay,
    :math:`w_{t+1} = w_t - \lambda (\frac{m_{t+1}}{\sqrt{v_{t+1}} + \epsilon}
    + \text{wd}\, w_t)`.

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        betas (Tuple[float, float], optional): Default: ``(0.9, 0.999)``.
        eps (float, optional): Default: ``1e-8``.
        weight_decay (float, optional): Default: ``0.01``.
        bias_correction (bool, optional): Default: ``False``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        betas: List[float] = [0.9, 0.999],
        eps: float = 1e-8,
        weight_decay: float = 0.01,
        bias_correction: bool = False,
    ):
        super().__init__(learning_rate, betas, eps, bias_correction)
        self.weight_decay = weight_decay

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        decayed = parameter * (1 - lr * self.weight_decay)
        return super().apply_single(gradient, decayed, state)


class Adamax(Adam):
    r"""Adamax (Kingma and Ba, 2015), Adam under the infinity norm.

    .. math::
        m_{t+1} = \beta_1 m_t + (1 - \beta_1) g_t, \quad
        v_{t+1} = \max(\beta_2 v_t, |g_t|), \quad
        w_{t+1} = w_t - \lambda \frac{m_{t+1}}{v_{t+1} + \epsilon}

    Args:
        learning_rate (float or callable): :math:`\lambda`.
        betas (Tuple[float, float], optional): Default: ``(0.9, 0.999)``.
        eps (float, optional): Default: ``1e-8``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        betas: List[float] = [0.9, 0.999],
        eps: float = 1e-8,
    ):
        super().__init__(learning_rate, betas, eps)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        b1, b2 = self.betas
        m = b1 * state["m"] + (1 - b1) * gradient
        v = mx.maximum(b2 * state["v"], mx.abs(gradient))
        state["m"] = m
        state["v"] = v
        return parameter - lr * m / (v + self.eps)


class Lion(Optimizer):
    r"""Lion (Chen et al., 2023): a sign update of an interpolated momentum.

    .. math::
        c_{t+1} &= \beta_1 m_t + (1 - \beta_1) g_t \\
        m_{t+1} &= \beta_2 m_t + (1 - \beta_2) g_t \\
        w_{t+1} &= w_t - \eta (\text{sign}(c_{t+1}) + \lambda w_t)

    Args:
        learning_rate (float or callable): :math:`\eta`.
        betas (Tuple[float, float], optional): Default: ``(0.9, 0.99)``.
        weight_decay (float, optional): :math:`\lambda`. Default: ``0``.
    """

    def __init__(
        self,
        learning_rate: Schedulable,
        betas: List[float] = [0.9, 0.99],
        weight_decay: float = 0.0,
    ):
        super().__init__()
        _check_betas("Lion", betas)
        self._maybe_schedule("learning_rate", learning_rate)
        self.betas = betas
        self.weight_decay = weight_decay

    def init_single(self, parameter, state):
        state["m"] = mx.zeros_like(parameter)

    def apply_single(self, gradient, parameter, state):
        lr = self.learning_rate.astype(gradient.dtype)
        b1, b2 = self.betas
        m = state["m"]
        direction = mx.sign(b1 * m + (1 - b1) * gradient)
        state["m"] = b2 * m + (1 - b2) * gradient
        if self.weight_decay > 0:
            parameter = (1 - lr * self.weight_decay) * parameter
        return parameter - lr * direction


def clip_grad_norm(grads, max_norm: float):
    """Scale ``grads`` down so their global L2 norm is at most ``max_norm``.

    Returns ``(clipped_grads, total_norm)``, the norm of the original
    gradients. float16 squares are summed in float32 so they do not overflow.
    """
    if max_norm < 0:
        raise ValueError(f"max_norm should be >=0, {max_norm} was provided instead")

    def squared_norm(g):
        if g.dtype == mx.float16:
            g = g.astype(mx.float32)
        return mx.sum(mx.square(g))

    total_norm = mx.sqrt(tree_reduce(lambda acc, g: acc + squared_norm(g), grads, 0.0))
    factor = mx.minimum(max_norm / (total_norm + 1e-6), 1.0)

    def scale(g):
        # Scale in the factor's precision, then cast back: a small factor
        # would underflow in float16.
        scaled = g * factor
        return scaled.astype(g.dtype) if mx.issubdtype(g.dtype, mx.floating) else scaled

    return tree_map(scale, grads), total_norm
