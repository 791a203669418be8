"""Sharded layers over ``mx.distributed``, with the API of MLX's
``mlx.nn.layers.distributed``: tensor-parallel linear layers (plain and
quantized), ``shard_linear`` / ``shard_inplace`` to shard existing layers,
and ``FullyShardedModule`` / ``fully_shard``, where each rank keeps only a
slice of every parameter and gathers the rest for each call.

Two directions of tensor parallelism:
- all-to-sharded: every rank sees the whole input and computes its slice of
  the output features (weight rows split across ranks). The input's gradient
  is the sum of every rank's part, so it is all-summed in the backward pass.
- sharded-to-all: every rank holds a slice of the input features (weight
  columns split) and the partial products are all-summed in the forward pass.
"""

import math
from typing import Callable, Optional, Union

import mxcore as mx
from mxcore.nn.layers.base import Module
from mxcore.nn.layers.linear import Linear
from mxcore.utils import tree_flatten, tree_map_with_path, tree_unflatten

_GRADIENT_SUMS = {}


def sum_gradients(group):
    """Identity forward; all_sum of the cotangent backward (one function per
    group, so compiled graphs see the same custom function each call)."""
    if group.size() == 1:
        return lambda x: x
    found = _GRADIENT_SUMS.get(id(group))
    if found is not None and found[0] is group:
        return found[1]

    @mx.custom_function
    def identity(x):
        return x

    @identity.vjp
    def identity(x, cotangent, output):
        return mx.distributed.all_sum(cotangent, group=group)

    _GRADIENT_SUMS[id(group)] = (group, identity)
    return identity


def _split_segments(weight, segments, axis):
    """``mx.split`` that also takes fractions of the axis (``[0.5, 0.75]``)."""
    if isinstance(segments, int) or isinstance(segments[0], int):
        return mx.split(weight, segments, axis=axis)
    length = weight.shape[axis]
    return mx.split(weight, [int(fraction * length) for fraction in segments], axis=axis)


def _shard(parameters: dict, sharding_predicate: Callable, group=None) -> dict:
    """This rank's slice of every parameter the predicate names. The
    predicate returns ``None`` (keep whole), an axis, or ``(axis, segments)``
    when the weight is several matrices side by side (a fused QKV is 3): each
    segment is split across the ranks separately, so rank r keeps its slice
    of each."""
    group = group or mx.distributed.init()
    size, rank = group.size(), group.rank()

    def shard_one(path, weight):
        if not isinstance(weight, mx.array):
            return weight
        rule = sharding_predicate(path, weight)
        if rule is None:
            return weight
        if isinstance(rule, int):
            axis, segments = rule, 1
        elif isinstance(rule, tuple):
            axis, segments = rule
        else:
            raise ValueError("The sharding function should return int or tuple[int, list]")
        mine = [_split_segments(part, size, axis)[rank] for part in _split_segments(weight, segments, axis)]
        return mx.contiguous(mx.concatenate(mine, axis=axis))

    return tree_map_with_path(shard_one, parameters)


def _all_to_sharded(segments):
    # Output features are split: the weight's rows (axis -2) and the bias.
    def rule(path, weight):
        if path.endswith("bias"):
            return -1, segments
        return max(weight.ndim - 2, 0), segments

    return rule


def _sharded_to_all(segments):
    # Input features are split: the weight's columns; the bias stays whole.
    def rule(path, weight):
        if path.endswith("bias"):
            return None
        return -1, segments

    return rule


def _check_sharding(sharding):
    if sharding not in ("all-to-sharded", "sharded-to-all"):
        raise ValueError(
            f"Sharding type sharding={sharding!r} not supported, choose one of 'all-to-sharded' or 'sharded-to-all'"
        )


def shard_inplace(module: Module, sharding: Union[str, Callable], *, segments: Union[int, list] = 1,
                  group: Optional[mx.distributed.Group] = None):
    """Shard a module's parameters in place (the module's code is unchanged,
    so it must do its own communication).

    Args:
        module (Module): The module whose parameters are replaced by this
            rank's shards.
        sharding (str or callable): ``"all-to-sharded"``, ``"sharded-to-all"``
            or a callable ``(path, weight) -> axis | (axis, segments) | None``.
        segments (int or list): The segments of each weight when ``sharding``
            is a string. Default: ``1``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """
    if isinstance(sharding, str):
        _check_sharding(sharding)
        sharding = _all_to_sharded(segments) if sharding == "all-to-sharded" else _sharded_to_all(segments)
    module.update(_shard(module.parameters(), sharding, group))


