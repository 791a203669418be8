"""``Module``: the dict-based tree every layer is built on, with the API of
``mlx.nn.Module``. Arrays, dicts and lists set as attributes live in the dict
itself, so a module *is* its own parameter tree and flattens through
``mxcore.utils.tree_flatten`` to the dotted keys MLX checkpoints use."""

from __future__ import annotations

import os
import textwrap
from typing import Any, Callable, List, Optional, Tuple, Union

import mxcore as mx
from mxcore.utils import tree_flatten, tree_unflatten


class Module(dict):
    """Base class of every layer. Subclasses call ``super().__init__()`` and
    assign their parameters (``mx.array``) and sub-modules as attributes."""

    def __init__(self):
        self._no_grad = set()
        self._training = True

    # ----------------------------------------------------------- attributes
    @property
    def training(self) -> bool:
        """True in training mode (see :meth:`train`)."""
        return self._training

    @property
    def state(self) -> "Module":
        """The module itself: a live reference, so ``mx.compile(...,
        inputs=model.state, outputs=model.state)`` sees every update."""
        return self

    def __getattr__(self, key: str):
        # Only reached when normal lookup fails: tree members live in the dict.
        if key in self:
            return self[key]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {key!r}")

    def __setattr__(self, key: str, val: Any):
        if isinstance(val, (mx.array, dict, list, tuple)):
            # A plain attribute of the same name would shadow the dict entry.
            if key in self.__dict__:
                del self.__dict__[key]
            self[key] = val
        else:
            super().__setattr__(key, val)
            self.pop(key, None)

    def __delattr__(self, key: str):
        if key in self:
            del self[key]
        else:
            super().__delattr__(key)

    def _extra_repr(self) -> str:
        return ""

    def __repr__(self):
        children = tree_flatten(self.children(), is_leaf=self.is_module)
        text = f"{type(self).__name__}({self._extra_repr()}"
        for k, v in children:
            text += "\n" + textwrap.indent(f"({k}): {v!r}", prefix="  ")
        if children:
            text += "\n"
        return text + ")"

    # --------------------------------------------------------------- filters
    @staticmethod
    def is_module(value) -> bool:
        return isinstance(value, Module)

    @staticmethod
    def valid_child_filter(module, key, value) -> bool:
        return isinstance(value, (dict, list))

    @staticmethod
    def valid_parameter_filter(module, key, value) -> bool:
        return isinstance(value, (dict, list, mx.array)) and not key.startswith("_")

    @staticmethod
    def trainable_parameter_filter(module, key, value) -> bool:
        return Module.valid_parameter_filter(module, key, value) and key not in module._no_grad

    def filter_and_map(
        self,
        filter_fn: Callable[["Module", str, Any], bool],
        map_fn: Optional[Callable] = None,
        is_leaf_fn: Optional[Callable[["Module", str, Any], bool]] = None,
    ) -> dict:
        """The module's contents recursively: keep the (module, key, value)
        triples ``filter_fn`` accepts, stop at ``is_leaf_fn`` leaves (by
        default anything that is not a Module, dict or list) and map them."""
        map_fn = map_fn or (lambda x: x)
        is_leaf_fn = is_leaf_fn or (lambda m, k, v: not isinstance(v, (Module, dict, list)))
        return {
            k: _filter_tree(self, k, v, filter_fn, map_fn, is_leaf_fn)
            for k, v in self.items()
            if filter_fn(self, k, v)
        }

    def parameters(self) -> dict:
        """Every ``mx.array`` member (not starting with ``_``), as a tree."""
        return self.filter_and_map(self.valid_parameter_filter)

    def trainable_parameters(self) -> dict:
        """The parameters that are not frozen."""
        return self.filter_and_map(self.trainable_parameter_filter)

    def children(self) -> dict:
        """The direct sub-modules."""
        return self.filter_and_map(self.valid_child_filter, is_leaf_fn=lambda m, k, v: isinstance(v, Module))

    def leaf_modules(self) -> dict:
        """The sub-modules that contain no other modules."""

        def is_leaf_module(m, k, v):
            return isinstance(v, Module) and len(tree_flatten(v.children())) == 0

        return self.filter_and_map(self.valid_child_filter, is_leaf_fn=is_leaf_module)

    # --------------------------------------------------------------- updates
    def update(self, parameters: dict, strict: bool = True) -> "Module":
        """Replace parameters with those in the (partial) tree ``parameters``.
        ``strict`` requires every key to exist and every array to replace an
        array."""
        _update_parameters(self, parameters, strict)
        return self

    def apply(self, map_fn: Callable[[mx.array], mx.array], filter_fn: Optional[Callable] = None) -> "Module":
        """Map every parameter selected by ``filter_fn`` (default: all) and
        update the module with the results."""
        filter_fn = filter_fn or Module.valid_parameter_filter
        self.update(self.filter_and_map(filter_fn, map_fn))
        return self

    def update_modules(self, modules: dict, strict: bool = True) -> "Module":
        """Replace sub-modules with those in the (partial) tree ``modules``."""
        _update_modules(self, modules, strict)
        return self

    def apply_to_modules(self, apply_fn: Callable[[str, "Module"], Any]) -> "Module":
        """Call ``apply_fn(path, module)`` on this module and every sub-module
        (path ``""`` for this one, dotted paths below)."""
        stack = [("", self)]
        while stack:
            prefix, module = stack.pop()
            apply_fn(prefix, module)
            prefix = "." + prefix if prefix else ""
            stack.extend(tree_flatten(module.children(), prefix=prefix, is_leaf=self.is_module))
        return self

    def modules(self) -> List["Module"]:
        """This module and every sub-module."""
        found = []
        self.apply_to_modules(lambda k, m: found.append(m))
        return found

    def named_modules(self) -> List[Tuple[str, "Module"]]:
        """``(dotted path, module)`` for this module and every sub-module."""
        found = []
        self.apply_to_modules(lambda k, m: found.append((k, m)))
        return found

    # -------------------------------------------------------------- freezing
    def _validate_keys(self, keys, strict):
        keys = keys if isinstance(keys, list) else [keys]
        if strict:
            for k in keys:
                if k not in self:
                    raise KeyError(f"Module doesn't contain member {k}.")
        return keys

    def _validate_keys_recursive(self, keys):
        # With recurse=True a key need exist in some module, not in every one.
        keys = keys if isinstance(keys, list) else [keys]
        modules = self.modules()
        for k in keys:
            if not any(k in m for m in modules):
                raise KeyError(f"Module doesn't contain member {k}.")

    def _apply_to_keys(self, change, recurse, keys, strict):
        """Run ``change(module, keys)`` on this module (and, with
        ``recurse``, every sub-module) after validating ``keys``: with
        ``recurse`` a key need exist in some module, not in each."""
        if recurse:
            if strict and keys is not None:
                self._validate_keys_recursive(keys)
            self.apply_to_modules(lambda _, m: change(m, None if keys is None else m._validate_keys(keys, False)))
        else:
            change(self, None if keys is None else self._validate_keys(keys, strict))
        return self

    def freeze(self, *, recurse: bool = True, keys: Optional[Union[str, List[str]]] = None, strict: bool = False) -> "Module":
        """Exclude parameters (all, or the named ``keys``) from
        :meth:`trainable_parameters` and so from gradients."""

        def freeze_keys(m, local_keys):
            if local_keys is None:
                own = m.filter_and_map(lambda mm, k, v: not isinstance(v, Module) and mm.valid_parameter_filter(mm, k, v))
                local_keys = [k for k, _ in tree_flatten(own)]
            m._no_grad.update(local_keys)

        return self._apply_to_keys(freeze_keys, recurse, keys, strict)

    def unfreeze(self, *, recurse: bool = True, keys: Optional[Union[str, List[str]]] = None, strict: bool = False) -> "Module":
        """Make parameters (all, or the named ``keys``) trainable again."""

        def unfreeze_keys(m, local_keys):
            if local_keys is None:
                m._no_grad.clear()
            else:
                m._no_grad.difference_update(local_keys)

        return self._apply_to_keys(unfreeze_keys, recurse, keys, strict)

    # ---------------------------------------------------------- train / eval
    def _set_training_mode(self, mode: bool) -> None:
        self._training = mode

    def train(self, mode: bool = True) -> "Module":
        """Set training mode on this module and every sub-module."""
        self.apply_to_modules(lambda _, m: m._set_training_mode(mode))
        return self

    def eval(self) -> "Module":
        """Evaluation mode: ``train(False)``."""
        return self.train(False)

    def set_dtype(self, dtype, predicate: Optional[Callable] = lambda t: mx.issubdtype(t, mx.floating)) -> None:
        """Cast the parameters whose dtype satisfies ``predicate`` (default:
        floating point ones; ``None`` casts all) to ``dtype``."""
        if predicate is None:
            predicate = lambda _: True  # noqa: E731
        self.apply(lambda x: x.astype(dtype) if predicate(x.dtype) else x)

    # ------------------------------------------------------------------- I/O
    def load_weights(self, file_or_weights: Union[str, os.PathLike, List[Tuple[str, mx.array]]],
                     strict: bool = True) -> "Module":
        """Load weights from a ``.npz`` / ``.safetensors`` file or a list of
        ``(dotted key, array)`` pairs. ``strict`` requires exactly the model's
        keys with matching shapes; otherwise only the given keys update."""
        weights = file_or_weights
        if isinstance(weights, (str, os.PathLike)):
            weights = list(mx.load(os.fspath(weights)).items())
        if strict:
            given = dict(weights)
            current = dict(tree_flatten(self.parameters()))
            extras = given.keys() - current.keys()
            if extras:
                raise ValueError(f"Received {len(extras)} parameters not in model: \n" + ",\n".join(sorted(extras)) + ".")
            missing = current.keys() - given.keys()
            if missing:
                raise ValueError(f"Missing {len(missing)} parameters: \n" + ",\n".join(sorted(missing)) + ".")
            for k, v in current.items():
                new = given[k]
                if not isinstance(new, mx.array):
                    raise ValueError(f"Expected mx.array but received {type(new)} for parameter {k}")
                if new.shape != v.shape:
                    raise ValueError(f"Expected shape {v.shape} but received shape {new.shape} for parameter {k}")
        if len(weights) != 0:
            self.update(tree_unflatten(list(weights)), strict=False)
        return self

    def save_weights(self, file: Union[str, os.PathLike]) -> None:
        """Save the parameters with dotted keys: ``.npz`` through
        ``mx.savez``, ``.safetensors`` through ``mx.save_safetensors``."""
        file = os.fspath(file)
        flat = dict(tree_flatten(self.parameters()))
        if file.endswith(".npz"):
            mx.savez(file, **flat)
        elif file.endswith(".safetensors"):
            mx.save_safetensors(file, flat)
        else:
            raise ValueError(f"Unsupported file extension for {file}. Use '.npz' or '.safetensors'.")


