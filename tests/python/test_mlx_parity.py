"""Behaviour MLX programs and MLX's own tests rely on: signatures (keywords,
positional stream), result containers, error types, weak NumPy operands,
Python protocol methods, and a few op options (pad modes, linspace endpoint,
scan dtype, variance correction, attention sinks)."""

import copy
import pickle

import numpy as np
import pytest

import mxcore as mx


def np_of(x):
    return np.array(x.astype(mx.float32)) if x.dtype == mx.bfloat16 else np.array(x)


# ---------------------------------------------------------------- creation


class TestCreation:
    def test_linspace_endpoint(self):
        for start, stop, num in [(0, 1, 5), (-3, 7, 4), (2, -2, 7), (0, 1, 1), (0, 1, 0)]:
            out = mx.linspace(start, stop, num, endpoint=False)
            ref = np.linspace(start, stop, num, endpoint=False, dtype=np.float32)
            assert out.dtype == mx.float32 and out.shape == ref.shape
            np.testing.assert_allclose(np.array(out), ref, rtol=1e-6, atol=1e-6)
        out = mx.linspace(0, 10, 5, False, mx.int32)
        assert out.dtype == mx.int32 and out.tolist() == [0, 2, 4, 6, 8]
        np.testing.assert_allclose(np.array(mx.linspace(0, 1, 5, endpoint=True)),
                                   np.linspace(0, 1, 5), rtol=1e-6)

    @pytest.mark.parametrize("fn,value", [(mx.zeros_like, 0), (mx.ones_like, 1)])
    def test_like_dtype(self, fn, value):
        a = mx.array([[1.5, 2.5, 3.5]])
        for dt in [mx.int32, mx.float16, mx.bool_, mx.uint8, mx.complex64]:
            out = fn(a, dtype=dt)
            assert out.dtype == dt and out.shape == (1, 3)
            assert np.all(np_of(out) == value)
        out = fn(a, mx.int8)  # dtype positional
        assert out.dtype == mx.int8
        assert fn(a).dtype == mx.float32
        assert fn(mx.array([1, 2]), dtype=None).dtype == mx.int32

    def test_arange_rejects_bool(self):
        with pytest.raises(ValueError):
            mx.arange(True)
        with pytest.raises(ValueError):
            mx.arange(0, 3, True)

    def test_arange_signature(self):
        assert mx.arange(5).dtype == mx.int32
        assert mx.arange(5.0).dtype == mx.float32
        np.testing.assert_allclose(np.array(mx.arange(0, 1, 0.25)), [0, 0.25, 0.5, 0.75])
        assert mx.arange(5, 0, -1).tolist() == [5, 4, 3, 2, 1]
        np.testing.assert_allclose(np.array(mx.arange(5, 0, -1.5)), np.arange(5, 0, -1.5))
        assert mx.arange(start=1, stop=5).tolist() == [1, 2, 3, 4]
        assert mx.arange(stop=3).tolist() == [0, 1, 2]
        assert mx.arange(0, 5, 2, mx.int16).dtype == mx.int16
        assert mx.arange(10, step=3).tolist() == [0, 3, 6, 9]
        assert mx.arange(5, 1).tolist() == []


# ---------------------------------------------------------------- scans / reductions


class TestScanDtype:
    @pytest.mark.parametrize("name", ["cumsum", "cumprod"])
    def test_dtype_kw_casts_before_scanning(self, name):
        x = np.array([200, 100, 3], dtype=np.uint8)
        for dt, npdt in [(mx.int32, np.int32), (mx.float32, np.float32), (mx.int64, np.int64)]:
            out = getattr(mx, name)(mx.array(x), dtype=dt)
            ref = getattr(np, name)(x.astype(npdt))
            assert out.dtype == dt
            np.testing.assert_allclose(np.array(out), ref)
        out = mx.cumsum(mx.array([[1, 2], [3, 4]]), axis=1, reverse=True, inclusive=False,
                        dtype=mx.float16)
        assert out.dtype == mx.float16 and out.tolist() == [[2, 0], [4, 0]]

    def test_default_dtypes(self):
        assert mx.cumsum(mx.array([True, True])).dtype == mx.int32
        assert mx.cumsum(mx.array([1, 2], mx.int8)).dtype == mx.int8


