"""Tree utilities with the API of ``mlx.utils``: nested lists, tuples and
dicts of arrays (model parameters, optimizer state) mapped, flattened to
dotted keys and back, reduced and merged. Implemented in C++ (trees.h), the
same tree walks the transforms and ``mx.compile`` use."""

from ._core import _trees

tree_map = _trees.tree_map
tree_map_with_path = _trees.tree_map_with_path
tree_flatten = _trees.tree_flatten
tree_unflatten = _trees.tree_unflatten
tree_reduce = _trees.tree_reduce
tree_merge = _trees.tree_merge

__all__ = [
    "tree_map",
    "tree_map_with_path",
    "tree_flatten",
    "tree_unflatten",
    "tree_reduce",
    "tree_merge",
]
