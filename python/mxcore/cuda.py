"""mx.cuda: the CUDA backend is not available here."""


def is_available():
    """Whether the CUDA backend is available: always False here."""
    return False