def shard_linear(module: Module, sharding: str, *, segments: Union[int, list] = 1,
                 group: Optional[mx.distributed.Group] = None):
    """A new sharded layer made from a :class:`Linear` or
    :class:`QuantizedLinear` (which is left unchanged), doing the
    communication its direction needs.

    Args:
        module (Module): The linear or quantized linear layer.
        sharding (str): ``"all-to-sharded"`` or ``"sharded-to-all"``.
        segments (int or list): The segments of the weight. Default: ``1``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """
    _check_sharding(sharding)
    plain = isinstance(module, Linear)
    if sharding == "all-to-sharded":
        make = AllToShardedLinear.from_linear if plain else QuantizedAllToShardedLinear.from_quantized_linear
    else:
        make = ShardedToAllLinear.from_linear if plain else QuantizedShardedToAllLinear.from_quantized_linear
    return make(module, segments=segments, group=group)


def _uniform_init(input_dims, shape):
    scale = math.sqrt(1.0 / input_dims)
    return mx.random.uniform(low=-scale, high=scale, shape=shape)


class AllToShardedLinear(Module):
    """A linear layer whose output features are split across the group: each
    rank computes ``output_dims // size`` of them from the whole input; the
    input's gradient is summed over the group.

    Args:
        input_dims (int): The number of input features.
        output_dims (int): The number of output features (all ranks together).
        bias (bool, optional): Whether to add a bias. Default: ``True``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True,
                 group: Optional[mx.distributed.Group] = None):
        super().__init__()
        self.group = group or mx.distributed.init()
        size = self.group.size()
        if output_dims % size != 0:
            raise ValueError(f"Cannot shard the output of size {output_dims} across {size} devices.")
        self.weight = _uniform_init(input_dims, (output_dims // size, input_dims))
        if bias:
            self.bias = _uniform_init(input_dims, (output_dims // size,))

    def _extra_repr(self) -> str:
        out_dims, in_dims = self.weight.shape
        return f"input_dims={in_dims}, output_dims={out_dims * self.group.size()}, bias={'bias' in self}"

    def __call__(self, x):
        x = sum_gradients(self.group)(x)
        if "bias" in self:
            return mx.addmm(self["bias"], x, self["weight"].T)
        return x @ self["weight"].T

    @classmethod
    def from_linear(cls, linear_layer: Module, *, segments: Union[int, list] = 1,
                    group: Optional[mx.distributed.Group] = None):
        """This rank's shard of ``linear_layer`` (which is not changed)."""
        group = group or mx.distributed.init()
        output_dims, input_dims = linear_layer.weight.shape
        layer = cls(input_dims, output_dims, "bias" in linear_layer, group)
        layer.update(_shard(linear_layer.parameters(), _all_to_sharded(segments), group))
        return layer


class ShardedToAllLinear(Module):
    """A linear layer whose input features are split across the group: each
    rank multiplies its slice of the input and the partial results are
    summed over the group, so every rank ends with the whole output.

    Args:
        input_dims (int): The number of input features (all ranks together).
        output_dims (int): The number of output features.
        bias (bool, optional): Whether to add a bias. Default: ``True``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True,
                 group: Optional[mx.distributed.Group] = None):
        super().__init__()
        self.group = group or mx.distributed.init()
        size = self.group.size()
        if input_dims % size != 0:
            raise ValueError(f"The input of size {input_dims} cannot be sharded across {size} devices.")
        self.weight = _uniform_init(input_dims, (output_dims, input_dims // size))
        if bias:
            self.bias = _uniform_init(input_dims, (output_dims,))

    def _extra_repr(self) -> str:
        out_dims, in_dims = self.weight.shape
        return f"input_dims={in_dims * self.group.size()}, output_dims={out_dims}, bias={'bias' in self}"

    def __call__(self, x):
        y = mx.distributed.all_sum(x @ self["weight"].T, group=self.group)
        if "bias" in self:
            y = y + self["bias"]
        return y

    @classmethod
    def from_linear(cls, linear_layer: Module, *, segments: Union[int, list] = 1,
                    group: Optional[mx.distributed.Group] = None):
        """This rank's shard of ``linear_layer`` (which is not changed)."""
        group = group or mx.distributed.init()
        output_dims, input_dims = linear_layer.weight.shape
        layer = cls(input_dims, output_dims, "bias" in linear_layer, group)
        layer.update(_shard(linear_layer.parameters(), _sharded_to_all(segments), group))
        return layer