class TestVarianceCorrection:
    @pytest.mark.parametrize("name", ["var", "std"])
    def test_correction_overrides_ddof(self, name):
        x = np.array([[1.0, 2.0, 4.0], [3.0, 5.0, 9.0]], dtype=np.float32)
        ref = getattr(np, name)
        for corr in [0, 1, 2]:
            out = getattr(mx, name)(mx.array(x), axis=1, correction=corr)
            np.testing.assert_allclose(np.array(out), ref(x, axis=1, ddof=corr), rtol=1e-5)
            out = getattr(mx, name)(mx.array(x), axis=1, ddof=2, correction=corr)
            np.testing.assert_allclose(np.array(out), ref(x, axis=1, ddof=corr), rtol=1e-5)
            out = getattr(mx.array(x), name)(axis=None, correction=corr)
            np.testing.assert_allclose(np.array(out), ref(x, ddof=corr), rtol=1e-5)


# ---------------------------------------------------------------- indexing ops


class TestTakeSignatures:
    def test_take_keywords(self):
        a = mx.array([[1, 2], [3, 4]])
        assert mx.take(a, indices=mx.array([0, 3])).tolist() == [1, 4]
        assert mx.take(a, indices=mx.array([1]), axis=1).tolist() == [[2], [4]]

    def test_take_along_axis_default_last_axis(self):
        x = np.arange(12).reshape(3, 4)
        idx = np.array([[0, 3], [1, 1], [2, 0]])
        out = mx.take_along_axis(mx.array(x), mx.array(idx))
        np.testing.assert_array_equal(np.array(out), np.take_along_axis(x, idx, axis=-1))
        out = mx.take_along_axis(mx.array(x), indices=mx.array(idx), axis=1)
        np.testing.assert_array_equal(np.array(out), np.take_along_axis(x, idx, axis=1))
        out = mx.take_along_axis(mx.array(x), mx.array([0, 11]), None)
        assert out.tolist() == [0, 11]

    def test_put_along_axis_keywords(self):
        x = np.zeros((2, 3), dtype=np.float32)
        idx = np.array([[2], [0]])
        vals = np.array([[5.0], [7.0]], dtype=np.float32)
        out = mx.put_along_axis(mx.array(x), indices=mx.array(idx), values=mx.array(vals),
                                axis=1)
        ref = x.copy()
        np.put_along_axis(ref, idx, vals, axis=1)
        np.testing.assert_array_equal(np.array(out), ref)


# ---------------------------------------------------------------- containers


class TestResultContainers:
    def test_broadcast_arrays_is_list(self):
        out = mx.broadcast_arrays(mx.array([1, 2]), mx.array([[1], [2]]))
        assert isinstance(out, list) and len(out) == 2
        assert out[0].tolist() == [[1, 2], [1, 2]] and out[1].tolist() == [[1, 1], [2, 2]]

    def test_meshgrid_is_tuple(self):
        x, y = np.array([1, 2]), np.array([3, 4, 5])
        out = mx.meshgrid(mx.array(x), mx.array(y))
        assert isinstance(out, tuple)
        for a, b in zip(out, np.meshgrid(x, y)):
            np.testing.assert_array_equal(np.array(a), b)
        out = mx.meshgrid(mx.array(x), mx.array(y), indexing="ij", sparse=True)
        assert isinstance(out, tuple) and out[0].shape == (2, 1) and out[1].shape == (1, 3)
        assert mx.meshgrid() == ()

    def test_divmod_is_list(self):
        out = mx.divmod(mx.array([-7, 7]), 3)
        assert isinstance(out, list)
        assert out[0].tolist() == [-3, 2] and out[1].tolist() == [2, 1]


# ---------------------------------------------------------------- errors


