# Containers come back as the type they went in as from grad, value_and_grad,
# vmap and compile: namedtuples and dict subclasses (MLX gives plain dicts for
# the latter; keeping the subclass is deliberate). Unknown objects are not
# trees, as in MLX.
import collections
import dataclasses

import pytest

import mxcore as mx

Pair = collections.namedtuple("Pair", ["a", "b"])


class Params(dict):
    pass


def test_grad_keeps_namedtuples_and_dict_subclasses():
    g = mx.grad(lambda p: (p.a * p.b).sum())(Pair(mx.array(2.0), mx.array(3.0)))
    assert type(g) is Pair and g.a.item() == 3.0 and g.b.item() == 2.0
    g = mx.grad(lambda p: (p["w"] * 2).sum())(Params(w=mx.array(2.0)))
    assert type(g) is Params and g["w"].item() == 2.0


def test_value_and_grad_keeps_container_types():
    (loss, aux), g = mx.value_and_grad(lambda p: ((p.a * p.b).sum(), Pair(p.a, p.b)))(
        Pair(mx.array(2.0), mx.array(3.0)))
    assert loss.item() == 6.0 and type(aux) is Pair and type(g) is Pair


def test_vmap_and_compile_keep_container_types():
    r = mx.vmap(lambda p: Pair(p.a * 2, p.b))(Pair(mx.ones(3), mx.zeros(3)))
    assert type(r) is Pair and r.a.tolist() == [2.0] * 3
    r = mx.vmap(lambda p: Params(y=p["a"] + 1))(Params(a=mx.ones(3)))
    assert type(r) is Params and r["y"].tolist() == [2.0] * 3
    r = mx.compile(lambda p: Pair(p.a * 2, p.b))(Pair(mx.ones(3), mx.ones(3)))
    assert type(r) is Pair and r.a.tolist() == [2.0] * 3
    r = mx.compile(lambda p: Params(y=p["a"]))(Params(a=mx.ones(2)))
    assert type(r) is Params


def test_dataclass_instances_are_not_trees():
    @dataclasses.dataclass
    class Box:
        a: object

    with pytest.raises(ValueError):
        mx.grad(lambda p: (p.a * 2).sum())(Box(mx.array(2.0)))
