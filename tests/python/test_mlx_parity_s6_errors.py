"""Exception types MLX programs rely on: evaluating state that a compiled
function changed without declaring it as an output raises RuntimeError (as
MLX), naming eval and pointing at captured inputs and outputs."""

import pytest

import mxcore as mx


def test_eval_of_uncaptured_compiled_state_is_runtime_error():
    state = [mx.array(1.0)]

    @mx.compile
    def step(x):
        state[0] = state[0] + x  # not declared in outputs=
        return x * 2

    assert float(step(mx.array(3.0))) == 6.0
    with pytest.raises(RuntimeError, match=r"(?s)\[eval\] Attempting to eval an array without a "
                                           r"primitive.*captured"):
        mx.eval(state[0])
    # Declared state works, and the library stays usable.
    state = [mx.array(1.0)]

    def declared(x):
        state[0] = state[0] + x
        return x * 2

    compiled = mx.compile(declared, inputs=state, outputs=state)
    compiled(mx.array(3.0))
    compiled(mx.array(3.0))
    assert float(state[0]) == 7.0
