"""``mx.fft.stft`` / ``mx.fft.istft`` with MLX's signatures and defaults, as
compositions of ops (framing by a gather, the FFTs, an overlap-add by a
scatter-add), so grad, vmap and compile go through them.

Conventions (MLX's, which are torch.stft's): the output is
``(..., n_freq, n_frames)``; a shorter window is centred in ``n_fft`` with
zeros; ``center`` pads ``n_fft // 2`` samples on both sides; istft divides by
the overlap-added squared window wherever that envelope is not ~0."""

from typing import Optional, Union

from . import _core as mx
from ._on_stream import on_stream

_StreamOrDevice = Union[None, mx.Stream, mx.Device]

_NORMS = ("backward", "ortho", "forward")
_PAD_MODES = ("reflect", "constant", "edge")


def _check_sizes(op, n_fft, hop_length, win_length):
    if n_fft <= 0:
        raise ValueError(f"[{op}] n_fft must be positive.")
    if hop_length <= 0:
        raise ValueError(f"[{op}] hop_length must be positive.")
    if win_length <= 0:
        raise ValueError(f"[{op}] win_length must be positive.")
    if win_length > n_fft:
        raise ValueError(f"[{op}] window length must not exceed n_fft.")


def _check_norm(op, norm):
    if norm not in _NORMS:
        raise ValueError(f"[{op}] Invalid norm. Expected one of {{'backward', 'ortho', 'forward'}}.")


def _full_window(op, window, win_length, n_fft, dtype):
    """The window as ``n_fft`` samples: a rectangle of ``win_length`` by
    default; a given window (1-D, at most ``n_fft`` long) centred with zeros."""
    if window is None:
        window = mx.ones((win_length,), dtype=dtype)
    else:
        window = window if isinstance(window, mx.array) else mx.array(window)
        if window.ndim != 1:
            raise ValueError(f"[{op}] window must be one-dimensional.")
        if window.shape[0] > n_fft:
            raise ValueError(f"[{op}] window length must not exceed n_fft.")
        if window.shape[0] == 0:
            raise ValueError(f"[{op}] window must not be empty.")
    left = (n_fft - window.shape[0]) // 2
    if left or window.shape[0] != n_fft:
        window = mx.pad(window, [(left, n_fft - window.shape[0] - left)])
    return window


def _frame_indices(n_frames, n_fft, hop_length):
    # Frame f holds samples f*hop .. f*hop + n_fft - 1.
    return mx.arange(n_frames)[:, None] * hop_length + mx.arange(n_fft)[None, :]


