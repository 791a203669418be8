"""MLX parity found by scripts/mlx_diff_fuzz.py: linalg.cross broadcasts a batch
of vectors against one vector. Expected values from NumPy's cross."""
import numpy as np
import pytest

import mxcore as mx


def test_cross_batch_against_one_vector():
    a = np.array([[1.0, 2, 3], [4, 5, 6]], np.float32)
    b = np.array([0.0, 1, 0], np.float32)
    np.testing.assert_allclose(np.array(mx.linalg.cross(mx.array(a), mx.array(b))), np.cross(a, b))
    np.testing.assert_allclose(np.array(mx.linalg.cross(mx.array(b), mx.array(a))), np.cross(b, a))


def test_cross_batches_of_different_rank():
    a = np.random.default_rng(0).standard_normal((2, 4, 3)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((4, 3)).astype(np.float32)
    got = mx.linalg.cross(mx.array(a), mx.array(b))
    assert got.shape == (2, 4, 3)
    np.testing.assert_allclose(np.array(got), np.cross(a, b), rtol=1e-5, atol=1e-6)


def test_cross_axis_picks_each_inputs_vector_axis():
    # a's axis 0 holds 2-vectors (z = 0), b is one 3-vector: per column
    # (1, 1, 0) x (1, 1, 1) = (1, -1, 0); the result stacks components on axis 0.
    got = mx.linalg.cross(mx.ones((2, 3)), mx.ones((3,)), axis=0)
    np.testing.assert_allclose(np.array(got), [[1, 1, 1], [-1, -1, -1], [0, 0, 0]])


def test_cross_still_checks_vector_sizes():
    with pytest.raises(ValueError, match="cross"):
        mx.linalg.cross(mx.ones((4,)), mx.ones((4,)))