class _QuantizedSharded(Module):
    """What both quantized directions share: the quantized weight pack
    (frozen, as in :class:`QuantizedLinear`) and its description."""

    def _init_quantized(self, weight, group_size, bits, mode):
        self.group_size, self.bits, self.mode = group_size, bits, mode
        self.weight, self.scales, *biases = mx.quantize(weight, group_size, bits, mode=mode)
        self.biases = biases[0] if biases else None

    def unfreeze(self, *args, **kwargs):
        # Sub-modules may be unfrozen; the quantized pack itself stays frozen.
        super().unfreeze(*args, **kwargs)
        self.freeze(recurse=False)
        return self

    def _matmul(self, x):
        return mx.quantized_matmul(x, self["weight"], scales=self["scales"], biases=self.get("biases"),
                                   transpose=True, group_size=self.group_size, bits=self.bits, mode=self.mode)

    def _describe(self, in_dims, out_dims):
        return (f"input_dims={in_dims}, output_dims={out_dims}, bias={'bias' in self}, "
                f"group_size={self.group_size}, bits={self.bits}, mode={self.mode}")

    @classmethod
    def _from_quantized(cls, layer, rule, group):
        group = group or mx.distributed.init()
        output_dims, packed_dims = layer.weight.shape
        sharded = cls(packed_dims * 32 // layer.bits, output_dims, "bias" in layer, group_size=layer.group_size,
                      bits=layer.bits, mode=getattr(layer, "mode", "affine"), group=group)
        sharded.update(_shard(layer.parameters(), rule, group))
        return sharded


class QuantizedAllToShardedLinear(_QuantizedSharded):
    """:class:`AllToShardedLinear` with a quantized weight
    (``mx.quantized_matmul``); its parameters are frozen.

    Args:
        input_dims (int): The number of input features.
        output_dims (int): The number of output features (all ranks together).
        bias (bool, optional): Whether to add a bias. Default: ``True``.
        group_size (int, optional): The quantization group size. Default: ``64``.
        bits (int, optional): The bits per weight. Default: ``4``.
        mode (str, optional): The quantization mode. Default: ``"affine"``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True, group_size: int = 64, bits: int = 4,
                 mode: str = "affine", group: Optional[mx.distributed.Group] = None):
        super().__init__()
        self.group = group or mx.distributed.init()
        size = self.group.size()
        if output_dims % size != 0:
            raise ValueError(f"Cannot shard the output of size {output_dims} across {size} devices.")
        self._init_quantized(_uniform_init(input_dims, (output_dims // size, input_dims)), group_size, bits, mode)
        if bias:
            self.bias = mx.zeros((output_dims // size,))
        self.freeze()

    def _extra_repr(self) -> str:
        out_dims, packed_dims = self.weight.shape
        return self._describe(packed_dims * 32 // self.bits, out_dims * self.group.size())

    def __call__(self, x):
        y = self._matmul(sum_gradients(self.group)(x))
        if "bias" in self:
            y = y + self["bias"]
        return y

    @classmethod
    def from_quantized_linear(cls, quantized_linear_layer: Module, *, segments: Union[int, list] = 1,
                              group: Optional[mx.distributed.Group] = None):
        """This rank's shard of ``quantized_linear_layer`` (not changed)."""
        return cls._from_quantized(quantized_linear_layer, _all_to_sharded(segments), group)