class TestErrorTypes:
    @pytest.mark.parametrize("call", [
        lambda: mx.expand_dims(mx.ones((2,)), 3),
        lambda: mx.expand_dims(mx.ones((2,)), -3),
        lambda: mx.squeeze(mx.ones((1,)), 3),
        lambda: mx.swapaxes(mx.ones((2,)), 0, 3),
        lambda: mx.moveaxis(mx.ones((2,)), 0, 3),
        lambda: mx.transpose(mx.ones((2, 3)), (0, 2)),
        lambda: mx.cumsum(mx.ones((2, 3)), axis=3),
        lambda: mx.sort(mx.ones((2, 3)), axis=3),
        lambda: mx.split(mx.ones((2, 3)), 2, axis=5),
        lambda: mx.concatenate([mx.ones((2, 3)), mx.ones((2, 3))], axis=3),
        lambda: mx.take(mx.ones((2, 3)), mx.array([0]), axis=3),
        lambda: mx.sum(mx.ones((2, 3)), axis=3),
        lambda: mx.vmap(lambda x: x * 2, in_axes=1)(mx.array([1.0, 2.0])),
    ])
    def test_invalid_axis_is_index_error(self, call):
        with pytest.raises(IndexError):
            call()

    def test_weak_int_overflow(self):
        with pytest.raises(ValueError, match="overflow"):
            mx.array([1], mx.int8) + 300
        with pytest.raises(ValueError, match="overflow"):
            mx.add(mx.array([1], mx.uint8), -1)
        with pytest.raises(ValueError, match="overflow"):
            mx.maximum(mx.array([1], mx.uint32), -1)
        with pytest.raises(ValueError, match="overflow"):
            mx.array([1], mx.int32) + 2**40
        # In range, and 64-bit / float targets, are fine.
        assert (mx.array([1], mx.int8) + 126).tolist() == [127]
        assert (mx.array([1], mx.int8) + (-128)).tolist() == [-127]
        assert (mx.array([1], mx.int64) + 2**40).tolist() == [2**40 + 1]
        assert (mx.array([1.0], mx.float16) + 300).tolist() == [301.0]

    def test_bitwise_on_float_is_runtime_error(self):
        with pytest.raises(RuntimeError):
            mx.bitwise_and(mx.array([3.0]), 1)
        with pytest.raises(RuntimeError):
            mx.left_shift(mx.array([1.0]), mx.array([2.0]))

    def test_bad_index_types_are_value_errors(self):
        a = mx.array([[1, 2], [3, 4]])
        with pytest.raises(ValueError):
            a[1, 1, 1]
        with pytest.raises(ValueError):
            a[1.0]
        with pytest.raises(ValueError):
            a["a"]

    def test_flatten_axes_are_clamped(self):
        x = mx.zeros((2, 3, 4))
        assert mx.flatten(x, -10, 10).shape == (24,)
        assert mx.flatten(x, 1, 7).shape == (2, 12)
        with pytest.raises(ValueError):
            mx.flatten(mx.zeros((2, 3)), 2)
        with pytest.raises(ValueError):
            mx.flatten(x, 2, 1)

    def test_index_errors(self):
        a = mx.zeros((2, 2, 2))
        with pytest.raises(ValueError):
            a[..., 0, ...]
        with pytest.raises(ValueError):
            a[..., ...] = 1
        with pytest.raises(ValueError):
            mx.array(1)[0]

    def test_none_is_type_error(self):
        with pytest.raises(TypeError):
            mx.array(None)

    def test_bad_array_input_is_value_error(self):
        with pytest.raises(ValueError):
            mx.array("abc")
        with pytest.raises(ValueError):
            mx.array(range(3))


# ---------------------------------------------------------------- operands