def _filter_tree(owner, key, value, filter_fn, map_fn, is_leaf_fn):
    """One step of filter_and_map: ``owner`` is the nearest enclosing module
    (filters see it), ``key`` the dotted path below it."""
    if is_leaf_fn(owner, key, value):
        return map_fn(value)
    if isinstance(value, Module):
        return {k: _filter_tree(value, k, v, filter_fn, map_fn, is_leaf_fn) for k, v in value.items() if filter_fn(value, k, v)}
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            path = f"{key}.{k}"
            if filter_fn(owner, path, v):
                out[k] = _filter_tree(owner, path, v, filter_fn, map_fn, is_leaf_fn)
        return out
    if isinstance(value, list):
        out = []
        for i, v in enumerate(value):
            path = f"{key}.{i}"
            out.append(_filter_tree(owner, path, v, filter_fn, map_fn, is_leaf_fn) if filter_fn(owner, path, v) else {})
        return out
    raise RuntimeError("Unexpected leaf found while traversing the module")


def _update_parameters(dst, new, strict):
    def set_one(container, k, new_value):
        current = container[k]
        if isinstance(current, mx.array):
            if strict and not isinstance(new_value, mx.array):
                raise ValueError(f"Received invalid type: {type(new_value).__name__}.")
            container[k] = new_value
        else:
            _update_parameters(current, new_value, strict)

    if isinstance(new, dict):
        for k in new:
            if k in dst:
                set_one(dst, k, new[k])
            elif strict:
                raise ValueError(f'Module does not have parameter named "{k}".')
    elif isinstance(new, list):
        for i in range(len(new)):
            if i >= len(dst):
                if strict:
                    raise ValueError(f"List index {i} is out of bounds for destination of length {len(dst)}.")
                continue
            set_one(dst, i, new[i])
    elif strict:
        raise ValueError(f"Received invalid type: {type(new).__name__}.")


def _update_modules(dst, new, strict):
    def set_one(container, k, new_value):
        current = container[k]
        if isinstance(current, Module) and isinstance(new_value, Module):
            container[k] = new_value
        elif isinstance(current, (dict, list)):
            _update_modules(current, new_value, strict)
        elif strict and new_value != {}:
            raise ValueError(f"Received invalid type: {type(new_value).__name__}.")

    if isinstance(new, dict):
        for k in new:
            if k in dst:
                set_one(dst, k, new[k])
            elif strict:
                raise ValueError(f'Module does not have sub-module named "{k}".')
    elif isinstance(new, list):
        for i in range(len(new)):
            if i >= len(dst):
                if strict:
                    raise ValueError(f"List index {i} is out of bounds for destination of length {len(dst)}.")
                continue
            set_one(dst, i, new[i])
    elif strict:
        raise ValueError(f"Received invalid type: {type(new).__name__}.")
