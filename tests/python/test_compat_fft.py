# fft.fftfreq and fft.rfftfreq against NumPy.
import numpy as np
import pytest

import mxcore as mx


@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
@pytest.mark.parametrize("d", [1.0, 0.1, 2.5, -0.5])
def test_frequencies_match_numpy(n, d):
    f = mx.fft.fftfreq(n, d)
    r = mx.fft.rfftfreq(n, d=d)
    assert f.dtype == mx.float32 and r.dtype == mx.float32
    np.testing.assert_allclose(np.array(f), np.fft.fftfreq(n, d), rtol=1e-6)
    np.testing.assert_allclose(np.array(r), np.fft.rfftfreq(n, d), rtol=1e-6)


def test_default_spacing_and_hand_values():
    assert mx.fft.fftfreq(4).tolist() == [0.0, 0.25, -0.5, -0.25]
    assert mx.fft.rfftfreq(4).tolist() == [0.0, 0.25, 0.5]


@pytest.mark.parametrize("fn", ["fftfreq", "rfftfreq"])
def test_bad_arguments_raise(fn):
    with pytest.raises(ValueError, match=fn):
        getattr(mx.fft, fn)(0)
    with pytest.raises(ValueError, match=fn):
        getattr(mx.fft, fn)(4, 0.0)
