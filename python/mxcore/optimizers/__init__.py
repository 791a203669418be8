"""Optimizers and learning-rate schedules with the API of ``mlx.optimizers``:
``import mxcore.optimizers as optim``."""

from .optimizers import (  # noqa: F401
    SGD,
    AdaDelta,
    Adagrad,
    Adam,
    Adamax,
    AdamW,
    Lion,
    MultiOptimizer,
    Optimizer,
    RMSprop,
    clip_grad_norm,
)
from .matrix_optimizers import Adafactor, Muon  # noqa: F401
from .schedulers import (  # noqa: F401
    cosine_decay,
    exponential_decay,
    join_schedules,
    linear_schedule,
    step_decay,
)
