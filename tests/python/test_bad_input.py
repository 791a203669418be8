"""Bad input raises the exception type MLX raises: ValueError for bad values
(C++ invalid_argument), IndexError where MLX throws out_of_range (reduction
axes, swapaxes, integer indices), RuntimeError for bitwise ops on floats (as
mlx/ops.cpp), TypeError for arguments of the wrong type (None included),
OverflowError for shape dimensions outside int32.
Each row: (case name, call, exception type)."""

import pytest

import mxcore as mx

a23 = mx.zeros((2, 3))
v3 = mx.array([1.0, 2.0, 3.0])
i3 = mx.array([1, 2, 3])
sq = mx.eye(3)

CASES = [
    # transforms and compile: not callables
    ("compile None", lambda: mx.compile(None), TypeError),
    ("compile int", lambda: mx.compile(3), TypeError),
    ("grad None", lambda: mx.grad(None), TypeError),
    ("vmap None", lambda: mx.vmap(None), TypeError),
    ("value_and_grad None", lambda: mx.value_and_grad(None), TypeError),
    ("grad argnums str", lambda: mx.grad(lambda x: x, argnums="a"), TypeError),
    ("grad non-scalar output", lambda: mx.grad(lambda x: x)(v3), ValueError),
    ("grad argnums out of range", lambda: mx.grad(lambda x: x.sum(), argnums=3)(v3), ValueError),
    # None operands
    ("lt None", lambda: a23 < None, TypeError),
    ("le None", lambda: a23 <= None, TypeError),
    ("gt None", lambda: a23 > None, TypeError),
    ("ge None", lambda: a23 >= None, TypeError),
    ("add None", lambda: a23 + None, TypeError),
    ("radd None", lambda: None + a23, TypeError),
    ("sub None", lambda: a23 - None, TypeError),
    ("mul None", lambda: a23 * None, TypeError),
    ("truediv None", lambda: a23 / None, TypeError),
    ("pow None", lambda: a23 ** None, TypeError),
    ("mx.add None", lambda: mx.add(a23, None), TypeError),
    ("mx.multiply None first", lambda: mx.multiply(None, a23), TypeError),
    ("mx.maximum None", lambda: mx.maximum(a23, None), TypeError),
    ("mx.less None", lambda: mx.less(a23, None), TypeError),
    # other non-array operands
    ("add str", lambda: a23 + "a", ValueError),
    ("lt str", lambda: a23 < "a", ValueError),
    ("mul dict", lambda: a23 * {}, ValueError),
    ("add list", lambda: a23 + [1, 2, 3], ValueError),
    # array construction
    ("array of str", lambda: mx.array("abc"), ValueError),
    ("array ragged", lambda: mx.array([[1, 2], [3]]), ValueError),
    ("array of dict", lambda: mx.array({"a": 1}), ValueError),
    # shapes: negative, wrong type, overflow
    ("zeros negative", lambda: mx.zeros((-1,)), ValueError),
    ("ones negative", lambda: mx.ones((2, -3)), ValueError),
    ("full negative", lambda: mx.full((-2,), 1.0), ValueError),
    ("zeros float dim", lambda: mx.zeros((2.5,)), TypeError),
    ("zeros str shape", lambda: mx.zeros("ab"), TypeError),
    ("zeros None dim", lambda: mx.zeros((None,)), TypeError),
    ("zeros dim 2**31", lambda: mx.zeros((2**31,)), OverflowError),
    ("zeros dim 2**40", lambda: mx.zeros((2**40,)), OverflowError),
    ("ones dims 2**31 x 2", lambda: mx.ones((2**31, 2)), OverflowError),
    ("full dim 2**31", lambda: mx.full((2**31,), 0.0), OverflowError),
    ("zeros dim -2**31-1", lambda: mx.zeros((-(2**31) - 1,)), OverflowError),
    ("zeros dim 2**70", lambda: mx.zeros((2**70,)), OverflowError),
    ("reshape dims 2**31", lambda: a23.reshape(2**31, 2**31), OverflowError),
    ("mx.reshape 2**31", lambda: mx.reshape(a23, (2**31,)), OverflowError),
    ("broadcast_to 2**31", lambda: mx.broadcast_to(v3, (2**31, 3)), OverflowError),
    ("reshape wrong size", lambda: a23.reshape(4, 2), ValueError),
    ("reshape two -1", lambda: a23.reshape(-1, -1), ValueError),
    ("broadcast_to incompatible", lambda: mx.broadcast_to(v3, (2, 4)), ValueError),
    ("add incompatible shapes", lambda: a23 + mx.zeros((4,)), ValueError),
    ("concatenate mismatched", lambda: mx.concatenate([a23, mx.zeros((2, 4))], axis=0), ValueError),
    ("stack mismatched", lambda: mx.stack([v3, mx.zeros((4,))]), ValueError),
    ("concatenate empty list", lambda: mx.concatenate([]), ValueError),
    ("split uneven", lambda: mx.split(v3, 2), ValueError),
    ("matmul mismatched", lambda: a23 @ a23, ValueError),
    ("matmul scalar", lambda: mx.matmul(mx.array(1.0), v3), ValueError),
    ("arange zero step", lambda: mx.arange(0, 10, 0), ValueError),
    ("eye negative", lambda: mx.eye(-1), ValueError),
    # axes
    ("sum axis 5", lambda: mx.sum(a23, axis=5), IndexError),
    ("sum axis -3", lambda: mx.sum(a23, axis=-3), IndexError),
    ("mean axis 2", lambda: mx.mean(a23, axis=2), IndexError),
    ("max axis 9", lambda: mx.max(a23, axis=9), IndexError),
    ("sum duplicate axes", lambda: mx.sum(a23, axis=(0, 0)), ValueError),
    ("squeeze non-1 axis", lambda: mx.squeeze(a23, 0), ValueError),
    ("transpose wrong perm", lambda: mx.transpose(a23, (0, 0)), ValueError),
    ("transpose short perm", lambda: mx.transpose(a23, (0,)), ValueError),
    ("swapaxes 3", lambda: mx.swapaxes(a23, 0, 3), IndexError),
    ("sum axis str", lambda: mx.sum(a23, axis="a"), TypeError),
    ("sum axis float", lambda: mx.sum(a23, axis=1.5), TypeError),
    # indexing
    ("index int out of range", lambda: v3[3], IndexError),
    ("index negative out of range", lambda: v3[-4], IndexError),
    ("too many indices", lambda: v3[0, 0], ValueError),
    ("two ellipses", lambda: a23[..., ...], ValueError),
    ("index by str", lambda: v3["a"], ValueError),
    ("index by float", lambda: v3[1.5], ValueError),
    ("setitem bad broadcast", lambda: a23.__setitem__(0, mx.zeros((4,))), ValueError),
    ("at without index", lambda: a23.at.add(1.0), ValueError),
    # dtypes
    ("invert float", lambda: ~v3, ValueError),
    ("bitwise_and float", lambda: mx.bitwise_and(v3, v3), RuntimeError),
    ("left_shift float", lambda: mx.left_shift(v3, v3), RuntimeError),
    ("astype str", lambda: v3.astype("float32"), TypeError),
    ("zeros dtype str", lambda: mx.zeros((2,), dtype="float32"), TypeError),
    ("array from int beyond int64", lambda: mx.array(2**70), (OverflowError, ValueError)),
    # random
    ("permutation -3", lambda: mx.random.permutation(-3), ValueError),
    ("permutation -1", lambda: mx.random.permutation(-1), ValueError),
    ("randint bad shape", lambda: mx.random.randint(0, 5, shape=(-1,)), ValueError),
    ("normal negative shape", lambda: mx.random.normal((-2,)), ValueError),
    # linear algebra
    ("inv non-square", lambda: mx.linalg.inv(a23), ValueError),
    ("cholesky 1d", lambda: mx.linalg.cholesky(v3), ValueError),
    ("norm bad ord", lambda: mx.linalg.norm(v3, ord="fro"), ValueError),
    ("qr 1d", lambda: mx.linalg.qr(v3), ValueError),
    ("solve mismatched", lambda: mx.linalg.solve(sq, mx.zeros((4,))), ValueError),
]


@pytest.mark.parametrize("name,call,error", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_mlx_type(name, call, error):
    with pytest.raises(error):
        r = call()
        mx.eval(r)


def test_the_error_names_the_op_or_the_operand():
    with pytest.raises(TypeError, match="less than.*NoneType"):
        a23 < None
    with pytest.raises(ValueError, match="permutation"):
        mx.random.permutation(-3)
    with pytest.raises(OverflowError, match="2147483648"):
        mx.zeros((2**31,))
    with pytest.raises(IndexError, match=r"\[sum\]"):
        mx.sum(a23, axis=5)


def test_good_input_still_works():
    # The checks do not refuse their neighbours.
    assert mx.zeros((2**31 - 1, 0)).shape == (2**31 - 1, 0)
    assert mx.random.permutation(0).size == 0
    assert sorted(mx.random.permutation(4).tolist()) == [0, 1, 2, 3]
    assert (a23 == None) is False  # noqa: E711  (MLX's rule: False, no error)
    assert a23.reshape(3, 2).shape == (3, 2)
    assert mx.reshape(a23, (6,)).shape == (6,)
