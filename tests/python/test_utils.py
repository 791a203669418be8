"""mxcore.utils mirrors mlx.utils' tree helpers."""
import numpy as np
import pytest

import mxcore as mx
from mxcore.utils import tree_flatten, tree_map, tree_map_with_path, tree_reduce, tree_unflatten


def test_tree_flatten_keys_and_roundtrip():
    tree = {"layers": [{"w": mx.array([1.0]), "b": mx.array([2.0])}, {"w": mx.array([3.0])}],
            "scale": 4}
    flat = tree_flatten(tree)
    assert [k for k, _ in flat] == ["layers.0.w", "layers.0.b", "layers.1.w", "scale"]
    back = tree_unflatten(flat)
    assert back["scale"] == 4
    assert back["layers"][1]["w"].item() == 3.0
    assert tree_flatten([[[0]]]) == [("0.0.0", 0)]
    assert tree_unflatten([("", 5)]) == 5


def test_tree_map_over_several_trees():
    a = {"x": mx.array([1.0, 2.0]), "y": (mx.array(3.0), mx.array(4.0))}
    b = {"x": mx.array([10.0, 20.0]), "y": (mx.array(30.0), mx.array(40.0))}
    out = tree_map(lambda u, v: u + v, a, b)
    np.testing.assert_allclose(np.array(out["x"]), [11.0, 22.0])
    assert isinstance(out["y"], tuple) and out["y"][1].item() == 44.0
    paths = []
    tree_map_with_path(lambda p, v: paths.append(p), a)
    assert paths == ["x", "y.0", "y.1"]


def test_tree_reduce():
    tree = [mx.array(1.0), {"a": mx.array(2.0), "b": [mx.array(3.0)]}]
    assert tree_reduce(lambda acc, v: acc + v.item(), tree, 0.0) == 6.0
    # As mlx.utils: without an initializer the first leaf starts, and an
    # empty tree reduces to the (None) initializer.
    assert tree_reduce(lambda acc, v: acc * v, [2, (3, 4)]) == 24
    assert tree_reduce(lambda a, b: a, []) is None
