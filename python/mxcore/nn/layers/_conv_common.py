"""Argument normalisation shared by the convolution and pooling layers."""


def as_tuple(value, n: int, name: str, layer: str):
    """``value`` (an int or a sequence of ``n`` ints) as a tuple of ``n``."""
    if isinstance(value, int):
        return (value,) * n
    value = tuple(value)
    if len(value) != n or not all(isinstance(v, int) for v in value):
        raise ValueError(f"[{layer}] '{name}' must be an integer or a tuple containing {n} integers but got {value}.")
    return value
