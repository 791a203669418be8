"""Neural-network building blocks with the API of ``mlx.nn``."""

from . import losses  # noqa: F401
