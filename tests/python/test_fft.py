"""mx.fft against numpy.fft: 1-D/2-D/n-D transforms over power-of-two, prime,
smooth and large sizes, axes permutations, n/s padding and cropping, the three
norms, dtype promotion, non-contiguous inputs, fftshift/ifftshift, errors."""

import numpy as np
import pytest

import mxcore as mx

rng = np.random.default_rng(0)

SIZES = [1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 30, 64, 97, 100, 143, 194, 210, 243, 1000, 1024,
         4096, 4099]
NORMS = ["backward", "ortho", "forward"]


def crandn(*shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)


def randn(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def close(got, want, dtype=None, rel=2e-5):
    """Compares in float32 precision relative to the largest magnitude."""
    assert isinstance(got, mx.array)
    if dtype is not None:
        assert got.dtype == dtype, (got.dtype, dtype)
    got = np.array(got)
    assert got.shape == np.shape(want), (got.shape, np.shape(want))
    scale = max(1.0, float(np.abs(want).max())) if np.size(want) else 1.0
    err = float(np.abs(got - want).max()) if np.size(want) else 0.0
    assert err <= rel * scale, (err, scale)


# ------------------------------------------------------------------ 1-D sizes


@pytest.mark.parametrize("n", SIZES)
def test_fft_ifft_sizes(n):
    x = crandn(3, n)
    close(mx.fft.fft(mx.array(x)), np.fft.fft(x.astype(np.complex128)), mx.complex64)
    close(mx.fft.ifft(mx.array(x)), np.fft.ifft(x.astype(np.complex128)), mx.complex64)
    # Along the first axis: the lines are interleaved in memory.
    y = crandn(n, 5)
    close(mx.fft.fft(mx.array(y), axis=0), np.fft.fft(y, axis=0), mx.complex64)


@pytest.mark.parametrize("n", SIZES)
def test_rfft_irfft_sizes(n):
    x = randn(2, n)
    close(mx.fft.rfft(mx.array(x)), np.fft.rfft(x.astype(np.float64)), mx.complex64)
    spectrum = crandn(2, n // 2 + 1)
    close(mx.fft.irfft(mx.array(spectrum), n=n), np.fft.irfft(spectrum, n=n), mx.float32)
    y = randn(n, 3)
    close(mx.fft.rfft(mx.array(y), axis=0), np.fft.rfft(y, axis=0), mx.complex64)


def test_irfft_default_size_and_dc_imaginary_ignored():
    spectrum = crandn(4, 9)
    out = mx.fft.irfft(mx.array(spectrum))
    assert out.shape == (4, 16)
    # numpy's c2r transform ignores the imaginary parts of the DC and Nyquist bins.
    close(out, np.fft.irfft(spectrum), mx.float32)


def test_many_lines_parallel():
    x = crandn(300, 257)
    close(mx.fft.fft(mx.array(x), axis=0), np.fft.fft(x, axis=0))
    close(mx.fft.fft(mx.array(x)), np.fft.fft(x))
    r = randn(64, 1000)
    close(mx.fft.rfft(mx.array(r)), np.fft.rfft(r))
    close(mx.fft.irfft(mx.array(r.astype(np.complex64)), axis=0),
          np.fft.irfft(r, axis=0))


# -------------------------------------------------------- n / s padding, crop


@pytest.mark.parametrize("n", [1, 3, 6, 8, 11, 20])
def test_fft_n_pad_crop(n):
    x = crandn(4, 8)
    close(mx.fft.fft(mx.array(x), n=n), np.fft.fft(x, n=n))
    close(mx.fft.ifft(mx.array(x), n=n, axis=0), np.fft.ifft(x, n=n, axis=0))
    xr = x.real.copy()
    close(mx.fft.rfft(mx.array(xr), n=n), np.fft.rfft(xr, n=n))
    close(mx.fft.rfft(mx.array(xr), n, 0), np.fft.rfft(xr, n, 0))
    close(mx.fft.irfft(mx.array(x), n=n), np.fft.irfft(x, n=n), mx.float32)
    close(mx.fft.irfft(mx.array(x), n=n, axis=0), np.fft.irfft(x, n=n, axis=0), mx.float32)


@pytest.mark.parametrize("s", [(3, 5), (8, 8), (1, 12), (7, 2)])
def test_2d_s_pad_crop(s):
    x = crandn(2, 5, 6)
    close(mx.fft.fft2(mx.array(x), s=s), np.fft.fft2(x, s=s))
    close(mx.fft.ifft2(mx.array(x), s=s, axes=(0, 2)), np.fft.ifft2(x, s=s, axes=(0, 2)))
    xr = x.real.copy()
    close(mx.fft.rfft2(mx.array(xr), s=s), np.fft.rfft2(xr, s=s))
    close(mx.fft.irfft2(mx.array(x), s=s), np.fft.irfft2(x, s=s), mx.float32)
    close(mx.fft.irfft2(mx.array(x), s=s, axes=(2, 0)), np.fft.irfft2(x, s=s, axes=(2, 0)))


# --------------------------------------------------------------- 2-D and n-D


AXES = [(0,), (2,), (-1, 0), (0, 1), (1, 0), (2, 0), (0, 2, 1), (1, 2, 0), (-1, -2, -3)]


@pytest.mark.parametrize("axes", AXES)
def test_nd_axes(axes):
    x = crandn(6, 5, 8)
    xr = x.real.copy()
    close(mx.fft.fftn(mx.array(x), axes=axes), np.fft.fftn(x, axes=axes))
    close(mx.fft.ifftn(mx.array(x), axes=axes), np.fft.ifftn(x, axes=axes))
    close(mx.fft.rfftn(mx.array(xr), axes=axes), np.fft.rfftn(xr, axes=axes))
    close(mx.fft.irfftn(mx.array(x), axes=axes), np.fft.irfftn(x, axes=axes), mx.float32)
    s = tuple(3 + 2 * i for i in range(len(axes)))
    close(mx.fft.fftn(mx.array(x), s=s, axes=axes), np.fft.fftn(x, s=s, axes=axes))
    close(mx.fft.rfftn(mx.array(xr), s=s, axes=axes), np.fft.rfftn(xr, s=s, axes=axes))
    close(mx.fft.irfftn(mx.array(x), s=s, axes=axes), np.fft.irfftn(x, s=s, axes=axes))


def test_default_axes():
    x = crandn(3, 4, 5)
    xr = x.real.copy()
    close(mx.fft.fftn(mx.array(x)), np.fft.fftn(x))
    close(mx.fft.ifftn(mx.array(x)), np.fft.ifftn(x))
    close(mx.fft.rfftn(mx.array(xr)), np.fft.rfftn(xr))
    close(mx.fft.irfftn(mx.array(x)), np.fft.irfftn(x))
    close(mx.fft.fft2(mx.array(x)), np.fft.fft2(x))
    close(mx.fft.ifft2(mx.array(x)), np.fft.ifft2(x))
    close(mx.fft.rfft2(mx.array(xr)), np.fft.rfft2(xr))
    close(mx.fft.irfft2(mx.array(x)), np.fft.irfft2(x))
    # axes=None in the 2-D forms means every axis.
    close(mx.fft.fft2(mx.array(x), axes=None), np.fft.fftn(x))
    close(mx.fft.irfft2(mx.array(x), axes=None), np.fft.irfftn(x))
    close(mx.fft.rfft2(mx.array(xr), axes=(1,)), np.fft.rfftn(xr, axes=(1,)))
    # Empty axes: the input comes back unchanged.
    out = mx.fft.fftn(mx.array(xr), axes=[])
    assert out.dtype == mx.float32
    close(out, xr)


def test_large_2d():
    x = randn(96, 1000)
    close(mx.fft.rfft2(mx.array(x)), np.fft.rfft2(x), rel=5e-5)
    close(mx.fft.fft2(mx.array(x), axes=(1, 0)), np.fft.fft2(x, axes=(1, 0)), rel=5e-5)


# ----------------------------------------------------------------- norms


@pytest.mark.parametrize("norm", NORMS)
def test_norms(norm):
    x = crandn(6, 10)
    xr = x.real.copy()
    close(mx.fft.fft(mx.array(x), norm=norm), np.fft.fft(x, norm=norm))
    close(mx.fft.ifft(mx.array(x), norm=norm), np.fft.ifft(x, norm=norm))
    close(mx.fft.rfft(mx.array(xr), norm=norm), np.fft.rfft(xr, norm=norm))
    close(mx.fft.irfft(mx.array(x), n=15, norm=norm), np.fft.irfft(x, n=15, norm=norm))
    close(mx.fft.fft2(mx.array(x), s=(4, 12), norm=norm), np.fft.fft2(x, s=(4, 12), norm=norm))
    close(mx.fft.ifftn(mx.array(x), norm=norm), np.fft.ifftn(x, norm=norm))
    close(mx.fft.rfftn(mx.array(xr), norm=norm), np.fft.rfftn(xr, norm=norm))
    close(mx.fft.irfft2(mx.array(x), norm=norm), np.fft.irfft2(x, norm=norm))


@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(norm):
    x = crandn(5, 12)
    xr = x.real.copy()
    a = mx.array(x)
    close(mx.fft.ifft(mx.fft.fft(a, norm=norm), norm=norm), x)
    close(mx.fft.ifftn(mx.fft.fftn(a, norm=norm), norm=norm), x)
    close(mx.fft.irfft(mx.fft.rfft(mx.array(xr), norm=norm), n=12, norm=norm), xr)
    odd = randn(4, 7)
    close(mx.fft.irfftn(mx.fft.rfftn(mx.array(odd), norm=norm), s=(4, 7), axes=(0, 1),
                        norm=norm), odd)


def test_ortho_preserves_energy():
    x = crandn(8, 9)
    y = np.array(mx.fft.fftn(mx.array(x), norm="ortho"))
    np.testing.assert_allclose(np.sum(np.abs(y) ** 2), np.sum(np.abs(x) ** 2), rtol=1e-5)


# ------------------------------------------------------------ dtypes, layout


@pytest.mark.parametrize("dt,npdt", [(mx.float32, np.float32), (mx.float64, np.float64),
                                     (mx.float16, np.float16), (mx.int32, np.int32),
                                     (mx.uint8, np.uint8), (mx.bool_, np.bool_),
                                     (mx.complex64, np.complex64)])
def test_dtype_promotion(dt, npdt):
    x = (rng.standard_normal((3, 6)) * 4).astype(npdt)
    a = mx.array(x, dt)
    assert a.dtype == dt
    ref = x.astype(np.complex128)
    close(mx.fft.fft(a), np.fft.fft(ref), mx.complex64)
    close(mx.fft.ifft2(a), np.fft.ifft2(ref), mx.complex64)
    # Real transforms drop the imaginary part of a complex input.
    close(mx.fft.rfft(a), np.fft.rfft(ref.real), mx.complex64)
    close(mx.fft.irfft(a), np.fft.irfft(ref), mx.float32)


def test_bfloat16_input():
    x = mx.array(randn(4, 8)).astype(mx.bfloat16)
    ref = np.array(x.astype(mx.float32))
    close(mx.fft.fft(x), np.fft.fft(ref), mx.complex64)
    close(mx.fft.rfft2(x), np.fft.rfft2(ref), mx.complex64)


def test_non_contiguous_inputs():
    x = crandn(6, 10, 4)
    a = mx.array(x)
    t = mx.transpose(a, (2, 0, 1))
    close(mx.fft.fft(t), np.fft.fft(x.transpose(2, 0, 1)))
    close(mx.fft.fftn(t, axes=(0, 2)), np.fft.fftn(x.transpose(2, 0, 1), axes=(0, 2)))
    close(mx.fft.irfft2(t), np.fft.irfft2(x.transpose(2, 0, 1)))
    sl = a[1::2, ::3, 1:]
    close(mx.fft.fft2(sl), np.fft.fft2(x[1::2, ::3, 1:]))
    close(mx.fft.irfft(sl, axis=1), np.fft.irfft(x[1::2, ::3, 1:], axis=1))
    xr = x.real.copy()
    r = mx.array(xr)
    close(mx.fft.rfft(mx.transpose(r, (1, 2, 0))), np.fft.rfft(xr.transpose(1, 2, 0)))
    close(mx.fft.rfftn(r[::-1, 2:9:2]), np.fft.rfftn(xr[::-1, 2:9:2]))
    b = mx.broadcast_to(mx.array(xr[0, :, :1]), (3, 10, 5))
    close(mx.fft.rfft2(b), np.fft.rfft2(np.broadcast_to(xr[0, :, :1], (3, 10, 5))))
    close(mx.fft.fft(b, axis=0), np.fft.fft(np.broadcast_to(xr[0, :, :1], (3, 10, 5)), axis=0))


def test_empty_and_stream():
    out = mx.fft.fft(mx.zeros((0, 4)))
    assert out.shape == (0, 4) and out.dtype == mx.complex64
    assert mx.fft.fft(mx.zeros((3, 0)), axis=0).shape == (3, 0)
    # An empty transformed axis padded by n.
    close(mx.fft.fft(mx.zeros((2, 0)), n=4), np.zeros((2, 4)))
    x = randn(8)
    close(mx.fft.fft(mx.array(x), stream=mx.cpu), np.fft.fft(x))
    close(mx.fft.rfft(mx.array(x), None, -1, "backward", mx.cpu), np.fft.rfft(x))


# -------------------------------------------------------------------- shifts


@pytest.mark.parametrize("shape", [(5,), (6,), (4, 7), (3, 4, 5)])
def test_shifts(shape):
    x = np.arange(np.prod(shape)).reshape(shape).astype(np.int32)
    a = mx.array(x)
    np.testing.assert_array_equal(np.array(mx.fft.fftshift(a)), np.fft.fftshift(x))
    np.testing.assert_array_equal(np.array(mx.fft.ifftshift(a)), np.fft.ifftshift(x))
    np.testing.assert_array_equal(np.array(mx.fft.fftshift(a, axes=-1)),
                                  np.fft.fftshift(x, axes=-1))
    np.testing.assert_array_equal(np.array(mx.fft.ifftshift(a, axes=[0])),
                                  np.fft.ifftshift(x, axes=[0]))
    if len(shape) > 1:
        for axes in [(1, 0), (-1, 0), (1, 1)]:
            np.testing.assert_array_equal(np.array(mx.fft.fftshift(a, axes=axes)),
                                          np.fft.fftshift(x, axes=axes))
            np.testing.assert_array_equal(np.array(mx.fft.ifftshift(a, axes=axes)),
                                          np.fft.ifftshift(x, axes=axes))
    assert mx.fft.fftshift(a).dtype == mx.int32
    np.testing.assert_array_equal(np.array(mx.fft.fftshift(a, axes=[])), x)


def test_shift_undoes_and_scalar():
    x = crandn(7, 8)
    a = mx.array(x)
    close(mx.fft.ifftshift(mx.fft.fftshift(a)), x)
    s = mx.fft.fftshift(mx.array(2.5))
    assert s.shape == () and s.item() == 2.5


# -------------------------------------------------------------------- errors


def test_errors():
    a = mx.ones((4, 6))
    with pytest.raises(ValueError, match=r"\[fftn\] Invalid FFT output size"):
        mx.fft.fft(a, n=0)
    with pytest.raises(ValueError, match="Invalid FFT output size"):
        mx.fft.rfft(a, n=-2)
    with pytest.raises(ValueError, match="Invalid FFT output size"):
        mx.fft.irfftn(a, s=(4, 0), axes=(0, 1))
    with pytest.raises(ValueError, match="Invalid FFT output size"):
        mx.fft.irfft(mx.ones((1,)))  # default n = 2 * (1 - 1)
    with pytest.raises(ValueError, match="Invalid FFT output size"):
        mx.fft.fft(mx.ones((0,)))
    with pytest.raises(ValueError, match=r"\[fftn\] Duplicated axis received \(0,0\)"):
        mx.fft.fft2(a, axes=(0, 0))
    with pytest.raises(ValueError, match="Duplicated axis"):
        mx.fft.rfftn(a, axes=(1, -1))
    with pytest.raises(IndexError, match="Invalid axis"):
        mx.fft.fft(a, axis=2)
    with pytest.raises(IndexError, match="Invalid axis"):
        mx.fft.ifft(a, axis=-3)
    with pytest.raises(IndexError, match="Invalid axis"):
        mx.fft.fft2(a, s=(4, 4), axes=(0, 2))
    with pytest.raises(IndexError, match="Invalid axis"):
        mx.fft.fft2(mx.ones((4,)))
    with pytest.raises(IndexError, match="Invalid axis"):
        mx.fft.fft(mx.array(1.0))
    with pytest.raises(ValueError, match="at least one dimension"):
        mx.fft.fftn(mx.array(1.0))
    with pytest.raises(ValueError, match="Shape and axes have different sizes"):
        mx.fft.fftn(a, s=(3, 4), axes=(0,))
    with pytest.raises(ValueError, match=r"\[fftn\] `axes` should not be `None`"):
        mx.fft.fftn(a, s=(3, 4))
    with pytest.raises(ValueError, match=r"\[irfft2\] `axes` should not be `None`"):
        mx.fft.irfft2(a, s=(3, 4), axes=None)
    with pytest.raises(ValueError, match=r"\[fft\] Invalid norm"):
        mx.fft.fft(a, norm="bad")
    with pytest.raises(ValueError, match=r"\[rfftn\] Invalid norm"):
        mx.fft.rfftn(a, norm="Ortho")
    with pytest.raises(ValueError, match=r"\[irfft\] Invalid norm"):
        mx.fft.irfft(a, norm="")
    with pytest.raises(IndexError, match=r"\[fftshift\] Invalid axis 3"):
        mx.fft.fftshift(a, axes=3)
    with pytest.raises(IndexError, match=r"\[ifftshift\] Invalid axis -3"):
        mx.fft.ifftshift(a, axes=(0, -3))
    with pytest.raises(TypeError):
        mx.fft.fft(a, n=3.5)
    with pytest.raises(TypeError):
        mx.fft.fft(a, axis=None)
    with pytest.raises(TypeError):
        mx.fft.fft2(a, norm=None)


def test_submodule_import_and_long_prime():
    import mxcore.fft as mfft
    from mxcore.fft import rfftn

    assert mfft.rfftn is rfftn is mx.fft.rfftn
    # A prime length far beyond the block and radix limits (Bluestein, 2^18 padded).
    x = crandn(65537)
    close(mx.fft.fft(mx.array(x)), np.fft.fft(x.astype(np.complex128)), rel=5e-5)
    r = randn(2, 65536 + 8)
    close(mx.fft.irfft(mx.fft.rfft(mx.array(r))), r, rel=5e-5)


@pytest.mark.parametrize("seed", range(40))
def test_random_configurations(seed):
    """Random ranks, sizes, axes orders, s, norms and layouts against numpy."""
    r = np.random.default_rng(1000 + seed)
    ndim = int(r.integers(1, 5))
    shape = tuple(int(v) for v in r.choice([1, 2, 3, 5, 6, 8, 9, 11, 16], size=ndim))
    k = int(r.integers(1, ndim + 1))
    axes = tuple(int(a) for a in r.permutation(ndim)[:k])
    axes = tuple(a - ndim if r.random() < 0.3 else a for a in axes)
    s = tuple(int(v) for v in r.integers(1, 13, size=k)) if r.random() < 0.5 else None
    norm = str(r.choice(NORMS))
    name = str(r.choice(["fftn", "ifftn", "rfftn", "irfftn"]))
    x = (r.standard_normal(shape) + 1j * r.standard_normal(shape)).astype(np.complex64)
    if name == "rfftn":
        x = x.real.copy()
    a = mx.array(x)
    if r.random() < 0.5 and ndim > 1:  # a transposed view of a permuted copy
        perm = tuple(int(p) for p in r.permutation(ndim))
        inv = tuple(int(i) for i in np.argsort(perm))
        a = mx.transpose(mx.array(np.ascontiguousarray(x.transpose(perm))), inv)
    if name == "irfftn" and s is None and shape[axes[-1]] == 1:
        s = tuple(shape[ax] for ax in axes[:-1]) + (2,)
    got = getattr(mx.fft, name)(a, s=s, axes=axes, norm=norm)
    want = getattr(np.fft, name)(x, s=s, axes=axes, norm=norm)
    close(got, want, mx.float32 if name == "irfftn" else mx.complex64)


def test_inputs_survive_in_place_transforms():
    x = crandn(4, 8)
    a = mx.array(x)
    y = mx.fft.fft(a)
    mx.eval(y)
    np.testing.assert_array_equal(np.array(a), x)
    # A temporary input may lend its buffer to the output.
    close(mx.fft.ifft(mx.array(x) * 2.0), np.fft.ifft(2 * x.astype(np.complex128)))
    close(mx.fft.fft(a) + mx.fft.fft(a), 2 * np.fft.fft(x))
