"""More bad input, each row checked against mlx.core 0.32.4: mxcore raises
the exception type MLX raises. Where MLX raises RuntimeError('std::bad_cast')
for a non-int shape entry (reshape('a'), zeros([None]), atleast_1d(None)),
mxcore keeps its TypeError naming the type (test_bad_input.py), on purpose.
Each row: (case name, call, exception type)."""

import pytest

import mxcore as mx

a23 = mx.zeros((2, 3))
v3 = mx.array([1.0, 2.0, 3.0])

CASES = [
    # axes out of range: IndexError
    ("argmax axis 2", lambda: mx.argmax(a23, axis=2), IndexError),
    ("cumsum axis 3", lambda: mx.cumsum(a23, axis=3), IndexError),
    ("softmax axis 2", lambda: mx.softmax(a23, axis=2), IndexError),
    ("expand_dims 5", lambda: mx.expand_dims(a23, 5), IndexError),
    ("sort axis 2", lambda: mx.sort(a23, axis=2), IndexError),
    ("argsort axis 2", lambda: mx.argsort(a23, axis=2), IndexError),
    ("moveaxis 5", lambda: mx.moveaxis(a23, 0, 5), IndexError),
    ("squeeze axis 5", lambda: mx.squeeze(a23, 5), IndexError),
    ("transpose axis 2", lambda: mx.transpose(a23, (0, 2)), IndexError),
    ("mean axes (0, 5)", lambda: mx.mean(a23, axis=(0, 5)), IndexError),
    ("mean axis -3", lambda: mx.mean(a23, axis=-3), IndexError),
    ("var axis 3", lambda: mx.var(a23, axis=3), IndexError),
    ("std axis 2", lambda: mx.std(a23, axis=2), IndexError),
    ("logsumexp axis 5", lambda: mx.logsumexp(a23, axis=5), IndexError),
    ("roll axis 4", lambda: mx.roll(a23, 1, axis=4), IndexError),
    ("categorical axis 3", lambda: mx.random.categorical(a23, axis=3), IndexError),
    # bad values: ValueError
    ("take float indices", lambda: mx.take(v3, mx.array([1.5])), ValueError),
    ("index by float array", lambda: v3[mx.array([1.0])], ValueError),
    ("flatten start after end", lambda: mx.flatten(a23, start_axis=3), ValueError),
    ("pad negative", lambda: mx.pad(a23, -1), ValueError),
    ("repeat negative", lambda: mx.repeat(a23, -1), ValueError),
    ("tile negative", lambda: mx.tile(a23, (-1,)), ValueError),
    ("where incompatible", lambda: mx.where(mx.zeros((2,)), a23, v3), ValueError),
    ("clip None None", lambda: mx.clip(a23, None, None), ValueError),
    ("topk k too big", lambda: mx.topk(v3, 5), ValueError),
    ("partition kth too big", lambda: mx.partition(v3, 5), ValueError),
    ("diag 3-d", lambda: mx.diag(mx.zeros((2, 2, 2))), ValueError),
    ("diagonal same axes", lambda: mx.diagonal(a23, axis1=0, axis2=0), ValueError),
    ("trace 1-d", lambda: mx.trace(v3), ValueError),
    ("tril 1-d", lambda: mx.tril(v3), ValueError),
    ("linspace negative num", lambda: mx.linspace(0, 1, -1), ValueError),
    ("uniform negative shape", lambda: mx.random.uniform(shape=(-1,)), ValueError),
    ("random.split negative", lambda: mx.random.split(mx.random.key(0), -1), ValueError),
    ("item of size 2", lambda: mx.array([1, 2]).item(), ValueError),
    ("stack empty", lambda: mx.stack([]), ValueError),
    ("reshape -2", lambda: mx.reshape(a23, (-2, 3)), ValueError),
    ("take_along_axis rank", lambda: mx.take_along_axis(a23, mx.array([0]), axis=0), ValueError),
    ("concatenate ranks", lambda: mx.concatenate([a23, v3]), ValueError),
    ("broadcast_arrays incompatible", lambda: mx.broadcast_arrays(a23, mx.zeros((4,))), ValueError),
    ("array of object", lambda: mx.array(object()), ValueError),
    ("array ragged nested", lambda: mx.array([[1], [2, 3]]), ValueError),
    ("at index str", lambda: v3.at["a"].add(1.0), ValueError),
    ("conv1d 2-d input", lambda: mx.conv1d(a23, a23), ValueError),
    ("split negative", lambda: mx.split(v3, -1), ValueError),
    ("einsum mismatched", lambda: mx.einsum("ij,jk->ik", a23, a23), ValueError),
    ("quantize group 7", lambda: mx.quantize(mx.zeros((32, 32)), group_size=7), ValueError),
    ("dequantize float matrix", lambda: mx.dequantize(v3, v3, v3), ValueError),
    ("inner mismatched", lambda: mx.inner(a23, mx.zeros((4,))), ValueError),
    ("matmul 1-d mismatched", lambda: mx.matmul(v3, mx.zeros((4,))), ValueError),
    ("meshgrid indexing", lambda: mx.meshgrid(v3, v3, indexing="xx"), ValueError),
    ("norm three axes", lambda: mx.linalg.norm(v3, axis=(0, 1, 2)), ValueError),
    # wrong argument types: TypeError
    ("array dtype str", lambda: mx.array([1, 2], dtype="int32"), TypeError),
    ("full None value", lambda: mx.full((2,), None), TypeError),
    ("astype None", lambda: v3.astype(None), TypeError),
    ("arange str", lambda: mx.arange("a"), TypeError),
    ("eye str", lambda: mx.eye("a"), TypeError),
    ("swapaxes str", lambda: mx.swapaxes(a23, "a", 0), TypeError),
    ("sum axis list with str", lambda: mx.sum(a23, axis=[0, "a"]), TypeError),
    ("outer None", lambda: mx.outer(v3, None), TypeError),
    ("randint float shape", lambda: mx.random.randint(0, 5, shape=(1.5,)), TypeError),
    ("uniform float shape", lambda: mx.random.uniform(shape=(1.5,)), TypeError),
    ("normal float shape", lambda: mx.random.normal((1.5,)), TypeError),
    ("permutation float", lambda: mx.random.permutation(2.5), TypeError),
    ("permutation str", lambda: mx.random.permutation("a"), TypeError),
    ("permutation None", lambda: mx.random.permutation(None), TypeError),
    # sizes and files
    ("reshape beyond int32", lambda: mx.reshape(a23, (2**62, 2)), OverflowError),
    ("random shape beyond int32", lambda: mx.random.uniform(shape=(2**31,)), OverflowError),
    ("load missing file", lambda: mx.load("/nonexistent/x.npy"), RuntimeError),
    ("save into missing dir", lambda: mx.save("/nonexistent/dir/x.npy", v3), RuntimeError),
]


@pytest.mark.parametrize("name,call,error", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_mlx_type(name, call, error):
    with pytest.raises(error):
        r = call()
        mx.eval(r)


def test_fixed_cases_name_the_op():
    with pytest.raises(TypeError, match=r"\[permutation\].*float"):
        mx.random.permutation(2.5)
    with pytest.raises(IndexError, match=r"\[mean\] axis 5"):
        mx.mean(a23, axis=(0, 5))
    with pytest.raises(ValueError, match="too many axes"):
        mx.linalg.norm(v3, axis=(0, 1, 2))


def test_their_good_neighbours_still_work():
    assert mx.random.uniform(shape=(2, 3)).shape == (2, 3)
    assert mx.random.randint(0, 5, shape=(4,)).shape == (4,)
    assert mx.random.normal(3).shape == (3,)
    p = mx.random.permutation(mx.array([3, 1, 2]))
    assert sorted(p.tolist()) == [1, 2, 3]
    assert sorted(mx.random.permutation(True).tolist()) == [0]
    assert mx.mean(a23, axis=-2).shape == (3,)
    assert abs(mx.linalg.norm(v3, axis=(0,)).item() - 14 ** 0.5) < 1e-5
