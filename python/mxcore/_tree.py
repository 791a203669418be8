"""Pytrees: nested lists, tuples and dicts whose leaves are anything else.

``tree_flatten`` returns the leaves in order and a structure; ``tree_unflatten``
puts (new) leaves back into that structure. ``tree_fill`` and
``tree_replace`` update containers in place (the compile wrapper uses them to
swap arrays inside captured state).
"""

__all__ = ["tree_flatten", "tree_unflatten", "tree_fill", "tree_replace", "tree_leaves"]

_LEAF = "leaf"


def _is_container(obj):
    return isinstance(obj, (list, tuple, dict))


def _flatten_into(node, leaves, is_leaf):
    if (is_leaf is not None and is_leaf(node)) or not _is_container(node):
        leaves.append(node)
        return _LEAF
    if isinstance(node, dict):
        keys = list(node.keys())
        return ("dict", type(node), keys, [_flatten_into(node[k], leaves, is_leaf) for k in keys])
    kind = "list" if isinstance(node, list) else "tuple"
    return (kind, type(node), [_flatten_into(child, leaves, is_leaf) for child in node])


# Module-level recursion, not nested closures: a recursive closure is a
# reference cycle that keeps the leaves (large arrays) alive until the
# garbage collector runs.
def tree_flatten(tree, is_leaf=None):
    """Returns ``(leaves, structure)``. Lists, tuples (named tuples included)
    and dicts are containers unless ``is_leaf(node)`` says otherwise."""
    leaves = []
    structure = _flatten_into(tree, leaves, is_leaf)
    return leaves, structure


def tree_leaves(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf)[0]


def _rebuild(cls, kind, children):
    if kind == "list":
        return children if cls is list else cls(children)
    if cls is tuple:
        return tuple(children)
    if hasattr(cls, "_fields"):  # named tuple
        return cls(*children)
    return cls(children)


def _build(node, it):
    if node == _LEAF:
        return next(it)
    if node[0] == "dict":
        _, cls, keys, children = node
        out = dict(zip(keys, [_build(c, it) for c in children]))
        return out if cls is dict else _make_dict(cls, out)
    kind, cls, children = node
    return _rebuild(cls, kind, [_build(c, it) for c in children])


def tree_unflatten(structure, leaves):
    """Inverse of ``tree_flatten``: a new tree with ``leaves`` in order."""
    return _build(structure, iter(leaves))


def _make_dict(cls, items):
    try:
        return cls(items)
    except Exception:
        return items


def _update_in_place(tree, fn):
    """Replaces every leaf x of tree by fn(x), mutating lists and dicts in
    place; tuples are rebuilt (and their parent updated). Returns the tree."""
    if isinstance(tree, list):
        for i, child in enumerate(tree):
            tree[i] = _update_in_place(child, fn)
        return tree
    if isinstance(tree, dict):
        for k in list(tree.keys()):
            tree[k] = _update_in_place(tree[k], fn)
        return tree
    if isinstance(tree, tuple):
        return _rebuild(type(tree), "tuple", [_update_in_place(c, fn) for c in tree])
    return fn(tree)


def tree_fill(tree, values, select):
    """Replaces, in order, the leaves x with ``select(x)`` true by ``values``."""
    it = iter(values)
    return _update_in_place(tree, lambda x: next(it) if select(x) else x)


def tree_replace(tree, old, new):
    """Replaces each leaf that *is* ``old[i]`` by ``new[i]``."""
    mapping = {id(o): n for o, n in zip(old, new)}
    return _update_in_place(tree, lambda x: mapping.get(id(x), x))
