"""A short demo: build a lazy graph, evaluate it, then compile it."""
import math

import mxcore as mx

a = mx.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = mx.transpose(a) * 2 + 1  # nothing is computed yet
c = mx.exp(-b)
print("lazy graph built; evaluating...")
print(b)
print(c)


def gelu(x):
    return x * (1 + mx.erf(x / math.sqrt(2))) / 2


fast_gelu = mx.compile(gelu)
x = mx.random.normal((4,), key=mx.random.key(0))
print("gelu eager:   ", gelu(x))
print("gelu compiled:", fast_gelu(x))
print("fused graph:  ", mx._core._graph_primitive_names(fast_gelu(x)))
