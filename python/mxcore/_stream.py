"""``mx.stream(s)``: run the ops of a ``with`` block on a stream or device."""

from . import _core


class stream:
    """Context manager that makes ``s`` (a Stream, Device or DeviceType) the
    default for the ops inside the block, restoring the previous defaults after.

    Args:
        s (Stream, Device or DeviceType): The stream or device to use.

    Returns:
        stream: The context manager (``with mx.stream(mx.cpu): ...``).
    """

    def __init__(self, s):
        if s is None:
            raise ValueError("[stream] Invalid argument, please specify a stream or device.")
        if isinstance(s, _core.DeviceType):
            s = _core.Device(s)
        if not isinstance(s, (_core.Stream, _core.Device)):
            raise TypeError(f"[stream] Expected a Stream or Device, got {type(s).__name__}.")
        self._target = s

    def __enter__(self):
        self._old_device = _core.default_device()
        self._old_stream = _core.default_stream(self._old_device)
        if isinstance(self._target, _core.Device):
            _core.set_default_device(self._target)
            return _core.default_stream(self._target)
        _core.set_default_device(self._target.device)
        _core.set_default_stream(self._target)
        return self._target

    def __exit__(self, *exc):
        _core.set_default_device(self._old_device)
        _core.set_default_stream(self._old_stream)
        return False