class TestOperands:
    def test_numpy_operand_takes_array_dtype(self):
        a = mx.array([1, 2])
        out = a + np.array([1, 2])  # int64 NumPy array, but the result stays int32
        assert out.dtype == mx.int32 and out.tolist() == [2, 4]
        out = mx.add(mx.array([1.0, 2.0], mx.float16), np.array([1.0, 2.0]))
        assert out.dtype == mx.float16 and out.tolist() == [2.0, 4.0]
        out = mx.add(mx.array([1, 2]), np.array([1.7, 2.0]))  # cast to int32 first
        assert out.dtype == mx.int32 and out.tolist() == [2, 4]
        out = mx.add(np.array([1.0, 2.0]), 1)  # no mx.array: NumPy's float64 → float32
        assert out.dtype == mx.float32 and out.tolist() == [2.0, 3.0]

    def test_scalar_hints(self):
        # Python scalars are weak: bools and ints take the other side's dtype;
        # floats only a floating one.
        assert (mx.array([1], mx.int8) * True).dtype == mx.int8
        assert (mx.array([1.0], mx.float16) + True).dtype == mx.float16
        assert (mx.array([1], mx.uint16) + 3).dtype == mx.uint16
        assert (mx.array([1], mx.int32) * 1.5).dtype == mx.float32
        assert (mx.array([1.0], mx.bfloat16) * 1.5).dtype == mx.bfloat16
        assert (mx.array([1j]) * 1.5).dtype == mx.complex64
        assert (mx.array([True]) + 1).dtype == mx.int32

    def test_bool_arithmetic_stays_bool(self):
        # MLX's integer kernels on bools: x // False == 0, x % False == x, x ** False == 1.
        a = mx.array([True, True, False, False])
        b = mx.array([True, False, True, False])
        fd, rem, pw = mx.floor_divide(a, b), mx.remainder(a, b), mx.power(a, b)
        assert fd.dtype == rem.dtype == pw.dtype == mx.bool_
        assert fd.tolist() == [True, False, False, False]
        assert rem.tolist() == [False, True, False, False]
        assert pw.tolist() == [True, True, False, True]
        assert (a.T[:, None] // mx.array(True)).shape == (4, 1)
        assert (mx.array([True]) ** 2).dtype == mx.int32

    def test_lists_are_not_operands(self):
        a = mx.array([1, 2])
        assert (a == [1, 2]) is False
        assert (a != (1, 2)) is True
        with pytest.raises(ValueError):
            a + [1, 2]
        with pytest.raises(ValueError):
            [1, 2] * a

    def test_binary_ops_take_positional_stream(self):
        s = mx.default_stream(mx.default_device())
        assert mx.add(mx.array([1]), 2, s).tolist() == [3]
        assert mx.equal(mx.array([1]), 1, s).tolist() == [True]
        assert mx.array([1, 2]).astype(mx.float16, s).dtype == mx.float16
        assert mx.diagonal(mx.eye(2), 0, 0, 1, s).tolist() == [1.0, 1.0]

    def test_keyword_arguments(self):
        eq = mx.array_equal(a=mx.array([1, 2]), b=mx.array([1.0, 2.0]))
        assert eq.item() is True
        out = mx.nan_to_num(a=mx.array([float("nan"), float("inf"), 1.0]), posinf=5.0)
        assert out.tolist() == [0.0, 5.0, 1.0]
        lower = mx.array([[2.0, 0.0], [1.0, 3.0]])
        inv = mx.linalg.cholesky_inv(a=lower, stream=mx.cpu)
        ref = np.linalg.inv(np.array(lower) @ np.array(lower).T)
        np.testing.assert_allclose(np.array(inv), ref, rtol=1e-5)


# ---------------------------------------------------------------- protocols


class TestArrayProtocols:
    def test_pos(self):
        a = mx.array([1, -2])
        assert (+a).tolist() == [1, -2] and (+a).dtype == mx.int32

    def test_format(self):
        assert f"{mx.array(1.5)}" == "1.5"
        assert f"{mx.array(1.5):.2f}" == "1.50"
        assert f"{mx.array(7):03d}" == "007"
        assert f"{mx.array(True)}" == "True"
        assert f"{mx.array([1, 2])}" == repr(mx.array([1, 2]))
        with pytest.raises(TypeError):
            f"{mx.array([1.5]):.2f}"

    def test_complex_conversion(self):
        assert complex(mx.array(2)) == 2 + 0j
        assert complex(mx.array(1 + 2j)) == 1 + 2j

    @pytest.mark.parametrize("dtype,npdtype", [
        (mx.int8, np.int8), (mx.uint16, np.uint16), (mx.int32, np.int32),
        (mx.float16, np.float16), (mx.float32, np.float32), (mx.bool_, np.bool_),
        (mx.complex64, np.complex64)])
    def test_bytes(self, dtype, npdtype):
        x = np.array([[1, 0, 3], [4, 5, 0]]).astype(npdtype)
        assert bytes(mx.array(x)) == x.tobytes()
        # Non-contiguous arrays give their row-major bytes.
        assert bytes(mx.array(x).T) == np.ascontiguousarray(x.T).tobytes()

    def test_bytes_bfloat16(self):
        a = mx.array([1.0, -2.0], mx.bfloat16)
        # bfloat16 is the upper half of the float32 bit pattern.
        ref = (np.array([1.0, -2.0], np.float32).view(np.uint32) >> 16).astype(np.uint16)
        assert bytes(a) == ref.tobytes()

    @pytest.mark.parametrize("dtype", [mx.int32, mx.float32, mx.bool_, mx.bfloat16,
                                       mx.float16, mx.uint64, mx.complex64])
    def test_pickle(self, dtype):
        a = mx.array([[1, 0, 3], [4, 5, 6]], dtype)
        b = pickle.loads(pickle.dumps(a))
        assert b.dtype == dtype and b.shape == a.shape
        assert mx.array_equal(a, b).item()
        c = pickle.loads(pickle.dumps(a.T))
        assert mx.array_equal(a.T, c).item()

    def test_copy(self):
        a = mx.array([1, 2])
        assert copy.copy(a).tolist() == [1, 2]
        assert copy.deepcopy(a).tolist() == [1, 2]

    @pytest.mark.parametrize("op,npop", [("__iadd__", "__iadd__"), ("__isub__", "__isub__"),
                                         ("__imul__", "__imul__"),
                                         ("__ifloordiv__", "__ifloordiv__"),
                                         ("__imod__", "__imod__"), ("__ipow__", "__ipow__")])
    def test_inplace_operators_update_the_object(self, op, npop):
        a = mx.array([1, 2, 3])
        ref = np.array([1, 2, 3], dtype=np.int32)
        b = getattr(a, op)(3)
        assert b is a
        np.testing.assert_array_equal(np.array(a), getattr(ref, npop)(3))

    def test_inplace_keeps_identity_and_aliases(self):
        a = mx.array([1.0])
        alias = a
        orig = id(a)
        a += mx.array(2.0)
        a *= 3
        a[0] = a[0] + 1
        assert id(a) == orig and alias.tolist() == [10.0]
        x = mx.array([1])
        x += 1.5  # the dtype may change, as in MLX
        assert x.dtype == mx.float32 and x.tolist() == [2.5]
        t = mx.array(True)
        u = t
        u &= False
        assert t.item() is False

    def test_inplace_true_divide_needs_floats(self):
        a = mx.array([1])
        with pytest.raises(ValueError):
            a /= 1
        f = mx.array([2.0])
        g = f
        g /= 2
        assert f.tolist() == [1.0]

    def test_bitwise_operators_reject_floats(self):
        with pytest.raises(ValueError):
            mx.array(1.0) & mx.array(1)
        with pytest.raises(ValueError):
            mx.array(1.0) | 1
        with pytest.raises(ValueError):
            1 ^ mx.array(1.0)
        with pytest.raises(ValueError):
            mx.array(1) << mx.array(1.0)
        with pytest.raises(ValueError):
            ~mx.array(1.0)
        assert (mx.array(True) & True).item() is True
        assert (mx.array([6]) & 3).tolist() == [2]
        assert (~mx.array(False)).item() is True

    def test_numpy_copy_semantics(self):
        a = mx.ones((2, 2))
        owned = np.array(a)  # copy=True
        assert owned.flags.owndata and owned.flags.writeable
        view = np.array(a, copy=False)
        assert not view.flags.owndata and view.flags.writeable
        b = mx.broadcast_to(mx.ones((2, 2)), (5, 2, 2))
        bview = np.array(b, copy=False)
        assert bview.strides == (0, 8, 4)
        np.testing.assert_array_equal(bview, np.ones((5, 2, 2), np.float32))
        view[0, 0] = 5.0  # shares memory, as in MLX
        assert a[0, 0].item() == 5.0
        assert np.asarray(mx.array([1, 2], mx.int8)).dtype == np.int8

    def test_numpy_view_keeps_the_array_alive(self):
        import weakref
        a = mx.arange(3)
        wr = weakref.ref(a)
        view = np.array(a, copy=False)
        a = None
        assert wr() is not None
        view = None
        assert wr() is None
        a = mx.arange(3)
        wr = weakref.ref(a)
        mv = memoryview(a)
        a = None
        assert wr() is not None
        mv = None
        assert wr() is None

    def test_numpy_view_survives_inplace_update(self):
        a = mx.array([1.0, 2.0])
        view = np.asarray(a)
        a += 1  # replaces the object's array; the view still reads the old buffer
        np.testing.assert_array_equal(view, [1.0, 2.0])
        assert a.tolist() == [2.0, 3.0]

    def test_bfloat16_memoryview(self):
        mv = memoryview(mx.ones((3, 4), mx.bfloat16))
        assert mv.itemsize == 2 and mv.shape == (3, 4) and mv.strides == (8, 2)
        with pytest.raises(ValueError):
            np.array(mx.ones((2,), mx.bfloat16))

    def test_imatmul(self):
        a = mx.array([[1.0, 2.0], [3.0, 4.0]])
        b = a
        a @= mx.array([[1.0], [1.0]])
        assert a.tolist() == [[3.0], [7.0]] and b is a


# ---------------------------------------------------------------- dtypes and devices


class TestDtypeInfo:
    def test_finfo_fields(self):
        f = mx.finfo(mx.float32)
        assert f.bits == 32
        assert f.smallest_normal == float(np.finfo(np.float32).smallest_normal)
        assert mx.finfo(mx.float16).bits == 16
        assert mx.finfo(mx.float16).smallest_normal == float(np.finfo(np.float16).smallest_normal)
        assert mx.finfo(mx.float64).smallest_normal == float(np.finfo(np.float64).smallest_normal)
        assert mx.finfo(mx.bfloat16).smallest_normal == float(np.finfo(np.float32).smallest_normal)

    def test_finfo_complex_describes_parts(self):
        f = mx.finfo(mx.complex64)
        assert f.dtype == mx.float32 and f.bits == 32
        assert f.max == float(np.finfo(np.float32).max)

    def test_enum_reprs(self):
        assert repr(mx.floating) == "DtypeCategory.floating"
        assert repr(mx.complexfloating) == "DtypeCategory.complexfloating"
        assert repr(mx.generic) == "DtypeCategory.generic"
        assert repr(mx.cpu) == "DeviceType.cpu"
        assert repr(mx.gpu) == "DeviceType.gpu"

    def test_synchronize_accepts_devices(self):
        x = mx.array([1.0]) + 1
        mx.synchronize(mx.cpu)
        mx.synchronize(mx.default_device())
        mx.synchronize(mx.default_stream(mx.default_device()))
        mx.synchronize()
        assert x.item() == 2.0

    def test_permutation_of_int_is_uint32(self):
        p = mx.random.permutation(6, key=mx.random.key(0))
        assert p.dtype == mx.uint32
        assert sorted(p.tolist()) == list(range(6))


# ---------------------------------------------------------------- pad modes


class TestPadModes:
    @pytest.mark.parametrize("mode", ["reflect", "symmetric"])
    @pytest.mark.parametrize("width", [1, 2, (0, 3), (2, 1)])
    def test_1d(self, mode, width):
        x = np.array([1, 2, 3, 4], dtype=np.int32)
        out = mx.pad(mx.array(x), width, mode=mode)
        np.testing.assert_array_equal(np.array(out), np.pad(x, width, mode=mode))

    @pytest.mark.parametrize("mode", ["reflect", "symmetric"])
    def test_nd_float_and_noncontiguous(self, mode):
        x = np.arange(12, dtype=np.float32).reshape(3, 4)
        widths = [(1, 2), (3, 0)]
        out = mx.pad(mx.array(x), widths, mode=mode)
        np.testing.assert_array_equal(np.array(out), np.pad(x, widths, mode=mode))
        out = mx.pad(mx.array(x).T, [(2, 2), (1, 1)], mode=mode)
        np.testing.assert_array_equal(np.array(out), np.pad(x.T, [(2, 2), (1, 1)], mode=mode))

    def test_wider_than_axis(self):
        x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
        for mode in ["reflect", "symmetric"]:
            out = mx.pad(mx.array(x), 7, mode=mode)
            np.testing.assert_array_equal(np.array(out), np.pad(x, 7, mode=mode))

    def test_gradient(self):
        # d/dx sum(pad(x) * w) accumulates the weights of every copy of x[i].
        x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
        w = np.arange(1, 8, dtype=np.float32)
        g = mx.grad(lambda a: (mx.pad(a, 2, mode="reflect") * mx.array(w)).sum())(mx.array(x))
        src = [2, 1, 0, 1, 2, 1, 0]  # reflect positions for width 2 on 3 elements
        ref = np.zeros(3, dtype=np.float32)
        for j, i in enumerate(src):
            ref[i] += w[j]
        np.testing.assert_allclose(np.array(g), ref)

    def test_bad_mode(self):
        with pytest.raises(ValueError):
            mx.pad(mx.array([1, 2]), 1, mode="wrap")


# ---------------------------------------------------------------- attention sinks


def sdpa_reference(q, k, v, scale, sinks=None, mask=None):
    hq, hkv = q.shape[1], k.shape[1]
    k = np.repeat(k, hq // hkv, axis=1)
    v = np.repeat(v, hq // hkv, axis=1)
    scores = scale * q @ np.swapaxes(k, -1, -2)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    if sinks is not None:
        sink = np.broadcast_to(sinks.reshape(1, hq, 1, 1), scores.shape[:-1] + (1,))
        scores = np.concatenate([sink, scores], axis=-1)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    if sinks is not None:
        p = p[..., 1:]
    return p @ v


class TestAttentionSinks:
    @pytest.mark.parametrize("hq,hkv", [(4, 4), (4, 2), (6, 1)])
    def test_sinks_match_reference(self, hq, hkv):
        rng = np.random.default_rng(0)
        q = rng.standard_normal((2, hq, 3, 8)).astype(np.float32)
        k = rng.standard_normal((2, hkv, 5, 8)).astype(np.float32)
        v = rng.standard_normal((2, hkv, 5, 8)).astype(np.float32)
        sinks = rng.standard_normal((hq,)).astype(np.float32)
        out = mx.fast.scaled_dot_product_attention(
            mx.array(q), mx.array(k), mx.array(v), scale=0.3, sinks=mx.array(sinks))
        ref = sdpa_reference(q, k, v, 0.3, sinks=sinks)
        np.testing.assert_allclose(np.array(out), ref, rtol=1e-4, atol=1e-5)

    def test_sinks_with_causal_mask(self):
        rng = np.random.default_rng(1)
        q = rng.standard_normal((1, 2, 4, 4)).astype(np.float32)
        k = rng.standard_normal((1, 2, 4, 4)).astype(np.float32)
        v = rng.standard_normal((1, 2, 4, 4)).astype(np.float32)
        sinks = np.array([0.5, -1.0], dtype=np.float32)
        out = mx.fast.scaled_dot_product_attention(
            mx.array(q), mx.array(k), mx.array(v), scale=0.5, mask="causal",
            sinks=mx.array(sinks), force_fused=False)
        mask = np.tril(np.ones((4, 4), dtype=bool))
        ref = sdpa_reference(q, k, v, 0.5, sinks=sinks, mask=mask)
        np.testing.assert_allclose(np.array(out), ref, rtol=1e-4, atol=1e-5)

    def test_sinks_shape_checked(self):
        q = mx.ones((1, 2, 3, 4))
        with pytest.raises(ValueError):
            mx.fast.scaled_dot_product_attention(q, q, q, scale=1.0, sinks=mx.ones((3,)))
