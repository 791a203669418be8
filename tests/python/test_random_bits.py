"""RandomBits on the CPU against an independent NumPy threefry-2x32 (20
rounds, the generator MLX uses): each key's words are counters i hashed with
i + half (+1 for an odd count), the pair written half a block apart. Large
single keys (split across the pool, AVX2 clone), many keys, narrow dtypes
whose bytes end mid-word, and the same bits whatever the thread count."""

import numpy as np
import pytest

import mxcore as mx
from thread_helpers import stdout_per_thread_count


def threefry(k0, k1, c0, c1):
    """threefry2x32 of counter arrays (c0, c1) under key (k0, k1), uint32."""
    rot = [[13, 15, 26, 6], [17, 29, 16, 24]]
    ks = [np.uint32(k0), np.uint32(k1), np.uint32(k0 ^ k1 ^ 0x1BD11BDA)]
    x0 = (c0 + ks[0]).astype(np.uint32)
    x1 = (c1 + ks[1]).astype(np.uint32)
    for i in range(5):
        for r in rot[i % 2]:
            x0 = x0 + x1
            x1 = (x1 << np.uint32(r)) | (x1 >> np.uint32(32 - r))
            x1 = x1 ^ x0
        x0 = x0 + ks[(i + 1) % 3]
        x1 = x1 + ks[(i + 2) % 3] + np.uint32(i + 1)
    return x0, x1


def key_words(k0, k1, nbytes):
    words = (nbytes + 3) // 4
    half, odd = words // 2, words % 2
    out = np.zeros(words, np.uint32)
    i = np.arange(half, dtype=np.uint32)
    with np.errstate(over="ignore"):
        a, b = threefry(k0, k1, i, i + np.uint32(half + odd))
        out[:half], out[half + odd:] = a, b
        if odd:
            out[half] = threefry(k0, k1, np.array([half], np.uint32), np.zeros(1, np.uint32))[0][0]
    return out.view(np.uint8)[:nbytes]


@pytest.mark.parametrize("shape,width", [((1 << 20,), 4), ((100003,), 4), ((7,), 4),
                                         ((3, 1001), 1), ((5, 33), 2), ((2, 40001), 2)])
def test_bits_of_one_key_against_numpy_threefry(shape, width):
    key = mx.random.key(3)
    k0, k1 = (int(v) for v in np.array(key))
    got = np.array(mx.random.bits(shape, width, key=key)).view(np.uint8).ravel()
    assert np.array_equal(got, key_words(k0, k1, got.size))


def test_bits_of_many_keys():
    keys = mx.random.split(mx.random.key(5), 6)
    got = np.array(mx.random.bits((6, 3001), 4, key=keys))
    kn = np.array(keys)
    for j in range(6):
        want = key_words(int(kn[j, 0]), int(kn[j, 1]), 3001 * 4).view(np.uint32)
        assert np.array_equal(got[j], want)


def test_thread_count_does_not_change_the_bits():
    code = ("import numpy as np, mxcore as mx, hashlib\n"
            "a = mx.random.bits((3, 70001), 4, key=mx.random.key(11))\n"
            "b = mx.random.uniform(shape=(1 << 19,), key=mx.random.key(12))\n"
            "print(hashlib.sha256(np.array(a).tobytes() + np.array(b).tobytes()).hexdigest())\n")
    assert len(set(stdout_per_thread_count(code))) == 1
