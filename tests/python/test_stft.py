"""mx.fft.stft / istft with MLX's defaults and options, against NumPy
implementations written here (framing loops, np.fft, overlap-add)."""

import numpy as np
import pytest

import mxcore as mx


def np_window(window, win_length, n_fft):
    w = np.ones(win_length) if window is None else np.asarray(window, dtype=np.float64)
    left = (n_fft - len(w)) // 2
    return np.pad(w, (left, n_fft - len(w) - left))


def np_stft(x, n_fft=2048, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
            norm="backward", onesided=None):
    hop = hop_length or n_fft // 4
    w = np_window(window, win_length or n_fft, n_fft)
    if center:
        x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)], mode=pad_mode)
    n_frames = 1 + (x.shape[-1] - n_fft) // hop
    frames = np.stack([x[..., i * hop:i * hop + n_fft] * w for i in range(n_frames)], axis=-2)
    if onesided is None:
        onesided = not np.iscomplexobj(x)
    f = np.fft.rfft(frames.real, axis=-1, norm=norm) if onesided else np.fft.fft(frames, axis=-1, norm=norm)
    return np.swapaxes(f, -1, -2)


def np_istft(s, n_fft=None, hop_length=None, win_length=None, window=None, center=True, norm="backward",
             onesided=True, length=None):
    n_freq = s.shape[-2]
    n_fft = n_fft or (2 * (n_freq - 1) if onesided else n_freq)
    hop = hop_length or n_fft // 4
    w = np_window(window, win_length or n_fft, n_fft)
    spectra = np.swapaxes(s, -1, -2)
    if onesided:
        frames = np.fft.irfft(spectra, n=n_fft, axis=-1, norm=norm)
    else:
        frames = np.fft.ifft(spectra, n=n_fft, axis=-1, norm=norm).real
    frames = frames * w
    n_frames = spectra.shape[-2]
    total = n_fft + hop * (n_frames - 1)
    y = np.zeros(s.shape[:-2] + (total,))
    envelope = np.zeros(total)
    for i in range(n_frames):
        y[..., i * hop:i * hop + n_fft] += frames[..., i, :]
        envelope[i * hop:i * hop + n_fft] += w * w
    covered = envelope > 1e-11
    y[..., covered] /= envelope[covered]
    start = n_fft // 2 if center else 0
    stop = (total - n_fft // 2 if center else total) if length is None else start + length
    y = y[..., start:stop]
    if length is not None and y.shape[-1] < length:
        y = np.pad(y, [(0, 0)] * (y.ndim - 1) + [(0, length - y.shape[-1])])
    return y


@pytest.fixture
def signal():
    return np.random.default_rng(0).standard_normal((2, 3, 300)).astype(np.float32)


def test_defaults_are_mlx_defaults():
    x = np.random.default_rng(1).standard_normal(5000).astype(np.float32)
    got = mx.fft.stft(mx.array(x))  # n_fft 2048, hop 512, rectangular window, reflect padding
    assert got.dtype == mx.complex64 and got.shape == (1025, 10)
    np.testing.assert_allclose(np.array(got), np_stft(x), rtol=1e-4, atol=2e-3)
    back = mx.fft.istft(got)
    assert back.dtype == mx.float32 and back.shape == (5000 // 512 * 512,)
    np.testing.assert_allclose(np.array(back), x[:back.shape[0]], atol=1e-4)


OPTIONS = [
    dict(n_fft=32),
    dict(n_fft=32, hop_length=5),
    dict(n_fft=31, hop_length=7),
    dict(n_fft=32, win_length=20),
    dict(n_fft=32, window=np.hanning(32)),
    dict(n_fft=32, hop_length=8, win_length=24, window=np.hamming(24)),
    dict(n_fft=32, window=np.hanning(16)),  # a given window's own length counts
    dict(n_fft=32, center=False),
    dict(n_fft=32, pad_mode="constant"),
    dict(n_fft=32, pad_mode="edge"),
    dict(n_fft=512),  # reflect padding longer than the signal reflects again, as NumPy
    dict(n_fft=32, norm="ortho"),
    dict(n_fft=32, norm="forward"),
    dict(n_fft=32, onesided=False),
]


@pytest.mark.parametrize("options", OPTIONS, ids=[str(sorted(o)) + str(o.get("n_fft")) for o in OPTIONS])
def test_stft_against_numpy(signal, options):
    kwargs = dict(options)
    if "window" in kwargs:
        kwargs["window"] = mx.array(kwargs["window"].astype(np.float32))
    got = mx.fft.stft(mx.array(signal), **kwargs)
    want = np_stft(signal, **options)
    assert got.shape == want.shape
    np.testing.assert_allclose(np.array(got), want, rtol=1e-4, atol=1e-4)


def test_positional_arguments_in_mlx_order(signal):
    w = np.hanning(24).astype(np.float32)
    got = mx.fft.stft(mx.array(signal), 32, 8, 24, mx.array(w), True, "edge", "ortho", True)
    want = np_stft(signal, 32, 8, 24, w, True, "edge", "ortho", True)
    np.testing.assert_allclose(np.array(got), want, rtol=1e-4, atol=1e-4)
    back = mx.fft.istft(got, 32, 8, 24, mx.array(w), True, "ortho", True, 300)
    np.testing.assert_allclose(np.array(back), signal, atol=1e-4)


def test_complex_input_is_two_sided_by_default(signal):
    z = (signal + 1j * signal[..., ::-1]).astype(np.complex64)
    got = mx.fft.stft(mx.array(z), n_fft=32)
    assert got.shape == (2, 3, 32, 38)
    np.testing.assert_allclose(np.array(got), np_stft(z, n_fft=32), rtol=1e-4, atol=1e-4)
    # onesided on complex input transforms the real part, as mx.fft.rfft does
    np.testing.assert_allclose(np.array(mx.fft.stft(mx.array(z), n_fft=32, onesided=True)),
                               np_stft(signal, n_fft=32), rtol=1e-4, atol=1e-4)


INVERSE = [
    dict(n_fft=32),
    dict(n_fft=32, hop_length=8, window=np.hanning(32)),
    dict(n_fft=32, hop_length=5),
    dict(n_fft=32, win_length=20, window=np.hanning(20)),
    dict(n_fft=32, center=False),
    dict(n_fft=32, norm="ortho"),
    dict(n_fft=32, norm="forward"),
    dict(n_fft=32, length=250),
    dict(n_fft=32, length=350),
    dict(n_fft=32, onesided=False),
    dict(n_fft=31, hop_length=7),
]


@pytest.mark.parametrize("options", INVERSE, ids=[str(sorted(o)) for o in INVERSE])
def test_istft_against_numpy_and_round_trip(signal, options):
    forward = {k: v for k, v in options.items() if k != "length"}
    inverse = dict(options)
    for d in (forward, inverse):
        if "window" in d:
            d["window"] = mx.array(d["window"].astype(np.float32))
    spectrum = mx.fft.stft(mx.array(signal), **forward)
    got = mx.fft.istft(spectrum, **inverse)
    want = np_istft(np.array(spectrum), **options)
    assert got.shape == want.shape and got.dtype == mx.float32
    np.testing.assert_allclose(np.array(got), want, rtol=1e-4, atol=1e-5)
    # Where the windows cover the signal, istft(stft(x)) is x.
    n = min(got.shape[-1], 300)
    if options.get("center", True) and "window" not in options:
        np.testing.assert_allclose(np.array(got)[..., :n], signal[..., :n], atol=1e-5)


def test_istft_infers_n_fft_and_accepts_real_input():
    s = np.random.default_rng(2).standard_normal((17, 12)).astype(np.float32)
    got = mx.fft.istft(mx.array(s))  # real input is read as complex; n_fft = 2 * (17 - 1)
    np.testing.assert_allclose(np.array(got), np_istft(s.astype(np.complex64)), rtol=1e-4, atol=1e-5)
    assert got.shape == (8 * 11,)


def test_gradient_through_stft_matches_finite_differences():
    rng = np.random.default_rng(3)
    x = rng.standard_normal(64).astype(np.float64)
    w = np.hanning(16)

    def np_loss(x):
        return np.sum(np.abs(np_stft(x, n_fft=16, hop_length=4, window=w)) ** 2)

    def loss(x):
        s = mx.fft.stft(x, n_fft=16, hop_length=4, window=mx.array(w.astype(np.float32)))
        return mx.sum(mx.abs(s) ** 2)

    g = np.array(mx.grad(loss)(mx.array(x.astype(np.float32))))
    eps = 1e-5
    fd = np.array([(np_loss(x + eps * e) - np_loss(x - eps * e)) / (2 * eps) for e in np.eye(64)])
    np.testing.assert_allclose(g, fd, rtol=1e-3, atol=1e-3)


def test_vmap_and_compile_equal_eager(signal):
    x = mx.array(signal[0])
    eager = mx.fft.stft(x, n_fft=32, hop_length=8)
    mapped = mx.vmap(lambda r: mx.fft.stft(r, n_fft=32, hop_length=8))(x)
    np.testing.assert_allclose(np.array(mapped), np.array(eager), rtol=1e-5, atol=1e-5)
    round_trip = mx.compile(lambda r: mx.fft.istft(mx.fft.stft(r, n_fft=32, hop_length=8), hop_length=8))
    np.testing.assert_allclose(np.array(round_trip(x)), signal[0, :, :296], atol=1e-5)  # 37 hops of 8


@pytest.mark.parametrize("call,message", [
    (lambda x: mx.fft.stft(x, n_fft=0), r"\[stft\] n_fft must be positive"),
    (lambda x: mx.fft.stft(x, n_fft=16, hop_length=0), r"\[stft\] hop_length must be positive"),
    (lambda x: mx.fft.stft(x, n_fft=16, win_length=20), r"\[stft\] window length must not exceed n_fft"),
    (lambda x: mx.fft.stft(x, n_fft=16, window=mx.ones(20)), r"\[stft\] window length must not exceed n_fft"),
    (lambda x: mx.fft.stft(x, n_fft=16, window=mx.ones((4, 4))), r"\[stft\] window must be one-dimensional"),
    (lambda x: mx.fft.stft(x, n_fft=16, pad_mode="wrap"), r"\[stft\] Invalid pad_mode"),
    (lambda x: mx.fft.stft(x, n_fft=16, norm="none"), r"\[stft\] Invalid norm"),
    (lambda x: mx.fft.stft(x, n_fft=400, center=False), r"\[stft\] Input is too short"),
    (lambda x: mx.fft.stft(mx.array(1.0), n_fft=16), r"\[stft\] Input must have at least one dimension"),
    (lambda x: mx.fft.istft(x, n_fft=16), r"\[istft\] Input must have at least two dimensions"),
    (lambda x: mx.fft.istft(x.reshape(10, 30), n_fft=0), r"\[istft\] n_fft must be positive"),
    (lambda x: mx.fft.istft(x.reshape(10, 30), hop_length=0), r"\[istft\] hop_length must be positive"),
    (lambda x: mx.fft.istft(x.reshape(10, 30), norm="none"), r"\[istft\] Invalid norm"),
])
def test_errors_are_value_errors_naming_the_op(call, message):
    with pytest.raises(ValueError, match=message):
        call(mx.zeros((300,)))


@pytest.mark.parametrize("dtype", [mx.float64, mx.float16, mx.bfloat16, mx.int32])
def test_every_real_dtype_gives_complex64(dtype):
    x = np.arange(64) % 7
    got = mx.fft.stft(mx.array(x).astype(dtype), n_fft=16)
    assert got.dtype == mx.complex64
    np.testing.assert_allclose(np.array(got), np_stft(x.astype(np.float64), n_fft=16), rtol=1e-3, atol=1e-2)


def test_istft_under_vmap_and_grad():
    rng = np.random.default_rng(5)
    s = (rng.standard_normal((2, 9, 12)) + 1j * rng.standard_normal((2, 9, 12))).astype(np.complex64)
    mapped = mx.vmap(lambda m: mx.fft.istft(m, hop_length=4))(mx.array(s))
    np.testing.assert_allclose(np.array(mapped), np_istft(s, hop_length=4), rtol=1e-4, atol=1e-5)
    # istft is linear in the real signal it rebuilds: d sum(istft(stft(x)) * w) / dx = w where covered
    x = rng.standard_normal(64).astype(np.float32)
    w = rng.standard_normal(64).astype(np.float32)
    g = mx.grad(lambda x: mx.sum(mx.fft.istft(mx.fft.stft(x, n_fft=16), length=64) * mx.array(w)))(mx.array(x))
    np.testing.assert_allclose(np.array(g), w, rtol=1e-4, atol=1e-5)
