"""Differences scripts/mlx_diff_fuzz.py finds that are deliberate in mxcore or
bugs of MLX 0.32.4: (case-id regex, reason). They are counted apart."""
import re

KNOWN = [
    (r"^sign\[.*special", "MLX sign(nan) is 0 and sign(-0.0) is 0.0; mxcore gives NaN and -0.0 as NumPy"),
    (r"^floor_divide\[.*(complex64|1\+2j)", "MLX floor_divide on complex is a plain divide (no floor); mxcore raises as NumPy"),
    (r"^(left_shift\[|op_lshift\[)", "shift counts past the width or negative are undefined in MLX's C++; mxcore gives 0 as NumPy"),
    (r"^(prod|all)\[.*\(2, 0, 3\)", "MLX's full reduction of a zero-size array gives 0 / False; the identity is 1 / True (NumPy)"),
    (r"^logsumexp\[(u?int|bool)", "MLX computes integer/bool logsumexp in the input dtype off the last axis (wraps); mxcore in float32"),
    (r"^linalg\.norm\[11\]", "MLX squares int32 in int32 (overflow) before the float sqrt"),
    (r"^astype\[special->uint", "NaN/inf/negative floats to unsigned ints are undefined in C++"),
    (r"^op_r(and|or|xor|lshift|rshift|matmul)\[", "MLX has no reflected bitwise/matmul operators (TypeError); mxcore has them as NumPy"),
    (r"^op_matmul\[(int32|uint8|bool),", "integer matmul: mxcore accepts it with exact results (issue 11); MLX refuses"),
    (r"^op_(and|or|xor|lshift|rshift)\[(int32|uint8|bool) op -?\d", "scalar bitwise operands: mxcore checks overflow/float as the functions do"),
    (r"^getitem\[2:5", "MLX does not bounds-check integer indices; mxcore raises IndexError"),
    (r"^getitem\[(17|18):", "a[True]/a[False] add an axis as NumPy; MLX refuses the type"),
    (r"^setitem\[None:", "MLX's a[None] = v replaces a with v's dtype; mxcore keeps a's dtype"),
    (r"^setitem\[\(1, 2\):4", "a value with extra leading 1-dims broadcasts as in NumPy; MLX refuses"),
    (r"^jvp_(cummax|cummin|cumprod)$", "MLX has no JVP for cumprod/cummax/cummin; mxcore does"),
    (r"^array\[15:", "lists mixing NumPy scalars construct as in NumPy; MLX refuses"),
    (r"^take\[(2|3)\]$", "MLX fails on scalar indices (negative or out of range) with a squeeze error; mxcore wraps negatives and raises IndexError"),
    (r"^(put_along_axis|searchsorted)\[1\]$", "mxcore accepts Python scalars where MLX's signature wants arrays"),
    (r"^softmax\[6\]$", "MLX's softmax of int32 returns int32; mxcore returns float32"),
    (r"^shapeless_misc\.incompatible", "shapes that stop broadcasting under shapeless compile: MLX reads past its inputs; mxcore raises ValueError"),
    (r"^shapeless_misc\.vmap_inside$", "MLX's vmap pads an unbatched operand by a reshape that shapeless compile cannot follow (ValueError); mxcore inserts the axes and gives the eager result"),
    (r"^shapeless_ops\.sdpa_causal$", "MLX's shapeless causal attention keeps the traced query length once it differs from the keys' (wrong shape; values depend on earlier compiles); mxcore equals eager"),
    (r"^shapeless_ops\.repeat$", "MLX's shapeless repeat follows in a fresh process but raises after other compiles; mxcore follows (equals eager)"),
    (r"^shapeless_bcast\.matmul_bias\[grow_last\]", "MLX's shapeless matmul does not recheck the inner dims (reads past an operand); mxcore raises ValueError"),
]


def known_reason(case_id):
    for pattern, reason in KNOWN:
        if re.search(pattern, case_id):
            return reason
    return None
