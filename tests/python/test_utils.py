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


def test_tree_flatten_prefix_destination_and_is_leaf():
    tree = {"a": {"b": 1}, "c": [2, (3,)]}
    assert tree_flatten(tree, destination={}) == {"a.b": 1, "c.0": 2, "c.1.0": 3}
    # As mlx.utils, the first character of the prefix is dropped.
    assert tree_flatten([[[0]]], prefix=".hello") == [("hello.0.0.0", 0)]
    assert tree_flatten(tree, is_leaf=lambda n: isinstance(n, tuple)) == [
        ("a.b", 1), ("c.0", 2), ("c.1", (3,))]
    out = []
    assert tree_flatten([5], destination=out) is out and out == [("0", 5)]
    with pytest.raises(ValueError, match="Destination should be either a list or a dictionary"):
        tree_flatten([1], destination=(1,))


def test_tree_unflatten_lists_dicts_and_gaps():
    assert tree_unflatten({"hello.world": 42}) == {"hello": {"world": 42}}
    assert tree_unflatten([("0", "a"), ("2", "c")]) == ["a", {}, "c"]
    assert tree_unflatten([("1", "b"), ("0", "a")]) == ["a", "b"]
    # "01" and "1" are two keys, so the node is a dict.
    assert tree_unflatten([("01", 1), ("1", 2)]) == {"01": 1, "1": 2}
    flat = tree_flatten({"w": [mx.array(1.0), {"b": 2}]})
    back = tree_unflatten(flat)
    assert back["w"][1] == {"b": 2} and back["w"][0].item() == 1.0


def test_tree_map_keeps_sequence_types_and_takes_is_leaf():
    from collections import namedtuple

    P = namedtuple("P", ["x", "y"])
    out = tree_map(lambda v: v * 2, {"p": P(1, 2), "t": (3,), "l": [4]})
    assert out == {"p": P(2, 4), "t": (6,), "l": [8]} and isinstance(out["p"], P)
    out = tree_map(lambda v: len(v), [[1, 2], [3]], is_leaf=lambda n: isinstance(n, list) and
                   all(not isinstance(c, list) for c in n))
    assert out == [2, 1]
    # The other trees may hold more than `tree`; they are indexed like it.
    assert tree_map(lambda a, b: (a, b), [1], [{"k": 2}]) == [(1, {"k": 2})]
    paths = []
    tree_map_with_path(lambda p, v: paths.append(p), {"m": [0, 0]}, path="root")
    assert paths == ["root.m.0", "root.m.1"]


def test_tree_reduce_with_is_leaf():
    tree = {"a": [1, 2], "b": [3]}
    assert tree_reduce(lambda acc, v: acc + len(v), tree, 0,
                       is_leaf=lambda n: isinstance(n, list)) == 3


def test_tree_merge():
    from mxcore.utils import tree_merge

    assert tree_merge({"a": 0}, {"b": 1}) == {"a": 0, "b": 1}
    with pytest.raises(ValueError, match="no merge function"):
        tree_merge({"a": 0}, {"a": 0})
    assert tree_merge({"a": 1}, {"a": 2}, lambda x, y: x + y) == {"a": 3}
    assert tree_merge({"l": [1]}, {"l": [None, 2]}) == {"l": [1, 2]}
    assert tree_merge([], []) == [] and tree_merge({}, {"x": 1}) == {"x": 1}
    with pytest.raises(ValueError, match="Cannot merge list with dict"):
        tree_merge([], {})
