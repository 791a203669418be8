"""Tree utilities with the API of ``mlx.utils``: nested lists, tuples and
dicts of arrays (model parameters, optimizer state) flattened to dotted keys
and back."""

from collections import defaultdict

__all__ = ["tree_map", "tree_map_with_path", "tree_flatten", "tree_unflatten", "tree_reduce"]


def _is_container(obj):
    return isinstance(obj, (list, tuple, dict))


def tree_map(fn, tree, *rest, is_leaf=None):
    """Applies ``fn`` to the leaves of ``tree`` (and the matching leaves of
    ``rest``), returning a tree of the same structure."""
    if is_leaf is not None and is_leaf(tree) or not _is_container(tree):
        return fn(tree, *rest)
    if isinstance(tree, dict):
        return type(tree)(
            (k, tree_map(fn, child, *(r[k] for r in rest), is_leaf=is_leaf))
            for k, child in tree.items()
        )
    children = [
        tree_map(fn, child, *(r[i] for r in rest), is_leaf=is_leaf)
        for i, child in enumerate(tree)
    ]
    if isinstance(tree, list):
        return children
    return type(tree)(*children) if hasattr(tree, "_fields") else type(tree)(children)


def tree_map_with_path(fn, tree, *rest, is_leaf=None, path=None):
    """Like ``tree_map`` but ``fn(path, leaf, *rest)`` also gets the dotted path."""
    if is_leaf is not None and is_leaf(tree) or not _is_container(tree):
        return fn(path, tree, *rest)
    prefix = f"{path}." if path else ""
    if isinstance(tree, dict):
        return type(tree)(
            (k, tree_map_with_path(fn, child, *(r[k] for r in rest), is_leaf=is_leaf,
                                   path=f"{prefix}{k}"))
            for k, child in tree.items()
        )
    children = [
        tree_map_with_path(fn, child, *(r[i] for r in rest), is_leaf=is_leaf,
                           path=f"{prefix}{i}")
        for i, child in enumerate(tree)
    ]
    if isinstance(tree, list):
        return children
    return type(tree)(*children) if hasattr(tree, "_fields") else type(tree)(children)


def _flatten_pairs(node, key, flat, is_leaf):
    if is_leaf is not None and is_leaf(node) or not _is_container(node):
        flat.append((key[1:] if key.startswith(".") else key, node))
        return
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, child in items:
        _flatten_pairs(child, f"{key}.{k}", flat, is_leaf)


def tree_flatten(tree, prefix="", is_leaf=None):
    """Flattens a tree into a list of ``(dotted_key, leaf)`` pairs:
    ``tree_flatten([[[0]]]) == [("0.0.0", 0)]``."""
    flat = []
    _flatten_pairs(tree, prefix, flat, is_leaf)
    return flat


def tree_unflatten(tree):
    """Inverse of ``tree_flatten``: integer keys become lists, others dicts."""
    if len(tree) == 1 and tree[0][0] == "":
        return tree[0][1]
    children = defaultdict(list)
    for key, value in tree:
        head, _, tail = key.partition(".")
        children[head].append((tail, value))
    try:
        int(next(iter(children)))
        is_list = True
    except (ValueError, StopIteration):
        is_list = False
    if is_list:
        size = max(int(k) for k in children) + 1
        out = [{} for _ in range(size)]
        for k, v in children.items():
            out[int(k)] = tree_unflatten(v)
        return out
    return {k: tree_unflatten(v) for k, v in children.items()}


def tree_reduce(fn, tree, initializer=None, is_leaf=None):
    """Reduces the leaves of ``tree`` with ``fn(accumulator, leaf)``."""
    leaves = [v for _, v in tree_flatten(tree, is_leaf=is_leaf)]
    if initializer is None:
        if not leaves:
            raise ValueError("[tree_reduce] Cannot reduce an empty tree without an initializer.")
        acc, leaves = leaves[0], leaves[1:]
    else:
        acc = initializer
    for leaf in leaves:
        acc = fn(acc, leaf)
    return acc
