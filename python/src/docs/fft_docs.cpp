// Docstrings: mx.fft (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> fft_entries() {
  return {
      {"fft.fft", R"(One dimensional discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    n (int, optional): The size of the transform along ``axis``: the input is
        zero-padded or truncated to it. Default: ``None`` (the size of
        ``axis``).
    axis (int, optional): The axis to transform. Default: ``-1``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex transform along ``axis``.)"},
      {"fft.ifft", R"(One dimensional inverse discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    n (int, optional): The size of the transform along ``axis``: the input is
        zero-padded or truncated to it. Default: ``None`` (the size of
        ``axis``).
    axis (int, optional): The axis to transform. Default: ``-1``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex inverse transform along ``axis``.)"},
      {"fft.fft2", R"(Two dimensional discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``[-2, -1]``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex transform over ``axes``.)"},
      {"fft.ifft2", R"(Two dimensional inverse discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``[-2, -1]``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex inverse transform over ``axes``.)"},
      {"fft.fftn", R"(N-dimensional discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``None`` (every
        axis; then ``s`` may not be given).
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex transform over ``axes``.)"},
      {"fft.ifftn", R"(N-dimensional inverse discrete Fourier transform.

Real inputs are promoted to ``complex64``.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``None`` (every
        axis; then ``s`` may not be given).
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The complex inverse transform over ``axes``.)"},
      {"fft.rfft", R"(One dimensional discrete Fourier transform of a real input.

The input is real (the imaginary part of a complex input is dropped); only the
non-negative frequencies are returned, ``n // 2 + 1`` of them along the
transformed (last) axis.

Args:
    a (array): The input array.
    n (int, optional): The size of the transform along ``axis``: the input is
        zero-padded or truncated to it. Default: ``None`` (the size of
        ``axis``).
    axis (int, optional): The axis to transform. Default: ``-1``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The ``complex64`` transform, ``n // 2 + 1`` long along ``axis``.)"},
      {"fft.rfft2", R"(Two dimensional discrete Fourier transform of a real input.

The input is real (the imaginary part of a complex input is dropped); only the
non-negative frequencies are returned, ``n // 2 + 1`` of them along the
transformed (last) axis.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``[-2, -1]``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The ``complex64`` transform; the last axis of ``axes`` is halved.)"},
      {"fft.rfftn", R"(N-dimensional discrete Fourier transform of a real input.

The input is real (the imaginary part of a complex input is dropped); only the
non-negative frequencies are returned, ``n // 2 + 1`` of them along the
transformed (last) axis.

Args:
    a (array): The input array.
    s (list(int), optional): The size of the transform along each axis of
        ``axes``: the input is zero-padded or truncated to it; ``axes`` may not
        be ``None`` when ``s`` is given. Default: ``None`` (the sizes of the
        axes).
    axes (list(int), optional): The axes to transform. Default: ``None`` (every
        axis; then ``s`` may not be given).
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The ``complex64`` transform; the last axis of ``axes`` is halved.)"},
      {"fft.irfft", R"(The inverse of :func:`rfft`.

The input holds the non-negative frequencies of a Hermitian-symmetric spectrum;
the output is real.

Args:
    a (array): The input array.
    n (int, optional): The size of the output along ``axis``. Default: ``None``
        (``2 * (a.shape[axis] - 1)``).
    axis (int, optional): The axis to transform. Default: ``-1``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The real ``float32`` inverse transform.)"},
      {"fft.irfft2", R"(The inverse of :func:`rfft2`.

The output is real; the last axis of ``axes`` has size ``s[-1]``.

Args:
    a (array): The input array.
    s (list(int), optional): The output sizes along ``axes``. Default: ``None``
        (the input sizes, the last one ``2 * (size - 1)``).
    axes (list(int), optional): The axes to transform. Default: ``[-2, -1]``.
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The real ``float32`` inverse transform.)"},
      {"fft.irfftn", R"(The inverse of :func:`rfftn`.

The output is real; the last axis of ``axes`` has size ``s[-1]``.

Args:
    a (array): The input array.
    s (list(int), optional): The output sizes along ``axes``. Default: ``None``
        (the input sizes, the last one ``2 * (size - 1)``).
    axes (list(int), optional): The axes to transform. Default: ``None`` (every
        axis; then ``s`` may not be given).
    norm (str, optional): The scaling: ``"backward"`` (none forward, ``1/n``
        inverse), ``"ortho"`` (``1/sqrt(n)`` both ways) or ``"forward"``
        (``1/n`` forward, none inverse). Default: ``"backward"``.

Returns:
    array: The real ``float32`` inverse transform.)"},
      {"fft.fftfreq", R"(The sample frequencies of an ``n``-point :func:`fft`.

``[0, 1, ..., n//2 - 1, -n//2, ..., -1] / (d * n)`` for even ``n`` (likewise for
odd), as NumPy.

Args:
    n (int): The window length.
    d (float, optional): The sample spacing. Default: ``1.0``.

Returns:
    array: The ``float32`` frequencies.)"},
      {"fft.rfftfreq", R"(The non-negative sample frequencies of an ``n``-point :func:`rfft`.

Args:
    n (int): The window length.
    d (float, optional): The sample spacing. Default: ``1.0``.

Returns:
    array: ``[0, 1, ..., n // 2] / (d * n)``, ``float32``.)"},
      {"fft.fftshift", R"(Shift the zero-frequency component to the center of the spectrum.

A roll by ``n // 2`` along each axis, as NumPy.

Args:
    a (array): The input array.
    axes (int or list(int), optional): The axes to shift. Default: ``None``
        (every axis).

Returns:
    array: The shifted array.)"},
      {"fft.ifftshift", R"(The inverse of :func:`fftshift`.

A roll by ``-(n // 2)`` along each axis.

Args:
    a (array): The input array.
    axes (int or list(int), optional): The axes to shift. Default: ``None``
        (every axis).

Returns:
    array: The shifted array.)"},
  };
}

} // namespace mxpy::docs
