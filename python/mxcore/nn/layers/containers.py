"""Sequential: modules called one after another."""

from mxcore.nn.layers.base import Module


class Sequential(Module):
    """Calls ``modules`` in order; its parameters are ``layers.0...``,
    ``layers.1...`` as in ``mlx.nn.Sequential``. Plain callables may be
    mixed in."""

    def __init__(self, *modules):
        super().__init__()
        self.layers = list(modules)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