class QuantizedShardedToAllLinear(_QuantizedSharded):
    """:class:`ShardedToAllLinear` with a quantized weight
    (``mx.quantized_matmul``); its parameters are frozen.

    Args:
        input_dims (int): The number of input features (all ranks together).
        output_dims (int): The number of output features.
        bias (bool, optional): Whether to add a bias. Default: ``True``.
        group_size (int, optional): The quantization group size. Default: ``64``.
        bits (int, optional): The bits per weight. Default: ``4``.
        mode (str, optional): The quantization mode. Default: ``"affine"``.
        group (Group, optional): The group to shard across. Default: the
            global group.
    """

    def __init__(self, input_dims: int, output_dims: int, bias: bool = True, group_size: int = 64, bits: int = 4,
                 mode: str = "affine", group: Optional[mx.distributed.Group] = None):
        super().__init__()
        self.group = group or mx.distributed.init()
        size = self.group.size()
        if input_dims % size != 0:
            raise ValueError(f"The input of size {input_dims} cannot be sharded across {size} devices.")
        self._init_quantized(_uniform_init(input_dims, (output_dims, input_dims // size)), group_size, bits, mode)
        if bias:
            self.bias = mx.zeros((output_dims,))
        self.freeze()

    def _extra_repr(self) -> str:
        out_dims, packed_dims = self.weight.shape
        return self._describe(packed_dims * 32 // self.bits * self.group.size(), out_dims)

    def __call__(self, x):
        y = mx.distributed.all_sum(self._matmul(x), group=self.group)
        if "bias" in self:
            y = y + self["bias"]
        return y

    @classmethod
    def from_quantized_linear(cls, quantized_linear_layer: Module, *, segments: Union[int, list] = 1,
                              group: Optional[mx.distributed.Group] = None):
        """This rank's shard of ``quantized_linear_layer`` (not changed)."""
        return cls._from_quantized(quantized_linear_layer, _sharded_to_all(segments), group)


def _gather_parameters_fn(group, full_shapes, compute_dtype):
    """A custom function: this rank's parameter shards -> the full
    parameters (one all_gather of every shard packed in a row); its vjp
    reduce-scatters the full gradients back to shards, averaged over the
    group (each rank's loss counts once in the mean)."""
    size = group.size()
    shard_sizes = [math.prod(shape) // size for shape in full_shapes]
    offsets = [0]
    for n in shard_sizes:
        offsets.append(offsets[-1] + n)
    cuts = offsets[1:-1]
    shard_shapes = [(shape[0] // size,) + tuple(shape[1:]) for shape in full_shapes]

    def cast(x, dtype):
        return x if dtype is None or x.dtype == dtype else x.astype(dtype)

    @mx.custom_function
    def gather(shards):
        packed = mx.concatenate([cast(s.reshape(1, -1), compute_dtype) for s in shards], axis=1)
        full = mx.distributed.all_gather(packed, group=group)  # (size, sum of shard sizes)
        return [p.reshape(shape) for p, shape in zip(mx.split(full, cuts, axis=1), full_shapes)]

    @gather.vjp
    def gather(shards, cotangents, outputs):
        packed = mx.concatenate([c.reshape(size, -1) for c in cotangents], axis=1)
        mine = mx.distributed.sum_scatter(packed, group=group) / size
        return [cast(p.reshape(shape), s.dtype) for p, shape, s in zip(mx.split(mine, cuts, axis=1), shard_shapes, shards)]

    return gather


def _shardable(module, key, value):
    # A nested FullyShardedModule already manages its own shards.
    return not isinstance(value, FullyShardedModule) and Module.valid_parameter_filter(module, key, value)


class FullyShardedModule(Module):
    """Wraps a module so each rank stores only its slice (along axis 0) of
    every parameter: the full parameters are gathered for each call and the
    gradients reduce-scattered back, so optimizer state is sharded too.

    Args:
        module (Module): The module to shard; its parameters' first axis must
            divide by the group's size.
        group (Group, optional): The group to shard across. Default: the
            global group.
        compute_dtype (Dtype, optional): Cast the gathered parameters to this
            dtype for the call. Default: ``None`` (keep their dtype).
    """

    def __init__(self, module: Module, group: Optional[mx.distributed.Group] = None,
                 compute_dtype: Optional[mx.Dtype] = None):
        super().__init__()
        group = group or mx.distributed.init()
        size = group.size()
        params = module.filter_and_map(_shardable)
        flat = tree_flatten(params)
        for path, a in flat:
            if a.ndim == 0:
                raise ValueError(f"Cannot shard parameter '{path}' because it is a scalar.")
            if a.shape[0] % size != 0:
                raise ValueError(f"Cannot shard parameter '{path}' with shape {a.shape} across {size} devices: "
                                 f"axis 0 must be divisible by {size}.")
        # A plain attribute (a list would become a tree member of the module).
        object.__setattr__(self, "_paths", [path for path, _ in flat])
        full_shapes = [a.shape for _, a in flat]
        module.update(_shard(params, lambda path, weight: 0, group))
        self.module = module
        self._gather = _gather_parameters_fn(group, full_shapes, compute_dtype)

    def _extra_repr(self) -> str:
        return f"num_sharded_params={len(self._paths)}"

    def _with_full_parameters(self, fn, *args, **kwargs):
        shards = self.module.filter_and_map(_shardable)
        full = self._gather([a for _, a in tree_flatten(shards)])
        self.module.update(tree_unflatten(list(zip(self._paths, full))))
        try:
            return fn(*args, **kwargs)
        finally:
            self.module.update(shards)

    def __call__(self, *args, **kwargs):
        return self._with_full_parameters(self.module, *args, **kwargs)

    def as_linear(self, *args, **kwargs):
        return self._with_full_parameters(self.module.as_linear, *args, **kwargs)


def fully_shard(module: Module, *, group: Optional[mx.distributed.Group] = None,
                compute_dtype: Optional[mx.Dtype] = None) -> Module:
    """Wrap ``module`` in a :class:`FullyShardedModule`; on a group of one,
    an already wrapped module, or a module without parameters, ``module``
    comes back unchanged.

    Args:
        module (Module): The module to wrap.
        group (Group, optional): The group to shard across. Default: the
            global group.
        compute_dtype (Dtype, optional): Cast the gathered parameters to this
            dtype for the call. Default: ``None``.
    """
    group = group or mx.distributed.init()
    if group.size() == 1 or isinstance(module, FullyShardedModule):
        return module
    wrapped = FullyShardedModule(module, group=group, compute_dtype=compute_dtype)
    return wrapped if wrapped._paths else module
