"""``mxcore.nn.distributed``: the sharded layers and sharding helpers (they
live in ``mxcore.nn.layers.distributed``, as in MLX, where ``nn.distributed``
names that module)."""

from mxcore.nn.layers.distributed import (  # noqa: F401
    AllToShardedLinear, FullyShardedModule, QuantizedAllToShardedLinear, QuantizedShardedToAllLinear,
    ShardedToAllLinear, fully_shard, shard_inplace, shard_linear,
)
