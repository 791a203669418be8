"""A short demo: build a lazy graph, evaluate it, print the results."""
import mxcore as mx

a = mx.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = mx.transpose(a) * 2 + 1  # nothing is computed yet
c = mx.exp(-b)
print("lazy graph built; evaluating...")
print(b)
print(c)
