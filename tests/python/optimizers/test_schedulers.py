"""mxcore.optimizers schedules: values over steps against the closed forms,
the argument checks, joined warm-up schedules and a schedule inside a
compiled function."""

import math

import numpy as np
import pytest

import mxcore as mx
import mxcore.optimizers as optim

STEPS = range(0, 25)


def _values(schedule):
    return np.array([schedule(mx.array(t, mx.uint64)).item() for t in STEPS])


@pytest.mark.parametrize("schedule,closed_form", [
    (optim.exponential_decay(0.1, 0.9), lambda t: 0.1 * 0.9**t),
    (optim.step_decay(0.1, 0.5, 4), lambda t: 0.1 * 0.5 ** (t // 4)),
    (optim.cosine_decay(0.1, 10), lambda t: 0.05 * (1 + math.cos(math.pi * min(t, 10) / 10))),
    (optim.cosine_decay(0.1, 10, end=0.01),
     lambda t: 0.01 + 0.045 * (1 + math.cos(math.pi * min(t, 10) / 10))),
    (optim.linear_schedule(0.0, 0.1, 5), lambda t: 0.1 * min(t, 5) / 5),
    (optim.linear_schedule(1.0, 0.5, 10), lambda t: 1.0 - 0.05 * min(t, 10)),
])
def test_schedule_values(schedule, closed_form):
    np.testing.assert_allclose(_values(schedule), [closed_form(t) for t in STEPS], rtol=1e-5, atol=1e-8)
    assert schedule(mx.array(3, mx.uint64)).dtype == mx.float32


def test_end_points():
    assert optim.cosine_decay(0.2, 8, end=0.05)(mx.array(8)).item() == pytest.approx(0.05)
    assert optim.cosine_decay(0.2, 8, end=0.05)(mx.array(100)).item() == pytest.approx(0.05)
    assert optim.linear_schedule(0.0, 1.0, 4)(mx.array(4)).item() == pytest.approx(1.0)
    assert optim.step_decay(1.0, 0.1, 3)(mx.array(2)).item() == pytest.approx(1.0)
    assert optim.step_decay(1.0, 0.1, 3)(mx.array(3)).item() == pytest.approx(0.1)


def test_join_schedules_warmup_then_cosine():
    warmup = optim.linear_schedule(0.0, 0.1, 5)
    decay = optim.cosine_decay(0.1, 10)
    joined = optim.join_schedules([warmup, decay], [5])
    expected = [0.02 * t if t < 5 else 0.05 * (1 + math.cos(math.pi * min(t - 5, 10) / 10)) for t in STEPS]
    np.testing.assert_allclose(_values(joined), expected, rtol=1e-5, atol=1e-8)


def test_join_three_schedules():
    joined = optim.join_schedules(
        [lambda t: mx.array(1.0), lambda t: 2.0 + t * 0, lambda t: 10.0 + t], [3, 6])
    np.testing.assert_allclose(_values(joined)[:10], [1, 1, 1, 2, 2, 2, 10, 11, 12, 13])


@pytest.mark.parametrize("make,match", [
    (lambda: optim.step_decay(0.1, 0.9, 0), "step_size must be greater than 0, but got 0"),
    (lambda: optim.cosine_decay(0.1, 0), "decay_steps must be greater than 0, but got 0"),
    (lambda: optim.linear_schedule(0.0, 0.1, 0), "steps must be greater than 0, but got 0"),
    (lambda: optim.join_schedules([], []), "Must provide at least 1 schedule to join"),
    (lambda: optim.join_schedules([optim.exponential_decay(0.1, 0.9)], [3]),
     "Received 1 boundaries but expected 0"),
])
def test_bad_arguments_raise(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_schedule_traces_under_compile():
    schedule = optim.join_schedules([optim.linear_schedule(0.0, 0.1, 5), optim.cosine_decay(0.1, 10)], [5])
    compiled = mx.compile(schedule)
    for t in (0, 3, 5, 9, 30):
        step = mx.array(t, mx.uint64)
        np.testing.assert_allclose(compiled(step).item(), schedule(step).item(), rtol=1e-6)
