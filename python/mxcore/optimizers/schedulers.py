"""Learning-rate schedules with the API of ``mlx.optimizers``: each maker
returns a function from the step count (an array, usually uint64) to the
value, built from mxcore ops so a schedule traces inside ``mx.compile``."""

import math
from typing import Callable, List

import mxcore as mx


def exponential_decay(init: float, decay_rate: float) -> Callable:
    """``init * decay_rate ** step``."""

    def schedule(step):
        return init * decay_rate**step

    return schedule


def step_decay(init: float, decay_rate: float, step_size: int) -> Callable:
    """``init * decay_rate ** (step // step_size)``: decay every
    ``step_size`` steps."""
    if step_size < 1:
        raise ValueError(f"step_size must be greater than 0, but got {step_size}.")

    def schedule(step):
        return init * decay_rate ** (step // step_size)

    return schedule


def cosine_decay(init: float, decay_steps: int, end: float = 0.0) -> Callable:
    """Half a cosine from ``init`` down to ``end`` over ``decay_steps``
    steps, then ``end``."""
    if decay_steps < 1:
        raise ValueError(f"decay_steps must be greater than 0, but got {decay_steps}.")

    def schedule(step):
        progress = mx.minimum(step, decay_steps) * (math.pi / decay_steps)
        return end + 0.5 * (1.0 + mx.cos(progress)) * (init - end)

    return schedule


def linear_schedule(init: float, end: float, steps: int) -> Callable:
    """A straight line from ``init`` to ``end`` over ``steps`` steps, then
    ``end`` (a warm-up when ``init < end``)."""
    if steps < 1:
        raise ValueError(f"steps must be greater than 0, but got {steps}.")

    def schedule(step):
        return mx.minimum(step, steps) * ((end - init) / steps) + init

    return schedule


def join_schedules(schedules: List[Callable], boundaries: List[int]) -> Callable:
    """Run ``schedules[0]`` until ``boundaries[0]``, then ``schedules[1]``
    (given the steps since that boundary) until ``boundaries[1]``, and so on."""
    if len(schedules) == 0:
        raise ValueError("Must provide at least 1 schedule to join.")
    if len(schedules) != len(boundaries) + 1:
        raise ValueError(
            f"Received {len(boundaries)} boundaries but expected {len(schedules) - 1}."
        )

    def schedule(step):
        value = schedules[0](step)
        for boundary, later in zip(boundaries, schedules[1:]):
            value = mx.where(step < boundary, value, later(step - boundary))
        return value

    return schedule