@on_stream
def stft(x: mx.array, n_fft: int = 2048, hop_length: Optional[int] = None, win_length: Optional[int] = None,
         window: Optional[mx.array] = None, center: bool = True, pad_mode: str = "reflect", norm: str = "backward",
         onesided: Optional[bool] = None, stream: _StreamOrDevice = None) -> mx.array:
    """stft(x: array, n_fft: int = 2048, hop_length: int | None = None, win_length: int | None = None, window: array | None = None, center: bool = True, pad_mode: str = 'reflect', norm: str = 'backward', onesided: bool | None = None, stream: Stream | Device | None = None) -> array

    Short-Time Fourier Transform.

    Splits the last axis of ``x`` into overlapping frames of ``n_fft``
    samples, ``hop_length`` apart, multiplies each by ``window`` and takes its
    Fourier transform. The output is complex with shape
    ``(..., n_freq, n_frames)``.

    Args:
        x (array): The input signal(s), last axis is time.
        n_fft (int, optional): Size of the Fourier transform. Default: ``2048``.
        hop_length (int, optional): Samples between frames. Default: ``n_fft // 4``.
        win_length (int, optional): Length of the default rectangular window.
            Default: ``n_fft``.
        window (array, optional): A one-dimensional window of at most
            ``n_fft`` samples, centred and zero-padded to ``n_fft``.
            Default: a rectangular window.
        center (bool, optional): Pad ``n_fft // 2`` samples on both ends so
            frame ``t`` is centred on sample ``t * hop_length``. Default: ``True``.
        pad_mode (str, optional): ``"reflect"``, ``"constant"`` or ``"edge"``,
            the padding when ``center``. Default: ``"reflect"``.
        norm (str, optional): ``"backward"``, ``"ortho"`` or ``"forward"``.
            Default: ``"backward"``.
        onesided (bool, optional): Keep only the ``n_fft // 2 + 1``
            non-negative frequencies. Default: ``True`` for real input,
            ``False`` for complex input.

    Returns:
        array: The STFT of ``x``.
    """
    x = x if isinstance(x, mx.array) else mx.array(x)
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if x.ndim < 1:
        raise ValueError("[stft] Input must have at least one dimension.")
    _check_sizes("stft", n_fft, hop_length, win_length)
    _check_norm("stft", norm)
    if pad_mode not in _PAD_MODES:
        raise ValueError(f"[stft] Invalid pad_mode '{pad_mode}'. Expected one of 'reflect', 'constant' or 'edge'.")
    is_complex = x.dtype == mx.complex64
    real_dtype = x.dtype if mx.issubdtype(x.dtype, mx.floating) else mx.float32
    window = _full_window("stft", window, win_length, n_fft, real_dtype)
    if center:
        pad = [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        x = mx.pad(x, pad, mode=pad_mode)
    length = x.shape[-1]
    if length < n_fft:
        raise ValueError("[stft] Input is too short for the given n_fft.")
    n_frames = 1 + (length - n_fft) // hop_length
    frames = mx.take(x, _frame_indices(n_frames, n_fft, hop_length), axis=-1) * window  # (..., frames, n_fft)
    if onesided is None:
        onesided = not is_complex
    spectrum = mx.fft.rfft(frames, axis=-1, norm=norm) if onesided else mx.fft.fft(frames, axis=-1, norm=norm)
    return mx.swapaxes(spectrum, -1, -2)


@on_stream
def istft(stft_matrix: mx.array, n_fft: Optional[int] = None, hop_length: Optional[int] = None,
          win_length: Optional[int] = None, window: Optional[mx.array] = None, center: bool = True,
          norm: str = "backward", onesided: Optional[bool] = None, length: Optional[int] = None,
          stream: _StreamOrDevice = None) -> mx.array:
    """istft(stft_matrix: array, n_fft: int | None = None, hop_length: int | None = None, win_length: int | None = None, window: array | None = None, center: bool = True, norm: str = 'backward', onesided: bool | None = None, length: int | None = None, stream: Stream | Device | None = None) -> array

    Inverse Short-Time Fourier Transform.

    Inverts :func:`stft`: the inverse transform of each frame is multiplied
    by ``window``, the frames are overlap-added and the sum is divided by the
    overlap-added squared window.

    Args:
        stft_matrix (array): The STFT, shape ``(..., n_freq, n_frames)``.
        n_fft (int, optional): Size of the Fourier transform. Default:
            ``2 * (n_freq - 1)`` when ``onesided`` (pass it for an odd size),
            else ``n_freq``.
        hop_length (int, optional): Samples between frames. Default: ``n_fft // 4``.
        win_length (int, optional): Length of the default rectangular window.
            Default: ``n_fft``.
        window (array, optional): The window the STFT used. Default: a
            rectangular window.
        center (bool, optional): Whether the STFT was centred (the padding is
            removed). Default: ``True``.
        norm (str, optional): ``"backward"``, ``"ortho"`` or ``"forward"``.
            Default: ``"backward"``.
        onesided (bool, optional): Whether the STFT holds only the
            non-negative frequencies. Default: ``True``.
        length (int, optional): Trim or zero-pad the output to this length.

    Returns:
        array: The reconstructed real signal, shape ``(..., samples)``.
    """
    s = stft_matrix if isinstance(stft_matrix, mx.array) else mx.array(stft_matrix)
    if s.ndim < 2:
        raise ValueError("[istft] Input must have at least two dimensions (freq, frames).")
    onesided = True if onesided is None else onesided
    n_freq, n_frames = s.shape[-2], s.shape[-1]
    if n_fft is None:
        n_fft = 2 * (n_freq - 1) if onesided else n_freq
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    _check_sizes("istft", n_fft, hop_length, win_length)
    _check_norm("istft", norm)
    if length is not None and length < 0:
        raise ValueError("[istft] length must be non-negative.")
    if s.dtype != mx.complex64:
        s = s.astype(mx.complex64)
    window = _full_window("istft", window, win_length, n_fft, mx.float32)
    spectra = mx.swapaxes(s, -1, -2)  # (..., frames, freq)
    if onesided:
        frames = mx.fft.irfft(spectra, n=n_fft, axis=-1, norm=norm)
    else:
        frames = mx.real(mx.fft.ifft(spectra, n=n_fft, axis=-1, norm=norm))
    frames = frames * window
    total = n_fft + hop_length * (n_frames - 1)
    positions = _frame_indices(n_frames, n_fft, hop_length).reshape(-1)
    batch = frames.shape[:-2]
    signal = mx.zeros(batch + (total,), dtype=frames.dtype)
    signal = signal.at[..., positions].add(frames.reshape(batch + (n_frames * n_fft,)))
    envelope = mx.zeros((total,), dtype=frames.dtype).at[positions].add(mx.tile(window * window, (n_frames,)))
    # Where no window covers a sample the envelope is ~0: leave it undivided.
    covered = envelope > 1e-11
    signal = mx.where(covered, signal / mx.where(covered, envelope, 1), signal)
    start = n_fft // 2 if center else 0
    if length is None:
        stop = total - n_fft // 2 if center else total
    else:
        stop = start + length
    signal = signal[..., start:min(stop, total)]
    if length is not None and signal.shape[-1] < length:
        signal = mx.pad(signal, [(0, 0)] * (signal.ndim - 1) + [(0, length - signal.shape[-1])])
    return signal
